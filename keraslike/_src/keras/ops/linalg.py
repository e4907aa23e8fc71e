"""`keras.ops.linalg`: decompositions, solves, norms and `jvp`, over `torch.linalg`.

Mirrors `keras/src/ops/linalg.py`. Integer inputs become `floatx()`; batches of matrices are
supported wherever the leading axes allow.
"""

import numbers

import torch

from keraslike._src.keras.ops.tensors import convert, promote, to_float
from keraslike._src.ops.math import sqrt_sum_squares


def cholesky(x, upper=False):
    """`keras.ops.cholesky(x, upper=False)`: the lower (or upper) Cholesky factor of SPD matrices."""
    return torch.linalg.cholesky(to_float(x), upper=upper)


def cholesky_inverse(x, upper=False):
    """`keras.ops.cholesky_inverse(x, upper=False)`: the inverse of `A` from its Cholesky factor `x`."""
    return torch.cholesky_inverse(to_float(x), upper=upper)


def det(x):
    """`keras.ops.det(x)`: determinants of (batches of) square matrices."""
    return torch.linalg.det(to_float(x))


def eig(x):
    """`keras.ops.eig(x)`: `(eigenvalues, eigenvectors)` of general square matrices (complex results)."""
    return torch.linalg.eig(to_float(x))


def eigh(x):
    """`keras.ops.eigh(x)`: `(eigenvalues, eigenvectors)` of symmetric matrices, ascending eigenvalues."""
    return torch.linalg.eigh(to_float(x))


def inv(x):
    """`keras.ops.inv(x)`: matrix inverses."""
    return torch.linalg.inv(to_float(x))


def lstsq(a, b, rcond=None):
    """`keras.ops.lstsq(a, b, rcond=None)`: the least-squares solution `x` of `a @ x = b` (via the
    pseudo-inverse, so rank-deficient `a` gives the minimum-norm solution, as numpy)."""
    a, b = promote(to_float(a), to_float(b))
    squeeze = b.dim() == 1
    if squeeze:
        b = b[:, None]
    kwargs = {} if rcond is None else {"rtol": rcond}
    x = torch.linalg.pinv(a, **kwargs) @ b
    return x[:, 0] if squeeze else x


def lu_factor(x):
    """`keras.ops.lu_factor(x)`: `(lu, pivots)`, pivots 0-based int32 (SciPy's convention)."""
    lu, pivots = torch.linalg.lu_factor(to_float(x))
    return lu, (pivots - 1).to(torch.int32)


def matrix_rank(x, tol=None):
    """`keras.ops.matrix_rank(x, tol=None)`: the numerical rank (int32)."""
    kwargs = {} if tol is None else {"atol": tol, "rtol": 0.0}
    return torch.linalg.matrix_rank(to_float(x), **kwargs).to(torch.int32)


def norm(x, ord=None, axis=None, keepdims=False):
    """`keras.ops.norm(x, ord=None, axis=None, keepdims=False)`: vector or matrix norm, as numpy.

    `axis=None` gives the 2-norm of the flattened tensor (Frobenius for matrices); an int axis a
    vector norm of order `ord`; a pair of axes a matrix norm ("fro", "nuc", 1, -1, 2, -2, inf, -inf).

    Raises:
        ValueError: for an invalid `ord` for the kind of norm.
    """
    x = to_float(x)
    if axis is None:
        if ord is None or (ord == "fro" and x.dim() == 2):  # TF's sqrt(sum(x * conj(x))), its gradient at zero
            return sqrt_sum_squares(x, None, keepdims)
        if x.dim() == 2:
            return torch.linalg.matrix_norm(x, ord, keepdim=keepdims)
        if x.dim() == 1:
            return torch.linalg.vector_norm(x, ord, keepdim=keepdims)
        raise ValueError(f"Improper number of dimensions to norm with ord={ord}. Received: x.shape={tuple(x.shape)}")
    if isinstance(axis, numbers.Integral) or len(axis) == 1:
        dim = axis if isinstance(axis, numbers.Integral) else axis[0]
        if isinstance(ord, str):
            raise ValueError(f"Invalid `ord` argument for vector norm. Received: ord={ord}")
        if ord is None or ord == 2:
            return sqrt_sum_squares(x, dim, keepdims)
        return torch.linalg.vector_norm(x, ord, dim=dim, keepdim=keepdims)
    if ord is None or ord == "fro":
        return sqrt_sum_squares(x, tuple(axis), keepdims)
    return torch.linalg.matrix_norm(x, ord, dim=tuple(axis), keepdim=keepdims)


def pinv(x, rcond=None):
    """`keras.ops.pinv(x, rcond=None)`: the Moore-Penrose pseudo-inverse (`rcond` default 1e-15 scaled)."""
    kwargs = {} if rcond is None else {"rtol": rcond}
    return torch.linalg.pinv(to_float(x), **kwargs)


def qr(x, mode="reduced"):
    """`keras.ops.qr(x, mode="reduced")`: `(q, r)`; mode "reduced" or "complete".

    Raises:
        ValueError: for another mode.
    """
    if mode not in ("reduced", "complete"):
        raise ValueError(f"`mode` argument value not supported. Expected one of {{'reduced', 'complete'}}. "
                         f"Received: mode={mode}")
    return torch.linalg.qr(to_float(x), mode=mode)


def solve(a, b):
    """`keras.ops.solve(a, b)`: `x` with `a @ x = b`."""
    a, b = promote(to_float(a), to_float(b))
    return torch.linalg.solve(a, b)


def solve_triangular(a, b, lower=False):
    """`keras.ops.solve_triangular(a, b, lower=False)`: `x` with `a @ x = b` for triangular `a`."""
    a, b = promote(to_float(a), to_float(b))
    squeeze = b.dim() == a.dim() - 1
    if squeeze:
        b = b.unsqueeze(-1)
    x = torch.linalg.solve_triangular(a, b, upper=not lower)
    return x.squeeze(-1) if squeeze else x


def svd(x, full_matrices=True, compute_uv=True):
    """`keras.ops.svd(x, full_matrices=True, compute_uv=True)`: `(u, s, vh)`, or `s` alone."""
    x = to_float(x)
    if not compute_uv:
        return torch.linalg.svdvals(x)
    return torch.linalg.svd(x, full_matrices=full_matrices)


def jvp(fun, primals, tangents, has_aux=False):
    """`keras.ops.jvp(fun, primals, tangents, has_aux=False)`: `(outputs, tangent_outputs)` (and `aux`).

    Forward-mode Jacobian-vector product via `torch.func.jvp`; `primals`/`tangents` are tuples.
    """
    primals = tuple(convert(p) for p in primals)
    tangents = tuple(convert(t, p.dtype, p.device) for t, p in zip(tangents, primals))
    return torch.func.jvp(fun, primals, tangents, has_aux=has_aux)


__all__ = [
    "cholesky",
    "cholesky_inverse",
    "det",
    "eig",
    "eigh",
    "inv",
    "jvp",
    "lstsq",
    "lu_factor",
    "matrix_rank",
    "norm",
    "pinv",
    "qr",
    "solve",
    "solve_triangular",
    "svd",
]
