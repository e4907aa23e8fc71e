"""The order of a subclassed layer's and model's weights under Keras 2 and Keras 3, as real TF 2.21 lists them
(tests/golden/keras2_weight_order.json, written by make_keras2_weight_order_golden.py). Keras 2 (tf_keras) lists a
layer's trainable weights (its own, then its children's) before its non-trainable ones, and a model's children's
weights before its own; `get_weights`/`set_weights` follow that order, so lists exchanged with tf_keras line up."""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden")
sys.path.insert(0, HERE)
from keras2_weight_order_cases import orders  # noqa: E402

with open(os.path.join(HERE, "keras2_weight_order.json")) as f:
    GOLDEN = json.load(f)


@pytest.mark.parametrize("mode,legacy", [("keras2", "1"), ("keras3", "0")])
def test_weight_order_matches_tf(mode, legacy, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", legacy)
    assert orders(tf, np) == GOLDEN[mode]


def test_keras2_get_weights_follows_the_order(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    _, net_class = __import__("keras2_weight_order_cases")._classes(tf)
    net = net_class()
    net(np.ones((2, 3), "float32"))
    values = [np.full(w.shape, i, "float32") for i, w in enumerate(net.weights)]
    net.set_weights(values)
    assert [float(np.asarray(w).flat[0]) for w in net.weights] == list(range(len(values)))
    assert float(np.asarray(net.scale)[0]) == len(values) - 2  # the model's own weights come last
