"""Issue 25 item 5 (remaining names and ops) against real TF 2.21 / Keras 3 (tests/golden/make_issue25_ops_golden.py,
cases in tests/golden/issue25_ops_cases.py), plus gradients of the new ops against finite differences and TF's
registered gradient formulas."""

import os
import sys

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike import keras

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))
import issue25_ops_cases  # noqa: E402


@pytest.fixture(scope="module")
def ours():
    return issue25_ops_cases.run(tf, keras)


def test_values_match_tf_goldens(ours):
    gold = np.load(os.path.join(HERE, "..", "golden", "issue25_ops.npz"))
    bad = []
    for entry in gold["__errors__"].tolist():
        key, error = entry.split("=")
        if ours.get(key) != error:
            bad.append(f"{key}: TF raises {error}, keraslike gave {ours.get(key, ours.get(key + '#0'))!r:.200}")
    for key in gold.files:
        if key == "__errors__":
            continue
        got, want = ours.get(key, ours.get(key.split("#")[0])), gold[key]
        if not isinstance(got, np.ndarray):
            bad.append(f"{key}: {got}")
        elif got.shape != want.shape or got.dtype != want.dtype:
            bad.append(f"{key}: shape/dtype {got.shape} {got.dtype} != {want.shape} {want.dtype}")
        elif want.dtype.kind in "fc":
            if not np.allclose(got, want, rtol=1e-5 if want.dtype in (np.float32, np.complex64) else 1e-10,
                               atol=0, equal_nan=True):
                bad.append(f"{key}: {got} != {want}")
        elif not np.array_equal(got, want):
            bad.append(f"{key}: {got} != {want}")
    extra = sorted(k for k in ours if k.split("#")[0] not in {g.split("#")[0] for g in gold.files}
                   and not any(e.startswith(k.split("#")[0] + "=") for e in gold["__errors__"].tolist()))
    assert not extra, f"keraslike-only results (TF raised nothing recorded): {extra}"
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("name", ["dawsn", "expint", "fresnel_cos", "fresnel_sin", "spence"])
def test_special_gradients_are_tf_formulas_and_finite_differences(name):
    x = torch.tensor([0.3, 0.9, 1.0, 2.5, 7.0], dtype=torch.float64, requires_grad=True)
    fn = getattr(tf.math.special, name)
    assert torch.autograd.gradcheck(fn, (x,))
    one = torch.tensor([1.0], dtype=torch.float64, requires_grad=True)
    if name == "spence":  # TF defines the removable singularity's value: -1
        fn(one).backward()
        assert one.grad.item() == -1.0


def test_isotonic_gradient_averages_each_segment():
    x = torch.tensor([[1.0, 3.0, 2.0, 4.0]], requires_grad=True)
    out, segments = tf.nn.isotonic_regression(x, decreasing=False)
    (out * torch.tensor([[1.0, 2.0, 4.0, 8.0]])).sum().backward()
    np.testing.assert_array_equal(segments.numpy(), [[0, 1, 1, 2]])
    np.testing.assert_allclose(x.grad.numpy(), [[1.0, 3.0, 3.0, 8.0]])


def test_iou_update_state_returns_a_copy():
    m = keras.metrics.MeanIoU(num_classes=2)
    first = m.update_state([0, 1], [0, 1])
    m.update_state([0, 1], [0, 1])
    np.testing.assert_array_equal(first.numpy(), [[1, 0], [0, 1]])
