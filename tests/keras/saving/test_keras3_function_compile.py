"""A Keras 3 file compiled with loss and metric functions loads, compiled, and evaluates as Keras does.

Keras 3.15 writes each function of the compile config as `{"class_name": "function", "config": "<name>",
"module": "builtins", "registered_name": "function"}`; keraslike read every unregistered function as an
activation and refused the file ("Could not interpret activation identifier: 'mean_squared_error'").
Golden: `tests/golden/make_keras3_function_compile.py`.
"""

import json
import pathlib

import numpy as np
import pytest

import keraslike as tf
from keraslike._src.keras.saving import serialization_lib

FILES = pathlib.Path(__file__).resolve().parents[2] / "golden" / "keras3_files"
GOLD = json.loads((FILES / "function_compile.json").read_text())


def test_loss_and_metric_functions_load_and_evaluate_as_in_keras():
    model = tf.keras.models.load_model(FILES / "function_compile.keras")
    x, y = np.array(GOLD["x"], "float32"), np.array(GOLD["y"], "float32")
    result = model.evaluate(x, y, verbose=0, return_dict=True)
    assert set(result) == set(GOLD["evaluate"])
    for name, value in GOLD["evaluate"].items():
        np.testing.assert_allclose(result[name], value, rtol=1e-5, err_msg=name)


def test_an_unknown_function_name_still_raises():
    config = {"class_name": "function", "config": "no_such_loss", "module": "builtins", "registered_name": "function"}
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    with pytest.raises(ValueError, match="Received: loss='no_such_loss'"):
        model.compile(loss=serialization_lib.deserialize_keras_object(config, kind="losses"))
