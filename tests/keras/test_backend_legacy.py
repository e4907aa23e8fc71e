"""`tf.keras.backend`: Keras's legacy backend functions against goldens from real TF 2.21 / Keras 3.15.

The cases live in `tests/golden/backend_cases.py`; `tests/golden/make_backend_golden.py` wrote
`tests/golden/backend.npz` from them under real TF.
"""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

K = tf.keras.backend
GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
sys.path.insert(0, GOLDEN)

import backend_cases  # noqa: E402

sys.path.remove(GOLDEN)


@pytest.fixture(scope="module")
def golden():
    with np.load(os.path.join(GOLDEN, "backend.npz")) as data:
        return {k: data[k] for k in data.files}


def _as_list(result):
    return [np.asarray(K.get_value(r)) for r in (result if isinstance(result, (list, tuple)) else [result])]


def test_every_tf_keras_backend_name_is_present():
    with open(os.path.join(GOLDEN, "tf_namespaces.json")) as f:
        names = json.load(f)["namespaces"]["tf.keras.backend"]
    assert len(names) == 137
    missing = [n for n in names if not hasattr(K, n)]
    assert missing == [], f"tf.keras.backend lacks {len(missing)} of {len(names)} names: {missing}"


@pytest.mark.parametrize("case", sorted(backend_cases.CASES))
def test_case_matches_tf(case, golden):
    data = backend_cases.inputs()
    got = _as_list(backend_cases.CASES[case](K, tf.constant, data))
    expected = [golden[k] for k in sorted((k for k in golden if k.rsplit("/", 1)[0] == case),
                                          key=lambda k: int(k.rsplit("/", 1)[1]))]
    assert len(got) == len(expected), f"{case}: {len(got)} results, TF gave {len(expected)}"
    for i, (g, e) in enumerate(zip(got, expected)):
        assert g.shape == e.shape, f"{case}/{i}: shape {g.shape}, TF {e.shape}"
        if e.dtype.kind in "fc":
            assert g.dtype == e.dtype, f"{case}/{i}: dtype {g.dtype}, TF {e.dtype}"
            np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-6, err_msg=f"{case}/{i}")
        else:
            np.testing.assert_array_equal(g.astype(e.dtype), e, err_msg=f"{case}/{i}")
            assert g.dtype.kind == e.dtype.kind, f"{case}/{i}: dtype {g.dtype}, TF {e.dtype}"
