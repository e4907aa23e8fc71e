"""`tf.io.parse_example`, `parse_single_example`, `parse_sequence_example`, `parse_single_sequence_example`.

Mirrors `tensorflow/python/ops/parsing_ops.py` (ParseExampleV2 / ParseSequenceExampleV2 semantics):
serialized `tf.train.Example` / `SequenceExample` protos (decoded with the `protobuf` package) become a
dict of tensors: `FixedLenFeature` -> dense `[batch] + shape`, `VarLenFeature` / `SparseFeature` ->
`tf.sparse.SparseTensor`, `FixedLenSequenceFeature` -> dense, padded to the longest sequence. Value
dtypes: int64 lists -> `tf.int64`, float lists -> `tf.float32`, bytes lists -> `tf.string` values.
Malformed input and values that do not fit a feature raise `tf.errors.InvalidArgumentError` with TF's
messages.
"""

import math

import numpy as np
import torch
from google.protobuf.message import DecodeError

from keraslike._src.errors import InvalidArgumentError
from keraslike._src.io import protos, string_values
from keraslike._src.io.parsing_config import (
    FixedLenFeature,
    FixedLenSequenceFeature,
    RaggedFeature,
    SparseFeature,
    VarLenFeature,
    feature_dtype,
)
from keraslike._src.ops.tensor_spec import as_spec_dtype, string
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.ragged.ragged_tensor import from_rows as ragged_from_rows
from keraslike._src.sparse.sparse_tensor import SparseTensor

_KINDS = {"bytes_list": string, "float_list": torch.float32, "int64_list": torch.int64}
_TYPE_NAMES = {string: "string", torch.float32: "float", torch.int64: "int64"}
_NUMPY = {string: object, torch.float32: np.float32, torch.int64: np.int64}


# ----------------------------------------------------------------------------------- values
def _feature_values(feature):
    """(dtype or None, numpy values) of one `tf.train.Feature`."""
    kind = feature.WhichOneof("kind")
    if kind is None:
        return None, None
    dtype = _KINDS[kind]
    values = getattr(feature, kind).value
    if dtype is string:
        array = np.empty(len(values), dtype=object)
        array[:] = list(values)
        return dtype, array
    return dtype, np.fromiter(values, dtype=_NUMPY[dtype], count=len(values))  # faster than asarray on upb lists


def _checked(feature, key, dtype, where):
    """The values of `feature` as `dtype`, or None when it holds no list; TF's error on a type mismatch."""
    kind, values = _feature_values(feature)
    if kind is None:
        return None
    if kind is not dtype:
        raise InvalidArgumentError(f"{where}Key: {key}, Index: 0.  Data types don't match. Data type: "
                                   f"{_TYPE_NAMES[kind]} but expected type: {_TYPE_NAMES[dtype]}")
    return values


def _output(array, dtype):
    if dtype is string:
        return string_values.string_output(array)
    return torch.from_numpy(np.ascontiguousarray(array, dtype=_NUMPY[dtype]))


def _default_fill(dtype, value=None):
    if value is None:
        return b"" if dtype is string else 0
    array = _as_array(value, dtype)
    if array.size != 1:
        raise ValueError(f"Expected a scalar default_value for a sequence feature. Received: default_value={value!r}")
    return array.reshape(-1)[0]


def _as_array(value, dtype):
    if dtype is string:
        return string_values.as_bytes_array(value, "default_value")
    if isinstance(value, torch.Tensor):
        value = value.detach().cpu().numpy()
    return np.asarray(value, dtype=_NUMPY[dtype])


def _shape_list(shape, key, allow_unknown_first=False):
    dims = list(shape.as_list() if hasattr(shape, "as_list") else shape)
    for i, dim in enumerate(dims):
        if dim is None and not (allow_unknown_first and i == 0):
            raise ValueError(f"All dimensions of shape for feature {key} need to be known but received {dims}.")
    return [int(d) for d in dims]


def _where(names, index):
    return f"Name: {names[index] if names is not None else '<unknown>'}, "


# ----------------------------------------------------------------------------------- decoding
def _serialized_array(serialized, rank=None):
    array = string_values.as_bytes_array(serialized, "serialized")
    if rank is not None and array.ndim != rank:
        raise ValueError(f"Expected serialized to be of rank {rank}. Received: shape {array.shape}")
    if array.ndim > 1:
        raise ValueError(f"Expected serialized to be a scalar or a vector of strings. Received: shape {array.shape}")
    return array


def _decode(serialized, message):
    try:
        return message.FromString(bytes(serialized))
    except (DecodeError, RuntimeError, ValueError):
        kind = "example" if message is protos.Example else "sequence example"
        raise InvalidArgumentError(f"Could not parse {kind} input, value: '{bytes(serialized)[:100]!r}'") from None


def _names_list(names, count):
    if names is None:
        return None
    names = string_values.as_bytes_array(names, "example_names").reshape(-1)
    if len(names) != count:
        raise ValueError(f"Expected one example name per serialized example ({count}). Received: {len(names)}")
    return [n.decode("utf-8", "replace") for n in names]


# ----------------------------------------------------------------------------------- per feature
def _dense(key, spec, feature_maps, names):
    dtype = feature_dtype(spec.dtype, key)
    shape = _shape_list(spec.shape, key)
    size = math.prod(shape)
    default = None
    if spec.default_value is not None:
        default = _as_array(spec.default_value, dtype)
        if default.size != size:
            raise InvalidArgumentError(f"Input to reshape is a tensor with {default.size} values, but the requested "
                                       f"shape has {size}")
        default = default.reshape(shape)
    out = np.empty([len(feature_maps)] + shape, dtype=_NUMPY[dtype])
    for b, features in enumerate(feature_maps):
        values = _checked(features[key], key, dtype, _where(names, b)) if key in features else None
        if values is None:
            if default is None:
                raise InvalidArgumentError(f"{_where(names, b)}Feature: {key} (data type: {_TYPE_NAMES[dtype]}) is "
                                           "required but could not be found.")
            out[b:b + 1] = default.reshape([1] + shape)  # a slice: object arrays copy elements, not the array
            continue
        if values.size != size:
            raise InvalidArgumentError(f"{_where(names, b)}Key: {key}, Index: {b}.  Number of {_TYPE_NAMES[dtype]} "
                                       f"values != expected.  Values size: {values.size} but output shape: {shape}")
        out[b:b + 1] = values.reshape([1] + shape)
    return _output(out, dtype)


def _dense_sequence(key, spec, feature_maps, names):
    dtype = feature_dtype(spec.dtype, key)
    if not spec.allow_missing:
        raise ValueError("Unsupported: FixedLenSequenceFeature requires allow_missing to be True.")
    shape = _shape_list(spec.shape, key)
    size = math.prod(shape)
    items = []
    for b, features in enumerate(feature_maps):
        values = _checked(features[key], key, dtype, _where(names, b)) if key in features else None
        values = np.empty(0, dtype=_NUMPY[dtype]) if values is None else values
        if size == 0 or values.size % size:
            raise InvalidArgumentError(f"{_where(names, b)}Key: {key}, Index: {b}.  Number of {_TYPE_NAMES[dtype]} "
                                       f"values is not a multiple of stride length. Saw {values.size} values but "
                                       f"output shape is: {shape}")
        items.append(values.reshape([-1] + shape))
    return _output(_padded(items, shape, dtype, spec.default_value), dtype)


def _padded(items, shape, dtype, default_value):
    """Stacks `(n_i,) + shape` arrays into `(len, max n_i) + shape`, padding with the default."""
    longest = max((len(i) for i in items), default=0)
    out = np.full([len(items), longest] + shape, _default_fill(dtype, default_value), dtype=_NUMPY[dtype])
    for b, item in enumerate(items):
        out[b:b + 1, :len(item)] = item[None]
    return out


def _sparse(dtype, per_batch_values, per_batch_indices, dense_shape):
    """A SparseTensor from per-example value arrays and their index rows (already including the batch)."""
    indices = np.concatenate(per_batch_indices) if per_batch_indices else np.zeros((0, len(dense_shape)), np.int64)
    values = (np.concatenate(per_batch_values) if per_batch_values else np.empty(0, dtype=_NUMPY[dtype]))
    values = values.astype(_NUMPY[dtype]) if dtype is not string else values
    return SparseTensor(torch.from_numpy(indices.astype(np.int64).reshape(-1, len(dense_shape))),
                        _output(values, dtype), torch.tensor(dense_shape, dtype=torch.int64))


def _var_len(key, spec, feature_maps, names):
    dtype = feature_dtype(spec.dtype, key)
    values, indices, longest = [], [], 0
    for b, features in enumerate(feature_maps):
        found = _checked(features[key], key, dtype, _where(names, b)) if key in features else None
        if found is None or not found.size:
            continue
        values.append(found)
        indices.append(np.stack([np.full(found.size, b), np.arange(found.size)], 1))
        longest = max(longest, found.size)
    return _sparse(dtype, values, indices, [len(feature_maps), longest])


def _sparse_feature(key, spec, feature_maps, names):
    dtype = feature_dtype(spec.dtype, key)
    index_keys = [spec.index_key] if isinstance(spec.index_key, str) else list(spec.index_key)
    sizes = [spec.size] if isinstance(spec.size, int) else list(spec.size)
    if len(sizes) != len(index_keys):
        raise ValueError(f"Expected one size per index_key of SparseFeature {key!r}. Received: size={spec.size!r}, "
                         f"index_key={spec.index_key!r}")
    values, indices = [], []
    for b, features in enumerate(feature_maps):
        found = _checked(features[spec.value_key], spec.value_key, dtype, _where(names, b)) \
            if spec.value_key in features else None
        found = np.empty(0, dtype=_NUMPY[dtype]) if found is None else found
        columns = []
        for index_key in index_keys:
            index = _checked(features[index_key], index_key, torch.int64, _where(names, b)) \
                if index_key in features else None
            index = np.empty(0, np.int64) if index is None else index
            if index.size != found.size:
                raise InvalidArgumentError(f"{_where(names, b)}Key: {index_key}, Index: {b}.  Number of indices "
                                           f"({index.size}) != number of values ({found.size}) of {spec.value_key}")
            columns.append(index)
        rows = np.stack([np.full(found.size, b)] + columns, 1) if found.size else np.zeros((0, 1 + len(sizes)))
        if not spec.already_sorted and found.size:
            order = np.lexsort(rows.T[::-1])
            rows, found = rows[order], found[order]
        values.append(found)
        indices.append(rows)
    return _sparse(dtype, values, indices, [len(feature_maps)] + [int(s) for s in sizes])


def _ragged(key, spec, feature_maps, names):
    """A RaggedFeature: a `[batch, None, ...]` RaggedTensor of each example's values, cut by its partitions."""
    if spec.partitions:
        return _partitioned(key, spec, feature_maps, names)
    dtype = feature_dtype(spec.dtype, key)
    value_key = spec.value_key or key
    values, lengths = [], []
    for b, features in enumerate(feature_maps):
        found = _checked(features[value_key], value_key, dtype, _where(names, b)) if value_key in features else None
        found = np.empty(0, dtype=_NUMPY[dtype]) if found is None else found
        values.append(found)
        lengths.append(found.size)
    flat = np.concatenate(values) if values else np.empty(0, dtype=_NUMPY[dtype])
    splits = torch.tensor(np.concatenate([[0], np.cumsum(lengths)]), dtype=as_spec_dtype(spec.row_splits_dtype))
    return RaggedTensor.from_row_splits(_output(flat.astype(_NUMPY[dtype]) if dtype is not string else flat, dtype),
                                        splits)


def _partitioned(key, spec, feature_maps, names):
    """Each example's values cut by `spec.partitions` (outermost first), the examples as rows of one RaggedTensor."""
    dtype = feature_dtype(spec.dtype, key)
    value_key = spec.value_key or key
    splits_dtype = as_spec_dtype(spec.row_splits_dtype)
    rows = []
    for b, features in enumerate(feature_maps):
        found = _checked(features[value_key], value_key, dtype, _where(names, b)) if value_key in features else None
        found = np.empty(0, dtype=_NUMPY[dtype]) if found is None else found
        value = _output(found.astype(_NUMPY[dtype]) if dtype is not string else found, dtype)
        for partition in reversed(spec.partitions):
            value = _apply_partition(value, partition, features, splits_dtype, _where(names, b), spec.validate)
        rows.append(value)
    return ragged_from_rows(rows, None)


def _apply_partition(value, partition, features, splits_dtype, where, validate):
    if isinstance(partition, RaggedFeature.UniformRowLength):
        return RaggedTensor.from_uniform_row_length(value, int(partition.length), validate=validate)
    if partition.key not in features:
        raise InvalidArgumentError(f"{where}Feature {partition.key!r} (a RaggedFeature partition) is missing")
    ints = torch.tensor(_checked(features[partition.key], partition.key, torch.int64, where), dtype=splits_dtype)
    make = {RaggedFeature.RowSplits: RaggedTensor.from_row_splits, RaggedFeature.RowLengths:
            RaggedTensor.from_row_lengths, RaggedFeature.RowStarts: RaggedTensor.from_row_starts,
            RaggedFeature.RowLimits: RaggedTensor.from_row_limits,
            RaggedFeature.ValueRowIds: RaggedTensor.from_value_rowids}[type(partition)]
    return make(value, ints, validate=validate)


def _parse_features(features, feature_maps, names):
    if not features:
        raise ValueError("Must provide at least one feature key.")
    out = {}
    for key, spec in features.items():
        if isinstance(spec, FixedLenFeature):
            out[key] = _dense(key, spec, feature_maps, names)
        elif isinstance(spec, VarLenFeature):
            out[key] = _var_len(key, spec, feature_maps, names)
        elif isinstance(spec, FixedLenSequenceFeature):
            out[key] = _dense_sequence(key, spec, feature_maps, names)
        elif isinstance(spec, SparseFeature):
            out[key] = _sparse_feature(key, spec, feature_maps, names)
        elif isinstance(spec, RaggedFeature):
            out[key] = _ragged(key, spec, feature_maps, names)
        else:
            raise ValueError(f"Expected a FixedLenFeature, VarLenFeature, FixedLenSequenceFeature or SparseFeature "
                             f"for {key!r}. Received: {spec!r}")
    return out


def _unbatch(value):
    """Drops the batch dimension of a 1-example result."""
    if isinstance(value, SparseTensor):
        return SparseTensor(value.indices[:, 1:], value.values, value.dense_shape[1:])
    if isinstance(value, RaggedTensor):  # one row: its values (as TF's parse_single_example)
        return value[0] if isinstance(value.values, RaggedTensor) else value.values
    return value[0] if isinstance(value, torch.Tensor) else string_values.string_output(
        string_values.as_bytes_array(value)[0])


# ----------------------------------------------------------------------------------- Example
def parse_example(serialized, features, example_names=None, name=None):
    """`tf.io.parse_example(serialized, features)`: a batch of serialized `tf.train.Example`s -> dict of tensors.

    Args:
        serialized: a vector (or scalar) of serialized `tf.train.Example` strings.
        features: dict key -> `FixedLenFeature` | `VarLenFeature` | `FixedLenSequenceFeature`
            (allow_missing=True) | `SparseFeature`.
        example_names: optional vector of names, used in error messages.
        name: op name (ignored; keraslike runs eagerly).

    Returns:
        dict key -> tensor `[batch] + shape` (FixedLenFeature), `SparseTensor` of dense shape
        `[batch, max_count]` (VarLenFeature) or `[batch] + size` (SparseFeature), or a padded dense
        `[batch, max_items] + shape` (FixedLenSequenceFeature). A scalar `serialized` gives unbatched results.

    Raises:
        ValueError: an empty `features`, an unsupported feature dtype, an unknown dimension in a shape.
        tf.errors.InvalidArgumentError: a malformed proto, a missing required feature, a type or size mismatch.
    """
    array = _serialized_array(serialized)
    batch = array.reshape(-1)
    names = _names_list(example_names, len(batch))
    maps = [_decode(item, protos.Example).features.feature for item in batch]
    out = _parse_features(features, maps, names)
    return {k: _unbatch(v) for k, v in out.items()} if array.ndim == 0 else out


def parse_single_example(serialized, features, example_names=None, name=None):
    """`tf.io.parse_single_example(serialized, features)`: one serialized `tf.train.Example` -> dict of tensors.

    As `parse_example` for a batch of one, without the batch dimension: FixedLenFeature -> `shape`,
    VarLenFeature -> SparseTensor with indices `(n, 1)` and dense shape `[n]`.

    Raises:
        ValueError: `serialized` is not a scalar, or as `parse_example`.
        tf.errors.InvalidArgumentError: as `parse_example`.
    """
    array = _serialized_array(serialized, rank=0)
    names = None if example_names is None else _names_list([example_names], 1)
    out = _parse_features(features, [_decode(array[()], protos.Example).features.feature], names)
    return {k: _unbatch(v) for k, v in out.items()}


# ----------------------------------------------------------------------------------- SequenceExample
def _sequence_dense(key, spec, lists, names):
    dtype = feature_dtype(spec.dtype, key)
    shape = _shape_list(spec.shape, key)
    size = math.prod(shape)
    items = []
    for b, feature_lists in enumerate(lists):
        if key not in feature_lists:
            if not spec.allow_missing:
                raise InvalidArgumentError(f"{_where(names, b)}Feature list '{key}' is required but could not be "
                                           "found.  Did you mean to include it in feature_list_dense_missing_"
                                           "assumed_empty or feature_list_dense_defaults?")
            items.append(np.empty([0] + shape, dtype=_NUMPY[dtype]))
            continue
        steps = []
        for step, feature in enumerate(feature_lists[key].feature):
            values = _checked(feature, key, dtype, _where(names, b))
            values = np.empty(0, dtype=_NUMPY[dtype]) if values is None else values
            if values.size != size:
                raise InvalidArgumentError(f"{_where(names, b)}Key: {key}, Index: {step}.  Number of "
                                           f"{_TYPE_NAMES[dtype]} values != expected.  values size: {values.size} but "
                                           f"output shape: {shape}")
            steps.append(values.reshape(shape))
        items.append(np.stack(steps) if steps else np.empty([0] + shape, dtype=_NUMPY[dtype]))
    lengths = torch.tensor([len(i) for i in items], dtype=torch.int64)
    return _output(_padded(items, shape, dtype, spec.default_value), dtype), lengths


def _sequence_var_len(key, spec, lists, names):
    dtype = feature_dtype(spec.dtype, key)
    values, indices, longest_steps, longest = [], [], 0, 0
    for b, feature_lists in enumerate(lists):
        steps = feature_lists[key].feature if key in feature_lists else []
        longest_steps = max(longest_steps, len(steps))
        for step, feature in enumerate(steps):
            found = _checked(feature, key, dtype, _where(names, b))
            if found is None or not found.size:
                continue
            values.append(found)
            indices.append(np.stack([np.full(found.size, b), np.full(found.size, step), np.arange(found.size)], 1))
            longest = max(longest, found.size)
    return _sparse(dtype, values, indices, [len(lists), longest_steps, longest])


def parse_sequence_example(serialized, context_features=None, sequence_features=None, example_names=None,
                           name=None):
    """`tf.io.parse_sequence_example`: a batch of serialized `tf.train.SequenceExample`s.

    Args:
        serialized: vector (or scalar) of serialized `SequenceExample` strings.
        context_features: dict key -> `FixedLenFeature` | `VarLenFeature` | `SparseFeature` for `context`.
        sequence_features: dict key -> `FixedLenSequenceFeature` | `VarLenFeature` for `feature_lists`.
        example_names: optional names for error messages.

    Returns:
        `(context, feature_lists, lengths)`: dicts of tensors; a FixedLenSequenceFeature is dense
        `[batch, max_steps] + shape` padded with its default (0 / b""), a VarLenFeature a SparseTensor of
        dense shape `[batch, max_steps, max_values]`; `lengths[key]` is the int64 `[batch]` step count of
        each FixedLenSequenceFeature.

    Raises:
        ValueError: neither feature dict given, an unsupported feature kind or dtype.
        tf.errors.InvalidArgumentError: malformed protos, missing required features, type/size mismatches.
    """
    if not context_features and not sequence_features:
        raise ValueError("Must provide at least one context_features or sequence_features key.")
    array = _serialized_array(serialized)
    batch = array.reshape(-1)
    names = _names_list(example_names, len(batch))
    messages = [_decode(item, protos.SequenceExample) for item in batch]
    context = _parse_features(context_features, [m.context.feature for m in messages], names) \
        if context_features else {}
    lists = [m.feature_lists.feature_list for m in messages]
    sequences, lengths = {}, {}
    for key, spec in (sequence_features or {}).items():
        if isinstance(spec, FixedLenSequenceFeature):
            sequences[key], lengths[key] = _sequence_dense(key, spec, lists, names)
        elif isinstance(spec, VarLenFeature):
            sequences[key] = _sequence_var_len(key, spec, lists, names)
        else:
            raise ValueError(f"Expected a FixedLenSequenceFeature or VarLenFeature for sequence feature {key!r}. "
                             f"Received: {spec!r}")
    if array.ndim == 0:
        return ({k: _unbatch(v) for k, v in context.items()}, {k: _unbatch(v) for k, v in sequences.items()},
                {k: v[0] for k, v in lengths.items()})
    return context, sequences, lengths


def parse_single_sequence_example(serialized, context_features=None, sequence_features=None, example_name=None,
                                  name=None):
    """`tf.io.parse_single_sequence_example`: one serialized `SequenceExample` -> `(context, feature_lists)`.

    FixedLenSequenceFeature -> dense `[steps] + shape`; VarLenFeature -> SparseTensor of dense shape
    `[steps, max_values]` (context features as `parse_single_example`).

    Raises:
        ValueError: `serialized` is not a scalar, or as `parse_sequence_example`.
        tf.errors.InvalidArgumentError: as `parse_sequence_example`.
    """
    array = _serialized_array(serialized, rank=0)
    names = None if example_name is None else [example_name]
    context, sequences, _ = parse_sequence_example(array, context_features, sequence_features, names)
    return context, sequences
