"""A Keras loss object prints as Keras 3's LossFunctionWrapper (tests/golden/make_loss_repr_golden.py)."""

import json
import os
import sys

from keraslike import keras

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "golden"))
import loss_repr_cases  # noqa: E402


def test_loss_reprs_are_keras():
    with open(os.path.join(HERE, "..", "..", "golden", "loss_reprs.json")) as f:
        want = json.load(f)
    assert loss_repr_cases.reprs(keras) == want
