"""`Normalization.mean`/`.variance` are Keras 3's broadcast-shape copies (`(1, 1, 2)` for rank-3 inputs and
`axis=-1`); before: the weight variables themselves, of shape `(2,)`, so `layer.mean.numpy()` had another shape
than TF's. Golden: tests/golden/normalization_stats.json (TF 2.21, make_normalization_stats_golden.py)."""

import json
import pathlib
import sys

import keraslike as tf

GOLDEN_DIR = pathlib.Path(__file__).resolve().parents[2] / "golden"
sys.path.insert(0, str(GOLDEN_DIR))
import normalization_stats_cases  # noqa: E402


def test_normalization_statistics_as_keras():
    assert normalization_stats_cases.run(tf.keras) == json.loads((GOLDEN_DIR / "normalization_stats.json").read_text())
