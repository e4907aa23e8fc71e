"""`tf.linalg`: matrix products, norms, decompositions and solves."""

# ruff: noqa: F401, I001
from keraslike._src.ops.creation import eye
from keraslike._src.ops.linalg import matrix_square_root
from keraslike._src.ops.linalg import (
    cholesky, det, diag, diag_part, eig, eigh, eigvals, inv, matrix_transpose, matvec, qr, slogdet, solve, svd, trace,
)
from keraslike._src.ops.math import einsum, matmul, tensordot
from keraslike._src.ops.nn import l2_normalize
from keraslike._src.ops.reduction import global_norm, norm

adjoint = matrix_transpose
sqrtm = matrix_square_root
