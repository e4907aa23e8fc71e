"""`keras.ops` calls on functional-API tensors save as the Keras 3 op nodes real Keras writes for them.

Golden: tests/golden/op_saving_cases.py (the model), make_op_saving_golden.py (real TF 2.21 / Keras 3: its saved
file keras3_files/op_saving.keras, its predictions, and what Keras predicts from keraslike's file
keraslike_op_saving.keras, written by write_keraslike_op_saving.py) -> op_saving.json. The constructor / call split
per op class: keraslike/_src/keras/saving/keras_op_signatures.py, generated with keras_op_classes.json by
make_keras_op_classes.py.
"""

import json
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.keras.saving.keras_op_signatures import SIGNATURES

keras = tf.keras
ops = keras.ops
torch.set_num_threads(1)
GOLDEN = Path(__file__).parents[2] / "golden"
sys.path.insert(0, str(GOLDEN))
import op_saving_cases as cases  # noqa: E402

RESULT = json.loads((GOLDEN / "op_saving.json").read_text())
KERAS_FILE = GOLDEN / "keras3_files" / "op_saving.keras"
KERASLIKE_FILE = GOLDEN / "keraslike_op_saving.keras"


def _op_entries(path):
    """The op entries of a saved functional model, in order, without names (counters differ by process)."""
    with zipfile.ZipFile(path) as zf:
        layers = json.loads(zf.read("config.json"))["config"]["layers"]
    return _unnamed_ops(layers)


def _unnamed_ops(layers):
    return [_unnamed({k: e.get(k) for k in ("module", "class_name", "config", "registered_name", "inbound_nodes")})
            for e in layers if (e.get("module") or "").startswith("keras.src.ops")]


def _unnamed(value):
    if isinstance(value, dict):
        if value.get("class_name") == "__keras_tensor__":  # a graph tensor: its shape and dtype
            return ("tensor", value["config"]["shape"], value["config"]["dtype"])
        return {k: _unnamed(v) for k, v in value.items() if k != "name"}
    if isinstance(value, list):
        return [_unnamed(v) for v in value]
    return value


def test_the_signature_table_is_real_keras_ops():
    golden = json.loads((GOLDEN / "keras_op_classes.json").read_text())
    assert SIGNATURES == {o["class_name"]: (o["module"], tuple(o["init"]), tuple(o["call"])) for o in golden}


def test_a_keras3_model_with_ops_loads_with_keras_predictions():
    model = keras.models.load_model(KERAS_FILE)
    np.testing.assert_allclose(model.predict(cases.inputs(), verbose=0), RESULT["keras_predictions"],
                               rtol=1e-5, atol=1e-6)


def test_the_same_model_built_here_saves_the_entries_keras_writes(tmp_path):
    model = cases.build(keras)
    np.testing.assert_allclose(model.predict(cases.inputs(), verbose=0), RESULT["keras_predictions"],
                               rtol=1e-5, atol=1e-6)
    model.save(tmp_path / "m.keras")
    written, keras_wrote = _op_entries(tmp_path / "m.keras"), _op_entries(KERAS_FILE)
    assert {e["class_name"] for e in keras_wrote} == set(cases.OPS)
    assert written == keras_wrote
    assert written == _op_entries(KERASLIKE_FILE)  # the file real Keras was given is what keraslike writes today


@pytest.mark.parametrize("name", sorted(cases.CALLS))
def test_single_op_calls_save_as_keras_writes_them(tmp_path, name):
    model = cases.call_model(keras, name)
    model.save(tmp_path / "m.keras")
    assert _op_entries(tmp_path / "m.keras") == _unnamed_ops(RESULT["calls"][name])
    keras.models.load_model(tmp_path / "m.keras")


def test_real_keras_loads_the_file_keraslike_wrote():
    read = RESULT["keras_reads_keraslike"]
    assert read["loaded"], read.get("error")
    np.testing.assert_allclose(read["predictions"], RESULT["keras_predictions"], rtol=1e-6, atol=1e-6)


def test_a_saved_op_model_loads_here_trains_and_saves_again(tmp_path):
    model = cases.build(keras)
    model.save(tmp_path / "m.keras")
    again = keras.models.load_model(tmp_path / "m.keras")
    x = cases.inputs()
    np.testing.assert_allclose(again.predict(x, verbose=0), model.predict(x, verbose=0), rtol=1e-6, atol=1e-6)
    again.save(tmp_path / "again.keras")
    assert _op_entries(tmp_path / "again.keras") == _op_entries(tmp_path / "m.keras")
    again.compile("sgd", "mse")
    again.fit(x, np.zeros((4, 45), "float32"), epochs=1, verbose=0)


@pytest.mark.parametrize("make, expected", [
    # (each as real Keras 3 writes the same call's config, checked under TF 2.21; a torch dtype as its Keras name)
    (lambda x: ops.cast(x, tf.float16), {"dtype": "float16"}),
    (lambda x: ops.one_hot(ops.cast(x, "int32"), 3), {"num_classes": 3, "axis": -1, "dtype": "float32",
                                                      "sparse": False}),
    (lambda x: ops.cumsum(x, axis=1), {"axis": 1, "dtype": None}),
    (lambda x: ops.max(x, axis=(0, 1)), {"axis": [0, 1], "keepdims": False, "initial": None}),
])
def test_constructor_arguments_are_written_as_keras_writes_them(tmp_path, make, expected):
    inputs = keras.Input((2, 3))
    keras.Model(inputs, make(inputs)).save(tmp_path / "m.keras")
    assert _op_entries(tmp_path / "m.keras")[-1]["config"] == expected


@pytest.mark.parametrize("make, reason", [
    (lambda x: ops.add(x, tf.Variable(np.ones(3, "float32"))), "variable"),
    (lambda x: ops.reshape(x, np.array([-1, 3])), "newshape"),
])
def test_ops_whose_arguments_cannot_be_written_raise_naming_the_op(tmp_path, make, reason):
    inputs = keras.Input((3,))
    model = keras.Model(inputs, make(inputs))
    with pytest.raises(NotImplementedError, match=f"keras.ops.*{reason}.*Received: op="):
        model.save(tmp_path / "m.keras")


def test_op_nodes_are_named_as_keras_names_them():
    # (real Keras 3 names these `absolute`, `conjugate`, `rms_norm`, `layer_norm`, `is_in`, `all_close`)
    keras.backend.clear_session()
    a = keras.Input((4,))
    outs = [ops.abs(a), ops.conj(a), ops.rms_normalization(a), ops.layer_normalization(a), ops.isin(a, a),
            ops.allclose(a, a)]
    assert [t.node.layer.name for t in outs] == ["absolute", "conjugate", "rms_norm", "layer_norm", "is_in",
                                                  "all_close"]
