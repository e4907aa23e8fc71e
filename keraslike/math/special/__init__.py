"""`tf.math.special`: Bessel functions (torch.special) and Dawson's, the exponential, Fresnel and Spence
integrals (computed in float64, keraslike/_src/ops/special_integrals.py)."""

from keraslike._src.ops.math_special import bessel_i0, bessel_i0e, bessel_i1, bessel_i1e  # noqa: F401
from keraslike._src.ops.special_bessel import (  # noqa: F401
    bessel_j0, bessel_j1, bessel_k0, bessel_k0e, bessel_k1, bessel_k1e, bessel_y0, bessel_y1,
)
from keraslike._src.ops.special_integrals import dawsn, expint, fresnel_cos, fresnel_sin, spence  # noqa: F401
