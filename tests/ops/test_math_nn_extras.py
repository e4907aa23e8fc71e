"""tf.math segment/special/counting ops and the tf.nn moments, lrn, crelu, space_to_depth... against real
TF 2.21 (tests/golden/make_math_nn_extras_golden.py); gradients of segment ops against torch autograd."""

import json
import os

import numpy as np
import pytest
import torch

import keraslike as tf

GOLDEN = dict(np.load(os.path.join(os.path.dirname(__file__), "..", "golden", "math_nn_extras.npz"),
                      allow_pickle=False))
NAMES = sorted({k.split("/")[0] for k in GOLDEN})


def _resolve(path):
    obj = tf
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


@pytest.mark.parametrize("name", NAMES)
def test_matches_tensorflow(name):
    spec = json.loads(str(GOLDEN[f"{name}/spec"]))
    inputs = [GOLDEN[f"{name}/a{i}"] for i in range(spec["n"])]
    kwargs = dict(spec["kwargs"])
    if "dtype" in kwargs:
        kwargs["dtype"] = getattr(tf, kwargs["dtype"])
    fn = _resolve(spec["fn"])
    out = fn(inputs, **kwargs) if spec["listed"] else fn(*inputs, *spec["pos"], **kwargs)
    outs = out if isinstance(out, (tuple, list)) else [out]
    assert len(outs) == spec["outputs"]
    for i, got in enumerate(outs):
        if i in spec["none"]:
            assert got is None
            continue
        expected = GOLDEN[f"{name}/y{i}"]
        got = np.asarray(got.numpy() if hasattr(got, "numpy") else got)
        assert got.shape == expected.shape, (got.shape, expected.shape)
        if expected.dtype.kind in "iub":
            np.testing.assert_array_equal(got, expected)
            assert got.dtype == expected.dtype
        else:
            np.testing.assert_allclose(got, expected, rtol=2e-5, atol=2e-6)


def test_segment_gradients_match_autograd():
    data = torch.randn(6, 3, dtype=torch.float64, requires_grad=True)
    ids = torch.tensor([3, 0, -1, 3, 1, 0])
    for fn in (tf.math.unsorted_segment_sum, tf.math.unsorted_segment_mean, tf.math.unsorted_segment_max,
               tf.math.unsorted_segment_sqrt_n):
        assert torch.autograd.gradcheck(lambda d, fn=fn: fn(d, ids, 5)[:4], (data,))


def test_bad_ids_and_arguments_raise_like_tf():
    with pytest.raises(tf.errors.InvalidArgumentError, match="sorted"):
        tf.math.segment_sum(np.ones((3, 2), "float32"), [1, 0, 2])
    with pytest.raises(tf.errors.InvalidArgumentError, match="non-negative"):
        tf.math.bincount(np.array([1, -2]))
    with pytest.raises(tf.errors.InvalidArgumentError, match="permutation"):
        tf.math.invert_permutation(np.array([0, 0, 2]))
    with pytest.raises(TypeError, match="tf.math.erfinv"):
        tf.math.erfinv(np.array([1, 2]))
    with pytest.raises(ValueError, match="block_size"):
        tf.nn.space_to_depth(np.zeros((1, 3, 4, 1), "float32"), 2)
