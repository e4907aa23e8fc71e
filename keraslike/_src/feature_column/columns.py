"""`tf.feature_column`: describe how a model reads each raw feature (TF's feature columns, Keras 2 era).

A column is a namedtuple with TF's fields (so its repr is TF's); `tf.keras.layers.DenseFeatures(columns)` turns
a dict of raw features into one dense `[batch, n]` float tensor, the columns' outputs concatenated in the
order of their names.

Dense columns: `numeric_column`, `bucketized_column` (one-hot of the bucket), `indicator_column` (multi-hot or
weighted counts of a categorical column), `embedding_column` (a trainable table combined with "mean", "sqrtn"
or "sum"). Categorical columns: `categorical_column_with_identity`, `_with_vocabulary_list`,
`_with_vocabulary_file`, `_with_hash_bucket` (FarmHash fingerprints, TF's buckets), `weighted_categorical_column`,
`crossed_column` (TF's `tf.sparse.cross_hashed` buckets).

    age = tf.feature_column.numeric_column("age")
    layer = tf.keras.layers.DenseFeatures([age, tf.feature_column.bucketized_column(age, [18, 65])])
"""

import collections
import math

import numpy as np
import torch

from keraslike._src.feature_column import inputs
from keraslike._src.feature_column.inputs import Ids
from keraslike._src.ops import dtypes
from keraslike._src.sparse import sparse_ops
from keraslike._src.sparse.sparse_tensor import SparseTensor
from keraslike._src.strings import string_ops


def _check_key(key, arg="key"):
    if not isinstance(key, str) or not key:
        raise ValueError(f"{arg} must be a non-empty string. Received: {arg}={key!r}")


class _Dense:
    """A column with a dense output: `dense(features, layer)` -> `[batch, variable_size]` float32."""

    def variable_size(self):
        return int(np.prod(self.variable_shape))


class _Categorical:
    """A column of ids in `[0, num_buckets)`: `ids(features)` -> `inputs.Ids`."""


# ---- numeric ------------------------------------------------------------------------------------
class NumericColumn(_Dense, collections.namedtuple(
        "NumericColumn", ("key", "shape", "default_value", "dtype", "normalizer_fn"))):
    """`numeric_column(key)`: the feature's values, normalized by `normalizer_fn`, as float32."""

    @property
    def name(self):
        return self.key

    @property
    def variable_shape(self):
        return tuple(self.shape)

    def values(self, features):
        value = inputs.raw_feature(features, self.key)
        if isinstance(value, np.ndarray):
            raise ValueError(f"numeric_column {self.key!r} received strings. Received: {value[:2]!r}")
        if self.normalizer_fn is not None:
            value = self.normalizer_fn(value)
        return value.to(torch.float32)

    def dense(self, features, layer):
        value = self.values(features)
        return value.reshape(value.shape[0], self.variable_size())


def numeric_column(key, shape=(1,), default_value=None, dtype=dtypes.float32, normalizer_fn=None):
    """`tf.feature_column.numeric_column(key, shape=(1,), default_value=None, dtype=tf.float32, normalizer_fn=None)`.

    `default_value` is what parsing a `tf.Example` without the feature gives (`make_parse_example_spec`).

    Raises:
        ValueError: an empty key, a non-positive shape, a non-float/int dtype, or a non-callable normalizer_fn.
    """
    _check_key(key)
    shape = (int(shape),) if isinstance(shape, (int, np.integer)) else tuple(int(d) for d in shape)
    if not shape or any(d < 1 for d in shape):
        raise ValueError(f"shape dimensions must be greater than 0. Received: shape={shape}, key={key}")
    dtype = dtypes.as_dtype(dtype)
    if dtype == torch.bool or not (dtype.is_floating_point or not dtype.is_complex):
        raise ValueError(f"dtype must be convertible to float. Received: dtype={dtype}, key={key}")
    if normalizer_fn is not None and not callable(normalizer_fn):
        raise TypeError(f"normalizer_fn must be a callable. Given: {normalizer_fn}")
    return NumericColumn(key, shape, default_value, dtype, normalizer_fn)


# ---- bucketized ---------------------------------------------------------------------------------
class BucketizedColumn(_Dense, _Categorical, collections.namedtuple(
        "BucketizedColumn", ("source_column", "boundaries"))):
    """`bucketized_column(source, boundaries)`: each value's bucket (`b[i-1] <= x < b[i]`), one-hot."""

    @property
    def name(self):
        return f"{self.source_column.name}_bucketized"

    @property
    def variable_shape(self):
        return (*self.source_column.variable_shape, len(self.boundaries) + 1)

    @property
    def num_buckets(self):
        return self.source_column.variable_size() * (len(self.boundaries) + 1)

    def _buckets(self, features):
        value = self.source_column.values(features)
        value = value.reshape(value.shape[0], -1)
        bounds = torch.tensor(self.boundaries, dtype=torch.float64, device=value.device)
        return torch.bucketize(value.to(torch.float64), bounds, right=True)  # [batch, source size]

    def dense(self, features, layer):
        buckets = self._buckets(features)
        one_hot = torch.nn.functional.one_hot(buckets, len(self.boundaries) + 1).to(torch.float32)
        return one_hot.reshape(buckets.shape[0], -1)

    def ids(self, features):
        buckets = self._buckets(features)
        offsets = torch.arange(buckets.shape[1], device=buckets.device) * (len(self.boundaries) + 1)
        ids = buckets + offsets
        return Ids(ids, torch.ones_like(ids, dtype=torch.bool), None)


def bucketized_column(source_column, boundaries):
    """`tf.feature_column.bucketized_column(source_column, boundaries)`.

    Raises:
        ValueError: a source that is not a `numeric_column`, or boundaries not sorted increasing.
    """
    if not isinstance(source_column, NumericColumn):
        raise ValueError(f"source_column must be a column generated with numeric_column(). "
                         f"Given: {source_column}")
    if len(source_column.shape) > 1:
        raise ValueError(f"source_column must be one-dimensional column. Given: {source_column}")
    if not boundaries or not isinstance(boundaries, (list, tuple)):
        raise ValueError(f"boundaries must be a sorted list. Received: boundaries={boundaries!r}")
    boundaries = tuple(float(b) for b in boundaries)
    if any(b >= c for b, c in zip(boundaries, boundaries[1:])):
        raise ValueError(f"boundaries must be a sorted list. Received: boundaries={boundaries}")
    return BucketizedColumn(source_column, boundaries)


# ---- categorical --------------------------------------------------------------------------------
class IdentityCategoricalColumn(_Categorical, collections.namedtuple(
        "IdentityCategoricalColumn", ("key", "number_buckets", "default_value"))):
    """`categorical_column_with_identity(key, num_buckets)`: the integer values are the ids."""

    @property
    def name(self):
        return self.key

    @property
    def num_buckets(self):
        return self.number_buckets

    def ids(self, features):
        values, valid = inputs.raw_ids(features, self.key)
        if isinstance(values, np.ndarray):
            raise ValueError(f"categorical_column_with_identity {self.key!r} expects integer inputs. "
                             f"Received: {values[:2]!r}")
        outside = valid & ((values < 0) | (values >= self.number_buckets))
        if bool(outside.any()):
            if self.default_value is None:
                bad = values[outside][:3].tolist()
                raise ValueError(f"Bucket index for categorical column \"{self.key}\" exceeds number of buckets "
                                 f"{self.number_buckets} or is negative. Received: values={bad}")
            values = torch.where(outside, torch.full_like(values, self.default_value), values)
        return Ids(values, valid, None)


def categorical_column_with_identity(key, num_buckets, default_value=None):
    """`tf.feature_column.categorical_column_with_identity(key, num_buckets, default_value=None)`.

    Inputs outside `[0, num_buckets)` become `default_value`, or raise when it is None.
    """
    _check_key(key)
    if num_buckets < 1:
        raise ValueError(f"num_buckets {num_buckets} < 1, column_name {key}")
    if default_value is not None and not 0 <= default_value < num_buckets:
        raise ValueError(f"default_value {default_value} not in range [0, {num_buckets}), column_name {key}")
    return IdentityCategoricalColumn(key, int(num_buckets), default_value)


def _lookup(values, valid, vocabulary, default_value, num_oov_buckets):
    """Ids of `values` in `vocabulary` (index), OOV hashed into `num_oov_buckets` after it, else default."""
    index = {v: i for i, v in enumerate(vocabulary)}
    if isinstance(values, np.ndarray):
        keys = values.reshape(-1)
    else:
        keys = values.reshape(-1).cpu().numpy()
    ids = np.array([index.get(k, -1) for k in keys.tolist()], dtype=np.int64)
    oov = ids < 0
    if oov.any():
        if num_oov_buckets:
            hashed = string_ops.to_hash_bucket_fast(inputs.strings_of(keys[oov]), num_oov_buckets)
            ids[oov] = len(vocabulary) + np.asarray(hashed, dtype=np.int64)
        else:
            ids[oov] = default_value
    return Ids(torch.as_tensor(ids.reshape(tuple(valid.shape))), valid, None)


class VocabularyListCategoricalColumn(_Categorical, collections.namedtuple(
        "VocabularyListCategoricalColumn", ("key", "vocabulary_list", "dtype", "default_value", "num_oov_buckets"))):
    """`categorical_column_with_vocabulary_list(key, vocabulary_list)`: the index of each value in the list."""

    @property
    def name(self):
        return self.key

    @property
    def num_buckets(self):
        return len(self.vocabulary_list) + self.num_oov_buckets

    def ids(self, features):
        values, valid = inputs.raw_ids(features, self.key)
        vocab = [v.encode() if isinstance(v, str) else v for v in self.vocabulary_list]
        return _lookup(values, valid, vocab, self.default_value, self.num_oov_buckets)


def _check_oov(default_value, num_oov_buckets, key):
    if num_oov_buckets < 0:
        raise ValueError(f"Invalid num_oov_buckets {num_oov_buckets} in {key}.")
    if default_value != -1 and num_oov_buckets != 0:
        raise ValueError(f"Can't specify both num_oov_buckets and default_value in {key}.")


def categorical_column_with_vocabulary_list(key, vocabulary_list, dtype=None, default_value=-1, num_oov_buckets=0):
    """`tf.feature_column.categorical_column_with_vocabulary_list(key, vocabulary_list, dtype=None,
    default_value=-1, num_oov_buckets=0)`: out-of-vocabulary values hash into `num_oov_buckets` ids after
    the vocabulary (TF's FarmHash buckets), else take `default_value` (-1: no id).

    Raises:
        ValueError: an empty or duplicated vocabulary, or both `default_value` and `num_oov_buckets`.
    """
    _check_key(key)
    vocabulary_list = tuple(vocabulary_list)
    if not vocabulary_list:
        raise ValueError(f"vocabulary_list {vocabulary_list} must be non-empty, column_name: {key}")
    if len(set(vocabulary_list)) != len(vocabulary_list):
        raise ValueError(f"Duplicate keys in vocabulary_list {vocabulary_list}, column_name: {key}")
    strings = all(isinstance(v, (str, bytes)) for v in vocabulary_list)
    if not strings and not all(isinstance(v, (int, np.integer)) for v in vocabulary_list):
        raise ValueError(f"vocabulary_list must hold strings or integers. Received: {vocabulary_list}")
    vocab_dtype = dtypes.string if strings else dtypes.int64
    if dtype is not None and (dtypes.as_dtype(dtype) == dtypes.string) != strings:
        raise ValueError(f"dtype {dtype} and vocabulary dtype {vocab_dtype} do not match, column_name: {key}")
    _check_oov(default_value, num_oov_buckets, key)
    return VocabularyListCategoricalColumn(key, vocabulary_list,
                                           dtypes.as_dtype(dtype) if dtype is not None else vocab_dtype,
                                           default_value, int(num_oov_buckets))


class VocabularyFileCategoricalColumn(_Categorical, collections.namedtuple(
        "VocabularyFileCategoricalColumn",
        ("key", "vocabulary_file", "vocabulary_size", "num_oov_buckets", "dtype", "default_value", "file_format"))):
    """`categorical_column_with_vocabulary_file(key, vocabulary_file)`: the line number of each value."""

    @property
    def name(self):
        return self.key

    @property
    def num_buckets(self):
        return self.vocabulary_size + self.num_oov_buckets

    def _vocabulary(self):
        with open(self.vocabulary_file, "rb") as f:
            lines = [line.rstrip(b"\r\n") for line in f][:self.vocabulary_size]
        return lines if self.dtype == dtypes.string else [int(line) for line in lines]

    def ids(self, features):
        values, valid = inputs.raw_ids(features, self.key)
        default = -1 if self.default_value is None else self.default_value
        return _lookup(values, valid, self._vocabulary(), default, self.num_oov_buckets)


def categorical_column_with_vocabulary_file(key, vocabulary_file, vocabulary_size=None, dtype=dtypes.string,
                                            default_value=None, num_oov_buckets=0, file_format=None):
    """`tf.feature_column.categorical_column_with_vocabulary_file(key, vocabulary_file, vocabulary_size=None,
    dtype=tf.string, default_value=None, num_oov_buckets=0)`: one vocabulary entry per line.

    Raises:
        ValueError: a missing file, a size above the file's line count, or both default and OOV buckets.
    """
    _check_key(key)
    if not vocabulary_file:
        raise ValueError(f"Missing vocabulary_file in {key}.")
    if file_format not in (None, "text"):
        raise ValueError(f"keraslike reads text vocabulary files only. Received: file_format={file_format!r}")
    with open(vocabulary_file, "rb") as f:
        lines = sum(1 for _ in f)
    if vocabulary_size is None:
        vocabulary_size = lines
    elif vocabulary_size < 1 or vocabulary_size > lines:
        raise ValueError(f"Invalid vocabulary_size {vocabulary_size} in {key}: the file has {lines} lines.")
    _check_oov(-1 if default_value is None else default_value, num_oov_buckets, key)
    dtype = dtypes.as_dtype(dtype)
    return VocabularyFileCategoricalColumn(key, vocabulary_file, int(vocabulary_size), int(num_oov_buckets), dtype,
                                           default_value, file_format)


class HashedCategoricalColumn(_Categorical, collections.namedtuple(
        "HashedCategoricalColumn", ("key", "hash_bucket_size", "dtype"))):
    """`categorical_column_with_hash_bucket(key, hash_bucket_size)`: FarmHash fingerprint mod the size (TF's)."""

    @property
    def name(self):
        return self.key

    @property
    def num_buckets(self):
        return self.hash_bucket_size

    def ids(self, features):
        values, valid = inputs.raw_ids(features, self.key)
        strings = inputs.strings_of(values)
        hashed = np.asarray(string_ops.to_hash_bucket_fast(strings.reshape(-1), self.hash_bucket_size),
                            dtype=np.int64)
        return Ids(torch.as_tensor(hashed.reshape(strings.shape)), valid, None)


def categorical_column_with_hash_bucket(key, hash_bucket_size, dtype=dtypes.string):
    """`tf.feature_column.categorical_column_with_hash_bucket(key, hash_bucket_size, dtype=tf.string)`.

    Raises:
        ValueError: `hash_bucket_size` below 1, or a dtype that is neither string nor integer.
    """
    _check_key(key)
    if hash_bucket_size is None or hash_bucket_size < 1:
        raise ValueError(f"hash_bucket_size must be at least 1. hash_bucket_size: {hash_bucket_size}, key: {key}")
    dtype = dtypes.as_dtype(dtype)
    if dtype != dtypes.string and (dtype.is_floating_point or dtype == torch.bool):
        raise ValueError(f"dtype must be string or integer. dtype: {dtype}, column_name: {key}")
    return HashedCategoricalColumn(key, int(hash_bucket_size), dtype)


class WeightedCategoricalColumn(_Categorical, collections.namedtuple(
        "WeightedCategoricalColumn", ("categorical_column", "weight_feature_key", "dtype"))):
    """`weighted_categorical_column(categorical_column, weight_feature_key)`: each id with its weight."""

    @property
    def name(self):
        return f"{self.categorical_column.name}_weighted_by_{self.weight_feature_key}"

    @property
    def num_buckets(self):
        return self.categorical_column.num_buckets

    def ids(self, features):
        ids = self.categorical_column.ids(features)
        weights = inputs.raw_feature(features, self.weight_feature_key)
        if isinstance(weights, np.ndarray) or tuple(weights.shape) != tuple(ids.ids.shape):
            raise ValueError(f"The weights {self.weight_feature_key!r} must be numbers of the ids' shape "
                             f"{tuple(ids.ids.shape)}. Received: {weights!r}")
        return Ids(ids.ids, ids.valid, weights.to(torch.float32))


def weighted_categorical_column(categorical_column, weight_feature_key, dtype=dtypes.float32):
    """`tf.feature_column.weighted_categorical_column(categorical_column, weight_feature_key, dtype=tf.float32)`."""
    _check_key(weight_feature_key, "weight_feature_key")
    if not isinstance(categorical_column, _Categorical):
        raise ValueError(f"categorical_column must be a categorical column. Received: {categorical_column}")
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating_point and dtype not in (torch.int32, torch.int64):
        raise ValueError(f"dtype {dtype} is not convertible to float.")
    return WeightedCategoricalColumn(categorical_column, weight_feature_key, dtype)


class CrossedColumn(_Categorical, collections.namedtuple("CrossedColumn", ("keys", "hash_bucket_size", "hash_key"))):
    """`crossed_column(keys, hash_bucket_size)`: every combination of the keys' values in a row, hashed as
    `tf.sparse.cross_hashed` (TF's buckets)."""

    @property
    def name(self):
        names = []
        for key in self.keys:
            names.append(key if isinstance(key, str) else key.name)
        return "_X_".join(sorted(names))

    @property
    def num_buckets(self):
        return self.hash_bucket_size

    def _leaves(self):
        out = []
        for key in self.keys:
            out.extend(key._leaves() if isinstance(key, CrossedColumn) else [key])
        return out

    def ids(self, features):
        sparse = []
        for key in self._leaves():
            if isinstance(key, str):
                values, valid = inputs.raw_ids(features, key)
                if isinstance(values, np.ndarray):
                    values = np.asarray(values, dtype=object)
            else:
                got = key.ids(features)
                values, valid = got.ids, got.valid & (got.ids >= 0)
            sparse.append(_to_sparse(values, valid))
        crossed = sparse_ops.cross_hashed(sparse, num_buckets=self.hash_bucket_size, hash_key=self.hash_key)
        ids = sparse_ops.to_dense(crossed, default_value=-1)
        return Ids(ids, ids >= 0, None)


def _to_sparse(values, valid):
    rows, cols = np.nonzero(valid.cpu().numpy())
    indices = np.stack([rows, cols], axis=1).astype(np.int64)
    if isinstance(values, np.ndarray):
        kept = values[rows, cols]
    else:
        kept = values[torch.as_tensor(rows), torch.as_tensor(cols)]
    return SparseTensor(indices=indices, values=kept, dense_shape=list(valid.shape))


def crossed_column(keys, hash_bucket_size, hash_key=None):
    """`tf.feature_column.crossed_column(keys, hash_bucket_size, hash_key=None)`: keys are raw string/int feature
    names or categorical columns (bucketized, vocabulary, hashed, crossed).

    Raises:
        ValueError: fewer than 2 keys, a dense (numeric) or hashed key, or `hash_bucket_size` below 1.
    """
    if not hash_bucket_size or hash_bucket_size < 1:
        raise ValueError(f"hash_bucket_size must be > 1. hash_bucket_size: {hash_bucket_size}")
    if not keys or len(keys) < 2:
        raise ValueError(f"keys must be a list with length > 1. Given: {keys}")
    for key in keys:
        if not isinstance(key, (str, _Categorical)):
            raise ValueError(f"Unsupported key type. All keys must be either string, or categorical column except "
                             f"HashedCategoricalColumn. Given: {key}")
        if isinstance(key, HashedCategoricalColumn):
            raise ValueError("categorical_column_with_hash_bucket is not supported for crossing. Hashing before "
                             f"crossing will increase probability of collision. Instead, use the feature name "
                             f"as a string. Given: {key}")
    return CrossedColumn(tuple(keys), int(hash_bucket_size), hash_key)


# ---- dense views of categorical columns ---------------------------------------------------------
class IndicatorColumn(_Dense, collections.namedtuple("IndicatorColumn", ("categorical_column",))):
    """`indicator_column(categorical_column)`: per row, the count of each id (or the sum of its weights)."""

    @property
    def name(self):
        return f"{self.categorical_column.name}_indicator"

    @property
    def variable_shape(self):
        return (self.categorical_column.num_buckets,)

    def dense(self, features, layer):
        got = self.categorical_column.ids(features)
        keep = got.valid & (got.ids >= 0)
        weights = got.weights if got.weights is not None else torch.ones(got.ids.shape)
        weights = torch.where(keep, weights.to(torch.float32), torch.zeros(()))
        out = torch.zeros(got.ids.shape[0], self.categorical_column.num_buckets, dtype=torch.float32)
        return out.scatter_add(1, torch.where(keep, got.ids, torch.zeros_like(got.ids)), weights)


def indicator_column(categorical_column):
    """`tf.feature_column.indicator_column(categorical_column)`: multi-hot (weighted: summed weights) ids."""
    if not isinstance(categorical_column, _Categorical):
        raise ValueError(f"Unsupported input type. Input must be a CategoricalColumn. Given: {categorical_column}")
    return IndicatorColumn(categorical_column)


class EmbeddingColumn(_Dense, collections.namedtuple("EmbeddingColumn", (
        "categorical_column", "dimension", "combiner", "initializer", "ckpt_to_load_from", "tensor_name_in_ckpt",
        "max_norm", "trainable", "use_safe_embedding_lookup"))):
    """`embedding_column(categorical_column, dimension)`: a trainable `[num_buckets, dimension]` table whose rows
    for a row's ids are combined ("mean", "sqrtn" or "sum", weighted by a weighted column's weights); ids
    below 0 and weights <= 0 are left out, and a row without ids gives zeros (TF's safe lookup)."""

    @property
    def name(self):
        return f"{self.categorical_column.name}_embedding"

    @property
    def variable_shape(self):
        return (self.dimension,)

    def create_variable(self, layer):
        initializer = self.initializer
        if initializer is None:
            stddev = 1.0 / math.sqrt(self.dimension)
            initializer = _truncated_normal_initializer(stddev)
        return layer.add_weight(name=f"{self.name}/embedding_weights",
                                shape=(self.categorical_column.num_buckets, self.dimension),
                                dtype="float32", initializer=initializer, trainable=self.trainable)

    def dense(self, features, layer):
        table = layer.embedding_table(self)
        got = self.categorical_column.ids(features)
        keep = got.valid & (got.ids >= 0)
        weights = got.weights if got.weights is not None else torch.ones(got.ids.shape)
        keep = keep & (weights > 0)
        weights = torch.where(keep, weights.to(torch.float32), torch.zeros(()))
        rows = table[torch.where(keep, got.ids, torch.zeros_like(got.ids))]  # [batch, k, dimension]
        if self.max_norm is not None:
            norms = rows.norm(dim=-1, keepdim=True)
            rows = rows * torch.clamp(self.max_norm / torch.clamp(norms, min=1e-12), max=1.0)
        total = (rows * weights.unsqueeze(-1)).sum(dim=1)
        if self.combiner == "sum":
            return total
        scale = weights.sum(dim=1) if self.combiner == "mean" else weights.square().sum(dim=1).sqrt()
        return torch.where(scale.unsqueeze(-1) > 0, total / torch.clamp(scale, min=1e-30).unsqueeze(-1),
                           torch.zeros_like(total))


def _truncated_normal_initializer(stddev):
    def initializer(shape, dtype=None):
        t = torch.empty(tuple(shape), dtype=torch.float32)
        return torch.nn.init.trunc_normal_(t, 0.0, stddev, -2 * stddev, 2 * stddev)
    return initializer


def embedding_column(categorical_column, dimension, combiner="mean", initializer=None, ckpt_to_load_from=None,
                     tensor_name_in_ckpt=None, max_norm=None, trainable=True, use_safe_embedding_lookup=True):
    """`tf.feature_column.embedding_column(categorical_column, dimension, combiner="mean", initializer=None, ...)`.

    The default initializer is a truncated normal with stddev `1/sqrt(dimension)`, as TF's.

    Raises:
        ValueError: a dimension below 1, an unknown combiner, or a non-callable initializer.
        NotImplementedError: `ckpt_to_load_from`/`tensor_name_in_ckpt` (restore the layer's weights instead),
            or `use_safe_embedding_lookup=False`.
    """
    if dimension is None or dimension < 1:
        raise ValueError(f"Invalid dimension {dimension}.")
    if combiner not in ("mean", "sqrtn", "sum"):
        raise ValueError(f"combiner must be one of 'mean', 'sqrtn' or 'sum'. Received: combiner={combiner!r}")
    if initializer is not None and not callable(initializer):
        raise ValueError(f"initializer must be callable if specified. Embedding of column_name: "
                         f"{categorical_column.name}")
    if ckpt_to_load_from is not None or tensor_name_in_ckpt is not None:
        raise NotImplementedError("keraslike's embedding_column does not load from a checkpoint; restore the "
                                  "DenseFeatures layer's weights instead. Received: "
                                  f"ckpt_to_load_from={ckpt_to_load_from!r}, "
                                  f"tensor_name_in_ckpt={tensor_name_in_ckpt!r}")
    if not use_safe_embedding_lookup:
        raise NotImplementedError("keraslike's embedding_column always uses the safe lookup (invalid ids and "
                                  "weights left out). Received: use_safe_embedding_lookup=False")
    if not isinstance(categorical_column, _Categorical):
        raise ValueError(f"categorical_column must be a categorical column. Given: {categorical_column}")
    return EmbeddingColumn(categorical_column, int(dimension), combiner, initializer, None, None, max_norm,
                           bool(trainable), True)
