"""`tf.linalg` structure and matrix functions: band_part, set_diag, tensor_diag(_part), pinv, matrix_rank,
logdet, expm, logm, eigvalsh, cross, normalize, eigh_tridiagonal.

Mirrors `tensorflow/python/ops/linalg/linalg_impl.py` and the `Matrix*` ops of `array_ops.py`. Matrix ops work
on the last two dimensions and batch over the leading ones; values match real TF 2.21 (tests/golden/linalg.npz).
"""

import math

import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ops.linalg import _square_float
from keraslike._src.ops.math import _require_float
from keraslike._src.ops.reduction import norm


def _matrix(x, op_name, arg_name="input", need_float=False):
    x = to_tensor(x, None, arg_name)
    if need_float:
        _require_float(x, op_name, arg_name)
    if x.dim() < 2:
        raise ValueError(f"`{op_name}` expects a tensor of rank >= 2. Received: {arg_name}.shape={list(x.shape)}")
    return x


def band_part(input, num_lower, num_upper, name=None):
    """`tf.linalg.band_part`: keep the `num_lower` sub- and `num_upper` superdiagonals of each
    `[..., M, N]` matrix (a negative count keeps that whole triangle), zeros elsewhere."""
    x = _matrix(input, "tf.linalg.band_part")
    lo, hi = int(num_lower), int(num_upper)
    m, n = x.shape[-2], x.shape[-1]
    i = torch.arange(m, device=x.device).unsqueeze(-1)
    j = torch.arange(n, device=x.device).unsqueeze(0)
    keep = torch.ones(m, n, dtype=torch.bool, device=x.device)
    if lo >= 0:
        keep &= (i - j) <= lo
    if hi >= 0:
        keep &= (j - i) <= hi
    return torch.where(keep, x, torch.zeros((), dtype=x.dtype, device=x.device))


_ALIGNS = {"RIGHT_LEFT": (False, True), "LEFT_RIGHT": (True, False), "LEFT_LEFT": (True, True),
           "RIGHT_RIGHT": (False, False)}  # (left-align superdiagonals, left-align subdiagonals)


def _band(k):
    """`k` (an int or a pair) as (lo, hi); lo == hi for one diagonal."""
    if isinstance(k, torch.Tensor):
        k = k.tolist()
    if isinstance(k, (list, tuple)) or hasattr(k, "tolist"):
        values = [int(v) for v in (k.tolist() if hasattr(k, "tolist") else k)]
        if len(values) not in (1, 2) or values[0] > values[-1]:
            raise ValueError(f"`k` must be an integer or a pair (lo, hi) with lo <= hi. Received: k={k}")
        return values[0], values[-1]
    return int(k), int(k)


def set_diag(input, diagonal, name="set_diag", k=0, align="RIGHT_LEFT"):
    """`tf.linalg.set_diag`: `input` `[..., M, N]` with its diagonal `k` replaced by `diagonal` `[..., L]`; for a
    band `k=(lo, hi)`, `diagonal` `[..., hi - lo + 1, max_len]` holds diagonals `hi` down to `lo`, each shorter one
    padded on the side `align` says ("RIGHT_LEFT": superdiagonals right-aligned, subdiagonals left-aligned).

    Raises:
        ValueError: a bad `k`, `align`, or `diagonal` shape.
    """
    if align not in _ALIGNS:
        raise ValueError(f"`align` must be one of {sorted(_ALIGNS)}. Received: align={align!r}")
    lo, hi = _band(k)
    x = _matrix(input, "tf.linalg.set_diag")
    d = to_tensor(diagonal, x.dtype, "diagonal").to(x.device)
    if lo == hi:  # one diagonal: `diagonal` has no diagonal-index dimension
        k = lo
        length = torch.diagonal(x, offset=k, dim1=-2, dim2=-1).shape[-1]
        if d.shape[-1:] != (length,):
            raise ValueError(f"`diagonal` must have {length} entries in its last dimension for k={k}. "
                             f"Received: diagonal.shape={list(d.shape)}")
        d = torch.broadcast_to(d, x.shape[:-2] + (length,))
        return torch.diagonal_scatter(x, d, offset=k, dim1=-2, dim2=-1)
    rows, cols = x.shape[-2], x.shape[-1]
    lengths = {i: min(rows + min(0, i), cols - max(0, i)) for i in range(lo, hi + 1)}
    max_len = max(lengths.values())
    if d.dim() < 2 or d.shape[-2:] != (hi - lo + 1, max_len):
        raise errors.InvalidArgumentError(f"`diagonal` must end in [{hi - lo + 1}, {max_len}] for k=({lo}, {hi}). "
                                          f"Received: diagonal.shape={list(d.shape)}")
    d = torch.broadcast_to(d, x.shape[:-2] + (hi - lo + 1, max_len))
    left_super, left_sub = _ALIGNS[align]
    out = x.clone()
    for row, i in enumerate(range(hi, lo - 1, -1)):
        left = (i >= 0 and left_super) or (i <= 0 and left_sub)
        offset = 0 if left else max_len - lengths[i]
        values = d[..., row, offset:offset + lengths[i]]
        out = torch.diagonal_scatter(out, values, offset=i, dim1=-2, dim2=-1)
    return out


def tensor_diag(diagonal, name=None):
    """`tf.linalg.tensor_diag`: rank-2k tensor with `out[i1..ik, i1..ik] = diagonal[i1..ik]`, zeros elsewhere."""
    d = to_tensor(diagonal, None, "diagonal")
    if d.dim() == 0:
        raise ValueError("`diagonal` must have rank >= 1. Received: diagonal.shape=[]")
    return torch.diag(d.reshape(-1)).reshape(tuple(d.shape) * 2)


def tensor_diag_part(input, name=None):
    """`tf.linalg.tensor_diag_part`: inverse of `tensor_diag` for an input of shape `S + S`."""
    x = to_tensor(input, None, "input")
    k = x.dim() // 2
    if x.dim() == 0 or x.dim() % 2 or x.shape[:k] != x.shape[k:]:
        raise ValueError(f"`input` must have an even rank 2k and shape S + S. Received: input.shape={list(x.shape)}")
    n = math.prod(x.shape[:k])
    return torch.diagonal(x.reshape(n, n)).reshape(x.shape[:k])


def _eps(dtype):
    real = {torch.complex64: torch.float32, torch.complex128: torch.float64}.get(dtype, dtype)
    return torch.finfo(real).eps


def pinv(a, rcond=None, validate_args=False, name=None):
    """`tf.linalg.pinv`: Moore-Penrose pseudo-inverse `[..., N, M]` of `a` `[..., M, N]` by SVD; singular
    values at most `rcond * max(singular value)` count as zero. `rcond` defaults to
    `10 * max(M, N) * eps(dtype)`, as TF. Inputs are always validated (floating, rank >= 2)."""
    x = _matrix(a, "tf.linalg.pinv", "a", need_float=True)
    if rcond is None:
        rcond = 10.0 * max(x.shape[-2], x.shape[-1]) * _eps(x.dtype)
    rcond = to_tensor(rcond, None, "rcond").to(x.device)
    return torch.linalg.pinv(x, rtol=rcond.to(x.real.dtype if x.is_complex() else x.dtype))


def matrix_rank(a, tol=None, validate_args=False, name=None):
    """`tf.linalg.matrix_rank`: number of singular values above `tol` (default
    `eps * max(M, N) * max(singular value)`), int32 as TF. Inputs are always validated."""
    x = _matrix(a, "tf.linalg.matrix_rank", "a", need_float=True)
    s = torch.linalg.svdvals(x)
    if tol is None:
        tol = _eps(x.dtype) * max(x.shape[-2], x.shape[-1]) * s.amax(-1, keepdim=True)
    else:
        tol = to_tensor(tol, None, "tol").to(x.device, s.dtype)
    return (s > tol).sum(-1).to(torch.int32)


def logdet(matrix, name=None):
    """`tf.linalg.logdet`: `log(det(matrix))` of Hermitian positive definite matrices, via Cholesky
    (`2 * sum(log(diag(L)))`) as TF; a non-positive-definite input raises as `cholesky` does."""
    x = _square_float(matrix, "tf.linalg.logdet", "matrix")
    chol = torch.linalg.cholesky(x)
    return 2.0 * torch.log(torch.diagonal(chol, dim1=-2, dim2=-1).real).sum(-1).to(x.dtype)


def expm(input, name=None):
    """`tf.linalg.expm`: matrix exponential of each square matrix (torch's Pade scaling-and-squaring)."""
    return torch.linalg.matrix_exp(_square_float(input, "tf.linalg.expm"))


def logm(input, name=None):
    """`tf.linalg.logm`: principal matrix logarithm of complex64/complex128 square matrices (TF accepts only
    complex), via the eigendecomposition `V diag(log w) V^-1`: exact for diagonalizable matrices; for
    defective (non-diagonalizable) input the result is inaccurate.

    Raises:
        TypeError: for a real input (TF's kernel is complex-only; cast with tf.cast).
    """
    x = _square_float(input, "tf.linalg.logm")
    if not x.is_complex():
        raise TypeError("`tf.linalg.logm` expects a complex64 or complex128 tensor, as TF. "
                        f"Received: input with dtype={dtypes.dtype_name(x.dtype)}")
    w, v = torch.linalg.eig(x)
    return (v * torch.log(w).unsqueeze(-2)) @ torch.linalg.inv(v)


def eigvalsh(tensor, name=None):
    """`tf.linalg.eigvalsh`: eigenvalues (ascending) of each self-adjoint matrix (lower triangle read)."""
    return torch.linalg.eigvalsh(_square_float(tensor, "tf.linalg.eigvalsh", "tensor"))


def cross(a, b, name=None):
    """`tf.linalg.cross`: pairwise cross product of 3-vectors in the last dimension (shapes must match)."""
    x, y = to_tensor(a, None, "a"), to_tensor(b, None, "b")
    if x.shape != y.shape or x.dim() == 0 or x.shape[-1] != 3:
        raise ValueError("`a` and `b` must have the same shape [..., 3]. "
                         f"Received: a.shape={list(x.shape)}, b.shape={list(y.shape)}")
    return torch.linalg.cross(x, y.to(x.dtype), dim=-1)


def normalize(tensor, ord="euclidean", axis=None, name=None):
    """`tf.linalg.normalize`: `(tensor / norm, norm)` with the norm of `tf.norm(tensor, ord, axis,
    keepdims=True)` (so it broadcasts back)."""
    x = to_tensor(tensor, None, "tensor")
    n = norm(x, ord=ord, axis=axis, keepdims=True)
    return x / n, n


def eigh_tridiagonal(alpha, beta, eigvals_only=True, select="a", select_range=None, tol=None, name=None):
    """`tf.linalg.eigh_tridiagonal`: eigenvalues (ascending) and optionally eigenvectors of the Hermitian
    tridiagonal matrix with diagonal `alpha` `[n]` and off-diagonal `beta` `[n-1]`.

    `select`: 'a' all, 'v' eigenvalues in the half-open range `(lo, hi]` of `select_range`, 'i' the
    eigenvalues with indices `lo..hi` (inclusive). Computed by a dense symmetric eigensolver, exact to
    working precision; `tol` (TF's bisection tolerance) must be None or non-negative and cannot loosen that.

    Raises:
        ValueError: for a bad `select`, a missing `select_range`, a negative `tol` or mismatched shapes.
    """
    a = to_tensor(alpha, None, "alpha")
    b = to_tensor(beta, None, "beta").to(a.device)
    if a.dim() != 1 or b.shape != (max(a.shape[0] - 1, 0),):
        raise ValueError("`alpha` must be [n] and `beta` [n-1]. "
                         f"Received: alpha.shape={list(a.shape)}, beta.shape={list(b.shape)}")
    if select not in ("a", "v", "i"):
        raise ValueError(f"`select` must be 'a', 'v' or 'i'. Received: select={select!r}")
    if select != "a" and select_range is None:
        raise ValueError(f"`select_range` is required for select={select!r}. Received: select_range=None")
    if tol is not None and float(tol) < 0:
        raise ValueError(f"`tol` must be non-negative. Received: tol={tol!r}")
    dtype = torch.promote_types(a.dtype, b.dtype)
    m = torch.diag(a.to(dtype))
    if b.numel():
        m = m + torch.diag(b.to(dtype), 1) + torch.diag(b.to(dtype).conj(), -1)
    w, v = torch.linalg.eigh(m)
    if select == "i":
        lo, hi = (int(r) for r in select_range)
        keep = torch.arange(w.shape[0], device=w.device)
        keep = (keep >= lo) & (keep <= hi)
    elif select == "v":
        lo, hi = (float(r) for r in select_range)
        keep = (w > lo) & (w <= hi)
    else:
        keep = torch.ones_like(w, dtype=torch.bool)
    w = w[keep].to(a.real.dtype if a.is_complex() else a.dtype)
    return w if eigvals_only else (w, v[:, keep])
