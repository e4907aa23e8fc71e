"""The key order of History, `evaluate(return_dict=True)` and callback logs, as real TF 2.21 gives it
(tests/golden/keras2_log_order.json, written by make_keras2_log_order_golden.py): Keras 3 sorts every key; Keras 2
(`TF_USE_LEGACY_KERAS=1`) keeps the metrics' order (`loss`, the compiled metrics, added metrics; a custom step's
dict as returned) and puts the `val_` entries after the training ones. `pd.DataFrame(history.history)` columns and
the progress line follow it. LearningRateScheduler and ReduceLROnPlateau log the rate as `lr` under Keras 2
(`history.history["lr"]`), as `learning_rate` under Keras 3."""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "golden")
sys.path.insert(0, HERE)
from keras2_log_order_cases import learning_rate_logs, orders  # noqa: E402

with open(os.path.join(HERE, "keras2_log_order.json")) as f:
    GOLDEN = json.load(f)


@pytest.mark.parametrize("mode,legacy", [("keras2", "1"), ("keras3", "0")])
def test_log_order_matches_tf(mode, legacy, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", legacy)
    want = dict(GOLDEN[mode])
    want_lr = want.pop("learning_rate_logs")
    assert orders(tf, np, added_metric=legacy == "1") == want
    assert learning_rate_logs(tf, np) == want_lr  # Keras 2 logs `lr`, Keras 3 `learning_rate`
