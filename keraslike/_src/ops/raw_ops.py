"""`tf.raw_ops`: TF's generated op functions, as a face over keraslike's ops.

Each raw op takes TF's own argument names, keyword-only (TF raises `TypeError: add only takes keyword args ...`
for a positional argument), with TF's defaults, and computes what the op computes: `tf.raw_ops.Sum(input=x,
axis=0)` is `tf.reduce_sum`, `ComplexAbs(x=z, Tout=tf.float32)` is `tf.abs` of a complex tensor. The ops here are
the ones programs and TF's docstrings reach for (tests/golden/raw_ops_names.txt, signatures checked against TF's).

Example:
    >>> tf.raw_ops.AddV2(x=1, y=2)                      # tensor(3, dtype=torch.int32)
    >>> tf.raw_ops.SegmentMaxV2(data=c, segment_ids=[0, 0, 1], num_segments=2)
"""

import inspect
import re

import torch

from keraslike._src import errors
from keraslike._src.autodiff.gradient_tape import stop_gradient
from keraslike._src.ops import array, creation, dtypes, indexing, nn, reduction, segment_ops
from keraslike._src.ops import math as m
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ops.math_special import xlogy
from keraslike._src.image.distorted_bounding_box import stateless_sample_distorted_bounding_box

_REQUIRED = inspect.Parameter.empty
__all__ = []


def _snake(name):
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def _raw_op(op_name, params, impl):
    """Register `tf.raw_ops.<op_name>`: keyword-only `params` [(name, default or _REQUIRED)] plus `name`, calling
    `impl(**arguments)`."""
    keys = [p for p, _ in params] + ["name"]
    snake = _snake(op_name)

    def op(*args, **kwargs):
        if args:
            raise TypeError(f"{snake} only takes keyword args (possible keys: {keys}). Please pass these args as "
                            "kwargs instead.")
        unknown = [k for k in kwargs if k not in keys]
        if unknown:
            raise TypeError(f"{snake}() got an unexpected keyword argument '{unknown[0]}'")
        values = {}
        for p, default in params:
            if p in kwargs:
                values[p] = kwargs[p]
            elif default is _REQUIRED:
                raise TypeError(f"{snake}() missing 1 required keyword argument: '{p}'")
            else:
                values[p] = default
        return impl(**values)

    op.__name__ = op.__qualname__ = op_name
    op.__doc__ = (f"`tf.raw_ops.{op_name}({', '.join(keys)})`: TF's `{op_name}` op (keyword arguments only).")
    op.__signature__ = inspect.Signature(
        [inspect.Parameter(p, inspect.Parameter.KEYWORD_ONLY, default=d) for p, d in params]
        + [inspect.Parameter("name", inspect.Parameter.KEYWORD_ONLY, default=None)])
    globals()[op_name] = op
    __all__.append(op_name)
    return op


def _unary(op_name, fn, arg="x"):
    _raw_op(op_name, [(arg, _REQUIRED)], lambda **a: fn(a[arg]))


def _binary(op_name, fn):
    _raw_op(op_name, [("x", _REQUIRED), ("y", _REQUIRED)], lambda x, y: fn(x, y))


def _axis_list(axis):
    a = to_tensor(axis, None, "axis")
    return a.tolist() if a.dim() else int(a)


def _reduce(op_name, fn):
    _raw_op(op_name, [("input", _REQUIRED), ("axis", _REQUIRED), ("keep_dims", False)],
            lambda input, axis, keep_dims: fn(input, axis=_axis_list(axis), keepdims=bool(keep_dims)))


def _check_tout(op_name, x, tout):
    real = {torch.complex64: torch.float32, torch.complex128: torch.float64}.get(x.dtype, x.dtype)
    tout = dtypes.as_dtype(tout)
    if tout != real:
        raise errors.InvalidArgumentError(
            f"`{op_name}` of a {dtypes.dtype_name(x.dtype)} tensor has dtype {dtypes.dtype_name(real)}. "
            f"Received: Tout={dtypes.dtype_name(tout)}")


def _complex_part(op_name, fn):
    def impl(input, Tout):
        x = to_tensor(input, None, "input")
        _check_tout(op_name, x, Tout)
        return fn(x)
    _raw_op(op_name, [("input", _REQUIRED), ("Tout", torch.float32)], impl)


def _complex_abs(x, Tout):
    z = to_tensor(x, None, "x")
    if not z.is_complex():
        raise TypeError(f"`ComplexAbs` takes a complex64 or complex128 `x`. Received: x.dtype={z.dtype}")
    _check_tout("ComplexAbs", z, Tout)
    return m.abs(z)


def _complex(real, imag, Tout):
    out = m.complex(real, imag)
    if out.dtype != dtypes.as_dtype(Tout):
        raise errors.InvalidArgumentError(f"`Complex` of {dtypes.dtype_name(out.real.dtype)} parts is "
                                          f"{dtypes.dtype_name(out.dtype)}. Received: Tout={Tout}")
    return out


def _cast(x, DstT, Truncate):
    if Truncate:
        raise NotImplementedError("`Cast(Truncate=True)` (truncating narrowing float casts) is not implemented by "
                                  "keraslike. Received: Truncate=True")
    return m.cast(x, DstT)


def _bad_indices(policy, op_name):
    if policy not in ("", "DEFAULT", "ERROR"):
        raise NotImplementedError(f"`{op_name}` supports bad_indices_policy '' (raise on a bad index). "
                                  f"Received: bad_indices_policy={policy!r}")


def _compare(fn, incompatible_value):
    def impl(x, y, incompatible_shape_error):
        if not incompatible_shape_error:
            a, b = to_tensor(x, None, "x"), to_tensor(y, None, "y")
            try:
                torch.broadcast_shapes(a.shape, b.shape)
            except RuntimeError:
                return torch.tensor(incompatible_value)
        return fn(x, y)
    return impl


def _select(condition, x, y):
    c, t = to_tensor(condition, torch.bool, "condition"), to_tensor(x, None, "x")
    if c.dim() == 1 and t.dim() > 1:  # TF1's Select: a vector condition picks whole rows
        c = c.reshape(-1, *([1] * (t.dim() - 1)))
    elif c.shape != t.shape:
        raise errors.InvalidArgumentError(f"`Select` needs `condition` of `x`'s shape or a vector of its first "
                                          f"dimension. Received: condition.shape={list(c.shape)}, "
                                          f"x.shape={list(t.shape)}")
    return indexing.where(c, x, y)


def _unpack(value, num, axis):
    parts = array.unstack(value, axis=axis)
    if len(parts) != int(num):
        raise errors.InvalidArgumentError(f"`Unpack` along axis {axis} gives {len(parts)} tensors. "
                                          f"Received: num={num}")
    return parts


def _sorted_segments(fn):
    def impl(data, segment_ids, num_segments):
        ids = to_tensor(segment_ids, None, "segment_ids")
        # XLA's kernel (what `jit_compile=True` runs; torch.compile here) does not check the order
        if not torch.compiler.is_compiling() and ids.numel() > 1 and bool((ids[1:] < ids[:-1]).any()):
            raise errors.InvalidArgumentError("segment ids are not increasing. Received: segment_ids="
                                              f"{ids.tolist()}")
        return fn(data, ids, num_segments)
    return impl


def _matmul(a, b, transpose_a, transpose_b, grad_a, grad_b):
    # grad_a/grad_b only tell TF's kernel the product is part of a gradient; the value is the same
    return m.matmul(a, b, transpose_a=transpose_a, transpose_b=transpose_b)


def _batch_matmul(x, y, adj_x, adj_y, grad_x, grad_y):
    return m.matmul(x, y, adjoint_a=adj_x, adjoint_b=adj_y)


for _name, _fn in [("Abs", m.abs), ("Acos", m.acos), ("Asin", m.asin), ("Atan", m.atan), ("Ceil", m.ceil),
                   ("Cos", m.cos), ("Cosh", m.cosh), ("Erf", m.erf), ("Exp", m.exp), ("Expm1", m.expm1),
                   ("Floor", m.floor), ("Log", m.log), ("Log1p", m.log1p), ("LogicalNot", m.logical_not),
                   ("Neg", m.negative), ("Reciprocal", m.reciprocal), ("Round", m.round), ("Rsqrt", m.rsqrt),
                   ("Sigmoid", m.sigmoid), ("Sign", m.sign), ("Sin", m.sin), ("Sinh", m.sinh), ("Sqrt", m.sqrt),
                   ("Square", m.square), ("Tan", m.tan), ("Tanh", m.tanh), ("OnesLike", creation.ones_like),
                   ("ZerosLike", creation.zeros_like)]:
    _unary(_name, _fn)
for _name, _fn in [("Elu", nn.elu), ("Relu", nn.relu), ("Relu6", nn.relu6), ("Selu", nn.selu),
                   ("Softplus", m.softplus), ("Softsign", m.softsign)]:
    _unary(_name, _fn, "features")
for _name, _fn in [("Identity", array.identity), ("StopGradient", stop_gradient), ("Conj", m.conj),
                   ("Rank", array.rank)]:
    _unary(_name, _fn, "input")
_unary("L2Loss", nn.l2_loss, "t")
_unary("Softmax", nn.softmax, "logits")
_unary("LogSoftmax", nn.log_softmax, "logits")
_unary("Where", indexing.where, "condition")
for _name, _fn in [("Add", m.add), ("AddV2", m.add), ("Atan2", None), ("Div", m.divide), ("DivNoNan", m.divide_no_nan),
                   ("FloorDiv", m.floordiv), ("FloorMod", m.floormod), ("Greater", m.greater),
                   ("GreaterEqual", m.greater_equal), ("Less", m.less), ("LessEqual", m.less_equal),
                   ("LogicalAnd", m.logical_and), ("LogicalOr", m.logical_or), ("Maximum", m.maximum),
                   ("Minimum", m.minimum), ("Mod", m.mod), ("Mul", m.multiply), ("Pow", m.pow),
                   ("RealDiv", m.realdiv), ("SquaredDifference", m.squared_difference), ("Sub", m.subtract),
                   ("TruncateDiv", m.truncatediv), ("Xdivy", m.xdivy), ("Xlogy", xlogy)]:
    if _fn is not None:
        _binary(_name, _fn)
_raw_op("Atan2", [("y", _REQUIRED), ("x", _REQUIRED)], lambda y, x: m.atan2(y, x))
for _name, _fn in [("All", reduction.reduce_all), ("Any", reduction.reduce_any), ("Max", reduction.reduce_max),
                   ("Mean", reduction.reduce_mean), ("Min", reduction.reduce_min), ("Prod", reduction.reduce_prod),
                   ("Sum", reduction.reduce_sum)]:
    _reduce(_name, _fn)
_raw_op("Equal", [("x", _REQUIRED), ("y", _REQUIRED), ("incompatible_shape_error", True)],
        _compare(m.equal, False))
_raw_op("NotEqual", [("x", _REQUIRED), ("y", _REQUIRED), ("incompatible_shape_error", True)],
        _compare(m.not_equal, True))
_raw_op("AddN", [("inputs", _REQUIRED)], lambda inputs: m.add_n(inputs))
for _name, _fn in [("ArgMax", reduction.argmax), ("ArgMin", reduction.argmin)]:
    _raw_op(_name, [("input", _REQUIRED), ("dimension", _REQUIRED), ("output_type", torch.int64)],
            lambda input, dimension, output_type, _fn=_fn: _fn(input, axis=int(to_tensor(dimension, None, "dimension")),
                                                                output_type=output_type))
_raw_op("MatMul", [("a", _REQUIRED), ("b", _REQUIRED), ("transpose_a", False), ("transpose_b", False),
                   ("grad_a", False), ("grad_b", False)], _matmul)
_raw_op("BatchMatMulV2", [("x", _REQUIRED), ("y", _REQUIRED), ("adj_x", False), ("adj_y", False), ("grad_x", False),
                          ("grad_y", False)], _batch_matmul)
_raw_op("BiasAdd", [("value", _REQUIRED), ("bias", _REQUIRED), ("data_format", "NHWC")],
        lambda value, bias, data_format: nn.bias_add(value, bias, data_format=data_format))
_raw_op("BroadcastTo", [("input", _REQUIRED), ("shape", _REQUIRED)],
        lambda input, shape: array.broadcast_to(input, shape))
_raw_op("Cast", [("x", _REQUIRED), ("DstT", _REQUIRED), ("Truncate", False)], _cast)
_raw_op("Complex", [("real", _REQUIRED), ("imag", _REQUIRED), ("Tout", torch.complex64)], _complex)
_raw_op("ComplexAbs", [("x", _REQUIRED), ("Tout", torch.float32)], _complex_abs)
_complex_part("Real", m.real)
_complex_part("Imag", m.imag)
_raw_op("ConcatV2", [("values", _REQUIRED), ("axis", _REQUIRED)], lambda values, axis: array.concat(values, axis))
for _name, _fn in [("Cumsum", reduction.cumsum), ("Cumprod", reduction.cumprod)]:
    _raw_op(_name, [("x", _REQUIRED), ("axis", _REQUIRED), ("exclusive", False), ("reverse", False)],
            lambda x, axis, exclusive, reverse, _fn=_fn: _fn(x, axis=axis, exclusive=exclusive, reverse=reverse))
_raw_op("Einsum", [("inputs", _REQUIRED), ("equation", _REQUIRED)],
        lambda inputs, equation: m.einsum(equation, *inputs))
_raw_op("ExpandDims", [("input", _REQUIRED), ("axis", _REQUIRED)], lambda input, axis: array.expand_dims(input, axis))
_raw_op("Fill", [("dims", _REQUIRED), ("value", _REQUIRED)], lambda dims, value: creation.fill(dims, value))


def _gather_nd(params, indices, bad_indices_policy):
    _bad_indices(bad_indices_policy, "GatherNd")
    return indexing.gather_nd(params, indices)


_raw_op("GatherNd", [("params", _REQUIRED), ("indices", _REQUIRED), ("bad_indices_policy", "")], _gather_nd)
_raw_op("GatherV2", [("params", _REQUIRED), ("indices", _REQUIRED), ("axis", _REQUIRED), ("batch_dims", 0)],
        lambda params, indices, axis, batch_dims: indexing.gather(params, indices, axis=axis, batch_dims=batch_dims))
_raw_op("LeakyRelu", [("features", _REQUIRED), ("alpha", 0.2)],
        lambda features, alpha: nn.leaky_relu(features, alpha=alpha))
_raw_op("OneHot", [("indices", _REQUIRED), ("depth", _REQUIRED), ("on_value", _REQUIRED), ("off_value", _REQUIRED),
                   ("axis", -1)],
        lambda indices, depth, on_value, off_value, axis: creation.one_hot(indices, depth, on_value=on_value,
                                                                            off_value=off_value, axis=axis))
_raw_op("Pack", [("values", _REQUIRED), ("axis", 0)], lambda values, axis: array.stack(values, axis=axis))
_raw_op("Pad", [("input", _REQUIRED), ("paddings", _REQUIRED)], lambda input, paddings: array.pad(input, paddings))
_raw_op("Range", [("start", _REQUIRED), ("limit", _REQUIRED), ("delta", _REQUIRED)],
        lambda start, limit, delta: creation.range(start, limit, delta))
_raw_op("Reshape", [("tensor", _REQUIRED), ("shape", _REQUIRED)], lambda tensor, shape: array.reshape(tensor, shape))
_raw_op("ReverseV2", [("tensor", _REQUIRED), ("axis", _REQUIRED)], lambda tensor, axis: array.reverse(tensor, axis))


def _scatter_nd(indices, updates, shape, bad_indices_policy):
    _bad_indices(bad_indices_policy, "ScatterNd")
    return indexing.scatter_nd(indices, updates, shape)


_raw_op("ScatterNd", [("indices", _REQUIRED), ("updates", _REQUIRED), ("shape", _REQUIRED),
                      ("bad_indices_policy", "")], _scatter_nd)
for _name, _fn in [("SegmentMax", segment_ops.segment_max), ("SegmentMean", segment_ops.segment_mean),
                   ("SegmentMin", segment_ops.segment_min), ("SegmentProd", segment_ops.segment_prod),
                   ("SegmentSum", segment_ops.segment_sum)]:
    _raw_op(_name, [("data", _REQUIRED), ("segment_ids", _REQUIRED)],
            lambda data, segment_ids, _fn=_fn: _fn(data, segment_ids))
# The V2 segment ops (TF registers them for XLA, as in `tf.function(jit_compile=True)`) take `num_segments`:
# empty segments hold the reduction's identity, as the unsorted ops'
for _name, _fn in [("SegmentMaxV2", segment_ops.unsorted_segment_max),
                   ("SegmentMinV2", segment_ops.unsorted_segment_min),
                   ("SegmentProdV2", segment_ops.unsorted_segment_prod),
                   ("SegmentSumV2", segment_ops.unsorted_segment_sum)]:
    _raw_op(_name, [("data", _REQUIRED), ("segment_ids", _REQUIRED), ("num_segments", _REQUIRED)],
            _sorted_segments(_fn))
for _name, _fn in [("UnsortedSegmentMax", segment_ops.unsorted_segment_max),
                   ("UnsortedSegmentMin", segment_ops.unsorted_segment_min),
                   ("UnsortedSegmentProd", segment_ops.unsorted_segment_prod),
                   ("UnsortedSegmentSum", segment_ops.unsorted_segment_sum)]:
    _raw_op(_name, [("data", _REQUIRED), ("segment_ids", _REQUIRED), ("num_segments", _REQUIRED)],
            lambda data, segment_ids, num_segments, _fn=_fn: _fn(data, segment_ids, num_segments))
_raw_op("Select", [("condition", _REQUIRED), ("x", _REQUIRED), ("y", _REQUIRED)], _select)
_raw_op("SelectV2", [("condition", _REQUIRED), ("t", _REQUIRED), ("e", _REQUIRED)],
        lambda condition, t, e: indexing.where(condition, t, e))
for _name, _fn in [("Shape", array.shape), ("Size", array.size)]:
    _raw_op(_name, [("input", _REQUIRED), ("out_type", torch.int32)],
            lambda input, out_type, _fn=_fn: _fn(input, out_type=out_type))
_raw_op("Slice", [("input", _REQUIRED), ("begin", _REQUIRED), ("size", _REQUIRED)],
        lambda input, begin, size: array.slice(input, begin, size))
_raw_op("Squeeze", [("input", _REQUIRED), ("axis", [])],
        lambda input, axis: array.squeeze(input, axis=list(axis) or None))


def _tensor_scatter(fn, op_name):
    def impl(tensor, indices, updates, bad_indices_policy):
        _bad_indices(bad_indices_policy, op_name)
        return fn(tensor, indices, updates)
    return impl


_raw_op("TensorScatterAdd", [("tensor", _REQUIRED), ("indices", _REQUIRED), ("updates", _REQUIRED),
                             ("bad_indices_policy", "")], _tensor_scatter(indexing.tensor_scatter_nd_add,
                                                                          "TensorScatterAdd"))
_raw_op("TensorScatterUpdate", [("tensor", _REQUIRED), ("indices", _REQUIRED), ("updates", _REQUIRED),
                                ("bad_indices_policy", "")], _tensor_scatter(indexing.tensor_scatter_nd_update,
                                                                             "TensorScatterUpdate"))
_raw_op("Tile", [("input", _REQUIRED), ("multiples", _REQUIRED)], lambda input, multiples: array.tile(input, multiples))
_raw_op("TopKV2", [("input", _REQUIRED), ("k", _REQUIRED), ("sorted", True), ("index_type", torch.int32)],
        lambda input, k, sorted, index_type: reduction.top_k(input, k=k, sorted=sorted, index_type=index_type))
_raw_op("Transpose", [("x", _REQUIRED), ("perm", _REQUIRED)], lambda x, perm: array.transpose(x, perm))
_raw_op("Unpack", [("value", _REQUIRED), ("num", _REQUIRED), ("axis", 0)], _unpack)
_raw_op("StatelessSampleDistortedBoundingBox",
        [("image_size", _REQUIRED), ("bounding_boxes", _REQUIRED), ("min_object_covered", _REQUIRED),
         ("seed", _REQUIRED), ("aspect_ratio_range", [0.75, 1.33]), ("area_range", [0.05, 1]),
         ("max_attempts", 100), ("use_image_if_no_bounding_boxes", False)],
        stateless_sample_distorted_bounding_box)
