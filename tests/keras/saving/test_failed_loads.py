"""A load that fails leaves the model as it was, and a malformed config is reported by file and field.

TF 2.21's errors for the same failures: tests/golden/failed_loads.json (tests/golden/make_failed_load_golden.py).
"""

import builtins
import json
import zipfile
from pathlib import Path

import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras
torch.set_num_threads(1)
TF_ERRORS = json.loads((Path(__file__).parents[2] / "golden" / "failed_loads.json").read_text())


def _weights(model):
    return [w.numpy() for w in model.weights]


def _mismatched_pair():
    saved = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(1)])
    target = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(4)])
    return saved, target


@pytest.mark.parametrize("suffix", [".weights.h5", ".keras"])
def test_load_weights_that_fails_on_layer_2_changes_nothing(tmp_path, suffix):
    saved, target = _mismatched_pair()
    path = tmp_path / f"w{suffix}"
    saved.save_weights(path) if suffix == ".weights.h5" else saved.save(path)
    before = _weights(target)
    with pytest.raises(getattr(builtins, TF_ERRORS["load_weights_mismatch"]["type"])):
        target.load_weights(path)
    for old, new in zip(before, _weights(target)):
        np.testing.assert_array_equal(old, new)  # layer 1's kernel matched, and is still the old one


def test_skip_mismatch_still_loads_the_layers_that_match(tmp_path):
    saved, target = _mismatched_pair()
    saved.save_weights(tmp_path / "w.weights.h5")
    with pytest.warns(UserWarning, match="skip_mismatch"):
        target.load_weights(tmp_path / "w.weights.h5", skip_mismatch=True)
    np.testing.assert_array_equal(target.layers[0].kernel.numpy(), saved.layers[0].kernel.numpy())


def _functional_file(tmp_path):
    a, b = keras.Input((4,)), keras.Input((3,))
    h = keras.layers.Dense(5, name="d1")(a)
    out = keras.layers.Dense(2, name="out")(keras.layers.Concatenate(name="cat")([h, b]))
    keras.Model([a, b], out).save(tmp_path / "f.keras")
    return tmp_path / "f.keras"


def _rewrite(src, dst, edit):
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for name in zin.namelist():
            data = zin.read(name)
            if name == "config.json":
                config = json.loads(data)
                edit(config)
                data = json.dumps(config)
            zout.writestr(name, data)
    return dst


def _entry(config, name):
    return next(e for e in config["config"]["layers"] if e.get("name") == name)


MALFORMED = {
    "config.layers": lambda c: c["config"].__setitem__("layers", "..."),
    "config.layers[1]": lambda c: c["config"]["layers"].__setitem__(1, "d1"),
    "config.layers[1].inbound_nodes": lambda c: c["config"]["layers"][1].__setitem__("inbound_nodes", "x"),
    "config.layers[1].inbound_nodes[0]": lambda c: c["config"]["layers"][1].__setitem__("inbound_nodes", [[1]]),
    "config.layers[1].inbound_nodes[0].args[0].config.keras_history":
        lambda c: c["config"]["layers"][1]["inbound_nodes"][0]["args"][0]["config"].__setitem__("keras_history",
                                                                                               ["input_layer", 0]),
    "config.layers[1].config": lambda c: c["config"]["layers"][1].__setitem__("config", [1]),
    "config.layers[1].class_name": lambda c: c["config"]["layers"][1].__setitem__("class_name", 5),
    "config.layers[1].build_config.input_shape":
        lambda c: c["config"]["layers"][1].__setitem__("build_config", {"input_shape": "abc"}),
    "config.output_layers": lambda c: c["config"].__setitem__("output_layers", "out"),
    "config.input_layers": lambda c: c["config"].pop("input_layers"),
    "compile_config": lambda c: c.__setitem__("compile_config", "adam"),
}


@pytest.mark.parametrize("field", sorted(MALFORMED))
def test_a_malformed_config_names_the_file_and_the_field(tmp_path, field):
    bad = _rewrite(_functional_file(tmp_path), tmp_path / "bad.keras", MALFORMED[field])
    # TF raises TypeError for `"layers": "..."`; keraslike's error is that and a ValueError (a damaged file)
    assert TF_ERRORS["layers_string"]["type"] == "TypeError"
    with pytest.raises(TypeError) as info:
        keras.models.load_model(bad)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert str(bad) in message and f"`{field}`" in message and "Received: " in message


def test_a_malformed_json_config_names_the_field():
    with pytest.raises(ValueError, match=r"field `config.layers` .* Received: config.layers='\.\.\.'"):
        keras.models.model_from_json(json.dumps({"class_name": "Sequential", "config": {"layers": "..."}}))


def test_a_bad_layer_argument_names_the_file_and_the_layer(tmp_path):
    path = _functional_file(tmp_path)
    bad = _rewrite(path, tmp_path / "units.keras", lambda c: _entry(c, "out")["config"].__setitem__("units", "x"))
    with pytest.raises(ValueError, match=r"units\.keras: In the config of layer 'out' \(Dense\): .*units='x'"):
        keras.models.load_model(bad)


def test_checkpoint_shape_mismatch_raises_as_tf_and_changes_nothing(tmp_path):
    prefix = tf.train.Checkpoint(v=tf.Variable(np.ones((3,), "float32")),
                                 w=tf.Variable(np.ones((2,), "float32"))).write(str(tmp_path / "ck"))
    v, w = tf.Variable(np.zeros((2, 3), "float32")), tf.Variable(np.zeros((2,), "float32"))
    expected = TF_ERRORS["checkpoint_shape"]
    assert expected["type"] == "ValueError"
    with pytest.raises(ValueError, match=r"Received incompatible tensor with shape \(3,\) when attempting to "
                                         r"restore variable with shape \(2, 3\)"):
        tf.train.Checkpoint(v=v, w=w).read(prefix)  # keraslike broadcast (3,) into (2, 3) silently
    assert v.numpy().tolist() == [[0.0] * 3] * 2 and w.numpy().tolist() == [0.0, 0.0]


def test_checkpoint_of_a_different_model_raises_and_changes_nothing(tmp_path):
    saved, target = _mismatched_pair()
    prefix = tf.train.Checkpoint(model=saved).write(str(tmp_path / "ck"))
    before = _weights(target)
    with pytest.raises(ValueError, match="Received incompatible tensor"):
        tf.train.Checkpoint(model=target).read(prefix)
    for old, new in zip(before, _weights(target)):
        np.testing.assert_array_equal(old, new)


def test_set_weights_with_a_wrong_shape_late_in_the_list_changes_nothing():
    _, target = _mismatched_pair()
    before = _weights(target)
    values = [np.ones(w.shape, "float32") for w in before]
    values[-2] = np.ones((2, 1), "float32")  # layer 2's kernel
    with pytest.raises(ValueError, match="Received: weights with shapes"):
        target.set_weights(values)
    for old, new in zip(before, _weights(target)):
        np.testing.assert_array_equal(old, new)
