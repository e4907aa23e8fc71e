"""The feature configurations of `tf.io.parse_example`: FixedLenFeature, VarLenFeature, FixedLenSequenceFeature,
SparseFeature, RaggedFeature.

Mirrors `tensorflow/python/ops/parsing_config.py`: each is a namedtuple with TF's fields and defaults.
Feature dtypes are the three a `tf.train.Feature` can hold: `tf.float32`, `tf.int64`, `tf.string`.
"""

import collections

import torch

from keraslike._src.ops.tensor_spec import as_spec_dtype, dtype_repr, string

FEATURE_DTYPES = (torch.float32, torch.int64, string)


def feature_dtype(dtype, key):
    """`dtype` as one of `FEATURE_DTYPES`.

    Raises:
        ValueError: any other dtype (TF's ParseExampleV2 accepts float, int64, string only).
    """
    try:
        dtype = as_spec_dtype(dtype)
    except TypeError:
        dtype = None
    if dtype not in FEATURE_DTYPES:
        raise ValueError(f"Expected the dtype of feature {key!r} to be tf.float32, tf.int64 or tf.string (the "
                         f"types a tf.train.Feature holds). Received: dtype={dtype!r}")
    return dtype


class FixedLenFeature(collections.namedtuple("FixedLenFeature", ["shape", "dtype", "default_value"])):
    """`tf.io.FixedLenFeature(shape, dtype, default_value=None)`: a feature of a fixed number of values.

    Parsed to a dense tensor of `shape` (`[batch] + shape` from `parse_example`). A missing feature takes
    `default_value` (reshaped to `shape`) or is an error when `default_value` is None.
    """

    def __new__(cls, shape, dtype, default_value=None):
        return super().__new__(cls, shape, dtype, default_value)

    def __repr__(self):
        return (f"FixedLenFeature(shape={list(self.shape)!r}, dtype={dtype_repr(as_spec_dtype(self.dtype))}, "
                f"default_value={self.default_value!r})")


class VarLenFeature(collections.namedtuple("VarLenFeature", ["dtype"])):
    """`tf.io.VarLenFeature(dtype)`: any number of values, parsed to a `tf.sparse.SparseTensor`."""

    def __repr__(self):
        return f"VarLenFeature(dtype={dtype_repr(as_spec_dtype(self.dtype))})"


class FixedLenSequenceFeature(collections.namedtuple(
        "FixedLenSequenceFeature", ["shape", "dtype", "allow_missing", "default_value"])):
    """`tf.io.FixedLenSequenceFeature(shape, dtype, allow_missing=False, default_value=None)`.

    A sequence of items of `shape`: in `parse_sequence_example` one item per step of a feature list; in
    `parse_example` (needs `allow_missing=True`) the values of one feature grouped by `shape`. Batched
    outputs are padded to the longest sequence with `default_value` (0 or b"" when None).
    """

    def __new__(cls, shape, dtype, allow_missing=False, default_value=None):
        return super().__new__(cls, shape, dtype, allow_missing, default_value)

    def __repr__(self):
        return (f"FixedLenSequenceFeature(shape={list(self.shape)!r}, dtype={dtype_repr(as_spec_dtype(self.dtype))}, "
                f"allow_missing={self.allow_missing!r}, default_value={self.default_value!r})")


class SparseFeature(collections.namedtuple("SparseFeature", ["index_key", "value_key", "dtype", "size",
                                                             "already_sorted"])):
    """`tf.io.SparseFeature(index_key, value_key, dtype, size, already_sorted=False)`.

    A `SparseTensor` of dense shape `[size]` (or `size` when a list, one index feature per dimension)
    whose indices are the int64 feature(s) `index_key` and values the feature `value_key`.
    """

    def __new__(cls, index_key, value_key, dtype, size, already_sorted=False):
        return super().__new__(cls, index_key, value_key, dtype, size, already_sorted)


class RaggedFeature(collections.namedtuple("RaggedFeature", ["dtype", "value_key", "partitions",
                                                             "row_splits_dtype", "validate"])):
    """`tf.io.RaggedFeature(dtype, value_key=None, partitions=(), row_splits_dtype=tf.int32, validate=False)`.

    Parsed to a `[batch, None]` RaggedTensor of each example's values of feature `value_key` (default: the
    feature's own key), row splits of `row_splits_dtype`; `parse_single_example` gives the dense values.
    `partitions` (outermost first) cut each example's values into nested rows with the row partitions
    read from the named features.
    """

    # the row partitions, outermost first: each names the feature holding it (UniformRowLength: a length)
    RowSplits = collections.namedtuple("RowSplits", ["key"])
    RowLengths = collections.namedtuple("RowLengths", ["key"])
    RowStarts = collections.namedtuple("RowStarts", ["key"])
    RowLimits = collections.namedtuple("RowLimits", ["key"])
    ValueRowIds = collections.namedtuple("ValueRowIds", ["key"])
    UniformRowLength = collections.namedtuple("UniformRowLength", ["length"])

    def __new__(cls, dtype, value_key=None, partitions=(), row_splits_dtype=torch.int32, validate=False):
        kinds = (cls.RowSplits, cls.RowLengths, cls.RowStarts, cls.RowLimits, cls.ValueRowIds, cls.UniformRowLength)
        for partition in partitions:
            if not isinstance(partition, kinds):
                raise TypeError(f"Argument `partitions` cannot be cast to any of the partition types (RaggedFeature."
                                f"RowSplits, RowLengths, RowStarts, RowLimits, ValueRowIds, UniformRowLength); got: "
                                f"{partition!r} with type {type(partition)}. Received: partitions={partitions!r}")
        return super().__new__(cls, dtype, value_key, tuple(partitions), row_splits_dtype, validate)

    def __repr__(self):
        return (f"RaggedFeature(dtype={dtype_repr(as_spec_dtype(self.dtype))}, value_key={self.value_key!r}, "
                f"partitions={tuple(self.partitions)!r}, row_splits_dtype="
                f"{dtype_repr(as_spec_dtype(self.row_splits_dtype))}, validate={self.validate!r})")
