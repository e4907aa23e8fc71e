"""Files written by real Keras 3 (TF 2.21) load and predict as in TF: op nodes in functional graphs (the
`NotEqual` mask of `Embedding(mask_zero=True)`, `keras.ops` calls on symbolic tensors), and subclassed models
whose attributes sort after `layers` (Keras's weight paths).

Files and predictions: tests/golden/keras3_files/, written by tests/golden/make_keras3_graph_files.py.
"""

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
    assert "not_equal" in [layer.name for layer in model.layers]
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
