"""`tf.linalg.*` beyond `matmul`/`norm`: inverse, determinant, diagonals, solves, decompositions.

Mirrors `tensorflow/python/ops/linalg/linalg_impl.py` and `linalg_ops.py`. All ops
work on the last two dimensions and batch over the leading ones.
"""

import torch

from keraslike._src.ops.conversion import binary_operands, to_tensor
from keraslike._src.ops import value_semantics
from keraslike._src.ops.math import _require_float


def _square_float(x, op_name, arg_name="input"):
    x = to_tensor(x, None, arg_name)
    _require_float(x, op_name, arg_name)
    if x.dim() < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(
            f"`{op_name}` expects square matrices of shape [..., M, M]. "
            f"Received: {arg_name}.shape={list(x.shape)}"
        )
    return x


def inv(input, adjoint=False, name=None):
    """`tf.linalg.inv`: inverse of each square matrix."""
    x = _square_float(input, "tf.linalg.inv")
    out = torch.linalg.inv(x)
    return out.mH if adjoint else out


def det(input, name=None):
    """`tf.linalg.det`: determinant of each square matrix."""
    return torch.linalg.det(_square_float(input, "tf.linalg.det"))


def slogdet(input, name=None):
    """`tf.linalg.slogdet`: `(sign, log|det|)` of each square matrix."""
    return tuple(torch.linalg.slogdet(_square_float(input, "tf.linalg.slogdet")))


def trace(x, name=None):
    """`tf.linalg.trace`: sum of the main diagonal of each matrix."""
    x = to_tensor(x, None, "x")
    return torch.diagonal(x, dim1=-2, dim2=-1).sum(-1)


def _check_scalar_k(k, fn):
    if not isinstance(k, int) or isinstance(k, bool):
        raise NotImplementedError(f"`tf.linalg.{fn}` supports one diagonal (an int `k`); bands of diagonals "
                                  f"are not implemented. Received: k={k!r}")


def diag(diagonal, name="diag", k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    """`tf.linalg.diag`: batch of matrices `[..., N+|k|, N+|k|]` with `diagonal` `[..., N]` on diagonal `k`.

    `padding_value` fills the rest (TF's default 0). `align` only matters for bands of diagonals.

    Raises:
        NotImplementedError: for a band `k=(lo, hi)` or explicit `num_rows`/`num_cols`.
    """
    _check_scalar_k(k, "diag")
    if num_rows != -1 or num_cols != -1:
        raise NotImplementedError("`tf.linalg.diag` builds square outputs (num_rows=num_cols=-1) only. "
                                  f"Received: num_rows={num_rows}, num_cols={num_cols}")
    out = torch.diag_embed(to_tensor(diagonal, None, "diagonal"), offset=k)
    if padding_value != 0:
        band = torch.diag_embed(torch.ones(out.shape[-1] - abs(k), dtype=torch.bool, device=out.device), offset=k)
        out = torch.where(band, out, torch.as_tensor(padding_value, dtype=out.dtype, device=out.device))
    return out


def diag_part(input, name="diag_part", k=0, padding_value=0, align="RIGHT_LEFT"):
    """`tf.linalg.diag_part`: diagonal `k` of each matrix (`[..., min(M, N)]` for the main one).

    `padding_value` and `align` only matter for bands of diagonals (not implemented).

    Raises:
        NotImplementedError: for a band `k=(lo, hi)`.
    """
    _check_scalar_k(k, "diag_part")
    return torch.diagonal(to_tensor(input, None, "input"), offset=k, dim1=-2, dim2=-1).clone()


@value_semantics.no_variable_views
def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    """`tf.linalg.matrix_transpose`: swap the last two dimensions."""
    x = to_tensor(a, None, "a").transpose(-1, -2)
    return x.conj().resolve_conj() if conjugate and x.is_complex() else x


def matvec(a, b, transpose_a=False, adjoint_a=False, name=None):
    """`tf.linalg.matvec(a, b)`: matrix `[..., M, N]` times vector `[..., N]`."""
    a, b = binary_operands(a, b, "tf.linalg.matvec", "a", "b")
    if transpose_a or adjoint_a:
        a = a.mH if adjoint_a else a.transpose(-1, -2)
    return torch.matmul(a, b.unsqueeze(-1)).squeeze(-1)


def solve(matrix, rhs, adjoint=False, name=None):
    """`tf.linalg.solve(matrix, rhs)`: X with `matrix @ X = rhs`."""
    m, r = binary_operands(matrix, rhs, "tf.linalg.solve", "matrix", "rhs")
    return torch.linalg.solve(m.mH if adjoint else m, r)


def cholesky(input, name=None):
    """`tf.linalg.cholesky`: lower-triangular L with `L @ L^H = input`."""
    return torch.linalg.cholesky(_square_float(input, "tf.linalg.cholesky"))


def qr(input, full_matrices=False, name=None):
    """`tf.linalg.qr`: `(q, r)`; reduced unless `full_matrices`."""
    x = to_tensor(input, None, "input")
    return tuple(torch.linalg.qr(x, mode="complete" if full_matrices else "reduced"))


def svd(tensor, full_matrices=False, compute_uv=True, name=None):
    """`tf.linalg.svd`: `s` or `(s, u, v)` (TF order; `v` not transposed)."""
    x = to_tensor(tensor, None, "tensor")
    if not compute_uv:
        return torch.linalg.svdvals(x)
    u, s, vh = torch.linalg.svd(x, full_matrices=full_matrices)
    return s, u, vh.mH


def eigh(tensor, name=None):
    """`tf.linalg.eigh`: `(eigenvalues, eigenvectors)` of self-adjoint matrices, ascending."""
    return tuple(torch.linalg.eigh(_square_float(tensor, "tf.linalg.eigh", "tensor")))


def _square(x, op_name, arg_name="tensor"):
    x = to_tensor(x, None, arg_name)
    if not (x.is_floating_point() or x.is_complex()):
        raise TypeError(f"`{op_name}` expects a floating-point or complex tensor. Received: {arg_name}.dtype="
                        f"{x.dtype.name}")
    if x.dim() < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"`{op_name}` expects square matrices of shape [..., M, M]. "
                         f"Received: {arg_name}.shape={list(x.shape)}")
    return x


def eig(tensor, name=None):
    """`tf.linalg.eig`: `(eigenvalues, eigenvectors)` of general square matrices, both complex.

    Mirrors `tensorflow/python/ops/linalg_ops.py` (`eig`). float32/complex64 inputs give complex64,
    float64/complex128 give complex128. Eigenvectors have unit norm; like TF's, their order and phase are
    the solver's (check `A @ v == v * e`, not the values).
    """
    return tuple(torch.linalg.eig(_square(tensor, "tf.linalg.eig")))


def eigvals(tensor, name=None):
    """`tf.linalg.eigvals`: the complex eigenvalues of general square matrices (order as the solver gives)."""
    return torch.linalg.eigvals(_square(tensor, "tf.linalg.eigvals"))


def matrix_square_root(input, name=None):
    """`tf.linalg.sqrtm`: the principal square root `S` of each square matrix (`S @ S == input`).

    Mirrors `tensorflow/python/ops/linalg/linalg_impl.py` (`sqrtm`, TF's MatrixSquareRoot). Computed from the
    eigendecomposition `V diag(sqrt(e)) V^-1` (differentiable). For a real input the result is real; where no
    real principal root exists (a negative real eigenvalue) the entries are NaN, as TF's Schur method gives
    no real answer there either. Defective (non-diagonalizable) matrices are not supported.

    Raises:
        TypeError: for integer input. ValueError: for non-square input.
    """
    x = _square(input, "tf.linalg.sqrtm", "input")
    values, vectors = torch.linalg.eig(x)
    root = vectors @ torch.diag_embed(torch.sqrt(values)) @ torch.linalg.inv(vectors)
    if x.is_complex():
        return root
    scale = root.abs().amax(dim=(-2, -1), keepdim=True).clamp_min(1.0)
    tol = 1e3 * torch.finfo(x.dtype).eps
    real_root = values.imag.abs().le(tol) & values.real.lt(-tol)
    bad = real_root.any(dim=-1, keepdim=True).unsqueeze(-1) | (root.imag.abs() > tol * scale).any(
        dim=(-2, -1), keepdim=True)
    return torch.where(bad, torch.full_like(root.real, float("nan")), root.real.to(x.dtype))
