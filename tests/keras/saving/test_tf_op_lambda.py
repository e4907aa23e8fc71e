"""tf_keras's `TFOpLambda` / `SlicingOpLambda` layers (a TF function applied to a functional-API tensor) load.

Files written by real tf_keras 2.21 (`TF_USE_LEGACY_KERAS=1`) with their predictions: tests/golden/tf_op_lambda/,
by tests/golden/make_tf_op_lambda_golden.py (truediv, `+` of two tensors, slices with steps and an integer index,
reshape, subtract, nn.relu, multiply, expand_dims, concat of a list, then a Dense).
"""

import json
from pathlib import Path

import h5py
import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras
torch.set_num_threads(1)
DATA = Path(__file__).parents[2] / "golden" / "tf_op_lambda"
E = np.load(DATA / "expected.npz")


def _nodes(path):
    config = json.loads(h5py.File(path, "r").attrs["model_config"])
    return [(e["class_name"], e["name"], e["config"].get("function"), e["inbound_nodes"])
            for e in config["config"]["layers"]]


@pytest.mark.parametrize("name", ["ops.h5", "ops.keras"])
def test_tf_keras_files_with_op_layers_load_with_tf_keras_predictions(name):
    model = keras.models.load_model(DATA / name)
    np.testing.assert_allclose(model.predict(E["x"], verbose=0), E["ops"], rtol=1e-5, atol=1e-6)
    summary = []
    model.summary(print_fn=summary.append)
    text = "\n".join(summary)
    assert "TFOpLambda" in text and "SlicingOpLambda" in text


@pytest.mark.parametrize("suffix", [".keras", ".h5"])
def test_loaded_op_layers_save_back_and_reload(tmp_path, monkeypatch, suffix):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    model = keras.models.load_model(DATA / "ops.h5")
    model.save(tmp_path / f"m{suffix}")
    again = keras.models.load_model(tmp_path / f"m{suffix}")
    np.testing.assert_allclose(again.predict(E["x"], verbose=0), E["ops"], rtol=1e-5, atol=1e-6)


def test_keras2_h5_writes_op_layer_nodes_as_tf_keras_does(tmp_path, monkeypatch):
    # tf_keras's own file is the reference: the same entries, nodes (first-argument structure, kwargs, slice
    # dicts, tensor references) and names; real tf_keras reads such a file back with equal predictions
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    model = keras.models.load_model(DATA / "ops.h5")
    model.save(tmp_path / "k2.h5")
    assert _nodes(tmp_path / "k2.h5") == _nodes(DATA / "ops.h5")
    again = keras.models.load_model(tmp_path / "k2.h5")
    np.testing.assert_allclose(again.predict(E["x"], verbose=0), E["ops"], rtol=1e-5, atol=1e-6)


def _one_op_config(function, node, class_name="TFOpLambda"):
    return {"class_name": "Functional", "config": {
        "name": "m", "layers": [
            {"class_name": "InputLayer", "config": {"batch_input_shape": [None, 4], "dtype": "float32",
                                                    "name": "inp"}, "name": "inp", "inbound_nodes": []},
            {"class_name": class_name, "config": {"name": "tf.op", "trainable": True, "dtype": "float32",
                                                  "function": function}, "name": "tf.op", "inbound_nodes": [node]}],
        "input_layers": [["inp", 0, 0]], "output_layers": [["tf.op", 0, 0]]}}


def test_op_layer_calls_match_hand_computation():
    x = np.array([[1.0, -2.0, 3.0, -4.0]], "float32")
    cases = [
        ("math.truediv", ["inp", 0, 0, {"y": 4.0, "name": None}], x / 4.0),
        ("__operators__.add", ["inp", 0, 0, {"y": ["inp", 0, 0], "name": None}], x + x),
        ("__operators__.ne", ["inp", 0, 0, {"other": 3.0}], x != 3.0),
        ("nn.relu", ["inp", 0, 0, {"name": None}], np.maximum(x, 0)),
        ("concat", [["inp", 0, 0, {"axis": 0}]], x),  # a list of one tensor stays a list
        ("reshape", ["inp", 0, 0, {"shape": [-1, 2, 2]}], x.reshape(-1, 2, 2)),
    ]
    for function, node, expected in cases:
        model = keras.models.model_from_json(json.dumps(_one_op_config(function, node)))
        np.testing.assert_allclose(model.predict(x, verbose=0), expected, err_msg=function)
    spec = [{"start": None, "stop": None, "step": None}, {"start": None, "stop": None, "step": -2}]
    model = keras.models.model_from_json(json.dumps(_one_op_config(
        "__operators__.getitem", ["inp", 0, 0, {"slice_spec": spec}], "SlicingOpLambda")))
    np.testing.assert_allclose(model.predict(x, verbose=0), x[:, ::-2])


def test_unknown_tf_function_raises_naming_it():
    with pytest.raises(ValueError, match="tf.math.no_such_op.*Received: function='math.no_such_op'"):
        keras.models.model_from_json(json.dumps(_one_op_config("math.no_such_op", ["inp", 0, 0, {}])))


def test_layer_names_with_dots_build_save_and_load(tmp_path):
    # Keras allows "." in layer names (tf_keras names every op layer so); torch forbids it in module names
    inp = keras.Input((3,), name="in.put")
    out = keras.layers.Dense(2, name="dense.one")(inp)
    model = keras.Model(inp, out)
    seq = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="seq.dense")])
    assert [w.shape for w in model.layers[1].weights] == [(3, 2), (2,)]
    assert len(list(model.parameters())) == 2 and len(list(seq.parameters())) == 2
    x = np.ones((2, 3), "float32")
    model.save(tmp_path / "m.keras")
    np.testing.assert_allclose(keras.models.load_model(tmp_path / "m.keras").predict(x, verbose=0),
                               model.predict(x, verbose=0))
    assert seq.pop().name == "seq.dense" and len(list(seq.parameters())) == 0


@pytest.mark.parametrize("name", ["trained.keras", "trained.h5"])
def test_tf_keras_trained_files_continue_training_as_tf_keras(name):
    # tf_keras's `.keras` lists Adam's state without a learning rate: skipped before (a warning), the next step
    # then started from fresh moments
    model = keras.models.load_model(DATA / name)
    model.train_on_batch(E["x"], E["y"])
    np.testing.assert_allclose(model.get_layer("dense").kernel.numpy(), E["trained_next_kernel"], rtol=1e-4,
                               atol=1e-6)


def test_constant_first_argument_and_tensor_keyword():
    # `tf.math.maximum(0.5, x)`: tf_keras writes the constant as ["_CONSTANT_VALUE", -1, value, kwargs]
    x = np.array([[1.0, -2.0, 0.25, -4.0]], "float32")
    node = ["_CONSTANT_VALUE", -1, 0.5, {"y": ["inp", 0, 0], "name": None}]
    model = keras.models.model_from_json(json.dumps(_one_op_config("math.maximum", node)))
    np.testing.assert_allclose(model.predict(x, verbose=0), np.maximum(0.5, x))


def test_constant_first_argument_written_back_in_keras2_format(tmp_path, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    node = ["_CONSTANT_VALUE", -1, 0.5, {"y": ["inp", 0, 0], "name": None}]
    model = keras.models.model_from_json(json.dumps(_one_op_config("math.maximum", node)))
    model.save(tmp_path / "k2.h5")
    assert _nodes(tmp_path / "k2.h5")[1] == ("TFOpLambda", "tf.op", "math.maximum", [node])
