"""`Model.export`'s `serving_default` argument names for unnamed specs are TF's (`args_0`, `args_0_1`).

Golden: tests/golden/make_export_signature_names.py under TF 2.21.
"""

import json
import os

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "golden", "export_signature_names.json")))


class One(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(2)

    def call(self, x):
        return self.dense(x)


class Two(One):
    def call(self, x):
        return self.dense(x[0]) + self.dense(x[1])


def _names(model, path, **kwargs):
    model.export(str(path), verbose=False, **kwargs)
    return sorted(tf.saved_model.load(str(path)).signatures["serving_default"].structured_input_signature[1])


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_serving_default_argument_names_are_tfs(case, tmp_path):
    one = One()
    one(np.zeros((1, 3), "float32"))
    two = Two()
    two([np.zeros((1, 3), "float32")] * 2)
    kwargs = {"explicit": {"input_signature": [tf.TensorSpec((None, 3))]},
              "explicit_named": {"input_signature": [tf.TensorSpec((None, 3), name="q")]}}.get(case, {})
    assert _names(two if case == "subclassed_list" else one, tmp_path / case, **kwargs) == GOLDEN[case]
