"""Top-level TF ops, tf.bitwise, tf.signal and dtypes added for issue 11, against real TF 2.21.

The cases (`tests/golden/top_level_op_cases.py`, mostly TF's docstring examples) are compared with
`tests/golden/top_level_ops.json` (written by `tests/golden/make_top_level_op_golden.py` under real TF);
the N-D FFTs, which TF 2.21 has no CPU kernel for, against numpy; eig/sqrtm by reconstruction.
"""

import json
import os
import sys
import warnings

import numpy as np
import pytest
import torch  # noqa: F401

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))

import core_cases  # noqa: E402
import top_level_op_cases  # noqa: E402
from test_core_surface_golden import _close  # noqa: E402

with open(os.path.join(HERE, "..", "golden", "top_level_ops.json")) as _handle:
    GOLDEN = json.load(_handle)["cases"]


def test_goldens_cover_every_case():
    assert sorted(GOLDEN) == sorted(top_level_op_cases.CASES)


@pytest.mark.parametrize("name", sorted(top_level_op_cases.CASES))
def test_case_matches_tensorflow(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # numpy's overflow warning of the inf case, as in TF
        got = core_cases.run(top_level_op_cases.CASES[name], tf)
    _close(got, GOLDEN[name], name)



def test_nd_ffts_match_numpy():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(3, 4, 5)) + 1j * rng.normal(size=(3, 4, 5))
    r = rng.normal(size=(3, 4, 6)).astype(np.float32)
    xt = tf.constant(x.astype(np.complex64))
    np.testing.assert_allclose(tf.fftnd(xt, fft_length=[4, 6], axes=[0, 2]).numpy(),
                               np.fft.fftn(x, s=[4, 6], axes=[0, 2]), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(tf.signal.ifftnd(xt).numpy(), np.fft.ifftn(x), rtol=1e-4, atol=1e-5)
    spectrum = tf.rfftnd(tf.constant(r), fft_length=[4, 6], axes=[1, 2])
    assert spectrum.dtype == tf.complex64
    np.testing.assert_allclose(spectrum.numpy(), np.fft.rfftn(r, s=[4, 6], axes=[1, 2]), rtol=1e-4, atol=1e-4)
    back = tf.irfftnd(spectrum, fft_length=[4, 6], axes=[1, 2])
    assert back.dtype == tf.float32
    np.testing.assert_allclose(back.numpy(), r, rtol=1e-5, atol=1e-5)
    assert tf.rfftnd(tf.constant(r, tf.float64), Tcomplex=tf.complex128).dtype == tf.complex128


def test_eig_reconstructs_and_sqrtm_squares_back():
    a = tf.constant([[4.0, 1.0, 0.0], [2.0, 3.0, 1.0], [0.0, 1.0, 5.0]], tf.float64)
    e, v = tf.linalg.eig(a)
    assert e.dtype == v.dtype == tf.complex128
    np.testing.assert_allclose((a.to(tf.complex128) @ v).numpy(), (v * e[None, :]).numpy(), atol=1e-10)
    np.testing.assert_allclose(np.sort_complex(tf.linalg.eigvals(a).numpy()), np.sort_complex(np.linalg.eigvals(a)))
    root = tf.linalg.sqrtm(a)
    np.testing.assert_allclose((root @ root).numpy(), a.numpy(), atol=1e-10)
    assert bool(tf.reduce_all(tf.math.is_nan(tf.linalg.sqrtm(tf.constant([[-1.0, 0.0], [0.0, 1.0]])))))
    spd = tf.Variable([[2.0, 1.0], [1.0, 2.0]], dtype=tf.float64)
    with tf.GradientTape() as tape:
        s = tf.reduce_sum(tf.linalg.sqrtm(spd))
    grad = tape.gradient(s, spd).numpy()
    eps, base = 1e-6, spd.numpy()
    numeric = np.zeros_like(base)
    for i in range(2):
        for j in range(2):
            bumped = base.copy()
            bumped[i, j] += eps
            numeric[i, j] = (tf.reduce_sum(tf.linalg.sqrtm(tf.constant(bumped))).numpy() - s.numpy()) / eps
    np.testing.assert_allclose(grad, numeric, rtol=1e-4)


def test_ops_are_differentiable_where_tf_is():
    x = tf.Variable([1.0, 2.0, 3.0, 4.0])
    with tf.GradientTape() as tape:
        parts = tf.dynamic_partition(x, [1, 0, 1, 0], 2)
        stitched = tf.dynamic_stitch([[1, 3], [0, 2]], parts)
        y = tf.reduce_sum(stitched * [1.0, 2.0, 3.0, 4.0]) + tf.reduce_sum(tf.roll(x, 1, 0) * tf.repeat(x, 1))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [1 + 4 + 2, 2 + 1 + 3, 3 + 2 + 4, 4 + 3 + 1])


def test_timestamp_and_errors():
    import time

    before = time.time()
    stamp = tf.timestamp()
    assert stamp.dtype == tf.float64 and before - 1 <= float(stamp) <= time.time() + 1
    with pytest.raises(ValueError, match="1-D"):
        tf.unique([[1, 2]])
    with pytest.raises(ValueError, match="seq_axis"):
        tf.reverse_sequence([[1, 2]], [1])
    with pytest.raises(ValueError, match="divisible"):
        tf.space_to_batch(tf.ones((1, 3, 3, 1)), [2, 2], [[0, 0], [0, 0]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="out of bounds"):
        tf.tensor_scatter_nd_max([1, 2], [[5]], [1])
    with pytest.raises(ValueError, match="IGNORE"):
        tf.tensor_scatter_nd_min([1, 2], [[0]], [1], bad_indices_policy="IGNORE")
    with pytest.raises(ValueError, match="same length"):
        tf.roll([1, 2], [1, 2], [0])
    with pytest.raises(ValueError, match="last dimension"):
        tf.bitcast(tf.constant([1, 2, 3], tf.uint8), tf.int32)
