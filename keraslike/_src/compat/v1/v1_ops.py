"""TF1 op names and signatures (`tf.log`, `tf.random_normal`, `tf.reduce_sum(keep_dims=...)`, `tf.to_float`, ...).

Mirrors the TF1 spellings in `tensorflow/python/ops/*_ops.py` (`@deprecated_args`, `reduction_indices`,
`keep_dims`, `keep_prob`). Each computes with the TF2 op and, like it, records a graph op in graph mode.
"""

import collections

import torch

from keraslike._src import errors
from keraslike._src.graph.dispatch import graph_op
from keraslike._src.ops import dtypes, string_array_ops
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ops.string_tensor import has_strings
from keraslike._src.ops import math as math_ops
from keraslike._src.ops import nn as nn_ops
from keraslike._src.ops import math_special, nn_conv, random, reduction, script_ops, space_batch


def _axis(axis, reduction_indices, name):
    if reduction_indices is not None:
        if axis is not None:
            raise ValueError(f"Can not specify both 'axis' and 'reduction_indices' in {name}. "
                             f"Received: axis={axis!r}, reduction_indices={reduction_indices!r}")
        return reduction_indices
    return axis


def _keepdims(keepdims, keep_dims, name):
    if keep_dims is not None:
        if keepdims is not None:
            raise ValueError(f"Can not specify both 'keepdims' and 'keep_dims' in {name}. "
                             f"Received: keepdims={keepdims!r}, keep_dims={keep_dims!r}")
        return bool(keep_dims)
    return bool(keepdims)


def _reduce_v1(fn, public):
    def reduce(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None, keep_dims=None):
        return fn(input_tensor, _axis(axis, reduction_indices, public), _keepdims(keepdims, keep_dims, public))
    reduce.__name__ = public
    reduce.__doc__ = f"`tf.compat.v1.{public}(input_tensor, axis=None, keepdims=None, name=None, " \
                     "reduction_indices=None, keep_dims=None)`: the TF2 reduction with TF1's argument names."
    return graph_op(reduce, public)


reduce_sum = _reduce_v1(reduction.reduce_sum, "reduce_sum")
reduce_mean = _reduce_v1(reduction.reduce_mean, "reduce_mean")
reduce_max = _reduce_v1(reduction.reduce_max, "reduce_max")
reduce_min = _reduce_v1(reduction.reduce_min, "reduce_min")
reduce_prod = _reduce_v1(reduction.reduce_prod, "reduce_prod")
reduce_all = _reduce_v1(reduction.reduce_all, "reduce_all")
reduce_any = _reduce_v1(reduction.reduce_any, "reduce_any")
reduce_logsumexp = _reduce_v1(reduction.reduce_logsumexp, "reduce_logsumexp")


def _argm(fn, public):
    def arg(input, axis=None, name=None, dimension=None, output_type=torch.int64):  # noqa: A002
        axis = _axis(axis, dimension, public)
        return fn(input, 0 if axis is None else axis, output_type)
    arg.__name__ = public
    arg.__doc__ = f"`tf.compat.v1.{public}(input, axis=None, name=None, dimension=None, output_type=tf.int64)`."
    return graph_op(arg, "ArgMax" if "max" in public else "ArgMin")


argmax = _argm(reduction.argmax, "argmax")
argmin = _argm(reduction.argmin, "argmin")
arg_max = _argm(reduction.argmax, "arg_max")
arg_min = _argm(reduction.argmin, "arg_min")


def _cast_to(dtype, public):
    def cast(x, name=None):
        return math_ops.cast(x, dtype)
    cast.__name__ = public
    cast.__doc__ = f"`tf.compat.v1.{public}(x)`: `tf.cast(x, {dtype})`."
    return graph_op(cast, "Cast")


to_float = _cast_to(torch.float32, "to_float")
to_double = _cast_to(torch.float64, "to_double")
to_int32 = _cast_to(torch.int32, "to_int32")
to_int64 = _cast_to(torch.int64, "to_int64")
to_bfloat16 = _cast_to(torch.bfloat16, "to_bfloat16")
log = graph_op(math_ops.log, "Log")
div = graph_op(math_ops.divide, "div")
squared_difference = graph_op(math_ops.squared_difference, "SquaredDifference")


@graph_op
def random_normal(shape, mean=0.0, stddev=1.0, dtype=torch.float32, seed=None, name=None):
    """`tf.compat.v1.random_normal`: `tf.random.normal`."""
    return random.normal(shape, mean, stddev, dtype, seed)


@graph_op
def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=torch.float32, seed=None, name=None):
    """`tf.compat.v1.truncated_normal`: `tf.random.truncated_normal`."""
    return random.truncated_normal(shape, mean, stddev, dtype, seed)


@graph_op
def random_uniform(shape, minval=0, maxval=None, dtype=torch.float32, seed=None, name=None):
    """`tf.compat.v1.random_uniform`: `tf.random.uniform`."""
    return random.uniform(shape, minval, maxval, dtype, seed)


def set_random_seed(seed):
    """`tf.compat.v1.set_random_seed(seed)`: the global seed (`tf.random.set_seed`)."""
    random.set_seed(seed)


# ---- tf.compat.v1.nn --------------------------------------------------------------------------------------
def _v1_dropout(x, keep_prob=None, noise_shape=None, seed=None, name=None, rate=None):
    """`tf.compat.v1.nn.dropout(x, keep_prob)`: TF1's form (`rate = 1 - keep_prob`).

    Raises:
        ValueError: if both or neither of `keep_prob` and `rate` are given.
    """
    if (keep_prob is None) == (rate is None):
        raise ValueError("You must provide exactly one of `keep_prob` or `rate`. "
                         f"Received: keep_prob={keep_prob!r}, rate={rate!r}")
    if rate is None:
        rate = 1 - keep_prob
    return nn_ops.dropout(x, rate, noise_shape, seed)


dropout = graph_op(_v1_dropout, "dropout")


def _v1_softmax_xent(_sentinel=None, labels=None, logits=None, dim=-1, name=None, axis=None):
    if _sentinel is not None:
        raise ValueError("Only call softmax_cross_entropy_with_logits with named arguments (labels=..., "
                         f"logits=..., ...). Received: _sentinel={_sentinel!r}")
    return nn_ops.softmax_cross_entropy_with_logits(labels, logits, dim if axis is None else axis)


softmax_cross_entropy_with_logits = graph_op(_v1_softmax_xent, "softmax_cross_entropy_with_logits")
softmax_cross_entropy_with_logits_v2 = graph_op(_v1_softmax_xent, "softmax_cross_entropy_with_logits")


def _v1_sparse_xent(_sentinel=None, labels=None, logits=None, name=None):
    if _sentinel is not None:
        raise ValueError("Only call sparse_softmax_cross_entropy_with_logits with named arguments. "
                         f"Received: _sentinel={_sentinel!r}")
    return nn_ops.sparse_softmax_cross_entropy_with_logits(labels, logits)


sparse_softmax_cross_entropy_with_logits = graph_op(_v1_sparse_xent, "SparseSoftmaxCrossEntropyWithLogits")


def _v1_conv2d(input, filter=None, strides=None, padding=None, use_cudnn_on_gpu=True,  # noqa: A002
               data_format="NHWC", dilations=(1, 1, 1, 1), name=None, filters=None):
    return nn_conv.conv2d(input, filter if filters is None else filters, strides, padding, data_format, dilations)


conv2d = graph_op(_v1_conv2d, "Conv2D")


def _v1_max_pool(value, ksize, strides, padding, data_format="NHWC", name=None, input=None):  # noqa: A002
    return nn_conv.max_pool2d(value if input is None else input, ksize, strides, padding, data_format)


def _v1_avg_pool(value, ksize, strides, padding, data_format="NHWC", name=None, input=None):  # noqa: A002
    return nn_conv.avg_pool2d(value if input is None else input, ksize, strides, padding, data_format)


max_pool = graph_op(_v1_max_pool, "MaxPool")
avg_pool = graph_op(_v1_avg_pool, "AvgPool")


def assign(ref, value, validate_shape=None, use_locking=None, name=None):
    """`tf.compat.v1.assign(ref, value)`: `ref.assign(value)`."""
    return ref.assign(value, name=name)


def assign_add(ref, value, use_locking=None, name=None):
    """`tf.compat.v1.assign_add(ref, value)`."""
    return ref.assign_add(value, name=name)


def assign_sub(ref, value, use_locking=None, name=None):
    """`tf.compat.v1.assign_sub(ref, value)`."""
    return ref.assign_sub(value, name=name)


def _py_func(func, inp, Tout, stateful=True, name=None):  # noqa: N803 - TF's argument name
    return script_ops.numpy_function(func, inp, Tout, stateful)


py_func = graph_op(_py_func, "PyFunc")
py_func.__doc__ = "`tf.compat.v1.py_func(func, inp, Tout)`: `tf.numpy_function` (a graph op in graph mode)."

_QUEUE_HINT = ("TF1 queue-based input pipelines (queue runners, string_input_producer, tf.train.batch, "
               "FIFOQueue) are not supported by keraslike: build the pipeline with tf.data "
               "(tf.data.Dataset.from_tensor_slices / TFRecordDataset ... .batch()) and read it with "
               "dataset.make_one_shot_iterator().get_next().")


def _queue_unsupported(public):
    def unsupported(*args, **kwargs):
        raise NotImplementedError(f"{_QUEUE_HINT} Received: a call of tf.compat.v1.{public}")
    unsupported.__name__ = public.rsplit(".", 1)[-1]
    unsupported.__doc__ = f"`tf.compat.v1.{public}`: not supported; raises naming tf.data."
    return unsupported


start_queue_runners = _queue_unsupported("train.start_queue_runners")
string_input_producer = _queue_unsupported("train.string_input_producer")
slice_input_producer = _queue_unsupported("train.slice_input_producer")
input_producer = _queue_unsupported("train.input_producer")
batch = _queue_unsupported("train.batch")
shuffle_batch = _queue_unsupported("train.shuffle_batch")
QueueRunner = _queue_unsupported("train.QueueRunner")
FIFOQueue = _queue_unsupported("FIFOQueue")
RandomShuffleQueue = _queue_unsupported("RandomShuffleQueue")


# ---- TF1 argument orders that differ from TF2's (the TF2 function would silently swap them) ----------------
def _v1_in_top_k(predictions, targets, k, name=None):
    return math_special.in_top_k(targets, predictions, k)


in_top_k = graph_op(_v1_in_top_k, "InTopKV2")
in_top_k.__doc__ = "`tf.compat.v1.nn.in_top_k(predictions, targets, k)`: TF1's argument order."


def _v1_poisson(lam, shape, dtype=torch.float32, seed=None, name=None):
    return random.poisson(shape, lam, dtype, seed)


random_poisson = graph_op(_v1_poisson, "RandomPoisson")
random_poisson.__doc__ = "`tf.compat.v1.random.poisson(lam, shape, ...)`: TF1's argument order."


def _v1_space_to_batch(input, paddings, block_size=None, name=None, block_shape=None):  # noqa: A002
    if (block_size is None) == (block_shape is None):
        raise ValueError("Exactly one of block_size and block_shape must be given. "
                         f"Received: block_size={block_size!r}, block_shape={block_shape!r}")
    if block_shape is None:
        block_shape = [block_size, block_size]
    return space_batch.space_to_batch_nd(input, block_shape, paddings)


def _v1_batch_to_space(input, crops, block_size, name=None, block_shape=None):  # noqa: A002
    if block_shape is None:
        block_shape = [block_size, block_size]
    return space_batch.batch_to_space(input, block_shape, crops)


space_to_batch = graph_op(_v1_space_to_batch, "SpaceToBatchND")
space_to_batch.__doc__ = "`tf.compat.v1.space_to_batch(input, paddings, block_size)`: TF1's argument order."
batch_to_space = graph_op(_v1_batch_to_space, "BatchToSpaceND")
batch_to_space.__doc__ = "`tf.compat.v1.batch_to_space(input, crops, block_size)`: TF1's argument order."


to_complex64 = _cast_to(torch.complex64, "to_complex64")
to_complex128 = _cast_to(torch.complex128, "to_complex128")
ListDiff = collections.namedtuple("ListDiff", ["out", "idx"])


def setdiff1d(x, y, index_dtype=torch.int32, name=None):
    """`tf.compat.v1.setdiff1d(x, y, index_dtype=tf.int32)`: the entries of 1-D `x` that are not in `y`, in
    `x`'s order with its repeats, and their positions in `x`.

    Returns:
        `ListDiff(out, idx)`: `out` with `x`'s dtype, `idx` of `index_dtype` (int32 or int64).

    Raises:
        InvalidArgumentError: `x` or `y` is not 1-D. TypeError: `index_dtype` is not int32/int64, or `x` and
            `y` differ in dtype.
    """
    index_dtype = dtypes.as_dtype(index_dtype)
    if index_dtype not in (torch.int32, torch.int64):
        raise TypeError(f"`index_dtype` must be int32 or int64. Received: index_dtype={index_dtype}")
    if has_strings(x, y):
        out, idx = string_array_ops.setdiff1d(x, y)
        return ListDiff(out, torch.as_tensor(idx, dtype=index_dtype))
    a = to_tensor(x, None, "x")
    b = to_tensor(y, a.dtype if not isinstance(y, torch.Tensor) else None, "y", a.device)
    if a.dtype != b.dtype:
        raise TypeError(f"`x` and `y` must have the same dtype. Received: x.dtype={dtypes.dtype_name(a.dtype)}, "
                        f"y.dtype={dtypes.dtype_name(b.dtype)}")
    if a.dim() != 1 or b.dim() != 1:
        raise errors.InvalidArgumentError(f"x and y must be vectors. Received: x.shape={list(a.shape)}, "
                                          f"y.shape={list(b.shape)}")
    keep = ~torch.isin(a, b)
    idx = torch.nonzero(keep).reshape(-1)
    return ListDiff(a[idx], idx.to(index_dtype))
