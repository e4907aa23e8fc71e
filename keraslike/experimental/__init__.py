"""`tf.experimental`: `Optional`, `ExtensionType`, `DynamicRaggedShape`, `RowPartition`, `numpy`, `dtensor`
(TF's other experimental names are absent)."""

from keraslike._src.data.optional import Optional
from keraslike._src.extension_type.dispatch import (
    dispatch_for_api, dispatch_for_binary_elementwise_apis, dispatch_for_unary_elementwise_apis,
    unregister_dispatch_for,
)
from keraslike._src.extension_type.extension_type import BatchableExtensionType, ExtensionType, ExtensionTypeSpec
from keraslike._src.ragged.dynamic_ragged_shape import DynamicRaggedShape
from keraslike._src.ragged.row_partition import RowPartition
from keraslike.experimental import dtensor, numpy
