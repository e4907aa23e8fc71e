"""tf_keras's warning when `evaluate()` (and fit's validation, which goes through it) gets sample weights but
`compile` had no `weighted_metrics=`: keras-io's classification_with_grn_and_vsn feeds a CSV dataset of
`(features, target, weight)` and TF 2.21 (TF_USE_LEGACY_KERAS=1) logs it once per validation and once for the
final evaluate; keraslike logged nothing. Observed under TF 2.21 with this program (tf_keras 2.21):
the line starts "WARNING:tensorflow:`evaluate()` received a value for `sample_weight`", once per evaluate
with weights (argument or 3-tuple dataset) and once per validated epoch; none with `weighted_metrics=[]`, none
without weights, none in Keras 3.
"""

import logging

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras

WARNING = "`evaluate()` received a value for `sample_weight`, but `weighted_metrics` were not provided."


def _run(weighted_metrics):
    x = np.ones((8, 2), np.float32)
    y = np.zeros((8, 1), np.float32)
    w = np.arange(8, dtype=np.float32)
    model = keras.Sequential([keras.layers.Dense(1)])
    model.compile("sgd", "mse", metrics=["mae"], weighted_metrics=weighted_metrics)
    model.evaluate(x, y, sample_weight=w, verbose=0)
    model.evaluate(tf.data.Dataset.from_tensor_slices((x, y, w)).batch(4), verbose=0)
    model.fit(x, y, epochs=2, verbose=0, validation_data=(x, y, w))
    model.evaluate(x, y, verbose=0)


@pytest.mark.parametrize("legacy, weighted_metrics, count", [(True, None, 4), (True, [], 0), (False, None, 0)])
def test_sample_weight_without_weighted_metrics_warns_in_keras2(monkeypatch, caplog, legacy, weighted_metrics, count):
    if legacy:
        monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    else:
        monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        _run(weighted_metrics)
    records = [r for r in caplog.records if r.name == "tensorflow" and WARNING in r.getMessage()]
    assert len(records) == count
    assert all(r.levelname == "WARNING" for r in records)
