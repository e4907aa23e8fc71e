"""TF's special functions and less common element-wise math (`tf.math.*`, `tf.math.special.*`) over torch.special.

Mirrors tensorflow/python/ops/math_ops.py and special_math_ops.py: float inputs only where TF
requires them (TypeError otherwise), results in the input's dtype. Binary ops broadcast as TF does.
"""

import torch

from keraslike._src.ops.conversion import binary_operands, to_tensor
from keraslike._src.ops.math import _require_float, _unary


def _binary(tf_name, fn, doc):
    def op(x, y, name=None):
        a, b = binary_operands(x, y, tf_name, "x", "y")
        _require_float(a, tf_name)
        return fn(a, b)

    op.__name__ = op.__qualname__ = tf_name.rsplit(".", 1)[-1]
    op.__doc__ = f"`{tf_name}(x, y)`: {doc}\n\nRaises:\n    TypeError: for integer or bool inputs (TF's rule)."
    return op


def _rint(x):
    return torch.round(x)  # torch rounds halves to even, as rint


erfc = _unary("tf.math.erfc", torch.special.erfc, "float", "complementary error function 1 - erf(x).")
erfinv = _unary("tf.math.erfinv", torch.special.erfinv, "float", "inverse error function.")
erfcinv = _unary("tf.math.erfcinv", lambda x: torch.special.erfinv(1.0 - x), "float",
                 "inverse complementary error function.")
ndtri = _unary("tf.math.ndtri", torch.special.ndtri, "float", "inverse of the standard normal CDF.")
def _digamma(x):
    poles = (x <= 0) & (x == torch.floor(x))  # TF gives NaN at 0 and the negative integers (torch: -inf at 0)
    return torch.where(poles, torch.full_like(x, float("nan")), torch.special.digamma(x))


digamma = _unary("tf.math.digamma", _digamma, "float", "the logarithmic derivative of Gamma (NaN at its poles).")
rint = _unary("tf.math.rint", _rint, "float", "nearest integer, halves to even.")
bessel_i0 = _unary("tf.math.bessel_i0", torch.special.i0, "float", "modified Bessel function of order 0.")
bessel_i0e = _unary("tf.math.bessel_i0e", torch.special.i0e, "float", "exponentially scaled bessel_i0.")
bessel_i1 = _unary("tf.math.bessel_i1", torch.special.i1, "float", "modified Bessel function of order 1.")
bessel_i1e = _unary("tf.math.bessel_i1e", torch.special.i1e, "float", "exponentially scaled bessel_i1.")
bessel_j0 = _unary("tf.math.special.bessel_j0", torch.special.bessel_j0, "float", "Bessel function J0.")
bessel_j1 = _unary("tf.math.special.bessel_j1", torch.special.bessel_j1, "float", "Bessel function J1.")
bessel_y0 = _unary("tf.math.special.bessel_y0", torch.special.bessel_y0, "float", "Bessel function Y0.")
bessel_y1 = _unary("tf.math.special.bessel_y1", torch.special.bessel_y1, "float", "Bessel function Y1.")
bessel_k0 = _unary("tf.math.special.bessel_k0", torch.special.modified_bessel_k0, "float",
                   "modified Bessel function K0.")
bessel_k1 = _unary("tf.math.special.bessel_k1", torch.special.modified_bessel_k1, "float",
                   "modified Bessel function K1.")
bessel_k0e = _unary("tf.math.special.bessel_k0e", torch.special.scaled_modified_bessel_k0, "float",
                    "exponentially scaled bessel_k0.")
bessel_k1e = _unary("tf.math.special.bessel_k1e", torch.special.scaled_modified_bessel_k1, "float",
                    "exponentially scaled bessel_k1.")
reciprocal_no_nan = _unary("tf.math.reciprocal_no_nan",
                           lambda x: torch.where(x == 0, torch.zeros_like(x), 1.0 / torch.where(x == 0,
                                                                                               torch.ones_like(x), x)),
                           "float", "1 / x, and 0 where x is 0.")


def _angle(x):
    return torch.angle(x) if x.is_complex() else torch.where(x < 0, torch.full_like(x, torch.pi), torch.zeros_like(x))


angle = _unary("tf.math.angle", _angle, "float", "the complex argument (0 or pi for real inputs).")

xlogy = _binary("tf.math.xlogy", torch.special.xlogy, "x * log(y), and 0 where x is 0.")
xlog1py = _binary("tf.math.xlog1py", torch.special.xlog1py, "x * log1p(y), and 0 where x is 0.")
zeta = _binary("tf.math.zeta", torch.special.zeta, "the Hurwitz zeta function zeta(x, q) (y is q).")
igamma = _binary("tf.math.igamma", torch.special.gammainc, "the regularized lower incomplete gamma P(a, x).")
igammac = _binary("tf.math.igammac", torch.special.gammaincc, "the regularized upper incomplete gamma Q(a, x).")
nextafter = _binary("tf.math.nextafter", torch.nextafter, "the next representable value after x towards y.")


def polygamma(a, x, name=None):
    """`tf.math.polygamma(a, x)`: the `a`-th derivative of digamma at `x` (`a` a non-negative integer value).

    Raises:
        TypeError: for integer or bool inputs (TF requires floats for both).
    """
    order, value = binary_operands(a, x, "tf.math.polygamma", "a", "x")
    _require_float(value, "tf.math.polygamma")
    orders = order.to(torch.int64)
    out = torch.empty_like(value.expand(torch.broadcast_shapes(order.shape, value.shape)).contiguous())
    flat_orders, flat_values = orders.expand(out.shape).reshape(-1), value.expand(out.shape).reshape(-1)
    flat = out.view(-1)
    for n in flat_orders.unique().tolist():
        sel = flat_orders == n
        flat[sel] = torch.special.polygamma(int(n), flat_values[sel]) if n >= 0 else float("nan")
    return out


def lbeta(x, name=None):
    """`tf.math.lbeta(x)`: `log(|Beta(x)|)` over the last axis, `sum(lgamma(x)) - lgamma(sum(x))`.

    Raises:
        TypeError: for integer or bool inputs.
    """
    t = to_tensor(x, None, "x")
    _require_float(t, "tf.math.lbeta")
    return torch.lgamma(t).sum(-1) - torch.lgamma(t.sum(-1))
