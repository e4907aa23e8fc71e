"""`tf.linalg.LinearOperator` and the dense-backed operators: FullMatrix, Diag, Identity, ScaledIdentity,
LowerTriangular.

Mirrors `tensorflow/python/ops/linalg/linear_operator*.py`: an operator is a (batch of) `[M, N]` matrices
used through `matmul`/`matvec`/`solve`/`solvevec`/`determinant`/`log_abs_determinant`/`diag_part`/`trace`/
`to_dense`/`add_to_tensor`/`adjoint`/`inverse`/`cholesky`/`eigvals`/`cond`, with TF's hints
(`is_non_singular`, `is_self_adjoint`, `is_positive_definite`, `is_square`), checked for consistency as TF
does. Diagonal, identity and triangular operators use their structure (O(N) products and solves); the base
class falls back to the dense matrix. A subclass implements `_shape()` and `_to_dense()` (or `_matmul`).
`adjoint()`/`inverse()` return an operator of the same kind where TF does (Diag, Identity, ScaledIdentity),
else a LinearOperatorFullMatrix of the dense result (TF: LinearOperatorAdjoint/Inversion wrappers).
"""

import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ops.tensor_shape import TensorShape


class LinearOperator:
    """`tf.linalg.LinearOperator(dtype, graph_parents=None, is_non_singular=None, is_self_adjoint=None,
    is_positive_definite=None, is_square=None, name=None, parameters=None)`: abstract base.

    Raises:
        ValueError: for inconsistent hints (positive definite or self-adjoint but not square, positive
            definite but singular), or `graph_parents` (a TF1 graph notion).
    """

    def __init__(self, dtype, graph_parents=None, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None, parameters=None):
        if graph_parents:
            raise ValueError("`graph_parents` is a TF1 graph notion that keraslike's eager operators do not use. "
                             f"Received: graph_parents={graph_parents!r}")
        if is_positive_definite and is_non_singular is False:
            raise ValueError("A positive definite operator is always non-singular. "
                             "Received: is_positive_definite=True, is_non_singular=False")
        if (is_positive_definite or is_self_adjoint or is_non_singular) and is_square is False:
            raise ValueError("A non-singular, self-adjoint or positive definite operator is always square. "
                             "Received: is_square=False")
        if is_positive_definite:
            is_non_singular = True
        if is_positive_definite or is_self_adjoint or is_non_singular:
            is_square = True
        self._dtype = dtypes.as_dtype(dtype) if dtype is not None else None
        self._is_non_singular = is_non_singular
        self._is_self_adjoint = is_self_adjoint
        self._is_positive_definite = is_positive_definite
        self._is_square_hint = is_square
        self._name = name or type(self).__name__
        self._parameters = dict(parameters or {})

    # ---- hints and shape ----
    dtype = property(lambda self: self._dtype)
    name = property(lambda self: self._name)
    parameters = property(lambda self: dict(self._parameters))
    is_non_singular = property(lambda self: self._is_non_singular)
    is_self_adjoint = property(lambda self: self._is_self_adjoint)
    is_positive_definite = property(lambda self: self._is_positive_definite)
    graph_parents = property(lambda self: [])

    @property
    def is_square(self):
        """True/False from the shape when known (TF's rule), else the hint."""
        shape = self.shape
        if shape[-1] is not None and shape[-2] is not None:
            return shape[-1] == shape[-2]
        return self._is_square_hint

    def _shape(self):
        raise NotImplementedError(f"{type(self).__name__} must implement `_shape()` (a tuple batch + (M, N)).")

    @property
    def shape(self):
        """`TensorShape` `batch_shape + [M, N]`."""
        return TensorShape(list(self._shape()))

    @property
    def batch_shape(self):
        return TensorShape(list(self._shape()[:-2]))

    @property
    def tensor_rank(self):
        return len(self._shape())

    @property
    def domain_dimension(self):
        """N, the number of columns."""
        return self._shape()[-1]

    @property
    def range_dimension(self):
        """M, the number of rows."""
        return self._shape()[-2]

    def shape_tensor(self, name="shape_tensor"):
        return torch.tensor(list(self._shape()), dtype=torch.int32)

    def batch_shape_tensor(self, name="batch_shape_tensor"):
        return torch.tensor(list(self._shape()[:-2]), dtype=torch.int32)

    def tensor_rank_tensor(self, name="tensor_rank_tensor"):
        return torch.tensor(self.tensor_rank, dtype=torch.int32)

    def domain_dimension_tensor(self, name="domain_dimension_tensor"):
        return torch.tensor(self.domain_dimension, dtype=torch.int32)

    def range_dimension_tensor(self, name="range_dimension_tensor"):
        return torch.tensor(self.range_dimension, dtype=torch.int32)

    # ---- values ----
    def _to_dense(self):
        n = self.domain_dimension
        eye = torch.eye(n, dtype=self.dtype).expand(*self._shape()[:-2], n, n)
        return self._matmul(eye, False, False)

    def to_dense(self, name="to_dense"):
        """The dense `[..., M, N]` matrix."""
        return self._to_dense()

    def _arg(self, x, name):
        t = to_tensor(x, self.dtype, name) if not isinstance(x, torch.Tensor) else x
        if t.dtype != self.dtype:
            raise TypeError(f"Expected `{name}` of dtype {dtypes.dtype_name(self.dtype)}. "
                            f"Received: {name}.dtype={dtypes.dtype_name(t.dtype)}")
        return t

    def _matmul(self, x, adjoint, adjoint_arg):
        a = self.to_dense()
        a = a.mH if adjoint else a
        return a @ (x.mH if adjoint_arg else x)

    def matmul(self, x, adjoint=False, adjoint_arg=False, name="matmul"):
        """`op @ x` (`op^H` with `adjoint`, `x^H` with `adjoint_arg`); `x` a tensor `[..., N, R]` or an operator."""
        if isinstance(x, LinearOperator):
            left = self.to_dense().mH if adjoint else self.to_dense()
            right = x.to_dense().mH if adjoint_arg else x.to_dense()
            return LinearOperatorFullMatrix(left @ right)
        return self._matmul(self._arg(x, "x"), adjoint, adjoint_arg)

    def __matmul__(self, other):
        return self.matmul(other)

    def matvec(self, x, adjoint=False, name="matvec"):
        """`op @ x` for vectors `x` `[..., N]`."""
        return self.matmul(self._arg(x, "x").unsqueeze(-1), adjoint=adjoint).squeeze(-1)

    def _check_square(self, what):
        if not self.is_square:
            raise NotImplementedError(f"`{what}` is only defined for square operators. "
                                      f"Received: shape={self.shape}")
        if self._is_non_singular is False and what in ("solve", "inverse"):
            raise NotImplementedError(f"`{what}` of an operator hinted singular (is_non_singular=False).")

    def _solve(self, rhs, adjoint, adjoint_arg):
        a = self.to_dense()
        return torch.linalg.solve(a.mH if adjoint else a, rhs.mH if adjoint_arg else rhs)

    def solve(self, rhs, adjoint=False, adjoint_arg=False, name="solve"):
        """`X` with `op @ X = rhs` (`op^H` with `adjoint`); square operators only."""
        self._check_square("solve")
        return self._solve(self._arg(rhs, "rhs"), adjoint, adjoint_arg)

    def solvevec(self, rhs, adjoint=False, name="solve"):
        """`x` with `op @ x = rhs` for vectors `rhs` `[..., N]`."""
        return self.solve(self._arg(rhs, "rhs").unsqueeze(-1), adjoint=adjoint).squeeze(-1)

    def _determinant(self):
        return torch.linalg.det(self.to_dense())

    def determinant(self, name="det"):
        self._check_square("determinant")
        return self._determinant()

    def _log_abs_determinant(self):
        return torch.linalg.slogdet(self.to_dense())[1]

    def log_abs_determinant(self, name="log_abs_det"):
        self._check_square("log_abs_determinant")
        return self._log_abs_determinant()

    def _diag_part(self):
        return torch.diagonal(self.to_dense(), dim1=-2, dim2=-1)

    def diag_part(self, name="diag_part"):
        return self._diag_part()

    def trace(self, name="trace"):
        return self.diag_part().sum(-1)

    def add_to_tensor(self, x, name="add_to_tensor"):
        """`to_dense() + x`."""
        return self.to_dense() + self._arg(x, "x")

    def adjoint(self, name="adjoint"):
        return LinearOperatorFullMatrix(self.to_dense().mH, is_non_singular=self._is_non_singular,
                                        is_self_adjoint=self._is_self_adjoint,
                                        is_positive_definite=self._is_positive_definite)

    H = property(lambda self: self.adjoint())

    def inverse(self, name="inverse"):
        self._check_square("inverse")
        return LinearOperatorFullMatrix(torch.linalg.inv(self.to_dense()), is_non_singular=True,
                                        is_self_adjoint=self._is_self_adjoint,
                                        is_positive_definite=self._is_positive_definite)

    def cholesky(self, name="cholesky"):
        """The lower Cholesky factor as a LinearOperatorLowerTriangular; needs self-adjoint and positive
        definite hints, as TF."""
        if not (self._is_self_adjoint and self._is_positive_definite):
            raise ValueError("Cholesky decomposition is only defined for operators hinted is_self_adjoint=True "
                             "and is_positive_definite=True. Received: "
                             f"is_self_adjoint={self._is_self_adjoint}, "
                             f"is_positive_definite={self._is_positive_definite}")
        return LinearOperatorLowerTriangular(torch.linalg.cholesky(self.to_dense()), is_non_singular=True)

    def eigvals(self, name="eigvals"):
        """Eigenvalues; TF defines them for self-adjoint operators only (ascending, real)."""
        if not self._is_self_adjoint:
            raise NotImplementedError("eigvals is only implemented for operators hinted is_self_adjoint=True, "
                                      f"as TF. Received: is_self_adjoint={self._is_self_adjoint}")
        return torch.linalg.eigvalsh(self.to_dense())

    def cond(self, name="cond"):
        """The 2-norm condition number (largest / smallest singular value)."""
        s = torch.linalg.svdvals(self.to_dense())
        return s[..., 0] / s[..., -1]

    def assert_non_singular(self, name="assert_non_singular"):
        """Raise `tf.errors.InvalidArgumentError` if some matrix is singular (by its condition number)."""

        cond = self.cond()
        eps = torch.finfo(cond.real.dtype if cond.is_complex() else cond.dtype).eps
        if bool((~torch.isfinite(cond) | (cond * eps > 1 / 100)).any()):
            raise errors.InvalidArgumentError(None, None, "Singular operator (condition number too large)")

    def assert_positive_definite(self, name="assert_positive_definite"):
        """Raise `tf.errors.InvalidArgumentError` unless every matrix is Hermitian positive definite."""

        _, info = torch.linalg.cholesky_ex(self.to_dense())
        if bool((info != 0).any()):
            raise errors.InvalidArgumentError(None, None, "Operator is not positive definite")

    def assert_self_adjoint(self, name="assert_self_adjoint"):
        """Raise `tf.errors.InvalidArgumentError` unless `op == op^H`."""

        a = self.to_dense()
        if not torch.allclose(a, a.mH):
            raise errors.InvalidArgumentError(None, None, "Operator is not self-adjoint")

    def __repr__(self):
        return f"<tf.linalg.{type(self).__name__} '{self._name}' shape={self.shape} dtype={self.dtype}>"


class LinearOperatorFullMatrix(LinearOperator):
    """`tf.linalg.LinearOperatorFullMatrix(matrix, is_non_singular=None, is_self_adjoint=None,
    is_positive_definite=None, is_square=None, name="LinearOperatorFullMatrix")`: `matrix` `[..., M, N]`."""

    def __init__(self, matrix, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name="LinearOperatorFullMatrix"):
        m = to_tensor(matrix, None, "matrix")
        if m.dim() < 2 or not (m.is_floating_point() or m.is_complex()):
            raise ValueError(f"`matrix` must be a floating/complex tensor of rank >= 2. Received: "
                             f"shape={list(m.shape)}, dtype={dtypes.dtype_name(m.dtype)}")
        self._matrix = m
        super().__init__(m.dtype, None, is_non_singular, is_self_adjoint, is_positive_definite, is_square, name,
                         {"matrix": matrix})

    def _shape(self):
        return tuple(self._matrix.shape)

    def _to_dense(self):
        return self._matrix


class LinearOperatorLowerTriangular(LinearOperator):
    """`tf.linalg.LinearOperatorLowerTriangular(tril, ...)`: only the lower triangle of `tril` `[..., N, N]`
    is used; products, solves and determinants use the triangle."""

    def __init__(self, tril, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None, is_square=None,
                 name="LinearOperatorLowerTriangular"):
        t = to_tensor(tril, None, "tril")
        if t.dim() < 2 or t.shape[-1] != t.shape[-2]:
            raise ValueError(f"`tril` must be square [..., N, N]. Received: shape={list(t.shape)}")
        if is_square is False:
            raise ValueError("A triangular operator is always square. Received: is_square=False")
        self._tril = torch.tril(t)
        super().__init__(t.dtype, None, is_non_singular, is_self_adjoint, is_positive_definite, True, name,
                         {"tril": tril})

    def _shape(self):
        return tuple(self._tril.shape)

    def _to_dense(self):
        return self._tril

    def _solve(self, rhs, adjoint, adjoint_arg):
        a = self._tril.mH if adjoint else self._tril
        return torch.linalg.solve_triangular(a, rhs.mH if adjoint_arg else rhs, upper=bool(adjoint))

    def _determinant(self):
        return torch.diagonal(self._tril, dim1=-2, dim2=-1).prod(-1)

    def _log_abs_determinant(self):
        return torch.log(torch.diagonal(self._tril, dim1=-2, dim2=-1).abs()).sum(-1)


class LinearOperatorDiag(LinearOperator):
    """`tf.linalg.LinearOperatorDiag(diag, ...)`: the square diagonal operator of `diag` `[..., N]`."""

    def __init__(self, diag, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None, is_square=True,
                 name="LinearOperatorDiag"):
        d = to_tensor(diag, None, "diag")
        if d.dim() < 1 or not (d.is_floating_point() or d.is_complex()):
            raise ValueError(f"`diag` must be a floating/complex tensor of rank >= 1. Received: "
                             f"shape={list(d.shape)}, dtype={dtypes.dtype_name(d.dtype)}")
        if is_square is False:
            raise ValueError("A diagonal operator is always square. Received: is_square=False")
        if not d.is_complex() and is_self_adjoint is False:
            raise ValueError("A real diagonal operator is always self-adjoint. Received: is_self_adjoint=False")
        if not d.is_complex():
            is_self_adjoint = True
        self._diag = d
        super().__init__(d.dtype, None, is_non_singular, is_self_adjoint, is_positive_definite, True, name,
                         {"diag": diag})

    diag = property(lambda self: self._diag)

    def _shape(self):
        return tuple(self._diag.shape) + (self._diag.shape[-1],)

    def _to_dense(self):
        return torch.diag_embed(self._diag)

    def _matmul(self, x, adjoint, adjoint_arg):
        d = self._diag.conj() if adjoint else self._diag
        return d.unsqueeze(-1) * (x.mH if adjoint_arg else x)

    def _solve(self, rhs, adjoint, adjoint_arg):
        d = self._diag.conj() if adjoint else self._diag
        return (rhs.mH if adjoint_arg else rhs) / d.unsqueeze(-1)

    def _determinant(self):
        return self._diag.prod(-1)

    def _log_abs_determinant(self):
        return torch.log(self._diag.abs()).sum(-1)

    def _diag_part(self):
        return self._diag

    def adjoint(self, name="adjoint"):
        return LinearOperatorDiag(self._diag.conj(), self._is_non_singular, self._is_self_adjoint,
                                  self._is_positive_definite)

    def inverse(self, name="inverse"):
        self._check_square("inverse")
        return LinearOperatorDiag(1 / self._diag, True, self._is_self_adjoint, self._is_positive_definite)

    def cholesky(self, name="cholesky"):
        super().cholesky()  # checks the hints
        return LinearOperatorDiag(torch.sqrt(self._diag), True, True, True)


class LinearOperatorScaledIdentity(LinearOperator):
    """`tf.linalg.LinearOperatorScaledIdentity(num_rows, multiplier, ..., assert_proper_shapes=False)`:
    `multiplier * I` of size `num_rows`; the batch shape is `multiplier`'s shape."""

    def __init__(self, num_rows, multiplier, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=True, assert_proper_shapes=False, name="LinearOperatorScaledIdentity"):
        n = int(num_rows)
        if n < 0:
            raise ValueError(f"`num_rows` must be non-negative. Received: num_rows={num_rows!r}")
        if is_square is False:
            raise ValueError("An identity operator is always square. Received: is_square=False")
        m = to_tensor(multiplier, None, "multiplier")
        if not (m.is_floating_point() or m.is_complex()):
            m = m.to(torch.float32)
        self._num_rows = n
        self._multiplier = m
        self._assert_proper_shapes = bool(assert_proper_shapes)
        super().__init__(m.dtype, None, is_non_singular, is_self_adjoint, is_positive_definite, True, name,
                         {"num_rows": num_rows, "multiplier": multiplier})

    multiplier = property(lambda self: self._multiplier)

    def _shape(self):
        return tuple(self._multiplier.shape) + (self._num_rows, self._num_rows)

    def _to_dense(self):
        eye = torch.eye(self._num_rows, dtype=self.dtype)
        return self._multiplier[..., None, None] * eye

    def _check_arg_rows(self, x):
        if self._assert_proper_shapes and x.shape[-2] != self._num_rows:
            raise ValueError(f"Expected an argument with {self._num_rows} rows (assert_proper_shapes=True). "
                             f"Received: shape={list(x.shape)}")

    def _matmul(self, x, adjoint, adjoint_arg):
        x = x.mH if adjoint_arg else x
        self._check_arg_rows(x)
        m = self._multiplier.conj() if adjoint else self._multiplier
        return m[..., None, None] * x

    def _solve(self, rhs, adjoint, adjoint_arg):
        rhs = rhs.mH if adjoint_arg else rhs
        self._check_arg_rows(rhs)
        m = self._multiplier.conj() if adjoint else self._multiplier
        return rhs / m[..., None, None]

    def _determinant(self):
        return self._multiplier ** self._num_rows

    def _log_abs_determinant(self):
        return self._num_rows * torch.log(self._multiplier.abs())

    def _diag_part(self):
        return self._multiplier[..., None] * torch.ones(self._num_rows, dtype=self.dtype)

    def adjoint(self, name="adjoint"):
        return LinearOperatorScaledIdentity(self._num_rows, self._multiplier.conj(), self._is_non_singular,
                                            self._is_self_adjoint, self._is_positive_definite)

    def inverse(self, name="inverse"):
        return LinearOperatorScaledIdentity(self._num_rows, 1 / self._multiplier, True, self._is_self_adjoint,
                                            self._is_positive_definite)


class LinearOperatorIdentity(LinearOperatorScaledIdentity):
    """`tf.linalg.LinearOperatorIdentity(num_rows, batch_shape=None, dtype=None, is_non_singular=True,
    is_self_adjoint=True, is_positive_definite=True, is_square=True, assert_proper_shapes=False)`."""

    def __init__(self, num_rows, batch_shape=None, dtype=None, is_non_singular=True, is_self_adjoint=True,
                 is_positive_definite=True, is_square=True, assert_proper_shapes=False,
                 name="LinearOperatorIdentity"):
        for hint, value in (("is_non_singular", is_non_singular), ("is_self_adjoint", is_self_adjoint),
                            ("is_positive_definite", is_positive_definite)):
            if not value:
                raise ValueError(f"An identity operator is always {hint[3:]}. Received: {hint}={value!r}")
        dtype = dtypes.as_dtype(dtype) if dtype is not None else torch.float32
        ones = torch.ones(tuple(int(d) for d in (batch_shape or ())), dtype=dtype)
        super().__init__(num_rows, ones, True, True, True, is_square, assert_proper_shapes, name)
        self._parameters = {"num_rows": num_rows, "batch_shape": batch_shape, "dtype": dtype}

    def adjoint(self, name="adjoint"):
        return self

    def inverse(self, name="inverse"):
        return self
