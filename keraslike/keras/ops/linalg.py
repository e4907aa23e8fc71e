"""`tf.keras.ops.linalg`."""

# ruff: noqa: F401
from keraslike._src.keras.ops.linalg import (
    cholesky, cholesky_inverse, det, eig, eigh, inv, jvp, lstsq, lu_factor, matrix_rank, norm, pinv, qr, solve,
    solve_triangular, svd,
)

from keraslike._src.keras.ops import symbolic as _symbolic  # noqa: E402

_symbolic.wrap_namespace(globals())
