"""Issue 25's docstring classes against real TF 2.21 / Keras 3 (tests/golden/make_issue25_docb_golden.py, cases in
tests/golden/issue25_docb_cases.py): seeded stateful random ops give TF's streams (global seed, op seed, per-call
advance, `tf.random.Generator`), `tf.raw_ops` and the ops the docstrings were missing."""

import os
import sys

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))
import issue25_docb_cases  # noqa: E402


@pytest.fixture(scope="module")
def ours():
    return issue25_docb_cases.run(tf, keras)


def test_values_match_tf_goldens(ours):
    gold = np.load(os.path.join(HERE, "..", "golden", "issue25_docb.npz"))
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
            rtol = {np.dtype(np.float16): 1e-3}.get(want.dtype, 1e-5 if want.dtype in (np.float32, np.complex64)
                                                  else 1e-10)
            if not np.allclose(got, want, rtol=rtol, atol=1e-6 if want.dtype.kind == "f" else 0, equal_nan=True):
                bad.append(f"{key}: {got} != {want}")
        elif not np.array_equal(got, want):
            bad.append(f"{key}: {got} != {want}")
    extra = sorted(k for k in ours if k.split("#")[0] not in {g.split("#")[0] for g in gold.files}
                   and not any(e.startswith(k.split("#")[0] + "=") for e in gold["__errors__"].tolist()))
    assert not extra, f"keraslike-only results (TF raised nothing recorded): {extra}"
    assert not bad, "\n".join(bad)


def test_set_seed_restarts_the_per_call_stream():
    tf.random.set_seed(5)
    a = [tf.random.uniform([], maxval=3, dtype=tf.int32, seed=10).numpy() for _ in range(3)]
    tf.random.set_seed(5)
    b = [tf.random.uniform([], maxval=3, dtype=tf.int32, seed=10).numpy() for _ in range(3)]
    assert a == b
    tf.random.set_seed(None)


def test_deterministic_random_test_tool_gives_tfs_streams():
    # TF 2.21 + tf_keras's DeterministicRandomTestTool (tf_keras/src/legacy_tf_layers/migration_utils.py), rounded
    want = {"constant": ([0.835459, 0.916297, 0.49465], [0.835459, 0.916297, 0.49465], [-0.301016, 0.518592]),
            "num_random_ops": ([0.835459, 0.916297, 0.49465], [0.150128, 0.639925, 0.817878], [0.119354, -0.101385])}
    for mode, values in want.items():
        tool = tf.compat.v1.keras.utils.DeterministicRandomTestTool(mode=mode)
        with tool.scope():
            got = (tf.random.uniform([3]), tf.random.uniform([3]), tf.random.normal([2]))
        for g, w in zip(got, values):
            np.testing.assert_allclose(g.numpy(), w, atol=1e-6)
