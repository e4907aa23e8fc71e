"""`tf.experimental`: `Optional`, `ExtensionType`, `numpy`, `dtensor` (TF's other experimental names are absent)."""

from keraslike._src.data.optional import Optional
from keraslike._src.extension_type.extension_type import BatchableExtensionType, ExtensionType, ExtensionTypeSpec
from keraslike.experimental import dtensor, numpy
