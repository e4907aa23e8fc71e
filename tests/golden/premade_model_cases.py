"""The premade models of the TF guide `migrate/canned_estimators` (`LinearModel`, `WideDeepModel`), run by real
TensorFlow 2.21 with tf_keras (`make_premade_model_golden.py` writes `premade_models.json`) and by keraslike
(`tests/keras/test_premade_models.py`). `program(tf, variant)` returns losses, weights and evaluations.

Variants: "shared" is the guide's way (one legacy Ftrl optimizer object used by the linear model, the DNN and
both halves of the wide & deep model), "separate" gives each half a fresh optimizer, "dict" feeds the linear model
a dict of features (one kernel per key).
"""

import numpy as np


def _data():
    rng = np.random.RandomState(0)
    x = rng.uniform(-1, 1, (40, 3)).astype(np.float32)
    y = (x @ np.array([[1.0], [-2.0], [0.5]], np.float32) + 0.3 > 0).astype(np.float32)
    return x, y


def _ftrl(tf):
    return tf.keras.optimizers.legacy.Ftrl(
        l1_regularization_strength=0.001,
        learning_rate=tf.keras.optimizers.schedules.ExponentialDecay(initial_learning_rate=0.1, decay_steps=10000,
                                                                     decay_rate=0.9))


def _floats(values):
    return [float(v) for v in values]


def program(tf, variant):
    x, y = _data()
    out = {}
    optimizer = _ftrl(tf)
    linear = tf.compat.v1.keras.experimental.LinearModel()
    linear.compile(loss="mse", optimizer=optimizer, metrics=["accuracy"])
    if variant == "dict":
        features = {"b": x[:, 1:2], "a": x[:, :1], "c": x[:, 2:]}
        history = linear.fit(features, y, epochs=3, batch_size=8, verbose=0, shuffle=False)
        out["loss"] = _floats(history.history["loss"])
        out["kernels"] = {layer.name: np.asarray(layer.kernel).ravel().tolist() for layer in linear.dense_layers}
        out["bias"] = np.asarray(linear.bias).tolist()
        return out
    history = linear.fit(x, y, epochs=3, batch_size=8, verbose=0, shuffle=False)
    out["linear_loss"] = _floats(history.history["loss"])
    out["linear_weight_shapes"] = [list(np.shape(w)) for w in linear.get_weights()]
    out["linear_eval"] = {k: float(v) for k, v in linear.evaluate(x, y, return_dict=True, verbose=0).items()}
    dnn = tf.keras.models.Sequential([tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(1)])
    dnn.compile(loss="mse", optimizer=optimizer, metrics=["accuracy"])
    dnn.build((None, 3))
    dnn.set_weights([np.full(w.shape, 0.1, np.float32) * (1 + np.arange(w.size).reshape(w.shape) % 3)
                     for w in dnn.get_weights()])
    combined = tf.compat.v1.keras.experimental.WideDeepModel(linear, dnn)
    optimizers = [optimizer, optimizer] if variant == "shared" else [_ftrl(tf), _ftrl(tf)]
    combined.compile(optimizer=optimizers, loss="mse", metrics=["accuracy"])
    history = combined.fit([x, x], y, epochs=3, batch_size=8, verbose=0, shuffle=False)
    out["wide_deep_loss"] = _floats(history.history["loss"])
    out["wide_deep_eval"] = {k: float(v) for k, v in combined.evaluate([x, x], y, return_dict=True,
                                                                       verbose=0).items()}
    out["prediction"] = np.asarray(combined.predict([x[:4], x[:4]], verbose=0)).ravel().tolist()
    out["iterations"] = [int(np.asarray(o.iterations)) for o in optimizers]
    return out


def weight_order(tf):
    """Keras 2's order of a subclassed model's weights: its layers' first, then its own (also frozen)."""

    class Scaled(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = tf.keras.layers.Dense(2)
            self.scale = self.add_weight(name="scale", shape=(1,), trainable=True)
            self.count = self.add_weight(name="count", shape=(3,), trainable=False)

        def call(self, x):
            return self.dense(x) * self.scale

    model = Scaled()
    model(np.ones((1, 4), np.float32))

    def shapes(weights):
        return [list(np.shape(w)) for w in weights]

    out = {"weights": shapes(model.weights), "trainable": shapes(model.trainable_weights),
           "non_trainable": shapes(model.non_trainable_weights), "get_weights": shapes(model.get_weights())}
    model.dense.trainable = False
    out["frozen"] = {"weights": shapes(model.weights), "trainable": shapes(model.trainable_weights),
                     "non_trainable": shapes(model.non_trainable_weights)}
    model.trainable = False
    out["model_frozen"] = shapes(model.non_trainable_weights)
    return out


VARIANTS = ("shared", "separate", "dict")
