"""LSTM/GRU/SimpleRNN take their cell's arguments (activation, use_bias, initializers, dropout) through **kwargs;
a saved model must bring them back. They were dropped on loading: TF's ragged-tensor guide saves
`LSTM(32, return_sequences=True, use_bias=False)` and its reload failed ("expected 3 variables, but received 2"),
and a non-default activation came back as tanh, silently."""
import numpy as np
import pytest

import keraslike as tf


@pytest.mark.parametrize("cls", ["LSTM", "GRU", "SimpleRNN"])
def test_recurrent_cell_arguments_survive_save_and_load(tmp_path, cls):
    layer = getattr(tf.keras.layers, cls)(3, activation="relu", use_bias=False, recurrent_dropout=0.0, dropout=0.25,
                                          return_sequences=True)
    model = tf.keras.Sequential([tf.keras.layers.Embedding(10, 4, mask_zero=True), layer,
                                 tf.keras.layers.GlobalAveragePooling1D(), tf.keras.layers.Dense(1)])
    x = np.array([[1, 2, 0], [3, 0, 0]])
    expected = model(x).numpy()
    model.save(str(tmp_path / "m.keras"))
    loaded = tf.keras.models.load_model(str(tmp_path / "m.keras"))
    config = loaded.layers[1].get_config()
    assert (config["activation"], config["use_bias"], config["dropout"]) == ("relu", False, 0.25)
    assert [w.path.split("/")[-1] for w in loaded.layers[1].weights] == ["kernel", "recurrent_kernel"]
    np.testing.assert_allclose(loaded(x).numpy(), expected, rtol=1e-6)
