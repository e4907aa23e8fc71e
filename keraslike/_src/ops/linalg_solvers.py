"""`tf.linalg` solvers: cholesky_solve, triangular_solve, lstsq, the LU family (TF's packed LU + row
permutation), tridiagonal_matmul/tridiagonal_solve (TF's 'compact'/'sequence'/'matrix' formats) and
banded_triangular_solve (TF's LEFT_RIGHT band layout).

Mirrors `tensorflow/python/ops/linalg/linalg_impl.py` and `linalg_ops.py`; values match real TF 2.21
(tests/golden/linalg.npz). Batch dimensions broadcast as TF's.
"""

import warnings

import torch

from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ops.math import _require_float


def _float(x, op_name, arg_name, min_rank=2):
    t = to_tensor(x, None, arg_name)
    _require_float(t, op_name, arg_name)
    if t.dim() < min_rank:
        raise ValueError(f"`{op_name}` expects `{arg_name}` of rank >= {min_rank}. "
                         f"Received: {arg_name}.shape={list(t.shape)}")
    return t


def _pair(matrix, rhs, op_name, m_name="matrix", r_name="rhs"):
    a = _float(matrix, op_name, m_name)
    b = to_tensor(rhs, a.dtype, r_name) if not isinstance(rhs, torch.Tensor) else rhs
    if b.dtype != a.dtype:
        raise TypeError(f"`{op_name}` expects `{m_name}` and `{r_name}` of one dtype. Received: "
                        f"{m_name}.dtype={dtypes.dtype_name(a.dtype)}, {r_name}.dtype={dtypes.dtype_name(b.dtype)}")
    if b.dim() < 2:
        raise ValueError(f"`{op_name}` expects `{r_name}` of rank >= 2. Received: {r_name}.shape={list(b.shape)}")
    return a, b.to(a.device)


def cholesky_solve(chol, rhs, name=None):
    """`tf.linalg.cholesky_solve`: solve `A X = rhs` given `chol` = lower Cholesky factor of `A` `[..., M, M]`."""
    c, b = _pair(chol, rhs, "tf.linalg.cholesky_solve", "chol")
    return torch.cholesky_solve(b, c, upper=False)


def triangular_solve(matrix, rhs, lower=True, adjoint=False, name=None):
    """`tf.linalg.triangular_solve`: solve `A X = rhs` (or `A^H X = rhs` with `adjoint`) reading only the
    lower (`lower=True`) or upper triangle of `matrix` `[..., M, M]`; `rhs` `[..., M, K]`."""
    a, b = _pair(matrix, rhs, "tf.linalg.triangular_solve")
    a = torch.tril(a) if lower else torch.triu(a)
    if adjoint:
        return torch.linalg.solve_triangular(a.mH, b, upper=bool(lower))
    return torch.linalg.solve_triangular(a, b, upper=not lower)


def lstsq(matrix, rhs, l2_regularizer=0.0, fast=True, name=None):
    """`tf.linalg.lstsq`: least-squares solutions `[..., N, K]` of `matrix` `[..., M, N]` X = `rhs` `[..., M, K]`.

    `fast=True` (TF's default) solves the regularized normal equations by Cholesky: `(A^H A + l2 I)^-1 A^H b`
    when M >= N, else `A^H (A A^H + l2 I)^-1 b` (needs full rank when `l2_regularizer` is 0). `fast=False`
    takes the minimum-norm solution by SVD (rank-deficient input allowed) and, exactly as TF 2.21's kernel
    (tests/golden/linalg.npz, case lstsq_slow_l2), does not regularize: `l2_regularizer` only applies with
    `fast=True`, so a warning says so when it is given with `fast=False`.
    """
    a, b = _pair(matrix, rhs, "tf.linalg.lstsq")
    l2 = float(l2_regularizer)
    if l2 < 0:
        raise ValueError(f"`l2_regularizer` must be non-negative. Received: l2_regularizer={l2_regularizer!r}")
    m, n = a.shape[-2], a.shape[-1]
    ah = a.mH
    if fast:
        if m >= n:
            gram = ah @ a + l2 * torch.eye(n, dtype=a.dtype, device=a.device)
            return torch.cholesky_solve(ah @ b, torch.linalg.cholesky(gram))
        gram = a @ ah + l2 * torch.eye(m, dtype=a.dtype, device=a.device)
        return ah @ torch.cholesky_solve(b, torch.linalg.cholesky(gram))
    if l2 > 0:
        warnings.warn("tf.linalg.lstsq(fast=False) ignores `l2_regularizer`, as TensorFlow's kernel does; use "
                      f"fast=True for a regularized solution. Received: l2_regularizer={l2_regularizer!r}",
                      stacklevel=2)
    return torch.linalg.pinv(a) @ b


def lu(input, output_idx_type=torch.int32, name=None):
    """`tf.linalg.lu`: `(lu, p)`: packed `L` (unit lower, below the diagonal) and `U` `[..., M, M]`, and the
    row permutation `p` `[..., M]` (`output_idx_type` int32 or int64) with `input[..., p, :] == L @ U`."""
    x = to_tensor(input, None, "input")
    _require_float(x, "tf.linalg.lu", "input")
    if x.dim() < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"`tf.linalg.lu` expects square matrices. Received: input.shape={list(x.shape)}")
    idx = dtypes.as_dtype(output_idx_type)
    if idx not in (torch.int32, torch.int64):
        raise TypeError(f"`output_idx_type` must be int32 or int64. Received: output_idx_type={output_idx_type!r}")
    packed, pivots = torch.linalg.lu_factor(x)
    n = x.shape[-1]
    perm = torch.arange(n, device=x.device).expand(*x.shape[:-2], n).clone()
    piv = pivots.to(torch.int64) - 1
    for i in range(n):  # LAPACK's sequential row swaps -> one permutation
        j = piv[..., i:i + 1]
        pi, pj = perm[..., i:i + 1].clone(), perm.gather(-1, j)
        perm[..., i:i + 1] = pj
        perm.scatter_(-1, j, pi)
    return packed, perm.to(idx)


def _lu_parts(lower_upper, perm, op_name):
    packed = _float(lower_upper, op_name, "lower_upper")
    p = to_tensor(perm, None, "perm").to(packed.device, torch.int64)
    if packed.shape[-1] != packed.shape[-2] or p.shape[-1:] != packed.shape[-1:]:
        raise ValueError(f"`{op_name}` expects `lower_upper` [..., M, M] and `perm` [..., M]. "
                         f"Received: lower_upper.shape={list(packed.shape)}, perm.shape={list(p.shape)}")
    n = packed.shape[-1]
    lower = torch.tril(packed, -1) + torch.eye(n, dtype=packed.dtype, device=packed.device)
    return lower, torch.triu(packed), p


def lu_solve(lower_upper, perm, rhs, validate_args=False, name=None):
    """`tf.linalg.lu_solve`: solve `A X = rhs` from `tf.linalg.lu(A)`'s outputs. Inputs are always validated."""
    lower, upper, p = _lu_parts(lower_upper, perm, "tf.linalg.lu_solve")
    b = to_tensor(rhs, None, "rhs").to(lower.device)
    batch = torch.broadcast_shapes(p.shape[:-1], b.shape[:-2])
    p = p.expand(*batch, p.shape[-1])
    b = b.expand(*batch, *b.shape[-2:])
    pb = b.gather(-2, p.unsqueeze(-1).expand(*p.shape, b.shape[-1]))
    y = torch.linalg.solve_triangular(lower, pb, upper=False, unitriangular=True)
    return torch.linalg.solve_triangular(upper, y, upper=True)


def lu_reconstruct(lower_upper, perm, validate_args=False, name=None):
    """`tf.linalg.lu_reconstruct`: the matrix `A` that `tf.linalg.lu` factored."""
    lower, upper, p = _lu_parts(lower_upper, perm, "tf.linalg.lu_reconstruct")
    prod = lower @ upper
    inverse = torch.argsort(p, dim=-1)
    return prod.gather(-2, inverse.unsqueeze(-1).expand(*inverse.shape, prod.shape[-1]))


def lu_matrix_inverse(lower_upper, perm, validate_args=False, name=None):
    """`tf.linalg.lu_matrix_inverse`: `inv(A)` from `tf.linalg.lu(A)`'s outputs."""
    packed = to_tensor(lower_upper, None, "lower_upper")
    eye = torch.eye(packed.shape[-1], dtype=packed.dtype, device=packed.device).expand(packed.shape)
    return lu_solve(packed, perm, eye)


def tridiagonal_dense(diagonals, diagonals_format, op_name):
    """(dense [..., M, M] matrix) from TF's three diagonal formats."""
    if diagonals_format == "matrix":
        m = _float(diagonals, op_name, "diagonals")
        return torch.tril(torch.triu(m, -1), 1)
    if diagonals_format == "compact":
        d = _float(diagonals, op_name, "diagonals")
        if d.shape[-2] != 3:
            raise ValueError(f"'compact' diagonals have shape [..., 3, M]. Received: diagonals.shape={list(d.shape)}")
        sup, main, sub = d[..., 0, :], d[..., 1, :], d[..., 2, :]
    elif diagonals_format == "sequence":
        if not isinstance(diagonals, (list, tuple)) or len(diagonals) != 3:
            raise ValueError("'sequence' diagonals are a tuple (superdiag, maindiag, subdiag). "
                             f"Received: diagonals={type(diagonals).__name__}")
        sup, main, sub = (_float(t, op_name, "diagonals", 1) for t in diagonals)
    else:
        raise ValueError("`diagonals_format` must be 'compact', 'sequence' or 'matrix'. "
                         f"Received: diagonals_format={diagonals_format!r}")
    # TF ignores the last superdiagonal entry and the first subdiagonal entry.
    return (torch.diag_embed(main) + torch.diag_embed(sup[..., :-1], 1) + torch.diag_embed(sub[..., 1:], -1))


def tridiagonal_matmul(diagonals, rhs, diagonals_format="compact", name=None):
    """`tf.linalg.tridiagonal_matmul`: `T @ rhs` for the tridiagonal `T` given in `diagonals_format`
    ('compact' `[..., 3, M]` rows super/main/sub, 'sequence' a 3-tuple of `[..., M]`, or 'matrix')."""
    t = tridiagonal_dense(diagonals, diagonals_format, "tf.linalg.tridiagonal_matmul")
    return t @ to_tensor(rhs, t.dtype, "rhs").to(t.device)


def tridiagonal_solve(diagonals, rhs, diagonals_format="compact", transpose_rhs=False, conjugate_rhs=False,
                      name=None, partial_pivoting=True, perturb_singular=False):
    """`tf.linalg.tridiagonal_solve`: solve `T X = rhs` for tridiagonal `T` (formats as `tridiagonal_matmul`).

    `rhs` is `[..., M, K]`, or `[..., K, M]` with `transpose_rhs` (the result is `[..., M, K]` either way);
    `conjugate_rhs` conjugates it. Solved by a dense LU with partial pivoting - the same solution as TF's
    `partial_pivoting=True`; `partial_pivoting=False` (TF's faster, less stable Thomas algorithm) gives the
    same solution to rounding, by the pivoted solver.

    Raises:
        NotImplementedError: for `perturb_singular=True` (TF's perturbation of singular pivots).
    """
    if perturb_singular:
        raise NotImplementedError("`tf.linalg.tridiagonal_solve(perturb_singular=True)` is not implemented; "
                                  "singular systems raise. Received: perturb_singular=True")
    t = tridiagonal_dense(diagonals, diagonals_format, "tf.linalg.tridiagonal_solve")
    b = to_tensor(rhs, t.dtype, "rhs").to(t.device)
    if conjugate_rhs:
        b = b.conj()
    if transpose_rhs:
        return torch.linalg.solve(t, b.mT)
    return torch.linalg.solve(t, b)


def banded_triangular_solve(bands, rhs, lower=True, adjoint=False, name=None):
    """`tf.linalg.banded_triangular_solve`: solve `A X = rhs` (`A^H X` with `adjoint`) for a banded triangular
    `A` given as `bands` `[..., K, M]`: with `lower`, row k is the k-th subdiagonal (row 0 the diagonal),
    right-aligned; otherwise row K-1 is the diagonal and row K-1-k the k-th superdiagonal, left-aligned
    (TF's LEFT_RIGHT layout)."""
    bd = _float(bands, "tf.linalg.banded_triangular_solve", "bands")
    k, m = bd.shape[-2], bd.shape[-1]
    if k > m:
        raise ValueError(f"`bands` has more bands than columns. Received: bands.shape={list(bd.shape)}")
    a = torch.zeros(*bd.shape[:-2], m, m, dtype=bd.dtype, device=bd.device)
    for off in range(k):
        if lower:
            a = a + torch.diag_embed(bd[..., off, off:], -off)
        else:
            a = a + torch.diag_embed(bd[..., k - 1 - off, :m - off], off)
    b = to_tensor(rhs, bd.dtype, "rhs").to(bd.device)
    if adjoint:
        return torch.linalg.solve_triangular(a.mH, b, upper=bool(lower))
    return torch.linalg.solve_triangular(a, b, upper=not lower)
