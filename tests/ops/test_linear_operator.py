"""tf.linalg.LinearOperator hints, errors and subclassing (values: tests/ops/test_linalg_golden.py)."""

import numpy as np
import pytest
import torch

import keraslike as tf


def test_hints_and_errors():
    op = tf.linalg.LinearOperatorFullMatrix(np.eye(3), is_positive_definite=True)
    assert op.is_non_singular and op.is_square and op.shape.as_list() == [3, 3] and op.batch_shape.as_list() == []
    assert op.domain_dimension == 3 and op.range_dimension == 3 and op.tensor_rank == 2
    with pytest.raises(ValueError, match="non-singular"):
        tf.linalg.LinearOperatorFullMatrix(np.eye(2), is_positive_definite=True, is_non_singular=False)
    with pytest.raises(ValueError, match="Cholesky"):
        tf.linalg.LinearOperatorFullMatrix(np.eye(2)).cholesky()
    with pytest.raises(NotImplementedError, match="square"):
        tf.linalg.LinearOperatorFullMatrix(np.ones((2, 3))).solve(np.ones((2, 1)))
    with pytest.raises(ValueError, match="identity operator is always"):
        tf.linalg.LinearOperatorIdentity(2, is_positive_definite=False)
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.linalg.LinearOperatorFullMatrix(np.array([[1.0, 2.0], [0.0, 1.0]])).assert_self_adjoint()
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.linalg.LinearOperatorFullMatrix(np.ones((2, 2))).assert_non_singular()
    tf.linalg.LinearOperatorDiag([1.0, 2.0]).assert_positive_definite()
    ident = tf.linalg.LinearOperatorIdentity(3)
    assert ident.adjoint() is ident and ident.dtype == torch.float32
    assert isinstance(tf.linalg.LinearOperatorDiag([1.0, 2.0]).inverse(), tf.linalg.LinearOperatorDiag)
    assert torch.equal((tf.linalg.LinearOperatorDiag([1.0, 2.0]) @ torch.ones(2, 1)), torch.tensor([[1.0], [2.0]]))


def test_subclass_with_shape_and_matmul():
    class Shift(tf.linalg.LinearOperator):
        def __init__(self, n):
            self.n = n
            super().__init__(dtype=tf.float64, is_square=True)

        def _shape(self):
            return (self.n, self.n)

        def _matmul(self, x, adjoint=False, adjoint_arg=False):
            x = x.mH if adjoint_arg else x
            return torch.roll(x, -1 if adjoint else 1, dims=-2)

    op = Shift(3)
    dense = op.to_dense().numpy()
    np.testing.assert_array_equal(dense, np.roll(np.eye(3), 1, axis=0))
    np.testing.assert_allclose(op.solve(torch.eye(3, dtype=torch.float64)).numpy(), dense.T)
    assert float(op.trace()) == 0.0
