"""The structured `tf.linalg.LinearOperator*` classes built from other operators or from a few parameters:
Adjoint, Inversion, Composition, Kronecker, BlockDiag, Zeros, Permutation, Toeplitz, Householder,
LowRankUpdate, Tridiag.

Mirrors `tensorflow/python/ops/linalg/linear_operator_*.py`. Each builds its dense matrix with TF's
definition and uses the base class (keraslike/_src/ops/linear_operator.py) for products, solves and
determinants from it: the values are TF's (tests/golden/linalg.npz); the structured fast paths TF has
(FFT, Woodbury, ...) are not reproduced.
"""

import numpy as np
import torch

from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ops.linalg_solvers import tridiagonal_dense
from keraslike._src.ops.linear_operator import LinearOperator


class _Dense(LinearOperator):
    """An operator defined by a dense matrix computed once at construction."""

    def __init__(self, dense, is_non_singular, is_self_adjoint, is_positive_definite, is_square, name, params):
        self._dense = dense
        super().__init__(dense.dtype, None, is_non_singular, is_self_adjoint, is_positive_definite, is_square, name,
                         params)

    def _shape(self):
        return tuple(self._dense.shape)

    def _to_dense(self):
        return self._dense


def _operators(operators, what):
    ops = list(operators)
    if not ops or not all(isinstance(o, LinearOperator) for o in ops):
        raise TypeError(f"`{what}` must be a non-empty list of LinearOperators. Received: {operators!r}")
    if len({o.dtype for o in ops}) != 1:
        raise TypeError(f"The operators of `{what}` must share a dtype. Received: {[o.dtype for o in ops]}")
    return ops


class LinearOperatorAdjoint(_Dense):
    """`tf.linalg.LinearOperatorAdjoint(operator, ...)`: `operator^H`."""

    def __init__(self, operator, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        (op,) = _operators([operator], "operator")
        self.operator = op
        super().__init__(op.to_dense().mH, is_non_singular if is_non_singular is not None else op.is_non_singular,
                         is_self_adjoint if is_self_adjoint is not None else op.is_self_adjoint,
                         is_positive_definite if is_positive_definite is not None else op.is_positive_definite,
                         is_square, name or op.name + "_adjoint", {"operator": operator})


class LinearOperatorInversion(_Dense):
    """`tf.linalg.LinearOperatorInversion(operator, ...)`: `operator^-1` (a square, non-singular operator)."""

    def __init__(self, operator, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        (op,) = _operators([operator], "operator")
        if op.is_non_singular is False:
            raise ValueError("Cannot invert an operator hinted singular. Received: is_non_singular=False")
        if not op.is_square:
            raise ValueError(f"Cannot invert a non-square operator. Received: shape={op.shape}")
        self.operator = op
        super().__init__(torch.linalg.inv(op.to_dense()), True,
                         is_self_adjoint if is_self_adjoint is not None else op.is_self_adjoint,
                         is_positive_definite if is_positive_definite is not None else op.is_positive_definite,
                         is_square, name or op.name + "_inverse", {"operator": operator})


class LinearOperatorComposition(_Dense):
    """`tf.linalg.LinearOperatorComposition(operators, ...)`: `operators[0] @ operators[1] @ ...`."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        ops = _operators(operators, "operators")
        dense = ops[0].to_dense()
        for o in ops[1:]:
            dense = dense @ o.to_dense()
        self.operators = ops
        super().__init__(dense, is_non_singular, is_self_adjoint, is_positive_definite, is_square,
                         name or "_o_".join(o.name for o in ops), {"operators": operators})


def _kron(a, b):
    m, n = a.shape[-2:]
    p, q = b.shape[-2:]
    out = a[..., :, None, :, None] * b[..., None, :, None, :]
    return out.reshape(*out.shape[:-4], m * p, n * q)


class LinearOperatorKronecker(_Dense):
    """`tf.linalg.LinearOperatorKronecker(operators, ...)`: the Kronecker product `op_1 x op_2 x ...`."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        ops = _operators(operators, "operators")
        dense = ops[0].to_dense()
        for o in ops[1:]:
            dense = _kron(dense, o.to_dense())
        self.operators = ops
        super().__init__(dense, is_non_singular, is_self_adjoint, is_positive_definite, is_square,
                         name or "_x_".join(o.name for o in ops), {"operators": operators})


class _BlockwiseArguments:
    """TF's blockwise arguments of the block operators: `matvec`/`matmul` also take a list with one tensor per
    block (`[..., n_j]` vectors, `[..., n_j, R]` matrices) and return a list, block i being
    `sum_j A_ij x_j` (`A_ji^H x_j` with `adjoint`): its batch dims are those of the blocks and parts it involves
    (`op.matvec([x4, x5])` -> `[y0, y1]`). A tensor, or a list that does not fit the blocks, is one argument as for
    any operator."""

    def _blocks(self):  # {(i, j): the operator at block row i, column j} (the nonzero blocks)
        raise NotImplementedError

    def _blockwise_parts(self, x, adjoint, axis, rank):
        blocks = self._blocks()
        count = 1 + max(i for i, _ in blocks)
        if not isinstance(x, (list, tuple)) or len(x) != count or count < 2 or not all(
                isinstance(p, (torch.Tensor, np.ndarray)) for p in x):
            return None
        parts = [self._arg(p, "x") for p in x]
        sizes = [int(blocks[(k, k)].range_dimension if adjoint else blocks[(k, k)].domain_dimension)
                 for k in range(count)]  # what each part multiplies: a diagonal block's columns (rows if adjoint)
        if any(p.dim() < rank or p.shape[axis] != n for p, n in zip(parts, sizes)):
            return None
        return blocks, count, parts

    def _blockwise(self, parts_info, adjoint, apply):
        blocks, count, parts = parts_info
        out = [None] * count
        for (i, j), op in blocks.items():
            target, source = (j, i) if adjoint else (i, j)
            term = apply(op, parts[source])
            out[target] = term if out[target] is None else out[target] + term
        return out

    def matvec(self, x, adjoint=False, name="matvec"):
        info = self._blockwise_parts(x, adjoint, -1, 1)
        if info is None:
            return super().matvec(x, adjoint=adjoint, name=name)
        return self._blockwise(info, adjoint, lambda op, part: op.matvec(part, adjoint=adjoint))

    def matmul(self, x, adjoint=False, adjoint_arg=False, name="matmul"):
        info = self._blockwise_parts(x, adjoint, -1 if adjoint_arg else -2, 2)
        if info is None:
            return super().matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg, name=name)
        return self._blockwise(info, adjoint,
                               lambda op, part: op.matmul(part, adjoint=adjoint, adjoint_arg=adjoint_arg))


class LinearOperatorBlockDiag(_BlockwiseArguments, _Dense):
    """`tf.linalg.LinearOperatorBlockDiag(operators, ...)`: the operators as diagonal blocks (square ones, as
    TF's default `is_square=True`)."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=True, name=None):
        ops = _operators(operators, "operators")
        denses = [o.to_dense() for o in ops]
        batch = torch.broadcast_shapes(*[d.shape[:-2] for d in denses])
        rows, cols = sum(d.shape[-2] for d in denses), sum(d.shape[-1] for d in denses)
        dense = torch.zeros(*batch, rows, cols, dtype=denses[0].dtype)
        r = c = 0
        for d in denses:
            dense[..., r:r + d.shape[-2], c:c + d.shape[-1]] = d
            r, c = r + d.shape[-2], c + d.shape[-1]
        self.operators = ops
        super().__init__(dense, is_non_singular, is_self_adjoint, is_positive_definite, is_square,
                         name or "_ds_".join(o.name for o in ops), {"operators": operators})

    def _blocks(self):
        return {(k, k): op for k, op in enumerate(self.operators)}


class LinearOperatorZeros(_Dense):
    """`tf.linalg.LinearOperatorZeros(num_rows, num_columns=None, batch_shape=None, dtype=None, ...)`."""

    def __init__(self, num_rows, num_columns=None, batch_shape=None, dtype=None, is_non_singular=False,
                 is_self_adjoint=True, is_positive_definite=False, is_square=True, assert_proper_shapes=False,
                 name="LinearOperatorZeros"):
        if is_non_singular or is_positive_definite:
            raise ValueError("A zero operator is always singular and not positive definite. Received: "
                             f"is_non_singular={is_non_singular}, is_positive_definite={is_positive_definite}")
        cols = int(num_rows if num_columns is None else num_columns)
        dtype = dtypes.as_dtype(dtype) if dtype is not None else torch.float32
        dense = torch.zeros(*(int(d) for d in (batch_shape or ())), int(num_rows), cols, dtype=dtype)
        self._assert_proper_shapes = bool(assert_proper_shapes)
        super().__init__(dense, False, is_self_adjoint, False, is_square and int(num_rows) == cols, name,
                         {"num_rows": num_rows, "num_columns": num_columns, "batch_shape": batch_shape,
                          "dtype": dtype})

    def _matmul(self, x, adjoint, adjoint_arg):
        x = x.mH if adjoint_arg else x
        if self._assert_proper_shapes and x.shape[-2] != self.domain_dimension:
            raise ValueError(f"Expected an argument with {self.domain_dimension} rows (assert_proper_shapes=True). "
                             f"Received: shape={list(x.shape)}")
        return super()._matmul(x, adjoint, False)


class LinearOperatorPermutation(_Dense):
    """`tf.linalg.LinearOperatorPermutation(perm, dtype=tf.float32, ...)`: the permutation matrix of `perm`
    `[..., N]`: `P[i, perm[i]] = 1`, so `(P @ x)[i] = x[perm[i]]`, as TF."""

    def __init__(self, perm, dtype=torch.float32, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorPermutation"):
        p = to_tensor(perm, None, "perm").to(torch.int64)
        n = p.shape[-1]
        if sorted(p.reshape(-1, n)[0].tolist()) != list(range(n)):
            raise ValueError(f"`perm` must be a permutation of 0..{n - 1}. Received: perm={p.tolist()}")
        dense = torch.nn.functional.one_hot(p, n).to(dtypes.as_dtype(dtype))
        self.perm = p
        super().__init__(dense, True if is_non_singular is None else is_non_singular, is_self_adjoint,
                         is_positive_definite, True, name, {"perm": perm, "dtype": dtype})


class LinearOperatorToeplitz(_Dense):
    """`tf.linalg.LinearOperatorToeplitz(col, row, ...)`: `T[i, j] = col[i - j]` on and below the diagonal,
    `row[j - i]` above (`row[0]` is not used; `col[0]` is the diagonal)."""

    def __init__(self, col, row, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name="LinearOperatorToeplitz"):
        c = to_tensor(col, None, "col")
        r = to_tensor(row, c.dtype, "row") if not isinstance(row, torch.Tensor) else row
        n = c.shape[-1]
        if r.shape[-1] != n:
            raise ValueError(f"`col` and `row` must have the same length. Received: {n} and {r.shape[-1]}")
        i = torch.arange(n).unsqueeze(-1)
        j = torch.arange(n).unsqueeze(0)
        batch = torch.broadcast_shapes(c.shape[:-1], r.shape[:-1])
        c, r = c.expand(*batch, n), r.expand(*batch, n)
        lower = c[..., (i - j).clamp(min=0)]
        upper = r[..., (j - i).clamp(min=0)]
        dense = torch.where(i >= j, lower, upper)
        super().__init__(dense, is_non_singular, is_self_adjoint, is_positive_definite, True, name,
                         {"col": col, "row": row})


class LinearOperatorHouseholder(_Dense):
    """`tf.linalg.LinearOperatorHouseholder(reflection_axis, ...)`: `I - 2 v v^H / (v^H v)`."""

    def __init__(self, reflection_axis, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name="LinearOperatorHouseholder"):
        v = to_tensor(reflection_axis, None, "reflection_axis")
        if is_positive_definite:
            raise ValueError("A Householder operator is never positive definite. Received: is_positive_definite=True")
        n = v.shape[-1]
        outer = v.unsqueeze(-1) * v.conj().unsqueeze(-2)
        norm2 = (v.conj() * v).real.sum(-1)[..., None, None]
        dense = torch.eye(n, dtype=v.dtype) - 2 * outer / norm2
        super().__init__(dense, True, True, False, True, name, {"reflection_axis": reflection_axis})


class LinearOperatorLowRankUpdate(_Dense):
    """`tf.linalg.LinearOperatorLowRankUpdate(base_operator, u, diag_update=None, v=None, ...)`:
    `base + U diag(diag_update) V^H` (`V` defaults to `U`, `diag_update` to ones)."""

    def __init__(self, base_operator, u, diag_update=None, v=None, is_diag_update_positive=None,
                 is_non_singular=None, is_self_adjoint=None, is_positive_definite=None, is_square=None,
                 name="LinearOperatorLowRankUpdate"):
        (base,) = _operators([base_operator], "base_operator")
        uu = to_tensor(u, base.dtype, "u") if not isinstance(u, torch.Tensor) else u
        vv = uu if v is None else (to_tensor(v, base.dtype, "v") if not isinstance(v, torch.Tensor) else v)
        if diag_update is None:
            update = uu @ vv.mH
        else:
            d = to_tensor(diag_update, base.dtype, "diag_update") if not isinstance(diag_update,
                                                                                   torch.Tensor) else diag_update
            if is_diag_update_positive and bool((d <= 0).any()):
                raise ValueError("`diag_update` has non-positive entries. Received: is_diag_update_positive=True")
            update = (uu * d.unsqueeze(-2)) @ vv.mH
        self.base_operator = base
        super().__init__(base.to_dense() + update, is_non_singular, is_self_adjoint, is_positive_definite,
                         is_square, name, {"base_operator": base_operator, "u": u, "diag_update": diag_update,
                                           "v": v})


class LinearOperatorTridiag(_Dense):
    """`tf.linalg.LinearOperatorTridiag(diagonals, diagonals_format='compact', ...)` (the formats of
    `tf.linalg.tridiagonal_matmul`)."""

    def __init__(self, diagonals, diagonals_format="compact", is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorTridiag"):
        dense = tridiagonal_dense(diagonals, diagonals_format, "tf.linalg.LinearOperatorTridiag")
        self.diagonals, self.diagonals_format = diagonals, diagonals_format
        super().__init__(dense, is_non_singular, is_self_adjoint, is_positive_definite, True, name,
                         {"diagonals": diagonals, "diagonals_format": diagonals_format})


class LinearOperatorBlockLowerTriangular(_BlockwiseArguments, _Dense):
    """`tf.linalg.LinearOperatorBlockLowerTriangular(operators, ...)`: `operators` is a list of rows, row i
    holding the i + 1 blocks `[A_i0, ..., A_ii]` of a block lower triangular matrix (diagonal blocks square)."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name="LinearOperatorBlockLowerTriangular"):
        rows = [list(r) for r in operators]
        if not rows or any(len(r) != i + 1 for i, r in enumerate(rows)):
            raise ValueError("`operators` must be a list of rows where row i has i + 1 LinearOperators. "
                             f"Received: row lengths {[len(r) for r in rows]}")
        _operators([o for r in rows for o in r], "operators")
        sizes = [r[-1].range_dimension for r in rows]
        denses = [[o.to_dense() for o in r] for r in rows]
        batch = torch.broadcast_shapes(*[d.shape[:-2] for r in denses for d in r])
        total = sum(sizes)
        dense = torch.zeros(*batch, total, total, dtype=denses[0][0].dtype)
        starts = [sum(sizes[:i]) for i in range(len(sizes))]
        for i, r in enumerate(denses):
            for j, d in enumerate(r):
                if tuple(d.shape[-2:]) != (sizes[i], sizes[j]):
                    raise ValueError(f"Block ({i}, {j}) must be [{sizes[i]}, {sizes[j]}]. "
                                     f"Received: shape={list(d.shape)}")
                dense[..., starts[i]:starts[i] + sizes[i], starts[j]:starts[j] + sizes[j]] = d
        self.operators = rows
        super().__init__(dense, is_non_singular, is_self_adjoint, is_positive_definite, True, name,
                         {"operators": operators})

    def _blocks(self):
        return {(i, j): op for i, row in enumerate(self.operators) for j, op in enumerate(row)}


def _circulant_dense(spectrum, dims, input_output_dtype):
    spec = to_tensor(spectrum, None, "spectrum")
    if spec.dim() < dims:
        raise ValueError(f"`spectrum` must have rank >= {dims}. Received: shape={list(spec.shape)}")
    block = tuple(spec.shape[-dims:])
    n = 1
    for b in block:
        n *= b
    spec_c = spec.to(torch.complex128 if spec.dtype in (torch.float64, torch.complex128) else torch.complex64)
    eye = torch.eye(n, dtype=spec_c.dtype).reshape(n, *block)  # column j of the identity, as a block
    axes = tuple(range(-dims, 0))
    cols = torch.fft.ifftn(spec_c.unsqueeze(-dims - 1) * torch.fft.fftn(eye, dim=axes), dim=axes)
    dense = cols.reshape(*cols.shape[:-dims], n).mT  # [..., n (rows), n (columns)]
    out = dtypes.as_dtype(input_output_dtype)
    return dense if out.is_complex else dense.real.to(out)


class LinearOperatorCirculant(_Dense):
    """`tf.linalg.LinearOperatorCirculant(spectrum, input_output_dtype=tf.complex64, ...)`: the circulant
    operator `x -> ifft(spectrum * fft(x))` of `spectrum` `[..., N]`; a real `input_output_dtype` keeps the real
    part (exact when the spectrum is Hermitian)."""

    _dims = 1

    def __init__(self, spectrum, input_output_dtype=torch.complex64, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=True, name="LinearOperatorCirculant"):
        self.spectrum = to_tensor(spectrum, None, "spectrum")
        super().__init__(_circulant_dense(spectrum, self._dims, input_output_dtype), is_non_singular,
                         is_self_adjoint, is_positive_definite, True, name,
                         {"spectrum": spectrum, "input_output_dtype": input_output_dtype})


class LinearOperatorCirculant2D(LinearOperatorCirculant):
    """`tf.linalg.LinearOperatorCirculant2D(spectrum, ...)`: block circulant with circulant blocks, from
    `spectrum` `[..., N0, N1]` (`x -> ifft2(spectrum * fft2(x))` on `x` reshaped to `[N0, N1]`)."""

    _dims = 2

    def __init__(self, spectrum, input_output_dtype=torch.complex64, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=True, name="LinearOperatorCirculant2D"):
        super().__init__(spectrum, input_output_dtype, is_non_singular, is_self_adjoint, is_positive_definite,
                         is_square, name)


class LinearOperatorCirculant3D(LinearOperatorCirculant):
    """`tf.linalg.LinearOperatorCirculant3D(spectrum, ...)`: the 3-D analogue, `spectrum` `[..., N0, N1, N2]`."""

    _dims = 3

    def __init__(self, spectrum, input_output_dtype=torch.complex64, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=True, name="LinearOperatorCirculant3D"):
        super().__init__(spectrum, input_output_dtype, is_non_singular, is_self_adjoint, is_positive_definite,
                         is_square, name)
