"""`tf.data`: input pipelines (`Dataset`, `Options`, `AUTOTUNE`, ...).

Mirrors `tensorflow/python/data/__init__.py`; implementation in `keraslike/_src/data/`.
"""

from keraslike._src.data.cardinality import INFINITE as INFINITE_CARDINALITY
from keraslike._src.data.cardinality import UNKNOWN as UNKNOWN_CARDINALITY
from keraslike._src.data.dataset import Dataset
from keraslike._src.data.dataset_spec import DatasetSpec
from keraslike._src.data.iterator import DatasetIterator as Iterator
from keraslike._src.data.optional import IteratorSpec
from keraslike._src.data.options import AUTOTUNE, DistributeOptions, Options, ThreadingOptions
from keraslike._src.ops.tensor_shape import TensorShape
from keraslike._src.ops.tensor_spec import TensorSpec
from keraslike._src.data.text_line_dataset import TextLineDataset
from keraslike._src.data.fixed_length_record_dataset import FixedLengthRecordDataset
from keraslike._src.data.tfrecord_dataset import TFRecordDataset
from keraslike.data import experimental

__all__ = [
    "AUTOTUNE",
    "INFINITE_CARDINALITY",
    "UNKNOWN_CARDINALITY",
    "Dataset",
    "FixedLengthRecordDataset",
    "DatasetSpec",
    "DistributeOptions",
    "Iterator",
    "IteratorSpec",
    "Options",
    "TensorShape",
    "TFRecordDataset",
    "TextLineDataset",
    "TensorSpec",
    "ThreadingOptions",
    "experimental",
]
