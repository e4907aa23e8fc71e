"""`tf.experimental.numpy` (`import tensorflow.experimental.numpy as tnp`): numpy's API on keraslike's tensors.

`tnp.ndarray` is the tensor type. Implemented in `keraslike/_src/numpy/`.
"""

# ruff: noqa: F401, A004

from keraslike._src.numpy.array_ops import (
    arange, array, asanyarray, asarray, ascontiguousarray, atleast_1d, atleast_2d, broadcast_to, clip, concatenate,
    copy, diag, diagonal, dstack, e, empty, empty_like, expand_dims, eye, flip, full, full_like, hstack, identity,
    inf, linspace, logspace, meshgrid, moveaxis, nan, ndarray, ndim, newaxis, nonzero, ones, ones_like, pi, ravel,
    repeat, reshape, roll, shape, size, sort, split, squeeze, stack, swapaxes, take, take_along_axis, tile, trace,
    transpose, vstack, where, zeros, zeros_like, argsort,
)
from keraslike._src.numpy.math_ops import (
    abs, absolute, add, all, allclose, amax, amin, angle, any, arccos, arccosh, arcsin, arcsinh, arctan, arctan2,
    arctanh, argmax, argmin, around, array_equal, average, bitwise_and, bitwise_not, bitwise_or, bitwise_xor, cbrt,
    ceil, conj, conjugate, cos, cosh, count_nonzero, cross, cumprod, cumsum, deg2rad, degrees, diff, divide, dot,
    einsum, equal, exp, exp2, expm1, fix, float_power, floor, floor_divide, fmod, greater, greater_equal, heaviside,
    hypot, imag, inner, invert, isclose, isfinite, isinf, isnan, kron, less, less_equal, log, log1p, log2, log10,
    logaddexp, logical_and, logical_not, logical_or, logical_xor, matmul, max, maximum, mean, median, min, minimum,
    mod, multiply, negative, not_equal, outer, positive, power, prod, ptp, rad2deg, radians, real, reciprocal,
    remainder, rint, round, sign, sin, sinc, sinh, sqrt, square, std, subtract, sum, tan, tanh, tensordot,
    true_divide, var, vdot,
)
from keraslike._src.numpy.np_config import experimental_enable_numpy_behavior
from keraslike._src.numpy.np_dtypes import (
    bool_, complex64, complex128, complex_, finfo, float16, float32, float64, float_, iinfo, inexact, int8, int16,
    int32, int64, int_, issubdtype, object_, promote_types, result_type, string_, uint8, uint16, uint32, uint64,
    unicode_,
)
from keraslike.experimental.numpy import random
