"""Model construction corners: subclasses built functionally, dtype policies on layers, masks between layers."""

import numpy as np
import pytest
import torch

import keraslike as tf


class CustomModel(tf.keras.Model):
    """keras.io's "customizing what happens in fit" pattern, TF 2 style (Keras 3's deprecated shims: the "loss"
    entry is the mean prediction, as TF 2.21 logs it; tests/keras/trainers/test_metrics_structure.py)."""

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compiled_loss(y, y_pred, regularization_losses=self.losses)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.compiled_metrics.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


def test_subclass_built_from_inputs_and_outputs_uses_its_train_step():
    tf.keras.utils.set_random_seed(0)
    inputs = tf.keras.Input(shape=(4,))
    model = CustomModel(inputs, tf.keras.layers.Dense(1)(inputs))
    assert isinstance(model, CustomModel) and len(model.weights) == 2
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"])
    x = np.random.default_rng(0).random((32, 4)).astype("float32")
    y = x.sum(axis=1, keepdims=True)
    with pytest.warns(UserWarning, match="deprecated"):
        history = model.fit(x, y, epochs=3, batch_size=8, verbose=0)
    assert list(history.history) == ["mae", "loss"]  # Keras 3 splices compile_metrics' dict in at its key
    assert history.history["mae"][-1] < history.history["mae"][0]


def test_layer_dtype_policies():
    mixed = tf.keras.layers.Dense(2, dtype="mixed_bfloat16")
    mixed(np.ones((1, 3), "float32"))
    assert mixed.kernel.dtype == torch.float32 and mixed.compute_dtype == "bfloat16"
    tf.keras.mixed_precision.set_global_policy("mixed_bfloat16")
    try:
        hidden, out = tf.keras.layers.Dense(3), tf.keras.layers.Dense(2, dtype="float32")
        with torch.autocast("cpu", dtype=torch.bfloat16):
            y = out(hidden(torch.ones(1, 4)))
        assert hidden.compute_dtype == "bfloat16" and y.dtype == torch.float32
    finally:
        tf.keras.mixed_precision.set_global_policy("float32")


def test_embedding_mask_reaches_the_lstm_through_dropout():
    tf.keras.utils.set_random_seed(1)
    embed = tf.keras.layers.Embedding(10, 4, mask_zero=True)
    lstm = tf.keras.layers.LSTM(3)
    model = tf.keras.Sequential([tf.keras.Input((5,), dtype="int64"), embed, tf.keras.layers.Dropout(0.5), lstm])
    padded = np.array([[1, 2, 3, 0, 0]])
    short = tf.keras.Sequential([tf.keras.Input((3,), dtype="int64"), embed, lstm])
    np.testing.assert_allclose(model(padded).numpy(), short(padded[:, :3]).numpy(), rtol=1e-5, atol=1e-6)
