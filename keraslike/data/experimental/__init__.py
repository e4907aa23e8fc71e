"""`tf.data.experimental`: the experimental names TF2 code still uses.

Mirrors `tensorflow/python/data/experimental/__init__.py`.
"""

from keraslike._src.data.cardinality import INFINITE as INFINITE_CARDINALITY
from keraslike._src.data.cardinality import UNKNOWN as UNKNOWN_CARDINALITY
from keraslike._src.data.cardinality import cardinality
from keraslike._src.data.csv_dataset import Counter, CsvDataset
from keraslike._src.data.make_csv_dataset import make_csv_dataset
from keraslike._src.data.example_readers import (
    dense_to_sparse_batch, make_batched_features_dataset, parse_example_dataset,
)
from keraslike._src.data.tfrecord_dataset import TFRecordWriter
from keraslike._src.data.device_ops import copy_to_device, prefetch_to_device
from keraslike._src.data.optional import Optional, get_next_as_optional
from keraslike._src.data.experimental_ops import (
    RandomDataset,
    Reducer,
    assert_cardinality,
    at,
    from_list,
    get_structure,
    group_by_reducer,
    map_and_batch,
    pad_to_cardinality,
    shuffle_and_repeat,
    bucket_by_sequence_length,
    choose_from_datasets,
    dense_to_ragged_batch,
    enumerate_dataset,
    get_single_element,
    group_by_window,
    load,
    rejection_resample,
    sample_from_datasets,
    save,
    scan,
    take_while,
    unbatch,
    unique,
)
from keraslike._src.data.service import distributed_save
from keraslike.data.experimental import service
from keraslike._src.data.lookup_ops import DatasetInitializer, index_table_from_dataset, table_from_dataset
from keraslike._src.data.options import (
    AUTOTUNE,
    AutoShardPolicy,
    AutotuneOptions,
    DistributeOptions,
    OptimizationOptions,
    ThreadingOptions,
)

__all__ = [
    "AUTOTUNE",
    "Optional",
    "get_next_as_optional",
    "RandomDataset",
    "Reducer",
    "assert_cardinality",
    "at",
    "from_list",
    "get_structure",
    "group_by_reducer",
    "map_and_batch",
    "pad_to_cardinality",
    "shuffle_and_repeat",
    "bucket_by_sequence_length",
    "choose_from_datasets",
    "enumerate_dataset",
    "get_single_element",
    "group_by_window",
    "load",
    "rejection_resample",
    "sample_from_datasets",
    "save",
    "scan",
    "take_while",
    "unbatch",
    "unique",
    "INFINITE_CARDINALITY",
    "UNKNOWN_CARDINALITY",
    "AutoShardPolicy",
    "AutotuneOptions",
    "Counter",
    "CsvDataset",
    "DistributeOptions",
    "OptimizationOptions",
    "TFRecordWriter",
    "ThreadingOptions",
    "cardinality",
    "dense_to_sparse_batch",
    "dense_to_ragged_batch",
    "DatasetInitializer",
    "index_table_from_dataset",
    "table_from_dataset",
    "distributed_save",
    "service",
    "make_batched_features_dataset",
    "make_csv_dataset",
    "parse_example_dataset",
]
