"""Layers keep their weight regularizers and constraints in `get_config()`, as Keras 3.15 writes them, so a saved
model trains with them again. Before, no layer but MultiHeadAttention wrote them (EinsumDense raised on a name):
`model.save` then `load_model` dropped every `kernel_regularizer`/`kernel_constraint` silently.
Golden: `tests/golden/weight_options_config.json`.
"""

import json
import pathlib
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN_DIR = pathlib.Path(__file__).resolve().parents[2] / "golden"
sys.path.insert(0, str(GOLDEN_DIR))
import weight_options_config_cases  # noqa: E402

GOLD = json.loads((GOLDEN_DIR / "weight_options_config.json").read_text())


@pytest.mark.parametrize("layer", sorted(GOLD))
def test_get_config_holds_regularizers_and_constraints_as_keras(layer):
    assert weight_options_config_cases.run(tf.keras)[layer] == GOLD[layer]


def test_a_saved_model_keeps_its_regularizers_and_constraints(tmp_path):
    model = tf.keras.Sequential([tf.keras.Input((4,)),
                                 tf.keras.layers.Dense(3, kernel_regularizer="l2", kernel_constraint="non_neg"),
                                 tf.keras.layers.LayerNormalization(gamma_regularizer=tf.keras.regularizers.L1(0.5))])
    x = np.linspace(-1, 1, 8, dtype="float32").reshape(2, 4)
    model(x)
    model.save(tmp_path / "m.keras")
    loaded = tf.keras.models.load_model(tmp_path / "m.keras")
    loaded(x)
    values = [[float(v.detach()) for v in m.losses] for m in (loaded, model)]
    np.testing.assert_allclose(values[0], values[1], rtol=1e-6)
    assert len(loaded.losses) == 2
    assert type(loaded.layers[0].kernel.constraint).__name__ == "NonNeg"


def test_a_plain_function_regularizer_stays_a_function():
    def half_sum(weight):
        return 0.5 * tf.reduce_sum(weight)

    config = tf.keras.layers.Dense(2, kernel_regularizer=half_sum).get_config()
    assert config["kernel_regularizer"] is half_sum


@pytest.mark.parametrize("name", ["LSTM", "GRU", "SimpleRNNCell", "LSTMCell", "GRUCell"])
def test_recurrent_layers_keep_their_seed_in_the_config(name):
    """Keras writes it (keraslike's masks draw from the global generator, README "Accepted, no effect"); it was
    dropped, so a file written here lost it for real Keras."""
    layer = getattr(tf.keras.layers, name)(2, dropout=0.1, seed=7)
    assert layer.get_config()["seed"] == 7
    assert type(layer).from_config(layer.get_config()).get_config()["seed"] == 7


def test_simple_rnn_layer_config_has_no_seed():
    """TF 2.21's Keras 3: `SimpleRNN(2, seed=3).get_config()` has no "seed" key (its cell's config has one)."""
    assert "seed" not in tf.keras.layers.SimpleRNN(2, dropout=0.1, seed=7).get_config()


def test_keras2_recurrent_configs_have_no_seed(monkeypatch):
    """tf_keras's recurrent layers take no `seed`: a Keras 2 file holding one would not load there."""
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    assert "seed" not in tf.keras.layers.LSTM(2, seed=7).get_config()
