"""`tf.linalg.*` beyond `matmul`/`norm`: inverse, determinant, diagonals, solves, decompositions.

Mirrors `tensorflow/python/ops/linalg/linalg_impl.py` and `linalg_ops.py`. All ops
work on the last two dimensions and batch over the leading ones.
"""

import torch

from keraslike._src.ops.conversion import binary_operands, to_tensor
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


def diag(diagonal, name=None, **kwargs):
    """`tf.linalg.diag`: batch of diagonal matrices from `[..., N]` diagonals."""
    return torch.diag_embed(to_tensor(diagonal, None, "diagonal"))


def diag_part(input, name=None, **kwargs):
    """`tf.linalg.diag_part`: the main diagonals `[..., min(M, N)]`."""
    return torch.diagonal(to_tensor(input, None, "input"), dim1=-2, dim2=-1).clone()


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
