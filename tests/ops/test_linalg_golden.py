"""The tf.linalg functions of issue 11 against real TF 2.21 (tests/golden/make_linalg_golden.py, cases in
tests/golden/linalg_cases.py), plus gradients of a sample against torch autograd of the textbook formula."""

import os
import sys

import numpy as np
import pytest
import torch

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))
import linalg_cases  # noqa: E402


def test_linalg_matches_tf_goldens():
    gold = np.load(os.path.join(HERE, "..", "golden", "linalg.npz"))
    ours = linalg_cases.run(tf)
    ours.update(linalg_cases.run_operators(tf))
    bad = [f"{entry}: keraslike gave a value" for entry in gold["__errors__"].tolist()
           if not isinstance(ours.get(entry.split("=")[0]), str)]
    for key in gold.files:
        if key == "__errors__":
            continue
        got = ours.get(key, ours.get(key.split("#")[0]))
        if not isinstance(got, np.ndarray):
            bad.append(f"{key}: {got}")
        elif got.shape != gold[key].shape or got.dtype != gold[key].dtype:
            bad.append(f"{key}: shape/dtype {got.shape} {got.dtype} != {gold[key].shape} {gold[key].dtype}")
        elif not np.allclose(got, gold[key], rtol=1e-6, atol=1e-8):
            bad.append(f"{key}: max diff {np.abs(got - gold[key]).max()}")
    assert not bad, "\n".join(bad)


def test_gradients_match_autograd_of_the_formula():
    rng = np.random.RandomState(1)
    a0 = rng.randn(3, 3)
    spd = torch.tensor(a0 @ a0.T + 3 * np.eye(3), requires_grad=True)
    tf.linalg.logdet(spd).backward()
    np.testing.assert_allclose(spd.grad.numpy(), torch.linalg.inv(spd.detach()).numpy(), rtol=1e-8)
    tall = torch.tensor(rng.randn(5, 3), requires_grad=True)
    rhs = torch.tensor(rng.randn(5, 2))
    tf.linalg.lstsq(tall, rhs, l2_regularizer=0.1).sum().backward()
    ref = tall.detach().clone().requires_grad_(True)
    (torch.linalg.solve(ref.T @ ref + 0.1 * torch.eye(3, dtype=ref.dtype), ref.T @ rhs)).sum().backward()
    np.testing.assert_allclose(tall.grad.numpy(), ref.grad.numpy(), rtol=1e-7)
    x = torch.tensor(rng.randn(4, 4), requires_grad=True)
    tf.linalg.band_part(x, 1, 0).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), np.tril(np.triu(np.ones((4, 4)), -1)))


def test_errors():
    with pytest.raises(TypeError, match="complex"):
        tf.linalg.logm(np.eye(2))
    with pytest.raises(NotImplementedError, match="perturb_singular"):
        tf.linalg.tridiagonal_solve(tf.ones([3, 4]), tf.ones([4, 1]), perturb_singular=True)
    with pytest.raises(ValueError, match="diagonals_format"):
        tf.linalg.tridiagonal_matmul(tf.ones([3, 4]), tf.ones([4, 1]), diagonals_format="banded")
    with pytest.raises(ValueError, match="select"):
        tf.linalg.eigh_tridiagonal(tf.ones([3]), tf.ones([2]), select="x")
    with pytest.raises(ValueError, match=r"\[\.\.\., 3\]"):
        tf.linalg.cross(tf.ones([2, 2]), tf.ones([2, 2]))
