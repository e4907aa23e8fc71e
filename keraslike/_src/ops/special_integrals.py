"""`tf.math.special.dawsn/expint/fresnel_cos/fresnel_sin/spence`: special integrals torch has no kernels for.

Each is computed in float64 from its defining integral or a convergent series, then cast back to the input's
dtype (float16/bfloat16/float32/float64; InvalidArgumentError otherwise, as TF):

- `dawsn(x) = exp(-x^2) * integral_0^x exp(t^2) dt`: composite Gauss-Legendre quadrature of
  `x * integral_0^1 exp(x^2 (s^2 - 1)) ds` for |x| <= 6 (a smooth, non-oscillating integrand), the asymptotic
  series `1/(2x) * sum (2n-1)!! / (2x^2)^n` beyond (truncated before its terms grow; error < 1e-15).
- `fresnel_cos/sin(x) = integral_0^x cos/sin(pi t^2 / 2) dt`: the same quadrature for |x| <= 6 (at most 9
  periods over 32 panels), the auxiliary functions f, g of their asymptotic expansion beyond.
- `expint(x) = Ei(x)` for x > 0 (nan for x < 0, -inf at 0, as TF): the power series `gamma + ln x + sum x^k /
  (k k!)` (all terms positive) for x <= 40, the asymptotic series `e^x / x * sum k! / x^k` beyond.
- `spence(x) = integral_1^x ln t / (1 - t) dt = Li2(1 - x)` for x >= 0 (nan below): the dilogarithm's series on
  |z| <= 1/2 after the reflection, Landen and inversion identities.

Gradients are TF's (tensorflow/python/ops/math_grad.py): `1 - 2 x dawsn(x)`, `e^x / x`, `cos/sin(pi x^2 / 2)`,
`ln x / (1 - x)` (-1 at x = 1).
"""

import math

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ragged.ragged_dispatch import on_flat_values

_EULER_GAMMA = 0.57721566490153286061
_PI2_6 = math.pi ** 2 / 6
_QUAD_LIMIT = 6.0
_CHUNK = 1 << 14  # elements per quadrature pass: bounds the (elements x nodes) temporary


def _panel_rule(panels=32, order=16):
    """Nodes and weights of a composite Gauss-Legendre rule on [0, 1]."""
    x, w = np.polynomial.legendre.leggauss(order)
    edges = np.linspace(0.0, 1.0, panels + 1)
    half = np.diff(edges) / 2
    mid = (edges[:-1] + edges[1:]) / 2
    nodes = (mid[:, None] + half[:, None] * x[None, :]).reshape(-1)
    weights = (half[:, None] * w[None, :]).reshape(-1)
    return nodes, weights


_NODES, _WEIGHTS = _panel_rule()


def _quadrature(y, integrand):
    """`y * integral_0^1 integrand(y, s) ds` for a flat float64 tensor `y`, in chunks."""
    nodes = torch.as_tensor(_NODES, dtype=torch.float64, device=y.device)
    weights = torch.as_tensor(_WEIGHTS, dtype=torch.float64, device=y.device)
    parts = [(integrand(c.unsqueeze(-1), nodes) * weights).sum(-1) * c for c in y.split(_CHUNK)]
    return torch.cat(parts) if parts else y.clone()


def _dawsn64(x):
    y = x.abs().reshape(-1)
    near = y <= _QUAD_LIMIT
    quad = _quadrature(torch.where(near, y, 0.0), lambda v, s: torch.exp(v * v * (s * s - 1.0)))
    far = torch.where(near, _QUAD_LIMIT + 1.0, y)
    t = 1.0 / (2.0 * far * far)
    term, total = torch.ones_like(far), torch.ones_like(far)
    for n in range(1, 36):  # (2n-1) t < 1 for every far |x|: the terms shrink up to here
        term = term * (2 * n - 1) * t
        total = total + term
    out = torch.where(near, quad, total / (2.0 * far))
    return (out * torch.sign(x.reshape(-1))).reshape(x.shape)


def _fresnel64(x, which):
    y = x.abs().reshape(-1)
    near = y <= _QUAD_LIMIT
    trig = torch.cos if which == "cos" else torch.sin
    quad = _quadrature(torch.where(near, y, 0.0), lambda v, s: trig((math.pi / 2) * (v * s) ** 2))
    far = torch.where(near, _QUAD_LIMIT + 1.0, y)
    u = math.pi * far * far  # f and g of the expansion C = 1/2 + f sin(z) - g cos(z), S = 1/2 - f cos(z) - g sin(z)
    a, b = torch.ones_like(far), 1.0 / u
    f, g = a.clone(), b.clone()
    for m in range(1, 14):
        a = a * -((4 * m - 3) * (4 * m - 1)) / (u * u)
        b = b * -((4 * m - 1) * (4 * m + 1)) / (u * u)
        f, g = f + a, g + b
    f, g = f / (math.pi * far), g / (math.pi * far)
    z = (math.pi / 2) * far * far
    if which == "cos":
        asym = 0.5 + f * torch.sin(z) - g * torch.cos(z)
    else:
        asym = 0.5 - f * torch.cos(z) - g * torch.sin(z)
    asym = torch.where(far > 36974.0, 0.5, asym)  # beyond, pi x^2 / 2 has no correct digits left in float64
    out = torch.where(near, quad, asym)
    return (out * torch.sign(x.reshape(-1))).reshape(x.shape)


def _expint64(x):
    pos = x > 0
    near = pos & (x <= 40.0)
    v = torch.where(near, x, 1.0)
    term, total = torch.ones_like(v), torch.zeros_like(v)
    for k in range(1, 121):
        term = term * v / k
        total = total + term / k
    series = _EULER_GAMMA + torch.log(v) + total
    w = torch.where(pos & ~near, x, 41.0)
    term, acc = torch.ones_like(w), torch.ones_like(w)
    for k in range(1, 41):
        term = term * k / w
        acc = acc + term
    asym = torch.exp(w) / w * acc
    out = torch.where(near, series, asym)
    out = torch.where(x == 0, -math.inf, out)
    return torch.where(x < 0, math.nan, out)


def _li2_half(w):
    """Li2(w) = sum w^k / k^2 for |w| <= 1/2."""
    power, total = torch.ones_like(w), torch.zeros_like(w)
    for k in range(1, 56):
        power = power * w
        total = total + power / (k * k)
    return total


def _li2_unit(z):
    """Li2(z) for z in [-1, 1)."""
    low = z < -0.5  # Landen: Li2(z) = -Li2(z / (z - 1)) - ln(1 - z)^2 / 2, z / (z - 1) in (1/3, 1/2]
    high = z > 0.5  # reflection: Li2(z) = pi^2/6 - ln z ln(1 - z) - Li2(1 - z)
    safe_low = torch.where(low, z, -1.0)
    safe_high = torch.where(high, z, 0.75)
    middle = _li2_half(torch.where(low | high, 0.0, z))
    landen = -_li2_half(safe_low / (safe_low - 1.0)) - 0.5 * torch.log1p(-safe_low) ** 2
    reflected = _PI2_6 - torch.log(safe_high) * torch.log1p(-safe_high) - _li2_half(1.0 - safe_high)
    return torch.where(low, landen, torch.where(high, reflected, middle))


def _spence64(x):
    z = 1.0 - x
    outside = z < -1.0  # inversion: Li2(z) = -pi^2/6 - ln(-z)^2 / 2 - Li2(1/z)
    safe_out = torch.where(outside, z, -2.0)
    inverted = -_PI2_6 - 0.5 * torch.log(-safe_out) ** 2 - _li2_unit(1.0 / safe_out)
    inside = _li2_unit(torch.where(outside | (z >= 1.0), 0.0, z))
    out = torch.where(outside, inverted, inside)
    out = torch.where(x == 0, _PI2_6, out)
    return torch.where(x < 0, math.nan, out)


def _partial(name, x, y):
    """d name / dx (TF's registered gradient)."""
    if name == "dawsn":
        return 1.0 - 2.0 * x * y
    if name == "expint":
        return torch.exp(x) / x
    if name == "fresnel_cos":
        return torch.cos((math.pi / 2) * x * x)
    if name == "fresnel_sin":
        return torch.sin((math.pi / 2) * x * x)
    return torch.where(x == 1, -1.0, torch.log(x) / (1.0 - x))


_FORWARD = {
    "dawsn": _dawsn64,
    "expint": _expint64,
    "fresnel_cos": lambda x: _fresnel64(x, "cos"),
    "fresnel_sin": lambda x: _fresnel64(x, "sin"),
    "spence": _spence64,
}


class _Special(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, name):
        y = _FORWARD[name](x.detach().to(torch.float64)).to(x.dtype)
        ctx.name = name
        ctx.save_for_backward(x, y)
        return y

    @staticmethod
    def backward(ctx, grad):
        x, y = ctx.saved_tensors
        return grad * _partial(ctx.name, x, y), None


def _special(name, doc):
    tf_name = f"tf.math.special.{name}"

    def op(x, name=None):
        x = to_tensor(x, None, "x")
        if not x.is_floating_point():  # TF's kernels are registered for float types only
            raise errors.InvalidArgumentError(
                f"`{tf_name}` takes a real floating point tensor (use tf.cast). Received: x with "
                f"dtype={dtypes.dtype_name(x.dtype)}")
        return _Special.apply(x, op.__name__)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = (f"`{tf_name}(x)`: {doc}\n\nArgs:\n    x: float tensor or array-like.\n    name: ignored.\n\n"
                  "Returns:\n    `torch.Tensor` of the same shape and dtype.\n\n"
                  "Raises:\n    InvalidArgumentError: if `x` is not real floating point (as TF's kernel "
                  "lookup).\n")
    return op


dawsn = _special("dawsn", "Dawson's integral `exp(-x^2) * integral_0^x exp(t^2) dt`.")
expint = _special("expint", "the exponential integral Ei(x) (nan for x < 0, -inf at 0).")
fresnel_cos = _special("fresnel_cos", "the Fresnel cosine integral `integral_0^x cos(pi t^2 / 2) dt`.")
fresnel_sin = _special("fresnel_sin", "the Fresnel sine integral `integral_0^x sin(pi t^2 / 2) dt`.")
spence = _special("spence", "Spence's function `integral_1^x ln t / (1 - t) dt` (nan for x < 0).")


# TF's ragged dispatch: these ops run on a RaggedTensor's flat values (ragged/ragged_dispatch.py)
dawsn = on_flat_values(dawsn)
expint = on_flat_values(expint)
fresnel_cos = on_flat_values(fresnel_cos)
fresnel_sin = on_flat_values(fresnel_sin)
spence = on_flat_values(spence)
