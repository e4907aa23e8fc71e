"""`tf.data.experimental.DatasetInitializer`, `table_from_dataset`, `index_table_from_dataset`: lookup tables
filled from a dataset of `(key, value)` scalars.

Mirrors `tensorflow/python/data/experimental/ops/lookup_ops.py`. The dataset is read once, when the initializer
is made (TF reads it when the table is initialised, which in eager mode is when the table is made).

Example:
    >>> ds = tf.data.Dataset.zip((tf.data.Dataset.range(3), tf.data.Dataset.range(3).map(lambda x: x * 2)))
    >>> tf.lookup.StaticHashTable(tf.data.experimental.DatasetInitializer(ds), -1).lookup(
    ...     tf.constant([2, 7], tf.int64))   # [4, -1]
"""

import torch

from keraslike._src.data.experimental_ops import assert_cardinality
from keraslike._src.lookup.lookup_ops import KeyValueTensorInitializer, StaticHashTable, StaticVocabularyTable
from keraslike._src.ops import dtypes
from keraslike._src.ops.tensor_spec import TensorSpec

_BASE_ERROR = ("Datasets used to initialize lookup tables must produce elements in the form (key, value), where "
               "the keys and values are scalar tensors. ")


def _check_element_spec(spec):
    if not isinstance(spec, (tuple, dict)):  # TF fails measuring it: a TypeError
        raise TypeError(_BASE_ERROR + f"However, the given dataset produces single {type(spec).__name__} elements. "
                        f"Full dataset element spec: {spec}.")
    if not isinstance(spec, tuple) or len(spec) != 2:
        raise ValueError(_BASE_ERROR + f"However, the given dataset produces {len(spec)} components instead of two "
                         f"(key, value) components. Full dataset element spec: {spec}.")
    for part, leaf in zip(("key", "value"), spec):
        if not isinstance(leaf, TensorSpec):
            raise ValueError(_BASE_ERROR + f"However, the given dataset produces non-Tensor {part}s of type "
                             f"{type(leaf)}.")
        if leaf.shape.rank not in (None, 0):
            raise ValueError(_BASE_ERROR + f"However, the given dataset produces non-scalar {part} Tensors of rank "
                             f"{leaf.shape.rank}.")


class DatasetInitializer(KeyValueTensorInitializer):
    """`tf.data.experimental.DatasetInitializer(dataset)`: a table's entries from a dataset of (key, value) scalars.

    Args:
        dataset: a `tf.data.Dataset` of `(key, value)` scalar tuples.

    Raises:
        ValueError: if the elements are not two scalar tensors.
    """

    def __init__(self, dataset):
        spec = dataset.element_spec
        _check_element_spec(spec)
        self.dataset = dataset
        keys, values = [], []
        for key, value in dataset:
            keys.append(key)
            values.append(value)
        super().__init__(_stacked(keys, spec[0].dtype), _stacked(values, spec[1].dtype),
                         key_dtype=spec[0].dtype, value_dtype=spec[1].dtype)


def _stacked(scalars, dtype):
    if dtype is dtypes.string:
        return [s.numpy() if hasattr(s, "numpy") else s for s in scalars]
    return torch.stack([torch.as_tensor(s) for s in scalars]) if scalars else torch.zeros([0], dtype=dtype)


def _check_hasher(hasher_spec):
    if hasher_spec is not None and getattr(hasher_spec, "hasher", None) != "fasthash":
        raise ValueError("keraslike hashes out-of-vocabulary keys with TF's default fast hash (Fingerprint64) only. "
                         f"Received: hasher_spec={hasher_spec!r}")


def table_from_dataset(dataset=None, num_oov_buckets=0, vocab_size=None, default_value=None, hasher_spec=None,
                       key_dtype=dtypes.string, name=None):
    """`tf.data.experimental.table_from_dataset(dataset, ...)`: a lookup table of a dataset's `(key, value)` pairs.

    Keys not in the table map to `default_value`, or, with `num_oov_buckets > 0`, to
    `table size + Fingerprint64(key) % num_oov_buckets` (the values must then be int64 ids).

    Args:
        dataset: a dataset of `(key, value)` scalars.
        num_oov_buckets: out-of-vocabulary buckets (>= 0).
        vocab_size: if given, only the first `vocab_size` elements (the dataset must have that many).
        default_value: value for missing keys; required unless the values are int64 (then -1).
        hasher_spec: None or TF's `FastHashSpec` (the only hash here).
        key_dtype: an integer or string dtype.

    Raises:
        ValueError: a negative `num_oov_buckets`, `vocab_size` < 1, no `default_value` for non-integer values,
            another hasher. TypeError: a `key_dtype` neither integer nor string.
    """
    _check_hasher(hasher_spec)
    spec = dataset.element_spec
    _check_element_spec(spec)
    if default_value is None:
        if spec[1].dtype != torch.int64:
            raise ValueError("`default_value` must be specified when creating a table from a dataset that produces "
                             f"values of type {dtypes.as_dtype(spec[1].dtype).name}.")
        default_value = -1
    if num_oov_buckets < 0:
        raise ValueError(f"`num_oov_buckets` must be greater than or equal to 0, got {num_oov_buckets}.")
    if vocab_size is not None and int(vocab_size) < 1:
        raise ValueError(f"`vocab_size` must be greater than 0, got {vocab_size}.")
    key_dtype = dtypes.as_dtype(key_dtype)
    if key_dtype is not dtypes.string and not (isinstance(key_dtype, torch.dtype) and not key_dtype.is_floating_point
                                               and not key_dtype.is_complex and key_dtype != torch.bool):
        raise TypeError(f"`key_dtype` must be either an integer or string type, but got {key_dtype}")
    if vocab_size is not None:
        dataset = dataset.take(int(vocab_size)).apply(assert_cardinality(int(vocab_size)))
    initializer = DatasetInitializer(dataset)
    if num_oov_buckets:
        return StaticVocabularyTable(initializer, num_oov_buckets, name=name)
    return StaticHashTable(initializer, default_value, name=name)


def index_table_from_dataset(dataset=None, num_oov_buckets=0, vocab_size=None, default_value=-1, hasher_spec=None,
                             key_dtype=dtypes.string, name=None):
    """`tf.data.experimental.index_table_from_dataset(dataset, ...)`: each key of a dataset of keys to its position
    (int64), missing keys to `default_value` or a hash bucket after the vocabulary (see `table_from_dataset`)."""
    return table_from_dataset(dataset.enumerate().map(lambda v, k: (k, v)), num_oov_buckets, vocab_size,
                              default_value, hasher_spec, key_dtype, name)
