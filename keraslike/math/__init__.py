"""`tf.math`: element-wise math, reductions, comparisons (see `keraslike/_src/ops/`)."""

# ruff: noqa: F401, I001
from keraslike._src.ops.math import (
    abs, acos, acosh, add, add_n, asin, asinh, atan, atan2, atanh, cast, ceil, conj, cos, cosh, divide,
    divide_no_nan, equal, erf, exp, expm1, floor, floordiv, floormod, greater, greater_equal, imag, is_finite, is_inf,
    is_nan, less, less_equal, lgamma, log, log1p, log_sigmoid, logical_and, logical_not, logical_or, logical_xor,
    maximum,
    minimum, mod, multiply, multiply_no_nan, negative, not_equal, pow, real, reciprocal, round, rsqrt,
    scalar_mul, sigmoid, sign, sin, sinh, softplus, softsign, sqrt, square, squared_difference, subtract,
    tan, tanh, tensordot, truediv, truncatemod, xdivy,
)
from keraslike._src.ops.math import matmul, truncatediv
from keraslike._src.ops.nn import l2_normalize
from keraslike._src.ops.reduction import (
    argmax, argmin, count_nonzero, cumprod, cumsum, reduce_all, reduce_any, reduce_logsumexp, reduce_max,
    reduce_mean, reduce_min, reduce_prod, reduce_std, reduce_sum, reduce_variance, top_k,
)
from keraslike._src.ops.math_special import (
    accumulate_n, angle, bessel_i0, bessel_i0e, bessel_i1, bessel_i1e, bincount, confusion_matrix,
    cumulative_logsumexp, digamma, erfc, erfcinv, erfinv, igamma, igammac, in_top_k, invert_permutation,
    is_non_decreasing, is_strictly_increasing, lbeta, ndtri, nextafter, polygamma, polyval, reciprocal_no_nan,
    reduce_euclidean_norm, rint, xlog1py, xlogy, zero_fraction, zeta,
)
from keraslike._src.ops.segment_ops import (
    segment_max, segment_mean, segment_min, segment_prod, segment_sum, unsorted_segment_max, unsorted_segment_mean,
    unsorted_segment_min, unsorted_segment_prod, unsorted_segment_sqrt_n, unsorted_segment_sum,
)
from keraslike._src.ops.nn import log_softmax, softmax
from keraslike._src.ops.reduction import approx_max_k, approx_min_k
from keraslike.math import special
