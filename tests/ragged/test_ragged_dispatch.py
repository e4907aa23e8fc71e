"""TF's ragged dispatch: every API of TF 2.21's `ragged_dispatch.ragged_op_list()` on ragged inputs (ragged rank
1 and 2, float/int/bool/string, an empty row) gives TF's value and dtype, or TF's error class where TF refuses
(tf.argmax/sort/unstack/transpose of a RaggedTensor raise ValueError). Also TF's sparse dispatch of the
zero-preserving unary elementwise ops to a SparseTensor's values (tf.abs/tf.sqrt/tf.cast/tf.nn.relu of a
SparseTensor is a SparseTensor; tf.exp/tf.cos of one is refused with ValueError).
Golden: tests/golden/ragged_dispatch.json (TF 2.21, tests/golden/make_ragged_dispatch_golden.py)."""

import json
import math
import pathlib
import sys

import pytest

import keraslike as tf

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN))
from ragged_dispatch_cases import CASES, SETUP, SPARSE_CASES, SPARSE_SETUP  # noqa: E402
from ragged_shape_cases import describe  # noqa: E402

EXPECTED = json.loads((GOLDEN / "ragged_dispatch.json").read_text())

# Cases where keraslike knowingly differs from TF (kept as strict xfails so a fix shows up), with the reason.
KNOWN = {
    ("ragged", "__operators__.eq"): "keraslike has no tf.__operators__ namespace (the == operator itself is TF's)",
    ("ragged", "__operators__.ne"): "keraslike has no tf.__operators__ namespace (the != operator itself is TF's)",
    ("ragged", "gather.axis1"): ("TF 2.21 reads the next row's value for index 0 of an empty row ([[1], [4], [4]]); "
                                 "keraslike refuses gather along a ragged axis (NotImplementedError)"),
    ("ragged", "refused.numpy_like"): "tf.experimental.numpy refuses a RaggedTensor with TypeError, TF ValueError",
}


def run(setup, code):
    namespace = {"tf": tf}
    exec(setup, namespace)
    try:
        exec(code, namespace)
    except Exception as e:  # noqa: BLE001 - compared with the error TF raises
        return {"error": type(e).__name__}
    return {"ok": describe(namespace["out"], tf)}


def close(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    if isinstance(a, float) or isinstance(b, float):
        if isinstance(a, bool) or isinstance(b, bool) or not isinstance(a, (int, float)) \
                or not isinstance(b, (int, float)):
            return False
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return a == pytest.approx(b, rel=1e-5, abs=1e-6)
    return type(a) is type(b) and a == b


def agrees(kind, name):
    cases, setup = (CASES, SETUP) if kind == "ragged" else (SPARSE_CASES, SPARSE_SETUP)
    got = run(setup, cases[name])
    return close(got, EXPECTED[kind][name]), got


def _params(kind, cases):
    return [pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=KNOWN[(kind, name)]))
            if (kind, name) in KNOWN else name for name in sorted(cases)]


@pytest.mark.parametrize("name", _params("ragged", CASES))
def test_ragged_dispatch_as_tf(name):
    ok, got = agrees("ragged", name)
    assert ok, (got, EXPECTED["ragged"][name])


@pytest.mark.parametrize("name", _params("sparse", SPARSE_CASES))
def test_sparse_dispatch_as_tf(name):
    ok, got = agrees("sparse", name)
    assert ok, (got, EXPECTED["sparse"][name])


if __name__ == "__main__":  # the probe: tabulate agreement (`PYTHONPATH=. python tests/ragged/test_ragged_dispatch.py`)
    for kind, cases in (("ragged", CASES), ("sparse", SPARSE_CASES)):
        bad = []
        for name in sorted(cases):
            ok, got = agrees(kind, name)
            if not ok:
                bad.append(name)
                print(f"{kind:6} {name:40} tf={json.dumps(EXPECTED[kind][name])[:90]} keraslike={json.dumps(got)[:90]}")
        print(f"{kind}: {len(cases) - len(bad)}/{len(cases)} agree with TF")
