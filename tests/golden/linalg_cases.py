"""Cases for the tf.linalg functions added in issue 11. `run(tf)` evaluates every case with `tf` (real
TensorFlow in make_linalg_golden.py, keraslike in tests/ops/test_linalg_golden.py) and returns
{case: numpy array}; a case that raises is recorded as the exception's class name. No TF import here."""

import numpy as np

RNG = np.random.RandomState(0)
A = RNG.randn(2, 4, 4)                      # batch of general matrices
SPD = A @ np.swapaxes(A, -1, -2) + 4 * np.eye(4)
B = RNG.randn(2, 4, 3)
TALL = RNG.randn(6, 3)
TALL_RHS = RNG.randn(6, 2)
WIDE = RNG.randn(2, 5)
WIDE_RHS = RNG.randn(2, 2)
RANK2 = RNG.randn(5, 2) @ RNG.randn(2, 4)
V3A, V3B = RNG.randn(4, 3), RNG.randn(4, 3)
SMALL = 0.3 * RNG.randn(3, 3)
DIAG3 = RNG.randn(2, 3)
SUP, MAIN, SUB = RNG.randn(5), RNG.randn(5) + 4, RNG.randn(5)
TRI_RHS = RNG.randn(5, 2)
BANDS_L = RNG.randn(2, 5) + np.array([[3.0], [0.0]])
BANDS_U = RNG.randn(2, 5) + np.array([[0.0], [3.0]])


def _cases(tf):
    la = tf.linalg
    c = {}
    c["band_part_1_0"] = lambda: la.band_part(A, 1, 0)
    c["band_part_-1_1"] = lambda: la.band_part(A, -1, 1)
    c["band_part_wide"] = lambda: la.band_part(RNG_WIDE, 0, 2)
    c["set_diag"] = lambda: la.set_diag(A, np.ones((2, 4)))
    c["set_diag_k1"] = lambda: la.set_diag(A, 2 * np.ones((2, 3)), k=1)
    c["set_diag_k-2"] = lambda: la.set_diag(A, 3 * np.ones((2, 2)), k=-2)
    c["tensor_diag"] = lambda: la.tensor_diag(DIAG3)
    c["tensor_diag_part"] = lambda: la.tensor_diag_part(np.reshape(np.arange(36.0), (2, 3, 2, 3)))
    c["cholesky_solve"] = lambda: la.cholesky_solve(la.cholesky(SPD), B)
    c["triangular_solve_lower"] = lambda: la.triangular_solve(SPD, B)
    c["triangular_solve_upper_adj"] = lambda: la.triangular_solve(SPD, B, lower=False, adjoint=True)
    c["lstsq_tall"] = lambda: la.lstsq(TALL, TALL_RHS)
    c["lstsq_tall_l2"] = lambda: la.lstsq(TALL, TALL_RHS, l2_regularizer=0.5)
    c["lstsq_wide"] = lambda: la.lstsq(WIDE, WIDE_RHS)
    c["lstsq_wide_l2"] = lambda: la.lstsq(WIDE, WIDE_RHS, l2_regularizer=0.5)
    c["lstsq_slow"] = lambda: la.lstsq(TALL, TALL_RHS, fast=False)
    c["lstsq_slow_l2"] = lambda: la.lstsq(TALL, TALL_RHS, l2_regularizer=0.5, fast=False)
    c["lstsq_slow_rankdef"] = lambda: la.lstsq(RANK2, RNG_R2, fast=False)
    c["pinv"] = lambda: la.pinv(RANK2)
    c["pinv_rcond"] = lambda: la.pinv(TALL, rcond=0.5)
    c["matrix_rank"] = lambda: la.matrix_rank(RANK2)
    c["matrix_rank_batch"] = lambda: la.matrix_rank(A)
    c["matrix_rank_tol"] = lambda: la.matrix_rank(TALL, tol=1.5)
    c["logdet"] = lambda: la.logdet(SPD)
    c["expm"] = lambda: la.expm(A)
    c["logm"] = lambda: la.logm((np.eye(3) + SMALL).astype(np.complex128))
    c["eigvalsh"] = lambda: la.eigvalsh(SPD)
    c["cross"] = lambda: la.cross(V3A, V3B)
    c["normalize"] = lambda: la.normalize(A)
    c["normalize_axis"] = lambda: la.normalize(B, axis=-1)
    c["normalize_ord1"] = lambda: la.normalize(B, ord=1, axis=1)
    c["normalize_fro"] = lambda: la.normalize(A, ord="fro", axis=[-2, -1])
    c["lu"] = lambda: la.lu(A)
    c["lu_int64"] = lambda: la.lu(A, output_idx_type=tf.int64)
    c["lu_solve"] = lambda: la.lu_solve(*la.lu(A), B)
    c["lu_reconstruct"] = lambda: la.lu_reconstruct(*la.lu(A))
    c["lu_matrix_inverse"] = lambda: la.lu_matrix_inverse(*la.lu(A))
    c["tridiagonal_matmul_compact"] = lambda: la.tridiagonal_matmul(np.stack([SUP, MAIN, SUB]), TRI_RHS)
    c["tridiagonal_matmul_sequence"] = lambda: la.tridiagonal_matmul((SUP, MAIN, SUB), TRI_RHS,
                                                                     diagonals_format="sequence")
    c["tridiagonal_solve_compact"] = lambda: la.tridiagonal_solve(tf.constant(np.stack([SUP, MAIN, SUB])),
                                                                 tf.constant(TRI_RHS))
    c["tridiagonal_solve_sequence"] = lambda: la.tridiagonal_solve(
        tuple(tf.constant(d) for d in (SUP, MAIN, SUB)), tf.constant(TRI_RHS), diagonals_format="sequence")
    c["tridiagonal_solve_matrix"] = lambda: la.tridiagonal_solve(
        tf.constant(np.diag(SUP[:-1], 1) + np.diag(MAIN) + np.diag(SUB[1:], -1)), tf.constant(TRI_RHS),
        diagonals_format="matrix")
    c["tridiagonal_solve_transpose_rhs"] = lambda: la.tridiagonal_solve(
        tf.constant(np.stack([SUP, MAIN, SUB])), tf.constant(TRI_RHS.T), transpose_rhs=True)
    c["banded_triangular_solve_lower"] = lambda: la.banded_triangular_solve(BANDS_L, TRI_RHS)
    c["banded_triangular_solve_upper"] = lambda: la.banded_triangular_solve(BANDS_U, TRI_RHS, lower=False)
    c["banded_triangular_solve_adjoint"] = lambda: la.banded_triangular_solve(BANDS_L, TRI_RHS, adjoint=True)
    c["eigh_tridiagonal"] = lambda: la.eigh_tridiagonal(MAIN, SUP[:-1])
    c["eigh_tridiagonal_vectors"] = lambda: la.eigh_tridiagonal(MAIN, SUP[:-1], eigvals_only=False)[0]
    c["eigh_tridiagonal_select_i"] = lambda: la.eigh_tridiagonal(MAIN, SUP[:-1], select="i", select_range=[1, 3])
    c["eigh_tridiagonal_select_v"] = lambda: la.eigh_tridiagonal(MAIN, SUP[:-1], select="v",
                                                                 select_range=[3.0, 5.0])
    return c


RNG_WIDE = RNG.randn(3, 5)
RNG_R2 = RNG.randn(5, 2)


def run(tf):
    out = {}
    for name, fn in _cases(tf).items():
        try:
            value = fn()
        except Exception as e:  # recorded: both sides must raise the same class
            out[name] = type(e).__name__
            continue
        values = value if isinstance(value, (tuple, list)) else [value]
        for i, v in enumerate(values):
            out[f"{name}#{i}"] = np.asarray(v.numpy() if hasattr(v, "numpy") else v)
    return out


def operator_cases(tf):
    """LinearOperator cases: {name: callable} returning tensors (same inputs as above)."""
    la = tf.linalg
    x = B
    vec = B[..., 0]
    ops = {
        "full": lambda: la.LinearOperatorFullMatrix(A),
        "full_spd": lambda: la.LinearOperatorFullMatrix(SPD, is_self_adjoint=True, is_positive_definite=True),
        "diag": lambda: la.LinearOperatorDiag(DIAG3 + 3.0),
        "tril": lambda: la.LinearOperatorLowerTriangular(SPD),
        "scaled": lambda: la.LinearOperatorScaledIdentity(4, np.array([2.0, -3.0])),
        "identity": lambda: la.LinearOperatorIdentity(4, batch_shape=[2], dtype=tf.float64),
        "adjoint": lambda: la.LinearOperatorAdjoint(la.LinearOperatorFullMatrix(A)),
        "inversion": lambda: la.LinearOperatorInversion(la.LinearOperatorFullMatrix(SPD)),
        "composition": lambda: la.LinearOperatorComposition([la.LinearOperatorFullMatrix(A),
                                                             la.LinearOperatorFullMatrix(SPD)]),
        "kronecker": lambda: la.LinearOperatorKronecker([la.LinearOperatorFullMatrix(SMALL[:2, :2] + np.eye(2)),
                                                         la.LinearOperatorFullMatrix(np.array([[2.0, 1.0],
                                                                                               [0.5, 3.0]]))]),
        "blockdiag": lambda: la.LinearOperatorBlockDiag([la.LinearOperatorFullMatrix(SMALL + np.eye(3)),
                                                         la.LinearOperatorDiag(np.array([2.0]))]),
        "permutation": lambda: la.LinearOperatorPermutation(np.array([2, 0, 3, 1], np.int32), dtype=tf.float64),
        "toeplitz": lambda: la.LinearOperatorToeplitz(np.array([4.0, 1.0, 0.5, 0.2]),
                                                      np.array([9.0, -1.0, 0.3, 0.1])),
        "householder": lambda: la.LinearOperatorHouseholder(np.array([1.0, 2.0, -1.0, 0.5])),
        "lowrank": lambda: la.LinearOperatorLowRankUpdate(la.LinearOperatorDiag(np.array([3.0, 4.0, 5.0, 6.0])),
                                                          TALL[:4, :2], diag_update=np.array([0.5, 2.0])),
        "tridiag": lambda: la.LinearOperatorTridiag(np.stack([SUP[:4], MAIN[:4], SUB[:4]])),
    }
    c = {}
    for name, make in ops.items():
        rhs = x[:, :3, :] if name in ("diag", "kronecker_never") else x
        v = vec[:, :3] if name == "diag" else vec
        if name in ("permutation", "toeplitz", "householder", "lowrank", "tridiag", "kronecker", "blockdiag"):
            rhs, v = x[0], vec[0]
        c[f"op_{name}_dense"] = lambda make=make: make().to_dense()
        c[f"op_{name}_matmul"] = lambda make=make, rhs=rhs: make().matmul(rhs)
        c[f"op_{name}_matmul_adj"] = lambda make=make, rhs=rhs: make().matmul(rhs, adjoint=True)
        c[f"op_{name}_matvec"] = lambda make=make, v=v: make().matvec(v)
        c[f"op_{name}_solve"] = lambda make=make, rhs=rhs: make().solve(rhs)
        c[f"op_{name}_solve_adj"] = lambda make=make, rhs=rhs: make().solve(rhs, adjoint=True)
        c[f"op_{name}_solvevec"] = lambda make=make, v=v: make().solvevec(v)
        c[f"op_{name}_det"] = lambda make=make: make().determinant()
        c[f"op_{name}_logabsdet"] = lambda make=make: make().log_abs_determinant()
        c[f"op_{name}_diag_part"] = lambda make=make: make().diag_part()
        c[f"op_{name}_trace"] = lambda make=make: make().trace()
        c[f"op_{name}_inverse"] = lambda make=make: make().inverse().to_dense()
        c[f"op_{name}_adjoint"] = lambda make=make: make().adjoint().to_dense()
        c[f"op_{name}_shape"] = lambda make=make: np.array(make().shape.as_list())
        c[f"op_{name}_cond"] = lambda make=make: make().cond()
    spec = np.array([4.0, 1.0 + 2.0j, -1.0, 1.0 - 2.0j])
    c["op_circulant_dense"] = lambda: la.LinearOperatorCirculant(spec.astype(np.complex128),
                                                                 input_output_dtype=tf.complex128).to_dense()
    c["op_circulant_real"] = lambda: la.LinearOperatorCirculant(spec.astype(np.complex128),
                                                                input_output_dtype=tf.float64).to_dense()
    spec2 = np.array([[4.0, 1.0, 1.0], [2.0, 0.5, 0.5]])
    c["op_circulant2d_dense"] = lambda: la.LinearOperatorCirculant2D(spec2.astype(np.complex128),
                                                                     input_output_dtype=tf.complex128).to_dense()
    spec3 = np.arange(1.0, 9.0).reshape(2, 2, 2)
    c["op_circulant3d_dense"] = lambda: la.LinearOperatorCirculant3D(spec3.astype(np.complex128),
                                                                     input_output_dtype=tf.complex128).to_dense()
    c["op_block_lower"] = lambda: la.LinearOperatorBlockLowerTriangular([
        [la.LinearOperatorFullMatrix(SMALL[:2, :2] + np.eye(2))],
        [la.LinearOperatorFullMatrix(TALL[:1, :2]), la.LinearOperatorFullMatrix(np.array([[3.0]]))]]).to_dense()
    c["op_full_spd_cholesky"] = lambda: ops["full_spd"]().cholesky().to_dense()
    c["op_full_spd_eigvals"] = lambda: ops["full_spd"]().eigvals()
    c["op_compose"] = lambda: ops["full"]().matmul(ops["full_spd"]()).to_dense()
    c["op_add_to_tensor"] = lambda: ops["tril"]().add_to_tensor(A)
    return c


def run_operators(tf):
    out = {}
    for name, fn in operator_cases(tf).items():
        try:
            value = fn()
        except Exception as e:  # recorded: both sides must raise the same class
            out[name] = type(e).__name__
            continue
        out[name + "#0"] = np.asarray(value.numpy() if hasattr(value, "numpy") else value)
    return out
