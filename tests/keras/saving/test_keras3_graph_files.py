"""Files written by real Keras 3 (TF 2.21) load and predict as in TF: op nodes in functional graphs (the
`NotEqual` mask of `Embedding(mask_zero=True)`, `keras.ops` calls on symbolic tensors), and subclassed models
whose attributes sort after `layers` (Keras's weight paths).

Files and predictions: tests/golden/keras3_files/, written by tests/golden/make_keras3_graph_files.py; every
Keras op class with its constructor arguments: tests/golden/keras_op_classes.json (make_keras_op_classes.py).
"""

import inspect
import json
import zipfile
from pathlib import Path

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.keras.saving import op_nodes

keras = tf.keras
torch.set_num_threads(1)
FILES = Path(__file__).parents[2] / "golden" / "keras3_files"
EXPECTED = np.load(FILES / "expected.npz")


class SortedAttributes(keras.Model):
    """The model of make_keras3_graph_files.py (registered there as "golden>SortedAttributes")."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(4)
        self.norm = keras.layers.LayerNormalization()
        self.head = keras.layers.Dense(2)
        self.blocks = [keras.layers.Dense(4), keras.layers.Dense(4)]
        self._extra = keras.layers.Dense(4, use_bias=False)

    def call(self, x):
        x = self.norm(self.dense(x))
        for block in self.blocks:
            x = block(x)
        return self.head(self._extra(x))


CUSTOM = {"golden>SortedAttributes": SortedAttributes}


def test_masked_embedding_rnn_loads_with_its_not_equal_node():
    model = keras.models.load_model(FILES / "masked_rnn.keras")
    assert "not_equal" in [op.name for op in model.operations]  # an Operation of the graph, not a layer (Keras 3)
    assert [layer.name for layer in model.layers] == ["input_layer", "embedding", "lstm"]
    np.testing.assert_allclose(model.predict(EXPECTED["ids"], verbose=0), EXPECTED["masked_rnn"], atol=1e-6)


def test_ops_graph_loads_and_computes_as_tf():
    model = keras.models.load_model(FILES / "ops_graph.keras")
    h, w, e = model.predict([EXPECTED["xa"], EXPECTED["xb"]], verbose=0)
    assert h.dtype == np.float16  # the Cast nodes' dtype argument
    np.testing.assert_allclose(h, EXPECTED["ops_h"], rtol=1e-3)
    np.testing.assert_allclose(w, EXPECTED["ops_w"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(e, EXPECTED["ops_e"], rtol=1e-5, atol=1e-6)


def test_subclassed_model_with_attributes_after_layers_loads_as_tf():
    model = keras.models.load_model(FILES / "subclassed.keras", custom_objects=CUSTOM)
    np.testing.assert_allclose(model.predict(EXPECTED["xs"], verbose=0), EXPECTED["subclassed"], rtol=1e-5,
                               atol=1e-5)


def test_subclassed_weights_file_loads_as_tf(tmp_path):
    model = SortedAttributes()
    model(EXPECTED["xs"])
    model.load_weights(FILES / "subclassed.weights.h5")
    np.testing.assert_allclose(model.predict(EXPECTED["xs"], verbose=0), EXPECTED["subclassed"], rtol=1e-5,
                               atol=1e-5)
    model.save_weights(tmp_path / "again.weights.h5")  # keraslike writes the same paths back
    again = SortedAttributes()
    again(EXPECTED["xs"])
    again.load_weights(tmp_path / "again.weights.h5")
    np.testing.assert_allclose(again.predict(EXPECTED["xs"], verbose=0), EXPECTED["subclassed"], rtol=1e-5,
                               atol=1e-5)


def test_an_unknown_op_node_is_named():
    with pytest.raises(ValueError, match="Received: class_name='NoSuchOp'"):
        op_nodes.op_from_config({"module": "keras.src.ops.numpy", "class_name": "NoSuchOp", "config": {}})


def test_get_item_takes_a_list_key_and_negative_steps_as_keras():
    x = np.arange(24, dtype="float32").reshape(2, 4, 3)
    out = keras.ops.get_item(x, [slice(None), slice(1, None), slice(None, None, -1)])
    np.testing.assert_array_equal(out.numpy(), x[:, 1:, ::-1])


# Keras op classes that never appear in a file: an abstract base, and one whose constructor takes no
# serializable arguments (`jvp` is built around a Python function, so Keras cannot write its config).
NEVER_SAVED = {"SegmentReduction", "JVP"}
OP_CLASSES = json.loads((FILES.parent / "keras_op_classes.json").read_text())


@pytest.mark.parametrize("op", [o for o in OP_CLASSES if o["class_name"] not in NEVER_SAVED],
                         ids=lambda o: o["class_name"])
def test_every_keras_op_class_resolves_with_its_constructor_arguments(op):
    node = op_nodes.op_from_config({"module": op["module"], "class_name": op["class_name"],
                                    "config": {"name": "op", **{k: None for k in op["init"]}}})
    parameters = inspect.signature(node._fn).parameters
    takes_any = any(p.kind == p.VAR_KEYWORD for p in parameters.values())
    assert takes_any or set(op["init"]) <= set(parameters), (op, list(parameters))


@pytest.mark.parametrize("name", ["masked_rnn", "ops_graph"])
def test_a_loaded_keras3_graph_saves_its_op_nodes_as_keras_wrote_them(tmp_path, name):
    model = keras.models.load_model(FILES / f"{name}.keras")
    model.save(tmp_path / "again.keras")

    def entries(path):
        with zipfile.ZipFile(path) as zf:
            return {e["name"]: e for e in json.loads(zf.read("config.json"))["config"]["layers"]}

    original, written = entries(FILES / f"{name}.keras"), entries(tmp_path / "again.keras")
    ops = [n for n, e in original.items() if (e.get("module") or "").startswith("keras.src.ops")]
    assert ops
    for op in ops:  # the same entry and call arguments, so Keras reads the file back (checked with TF 2.21)
        for key in ("module", "class_name", "config", "registered_name", "inbound_nodes"):
            assert written[op].get(key) == original[op].get(key), (op, key)
    again = keras.models.load_model(tmp_path / "again.keras")
    inputs = EXPECTED["ids"] if name == "masked_rnn" else [EXPECTED["xa"], EXPECTED["xb"]]
    for a, b in zip(*(m.predict(inputs, verbose=0) for m in (model, again))):
        np.testing.assert_array_equal(np.asarray(a), np.asarray(b))


def test_stacked_rnn_cells_from_keras3_load_as_tf():
    model = keras.models.load_model(FILES / "stacked_cells.keras")
    np.testing.assert_allclose(model.predict(EXPECTED["xr"], verbose=0), EXPECTED["stacked_cells"], rtol=1e-5,
                               atol=1e-6)
