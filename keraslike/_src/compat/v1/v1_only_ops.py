"""TF1 top-level ops that have no TF2 name, or whose TF1 signature differs from their TF2 form.

Mirrors the TF1 spellings of `tensorflow/python/ops/` (`tf.Print`, `tf.count_nonzero(keep_dims=...)`,
`tf.multinomial`, `tf.string_split` returning a SparseTensor, `tf.scatter_update` on a variable, `tf.sparse_to_dense`,
the `data=` argument of the TF1 assertions, ...). Each computes with the TF2 op; in graph mode (after
`disable_v2_behavior`) the computation is recorded as one op of the graph (`graph_op`) that `Session.run` executes.
"""

import contextlib
import re
import sys
import warnings

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.compat.v1.v1_ops import _axis, _keepdims
from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import record
from keraslike._src.graph.dispatch import graph_op
from keraslike._src.graph.framework import _ScopeOrV2 as name_scope
from keraslike._src.graph.framework import get_collection
from keraslike._src.graph.graph import GraphKeys
from keraslike._src.graph.variable_scope import get_variable, variable_scope
from keraslike._src.image import boxes
from keraslike._src.io import csv_ops, decode_ops, parsing_ops
from keraslike._src.ops import array, dtypes, indexing, math_special, random, reduction, space_batch
from keraslike._src.ops import check_ops as debugging
from keraslike._src.ops import math as math_ops
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.sparse import sparse_ops
from keraslike._src.sparse.sparse_tensor import SparseTensor
from keraslike._src.strings import split_ops, string_ops


# ---- printing -----------------------------------------------------------------------------------------------
def _element(value):
    if isinstance(value, bytes):
        return value.decode(errors="replace")
    if isinstance(value, np.floating):  # TF's shortest of 6/9 (float) or 15/17 (double) significant digits
        short, long_ = (6, 9) if value.dtype.itemsize <= 4 else (15, 17)
        text = "%.*g" % (short, value)
        return text if value.dtype.type(text) == value else "%.*g" % (long_, value)
    return str(value)


def _summarized(value, summarize):
    """TF's `Tensor::SummarizeValue`: the first `summarize` elements (3 by default, all when negative) in nested
    brackets (none around the outermost dimension), `...` where elements were left out."""
    array_value = np.asarray(value.numpy() if hasattr(value, "numpy") else value)
    flat = array_value.reshape(-1)
    limit = 3 if summarize is None else (flat.size if summarize < 0 else summarize)
    shape = array_value.shape
    parts, index = [], [0]

    def one_dim(dim):
        if index[0] >= limit:
            return
        if dim == len(shape) - 1:
            for i in range(shape[dim]):
                if index[0] >= limit:
                    if dim:
                        parts.append("...")
                    return
                parts.append((" " if i else "") + _element(flat[index[0]]))
                index[0] += 1
            return
        for _ in range(shape[dim]):
            opened = index[0] < limit
            if opened:
                parts.append("[")
            one_dim(dim + 1)
            if index[0] < limit or opened:
                parts.append("]")

    if array_value.ndim == 0:
        parts.append(_element(flat[0]) if limit > 0 else "")
    else:
        one_dim(0)
    return "".join(parts) + ("..." if flat.size > limit else "")


_PRINT_COUNTS = {}  # print op key -> times it printed (TF: per op)


@record.op_function
def print_values(message, first_n, summarize, key, *values):
    """What a `tf.compat.v1.Print` op does when it runs: write `message` and each value's summary to stderr, the
    first `first_n` times (all when None or negative) for the op `key`."""
    count = _PRINT_COUNTS.get(key, 0) + 1
    _PRINT_COUNTS[key] = count
    if first_n is not None and first_n >= 0 and count > first_n:
        return
    sys.stderr.write((message or "") + "".join("[" + _summarized(v, summarize) + "]" for v in values) + "\n")


def Print(input_, data, message=None, first_n=None, summarize=None, name=None):  # noqa: N802 - TF's name
    """`tf.compat.v1.Print(input_, data)`: `input_` unchanged; evaluating it writes `message` and the first
    `summarize` (default 3) elements of each tensor of `data` to stderr, the first `first_n` times only (all when
    None or negative). Eagerly it prints at once; in a graph each `Session.run` that evaluates the result prints
    (and a `Saver`'s `.meta` file holds the op). TF2 code uses `tf.print`."""
    data = list(data)
    key = f"print-{len(_PRINT_COUNTS)}-{id(data)}"
    _PRINT_COUNTS.setdefault(key, 0)
    graph = graph_lib.default_graph()
    if graph is None:
        print_values(message, first_n, summarize, key, *data)
        return input_
    op = record.record_call(print_values, (message, first_n, summarize, key, *data), {}, "PrintV2",
                            name=name or "Print")
    with graph.control_dependencies([op]):
        return record.record_call(array.identity, (input_,), {}, "Identity")


# ---- assertions with TF1's `data` argument ------------------------------------------------------------------
def _pretty(item, summarize):
    """How TF's eager assertions show one `data` item: a scalar's value, else a list of up to `summarize` element
    strings (then '...')."""
    if hasattr(item, "numpy"):
        array_value = np.asarray(item.numpy())
        if array_value.ndim == 0:
            return _element(array_value[()])
        flat = array_value.reshape(-1)
        shown = [_element(v) for v in flat[:summarize]]
        return str(shown + ["..."] if flat.size > summarize else shown)
    return str(item)


def _with_data(check, data, summarize, message=None):
    """Run `check()`; with `data`, a failing eager assertion's message is TF1's: `message` (binary assertions
    only, else None) and the `data` items, one per line."""
    try:
        return check()
    except errors.InvalidArgumentError:
        if data is None:
            raise
        lines = ([message] if message is not None else []) + [_pretty(d, 3 if summarize is None else summarize)
                                                               for d in data]
        raise errors.InvalidArgumentError(None, None, "\n".join(lines)) from None


def _binary_assert(v2):
    def assert_(x, y, data=None, summarize=None, message=None, name=None):
        return _with_data(lambda: v2(x, y, message=message, summarize=summarize, name=name), data, summarize,
                          message)
    assert_.__name__ = v2.__name__
    assert_.__doc__ = (f"`tf.compat.v1.{v2.__name__}(x, y, data=None, summarize=None, message=None)`: "
                       f"`tf.debugging.{v2.__name__}`; with `data`, a failure's message is `message` and the data.")
    return assert_


def _unary_assert(v2):
    def assert_(x, data=None, summarize=None, message=None, name=None):
        return _with_data(lambda: v2(x, message=message, summarize=summarize, name=name), data, summarize)
    assert_.__name__ = v2.__name__
    assert_.__doc__ = (f"`tf.compat.v1.{v2.__name__}(x, data=None, summarize=None, message=None)`: "
                       f"`tf.debugging.{v2.__name__}`; with `data`, a failure's message is the data (TF1's).")
    return assert_


assert_equal = _binary_assert(debugging.assert_equal)
assert_none_equal = _binary_assert(debugging.assert_none_equal)
assert_greater = _binary_assert(debugging.assert_greater)
assert_greater_equal = _binary_assert(debugging.assert_greater_equal)
assert_less = _binary_assert(debugging.assert_less)
assert_less_equal = _binary_assert(debugging.assert_less_equal)
assert_negative = _unary_assert(debugging.assert_negative)
assert_non_negative = _unary_assert(debugging.assert_non_negative)
assert_non_positive = _unary_assert(debugging.assert_non_positive)
assert_positive = _unary_assert(debugging.assert_positive)


def assert_near(x, y, rtol=None, atol=None, data=None, summarize=None, message=None, name=None):
    """`tf.compat.v1.assert_near`: `tf.debugging.assert_near`; a failure's message ends with the `data` tensors."""
    return _with_data(lambda: debugging.assert_near(x, y, rtol, atol, message, summarize), data, summarize, message)


def assert_rank(x, rank, data=None, summarize=None, message=None, name=None):
    """`tf.compat.v1.assert_rank(x, rank, data=None, ...)`: `tf.debugging.assert_rank`."""
    return _with_data(lambda: debugging.assert_rank(x, rank, message), data, summarize)


def assert_rank_at_least(x, rank, data=None, summarize=None, message=None, name=None):
    """`tf.compat.v1.assert_rank_at_least(x, rank, data=None, ...)`: `tf.debugging.assert_rank_at_least`."""
    return _with_data(lambda: debugging.assert_rank_at_least(x, rank, message), data, summarize)


def assert_rank_in(x, ranks, data=None, summarize=None, message=None, name=None):
    """`tf.compat.v1.assert_rank_in(x, ranks, data=None, ...)`: `tf.debugging.assert_rank_in`."""
    return _with_data(lambda: debugging.assert_rank_in(x, ranks, message), data, summarize)


def assert_integer(x, message=None, name=None):
    """`tf.compat.v1.assert_integer(x, message=None)`."""
    return debugging.assert_integer(x, message)


def assert_scalar(tensor, name=None, message=None):
    """`tf.compat.v1.assert_scalar(tensor, name=None, message=None)` (TF1's argument order)."""
    return debugging.assert_scalar(tensor, message)


def assert_type(tensor, tf_type, message=None, name=None):
    """`tf.compat.v1.assert_type(tensor, tf_type, message=None)`."""
    return debugging.assert_type(tensor, tf_type, message)


def _verify_tensor_all_finite(t=None, msg=None, name=None, x=None, message=None):
    if (t is None) == (x is None) or (msg is None) == (message is None):
        raise ValueError("Expected exactly one of `t`/`x` and one of `msg`/`message`. "
                         f"Received: t={t!r:.40}, x={x!r:.40}, msg={msg!r}, message={message!r}")
    return debugging.check_numerics(t if x is None else x, msg if message is None else message)


verify_tensor_all_finite = graph_op(_verify_tensor_all_finite, "CheckNumerics")
verify_tensor_all_finite.__doc__ = "`tf.compat.v1.verify_tensor_all_finite(t, msg)`: `tf.debugging.check_numerics`."


# ---- math and arrays with TF1 argument names ----------------------------------------------------------------
def _count_nonzero(input_tensor=None, axis=None, keepdims=None, dtype=torch.int64, name=None,
                   reduction_indices=None, keep_dims=None, input=None):  # noqa: A002 - TF's argument name
    if (input_tensor is None) == (input is None):
        raise ValueError("Expected exactly one of `input_tensor` and `input`. "
                         f"Received: input_tensor={input_tensor!r:.40}, input={input!r:.40}")
    return reduction.count_nonzero(input_tensor if input is None else input,
                                   _axis(axis, reduction_indices, "count_nonzero"),
                                   _keepdims(keepdims, keep_dims, "count_nonzero"), dtype)


count_nonzero = graph_op(_count_nonzero, "count_nonzero")
count_nonzero.__doc__ = "`tf.compat.v1.count_nonzero(..., reduction_indices=None, keep_dims=None)`."


def _clip_by_average_norm(t, clip_norm, name=None):
    t = to_tensor(t, None, "t")
    clip = to_tensor(clip_norm, t.dtype, "clip_norm")
    # TF: t * clip_norm / max(l2norm(t) / numel(t), clip_norm)
    average = torch.sqrt(torch.sum(t * t)) / t.numel()
    return t * clip / torch.maximum(average, clip)


clip_by_average_norm = graph_op(_clip_by_average_norm, "clip_by_average_norm")
clip_by_average_norm.__doc__ = ("`tf.compat.v1.clip_by_average_norm(t, clip_norm)`: `t * clip_norm / "
                                "max(l2norm(t) / size(t), clip_norm)`.")


def _confusion_matrix(labels, predictions, num_classes=None, dtype=torch.int32, name=None, weights=None):
    return math_special.confusion_matrix(labels, predictions, num_classes, weights, dtype)


confusion_matrix = graph_op(_confusion_matrix, "confusion_matrix")
confusion_matrix.__doc__ = "`tf.compat.v1.confusion_matrix(labels, predictions, num_classes, dtype, name, weights)`."


def _bincount(arr, weights=None, minlength=None, maxlength=None, dtype=torch.int32):
    return math_special.bincount(arr, weights, minlength, maxlength, dtype)


bincount = graph_op(_bincount, "bincount")
bincount.__doc__ = "`tf.compat.v1.bincount(arr, weights=None, minlength=None, maxlength=None, dtype=tf.int32)`."


def _floor_div(x, y, name=None):
    return math_ops.floordiv(x, y)


floor_div = graph_op(_floor_div, "FloorDiv")
floor_div.__doc__ = "`tf.compat.v1.floor_div(x, y)`: `tf.math.floordiv`."


def _batch_gather(params, indices, name=None):
    indices = to_tensor(indices, None, "indices")
    return indexing.gather(params, indices, batch_dims=indices.dim() - 1)


batch_gather = graph_op(_batch_gather, "batch_gather")
batch_gather.__doc__ = "`tf.compat.v1.batch_gather(params, indices)`: `tf.gather(..., batch_dims=rank(indices) - 1)`."


def _batch_to_space_nd(input, block_shape, crops, name=None):  # noqa: A002
    return space_batch.batch_to_space(input, block_shape, crops)


batch_to_space_nd = graph_op(_batch_to_space_nd, "BatchToSpaceND")
batch_to_space_nd.__doc__ = "`tf.compat.v1.batch_to_space_nd(input, block_shape, crops)`: `tf.batch_to_space`."


def _extract_image_patches(images, ksizes=None, strides=None, rates=None, padding=None, name=None, sizes=None):
    if (ksizes is None) == (sizes is None):
        raise ValueError(f"Expected exactly one of `ksizes` and `sizes`. Received: ksizes={ksizes!r}, sizes={sizes!r}")
    return boxes.extract_patches(images, ksizes if sizes is None else sizes, strides, rates, padding)


extract_image_patches = graph_op(_extract_image_patches, "ExtractImagePatches")
extract_image_patches.__doc__ = ("`tf.compat.v1.extract_image_patches(images, ksizes, strides, rates, padding)`: "
                                 "`tf.image.extract_patches`.")


def _depth_to_space(input, block_size, name=None, data_format="NHWC"):  # noqa: A002
    return space_batch.depth_to_space(input, block_size, data_format)


def _space_to_depth(input, block_size, name=None, data_format="NHWC"):  # noqa: A002
    return space_batch.space_to_depth(input, block_size, data_format)


depth_to_space = graph_op(_depth_to_space, "DepthToSpace")
depth_to_space.__doc__ = "`tf.compat.v1.depth_to_space(input, block_size, name=None, data_format='NHWC')`."
space_to_depth = graph_op(_space_to_depth, "SpaceToDepth")
space_to_depth.__doc__ = "`tf.compat.v1.space_to_depth(input, block_size, name=None, data_format='NHWC')`."


def _sparse_segment(fn):
    def op(data, indices, segment_ids, name=None, num_segments=None, sparse_gradient=False):
        return fn(data, indices, segment_ids, num_segments)
    return op


sparse_segment_sum = graph_op(_sparse_segment(sparse_ops.segment_sum), "SparseSegmentSum")
sparse_segment_mean = graph_op(_sparse_segment(sparse_ops.segment_mean), "SparseSegmentMean")
sparse_segment_sqrt_n = graph_op(_sparse_segment(sparse_ops.segment_sqrt_n), "SparseSegmentSqrtN")
for _op, _v2 in ((sparse_segment_sum, "segment_sum"), (sparse_segment_mean, "segment_mean"),
                 (sparse_segment_sqrt_n, "segment_sqrt_n")):
    _op.__doc__ = f"`tf.compat.v1.sparse_{_v2}(data, indices, segment_ids, name=None, num_segments=None)`."


# ---- random -------------------------------------------------------------------------------------------------
def _multinomial(logits, num_samples, seed=None, name=None, output_dtype=None):
    return random.categorical(logits, num_samples, output_dtype or torch.int64, seed)


multinomial = graph_op(_multinomial, "Multinomial")
multinomial.__doc__ = ("`tf.compat.v1.multinomial(logits, num_samples, seed, name, output_dtype)`: "
                       "`tf.random.categorical`.")


def get_seed(op_seed):
    """`tf.compat.v1.get_seed(op_seed)`: the `(seed, seed2)` pair a random op with this op seed uses, or
    `(None, None)` when neither a global nor an op seed is set."""
    seeds = random.op_seeds(op_seed)
    return (None, None) if seeds is None else seeds


# ---- strings and parsing ------------------------------------------------------------------------------------
def _string_split(source, sep=None, skip_empty=True, delimiter=None, result_type="SparseTensor", name=None):
    if result_type not in ("SparseTensor", "RaggedTensor"):
        raise ValueError(f"Expected result_type to be 'SparseTensor' or 'RaggedTensor'. Received: "
                         f"result_type={result_type!r}")
    array_value = string_ops.strings_of(source, "source")
    if array_value.ndim != 1:
        raise ValueError(f"Expected `source` to be a 1-D string tensor. Received: source with shape="
                         f"{list(array_value.shape)}")
    strings = [s.decode() for s in array_value]
    if sep is not None:  # split on the whole separator (empty pieces dropped when skip_empty)
        sep = sep.decode() if isinstance(sep, bytes) else sep
        rows = [s.split(sep) if s else [] for s in strings]
        if skip_empty:
            rows = [[piece for piece in row if piece] for row in rows]
    else:  # TF1: every character of `delimiter` (default " ") splits; empty pieces dropped when skip_empty
        chars = " " if delimiter is None else (delimiter.decode() if isinstance(delimiter, bytes) else delimiter)
        if chars == "":
            rows = [list(s) for s in strings]
        else:
            pattern = "[" + re.escape(chars) + "]"
            rows = [re.split(pattern, s) if s else [] for s in strings]
            if skip_empty:
                rows = [[piece for piece in row if piece] for row in rows]
    rows = [[piece.encode() for piece in row] for row in rows]
    if result_type == "RaggedTensor":
        return split_ops.ragged_from_lists([len(rows)], rows, split_ops._string_values, split_ops._EMPTY_STRINGS)
    indices = torch.tensor([[i, j] for i, row in enumerate(rows) for j in range(len(row))],
                           dtype=torch.int64).reshape(-1, 2)
    values = split_ops._string_values([piece for row in rows for piece in row]) if indices.shape[0] \
        else split_ops._EMPTY_STRINGS
    width = max((len(row) for row in rows), default=0)
    return SparseTensor(indices, values, [len(rows), width])


string_split = graph_op(_string_split, "StringSplit")
string_split.__doc__ = ("`tf.compat.v1.string_split(source, sep=None, skip_empty=True, delimiter=' ')`: the pieces of "
                        "each string of a 1-D string tensor as a SparseTensor `[rows, longest row]` (TF1: every "
                        "character of `delimiter` splits; with `sep`, split on the whole separator).")


def _substr(input, pos, len, name=None, unit="BYTE"):  # noqa: A002
    return string_ops.substr(input, pos, len, unit)


substr = graph_op(_substr, "Substr")
substr.__doc__ = "`tf.compat.v1.substr(input, pos, len, name=None, unit='BYTE')`: `tf.strings.substr`."


def _one_input(string_tensor, input, name):  # noqa: A002
    if (string_tensor is None) == (input is None):
        raise ValueError(f"Expected exactly one of `string_tensor` and `input` in {name}. "
                         f"Received: string_tensor={string_tensor!r:.40}, input={input!r:.40}")
    return string_tensor if input is None else input


def _string_to_number(string_tensor=None, out_type=torch.float32, name=None, input=None):  # noqa: A002
    return string_ops.to_number(_one_input(string_tensor, input, "string_to_number"), out_type)


def _string_to_hash_bucket(string_tensor=None, num_buckets=None, name=None, input=None):  # noqa: A002
    return string_ops.to_hash_bucket(_one_input(string_tensor, input, "string_to_hash_bucket"), num_buckets)


string_to_number = graph_op(_string_to_number, "StringToNumber")
string_to_number.__doc__ = "`tf.compat.v1.string_to_number(string_tensor, out_type=tf.float32)`."
string_to_hash_bucket = graph_op(_string_to_hash_bucket, "StringToHashBucket")
string_to_hash_bucket.__doc__ = "`tf.compat.v1.string_to_hash_bucket(string_tensor, num_buckets)`."


def _reduce_join(inputs, axis=None, keep_dims=None, separator="", name=None, reduction_indices=None,
                 keepdims=None):
    return string_ops.reduce_join(inputs, _axis(axis, reduction_indices, "reduce_join"),
                                  _keepdims(keepdims, keep_dims, "reduce_join"), separator)


reduce_join = graph_op(_reduce_join, "ReduceJoin")
reduce_join.__doc__ = "`tf.compat.v1.reduce_join(inputs, axis, keep_dims, separator, ..., reduction_indices)`."


def _decode_csv(records, record_defaults, field_delim=",", use_quote_delim=True, name=None, na_value="",
                select_cols=None):
    return csv_ops.decode_csv(records, record_defaults, field_delim, use_quote_delim, na_value, select_cols)


decode_csv = graph_op(_decode_csv, "DecodeCSV")
decode_csv.__doc__ = "`tf.compat.v1.decode_csv(records, record_defaults, ...)`: `tf.io.decode_csv`."


def _decode_raw(input_bytes=None, out_type=None, little_endian=True, name=None, bytes=None):  # noqa: A002
    if (input_bytes is None) == (bytes is None):
        raise ValueError("Expected exactly one of `input_bytes` and `bytes`. "
                         f"Received: input_bytes={input_bytes!r:.40}, bytes={bytes!r:.40}")
    return decode_ops.decode_raw(input_bytes if bytes is None else bytes, out_type, little_endian)


decode_raw = graph_op(_decode_raw, "DecodeRaw")
decode_raw.__doc__ = "`tf.compat.v1.decode_raw(input_bytes, out_type, little_endian=True)`: `tf.io.decode_raw`."


def _parse_example(serialized, features, name=None, example_names=None):
    return parsing_ops.parse_example(serialized, features, example_names)


def _parse_single_example(serialized, features, name=None, example_names=None):
    return parsing_ops.parse_single_example(serialized, features, example_names)


parse_example = graph_op(_parse_example, "ParseExample")
parse_example.__doc__ = "`tf.compat.v1.parse_example(serialized, features, name, example_names)`."
parse_single_example = graph_op(_parse_single_example, "ParseSingleExample")
parse_single_example.__doc__ = "`tf.compat.v1.parse_single_example(serialized, features, name, example_names)`."


# ---- sparse -------------------------------------------------------------------------------------------------
def _sparse_to_dense(sparse_indices, output_shape, sparse_values, default_value=0, validate_indices=True,
                     name=None):
    values = to_tensor(sparse_values, None, "sparse_values")
    indices = to_tensor(sparse_indices, torch.int64, "sparse_indices").to(torch.int64)
    shape = [int(d) for d in to_tensor(output_shape, torch.int64, "output_shape").reshape(-1).tolist()]
    dense = torch.full(shape, 0, dtype=values.dtype, device=values.device)
    dense.fill_(to_tensor(default_value, values.dtype, "default_value").item())
    if indices.dim() == 0:
        indices = indices.reshape(1, 1)
    elif indices.dim() == 1:
        indices = indices.reshape(-1, 1) if len(shape) == 1 else indices.reshape(1, -1)
    if validate_indices and indices.numel():
        flat = indices.tolist()
        if any(tuple(a) >= tuple(b) for a, b in zip(flat, flat[1:])):
            raise errors.InvalidArgumentError(None, None, "indices are not valid (out of bounds, or repeated, or "
                                              "not in lexicographic order)")
    if indices.shape[0]:
        dense[tuple(indices.t())] = values.expand(indices.shape[0]) if values.dim() == 0 else values
    return dense


sparse_to_dense = graph_op(_sparse_to_dense, "SparseToDense")
sparse_to_dense.__doc__ = ("`tf.compat.v1.sparse_to_dense(sparse_indices, output_shape, sparse_values, "
                           "default_value=0, validate_indices=True)`: a dense tensor with the values at the indices "
                           "(a scalar value fills every index).")


def _sparse_add(a, b, threshold=None, thresh=None):
    if threshold is not None and thresh is not None:
        raise ValueError(f"Expected at most one of `threshold` and `thresh`. Received: threshold={threshold!r}, "
                         f"thresh={thresh!r}")
    return sparse_ops.add(a, b, thresh if thresh is not None else threshold if threshold is not None else 0)


sparse_add = graph_op(_sparse_add, "SparseAdd")
sparse_add.__doc__ = "`tf.compat.v1.sparse_add(a, b, threshold=None, thresh=None)`: `tf.sparse.add`."


def _sparse_concat(axis, sp_inputs, name=None, expand_nonconcat_dim=False, concat_dim=None,
                   expand_nonconcat_dims=None):
    axis = _axis(axis, concat_dim, "sparse_concat")
    expand = expand_nonconcat_dim if expand_nonconcat_dims is None else expand_nonconcat_dims
    return sparse_ops.concat(axis, sp_inputs, expand)


sparse_concat = graph_op(_sparse_concat, "SparseConcat")
sparse_concat.__doc__ = "`tf.compat.v1.sparse_concat(axis, sp_inputs, ..., expand_nonconcat_dim=False)`."


def _sparse_reduce(fn, output_is_sparse):
    def reduce(sp_input, axis=None, keepdims=None, reduction_axes=None, keep_dims=None):
        return fn(sp_input, _axis(axis, reduction_axes, fn.__name__), _keepdims(keepdims, keep_dims, fn.__name__),
                  output_is_sparse)
    return reduce


sparse_reduce_sum = graph_op(_sparse_reduce(sparse_ops.reduce_sum, False), "SparseReduceSum")
sparse_reduce_max = graph_op(_sparse_reduce(sparse_ops.reduce_max, False), "SparseReduceMax")
sparse_reduce_sum_sparse = graph_op(_sparse_reduce(sparse_ops.reduce_sum, True), "SparseReduceSumSparse")
sparse_reduce_max_sparse = graph_op(_sparse_reduce(sparse_ops.reduce_max, True), "SparseReduceMaxSparse")
for _op in (sparse_reduce_sum, sparse_reduce_max, sparse_reduce_sum_sparse, sparse_reduce_max_sparse):
    _op.__doc__ = "TF1 sparse reduction `(sp_input, axis, keepdims, reduction_axes, keep_dims)`: `tf.sparse.reduce_*`."


def _sparse_split(keyword_required=None, sp_input=None, num_split=None, axis=None, name=None, split_dim=None):
    if keyword_required is not None:
        raise ValueError("Keyword arguments are required for this function (sp_input=, num_split=, axis=). "
                         f"Received: a positional argument {keyword_required!r:.40}")
    return sparse_ops.split(sp_input, num_split, _axis(axis, split_dim, "sparse_split"))


sparse_split = graph_op(_sparse_split, "SparseSplit")
sparse_split.__doc__ = "`tf.compat.v1.sparse_split(sp_input=..., num_split=..., axis=...)` (or `split_dim=`)."


# ---- variables ----------------------------------------------------------------------------------------------
def _scattered(fn):
    """`tf.compat.v1.scatter_*(ref, indices, updates)`: the variable updated at rows `indices` (and returned)."""
    def scatter(ref, indices, updates, use_locking=False, name=None):
        return ref.assign(_scatter_value(fn, ref.value() if hasattr(ref, "value") else ref, indices, updates))
    return scatter


def _rows(ref, indices, updates):
    indices = to_tensor(indices, None, "indices").to(torch.int64).reshape(-1)
    updates = to_tensor(updates, ref.dtype, "updates").to(ref.device).reshape((indices.numel(),) + tuple(ref.shape[1:]))
    return indices, updates


def _scatter_update(ref, indices, updates):
    indices, updates = _rows(ref, indices, updates)
    return ref.clone().index_copy_(0, indices, updates)


def _scatter_add(ref, indices, updates):
    indices, updates = _rows(ref, indices, updates)
    return ref.clone().index_add_(0, indices, updates)


def _scatter_sub(ref, indices, updates):
    indices, updates = _rows(ref, indices, updates)
    return ref.clone().index_add_(0, indices, -updates)


def _scatter_reduce(reduce):
    def scatter(ref, indices, updates):
        indices, updates = _rows(ref, indices, updates)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # torch: "index_reduce() is in beta"
            if reduce == "div":
                return ref.clone().index_reduce_(0, indices, 1 / updates, "prod")
            return ref.clone().index_reduce_(0, indices, updates, reduce)
    return scatter


def _scatter_nd(mode):
    def scatter(ref, indices, updates):
        indices = to_tensor(indices, None, "indices").to(torch.int64)
        updates = to_tensor(updates, ref.dtype, "updates").to(ref.device)
        index = tuple(indices.reshape(-1, indices.shape[-1]).t())
        updates = updates.reshape((-1,) + tuple(ref.shape[indices.shape[-1]:]))
        out = ref.clone()
        if mode == "update":
            out[index] = updates
        else:
            out.index_put_(index, updates if mode == "add" else -updates, accumulate=True)
        return out
    return scatter


_scatter_value = graph_op(lambda fn, ref, indices, updates: fn(ref, indices, updates), "Scatter")

scatter_update = _scattered(_scatter_update)
scatter_add = _scattered(_scatter_add)
scatter_sub = _scattered(_scatter_sub)
scatter_mul = _scattered(_scatter_reduce("prod"))
scatter_div = _scattered(_scatter_reduce("div"))
scatter_max = _scattered(_scatter_reduce("amax"))
scatter_min = _scattered(_scatter_reduce("amin"))
scatter_nd_update = _scattered(_scatter_nd("update"))
scatter_nd_add = _scattered(_scatter_nd("add"))
scatter_nd_sub = _scattered(_scatter_nd("sub"))
for _name in ("scatter_update", "scatter_add", "scatter_sub", "scatter_mul", "scatter_div", "scatter_max",
              "scatter_min", "scatter_nd_update", "scatter_nd_add", "scatter_nd_sub"):
    globals()[_name].__name__ = _name
    globals()[_name].__doc__ = (f"`tf.compat.v1.{_name}(ref, indices, updates)`: the variable `ref` with its "
                                "rows at `indices` updated (duplicate indices accumulate where the op reduces); "
                                "returns the updated variable's value.")


def count_up_to(ref, limit, name=None):
    """`tf.compat.v1.count_up_to(ref, limit)`: the variable's value, then increments it; OutOfRangeError once it
    reached `limit`."""
    value = ref.value() if hasattr(ref, "value") else to_tensor(ref, None, "ref")
    if int(value) >= int(limit):
        raise errors.OutOfRangeError(None, None, f"Reached limit of {int(limit)}")
    old = value.clone()
    ref.assign_add(torch.ones((), dtype=value.dtype))
    return old


def all_variables():
    """`tf.compat.v1.all_variables()`: `global_variables()` (its TF1 alias)."""
    return get_collection(GraphKeys.GLOBAL_VARIABLES)


def moving_average_variables(scope=None):
    """`tf.compat.v1.moving_average_variables(scope=None)`: the MOVING_AVERAGE_VARIABLES collection."""
    return get_collection(GraphKeys.MOVING_AVERAGE_VARIABLES, scope)


def get_local_variable(name, shape=None, dtype=None, initializer=None, regularizer=None, trainable=False,
                       collections=None, caching_device=None, partitioner=None, validate_shape=True,
                       use_resource=None, custom_getter=None, constraint=None, synchronization=None,
                       aggregation=None):
    """`tf.compat.v1.get_local_variable`: `get_variable` in the LOCAL_VARIABLES collection (not trainable)."""
    collections = list(collections or []) + [GraphKeys.LOCAL_VARIABLES]
    return get_variable(name, shape, dtype, initializer, regularizer, trainable, collections, caching_device,
                        partitioner, validate_shape, use_resource, custom_getter, constraint, synchronization,
                        aggregation)


# ---- scopes -------------------------------------------------------------------------------------------------
def op_scope(values, name, default_name=None):
    """`tf.compat.v1.op_scope(values, name, default_name=None)`: `name_scope(name, default_name, values)`."""
    return name_scope(name, default_name, values)


def variable_op_scope(values, name_or_scope, default_name=None, initializer=None, regularizer=None,
                      caching_device=None, partitioner=None, custom_getter=None, reuse=None, dtype=None,
                      use_resource=None, constraint=None):
    """`tf.compat.v1.variable_op_scope(values, name_or_scope, default_name, ...)`: `variable_scope` with TF1's
    argument order."""
    return variable_scope(name_or_scope, default_name, values, initializer, regularizer, caching_device,
                          partitioner, custom_getter, reuse, dtype, use_resource, constraint)


@contextlib.contextmanager
def colocate_with(op, ignore_existing=False):
    """`tf.compat.v1.colocate_with(op)`: ops inside go where `op` is; keraslike places them by `tf.device` and
    the tensors' own devices, which already keeps them with `op`'s inputs, so the scope adds nothing."""
    yield


@contextlib.contextmanager
def container(container_name):
    """`tf.compat.v1.container(name)`: TF1's resource container for stateful ops; keraslike keeps a session's
    state per session, so the name only comes back from the scope."""
    yield container_name


def executing_eagerly_outside_functions():
    """`tf.compat.v1.executing_eagerly_outside_functions()`: False in TF1 graph mode, else True."""
    return not graph_lib.eager_disabled()


class uniform_unit_scaling_initializer:  # noqa: N801 - TF1's name
    """`tf.compat.v1.uniform_unit_scaling_initializer(factor=1.0, seed=None, dtype=tf.float32)`: uniform in
    `+-sqrt(3 / input_size) * factor`, `input_size` the product of all dimensions but the last (1 for a vector);
    seeded, TF's numbers (its `RandomUniform` op with this op seed)."""

    def __init__(self, factor=1.0, seed=None, dtype=torch.float32):
        self.factor, self.seed, self.dtype = float(factor), seed, dtypes.as_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        shape = [int(d) for d in shape]
        input_size = float(np.prod(shape[:-1])) if len(shape) > 1 else 1.0
        limit = float(np.sqrt(3.0 / input_size)) * self.factor
        return random.uniform(shape, -limit, limit, dtypes.as_dtype(dtype or self.dtype), self.seed)

    def get_config(self):
        return {"factor": self.factor, "seed": self.seed, "dtype": dtypes.dtype_name(self.dtype)}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def convert_to_tensor_or_sparse_tensor(value, dtype=None, name=None):
    """`tf.compat.v1.convert_to_tensor_or_sparse_tensor`: a SparseTensor as it is, anything else as a tensor."""
    if isinstance(value, SparseTensor):
        return value
    return to_tensor(value, dtypes.as_dtype(dtype) if dtype is not None else None, "value")
