"""`tf.math.special`: Bessel functions (torch.special). dawsn, expint, fresnel_cos/sin and spence are not
provided (torch has no kernels for them)."""

from keraslike._src.ops.math_special import bessel_i0, bessel_i0e, bessel_i1, bessel_i1e  # noqa: F401
from keraslike._src.ops.special_bessel import (  # noqa: F401
    bessel_j0, bessel_j1, bessel_k0, bessel_k0e, bessel_k1, bessel_k1e, bessel_y0, bessel_y1,
)
