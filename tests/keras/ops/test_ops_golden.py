"""`keras.ops` values and dtypes against real Keras 3.15 (TensorFlow backend).

`tests/golden/make_ops_golden.py` ran every case of `tests/golden/ops_cases.py` through real
`keras.ops` and stored the flattened outputs and their dtype names. keraslike must give the same
dtypes and values to rtol 1e-5 / atol 1e-6 (1e-3 for float16 outputs). Cases real Keras rejects
must raise here too, except where keraslike implements a documented superset (listed below and
checked against numpy in `test_ops_numpy.py`).
"""

import json
import os
import sys

import numpy as np
import torch

from keraslike.keras import ops

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN)

import ops_cases  # noqa: E402

DATA = dict(np.load(os.path.join(GOLDEN, "ops.npz"), allow_pickle=False))
# Real Keras's TF backend rejects these; keraslike implements them as the other Keras backends do.
SUPERSET = {"pad_edge", "pad_wrap", "pad_maximum", "pad_minimum", "pad_mean", "pad_value", "adaptive_avg",
            "adaptive_max", "segment_sum", "norm_flat", "img_affine_mirror", "img_map_coords_mirror"}
# Where keraslike deliberately differs from Keras's TF backend (checked by other tests instead):
KNOWN_DIVERGENCE = {
    "sparsemax_float": "Keras 3.15 computes tau from the sum of the cumulative sums, so its outputs do not sum "
                       "to 1; keraslike projects onto the simplex (test_ops_numpy.py checks it)",
    "prod_dtype": "Keras's TF backend ignores prod(dtype=...); keraslike honours it, as numpy",
}
# Outputs defined only up to the sign of each column (eigenvectors): compared in absolute value.
SIGN_FREE = {"eigh_values"}


def _to_numpy(leaf):
    if isinstance(leaf, torch.Tensor):
        t = leaf.detach().cpu()
        if t.is_complex():
            return torch.view_as_real(t).numpy()
        return t.float().numpy() if t.dtype == torch.bfloat16 else t.numpy()
    return np.asarray(leaf)


def _dtype_name(leaf):
    if isinstance(leaf, torch.Tensor):
        return str(leaf.dtype).replace("torch.", "")
    return "python"


def _check(name, path, args, kwargs):
    fn = ops_cases.resolve(ops, path)
    if f"{name}/error" in DATA:
        if name in SUPERSET:
            return None
        try:
            fn(*ops_cases.build_args(ops, args), **kwargs)
        except Exception:  # noqa: BLE001 - any error, as Keras raised one
            return None
        return f"{name}: real Keras raised {DATA[name + '/error']}, keraslike did not"
    try:
        leaves = ops_cases.flatten(fn(*ops_cases.build_args(ops, args), **kwargs))
    except Exception as err:  # noqa: BLE001 - report every failing case at once
        return f"{name}: raised {type(err).__name__}: {err}"
    expected = json.loads(str(DATA[f"{name}/dtypes"]))
    if len(leaves) != len(expected):
        return f"{name}: {len(leaves)} outputs, Keras gives {len(expected)}"
    for i, (leaf, dtype) in enumerate(zip(leaves, expected)):
        got_dtype = _dtype_name(leaf)
        want = DATA[f"{name}/y{i}"]
        if dtype != "python" and got_dtype != dtype:
            return f"{name}/y{i}: dtype {got_dtype}, Keras gives {dtype}"
        got = _to_numpy(leaf)
        if got.shape != want.shape:
            return f"{name}/y{i}: shape {got.shape}, Keras gives {want.shape}"
        if name in SIGN_FREE:
            got, want = np.abs(got), np.abs(want)
        tol = 1e-3 if dtype in ("float16", "bfloat16") else 1e-5
        if not np.allclose(got.astype(np.float64), want.astype(np.float64), rtol=tol, atol=tol / 10,
                           equal_nan=True):
            err = np.nanmax(np.abs(got.astype(np.float64) - want.astype(np.float64)))
            return f"{name}/y{i}: values differ (max abs err {err:.3g})"
    return None


def test_every_ops_case_matches_real_keras():
    failures = [msg for name, case in ops_cases.CASES.items()
                if name not in KNOWN_DIVERGENCE and (msg := _check(name, *case))]
    total = len(ops_cases.CASES)
    assert not failures, f"{len(failures)} of {total} keras.ops cases differ from real Keras:\n" + "\n".join(failures)
