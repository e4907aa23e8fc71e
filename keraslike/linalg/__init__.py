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
from keraslike._src.ops.linalg_matrix_ops import (
    band_part, cross, eigh_tridiagonal, eigvalsh, expm, logdet, logm, matrix_rank, normalize, pinv, set_diag,
    tensor_diag, tensor_diag_part,
)
from keraslike._src.ops.linalg_solvers import (
    banded_triangular_solve, cholesky_solve, lstsq, lu, lu_matrix_inverse, lu_reconstruct, lu_solve,
    triangular_solve, tridiagonal_matmul, tridiagonal_solve,
)
from keraslike._src.ops.linear_operator import (
    LinearOperator, LinearOperatorDiag, LinearOperatorFullMatrix, LinearOperatorIdentity,
    LinearOperatorLowerTriangular, LinearOperatorScaledIdentity,
)
from keraslike._src.ops.linear_operator_composite import (
    LinearOperatorAdjoint, LinearOperatorBlockDiag, LinearOperatorBlockLowerTriangular, LinearOperatorCirculant,
    LinearOperatorCirculant2D, LinearOperatorCirculant3D, LinearOperatorComposition, LinearOperatorHouseholder,
    LinearOperatorInversion, LinearOperatorKronecker, LinearOperatorLowRankUpdate, LinearOperatorPermutation,
    LinearOperatorToeplitz, LinearOperatorTridiag, LinearOperatorZeros,
)
