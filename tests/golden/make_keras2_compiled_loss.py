"""Goldens for Keras 2's `compiled_loss`/`compiled_metrics` in a custom `train_step` (TF_USE_LEGACY_KERAS=1).

tf_keras's `self.compiled_loss(y, y_pred, regularization_losses=self.losses)` adds the given regularization
losses and updates the `loss` metric, and `self.compiled_metrics.update_state(y, y_pred)` updates the compiled
metrics only, so `{m.name: m.result() for m in self.metrics}` logs the mean loss (the conformance program
keras_io/examples/keras_recipes/trainer_pattern; keraslike logged Keras 3's mean prediction there, 0.1).

Run under real TensorFlow 2.21 with tf_keras (not keraslike), from the repository root:

    TF_USE_LEGACY_KERAS=1 /work/tfvenv/bin/python tests/golden/make_keras2_compiled_loss.py

It writes `tests/golden/keras2_compiled_loss.json`; `tests/keras/trainers/test_keras2_compiled_loss.py` reads it.
"""

import json
import os

import numpy as np

os.environ["TF_USE_LEGACY_KERAS"] = "1"
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402
from tensorflow import keras  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keras2_compiled_loss.json")


class MyTrainer(keras.Model):
    """The trainer pattern: a model wrapping another, with TF 2's custom train_step."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self.model(x, training=True)
            loss = self.compiled_loss(y, y_pred, regularization_losses=self.losses)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.compiled_metrics.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}

    def call(self, x):
        return self.model(x)


class ComputeLossModel(keras.Sequential):
    """Keras 2's other idiom: `self.compute_loss(x, y, y_pred)` then `return self.compute_metrics(...)`."""

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x, y, y_pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return self.compute_metrics(x, y, y_pred, None)


def data():
    rng = np.random.RandomState(0)
    x = rng.normal(size=(40, 5)).astype("float32")
    y = rng.randint(0, 3, 40)
    kernel = rng.normal(size=(5, 3)).astype("float32")
    return x, y, kernel


def main():
    x, y, kernel = data()
    model = keras.Sequential([keras.layers.Dense(3, activation="softmax", input_shape=(5,),
                                                 kernel_regularizer=keras.regularizers.l2(0.01))])
    model.set_weights([kernel, np.zeros(3, "float32")])
    trainer = MyTrainer(model)
    trainer.compile(keras.optimizers.SGD(0.1), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    history = trainer.fit(x, y, epochs=2, batch_size=16, shuffle=False, verbose=0)
    golden = {
        "x": x.tolist(), "y": y.tolist(), "kernel": kernel.tolist(),
        "history": {k: [float(v) for v in vs] for k, vs in history.history.items()},
        "final_kernel": model.get_weights()[0].tolist(),
    }
    model = ComputeLossModel([keras.layers.Dense(3, activation="softmax", input_shape=(5,),
                                                 kernel_regularizer=keras.regularizers.l2(0.01))])
    model.set_weights([kernel, np.zeros(3, "float32")])
    model.compile(keras.optimizers.SGD(0.1), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    history = model.fit(x, y, epochs=2, batch_size=16, shuffle=False, verbose=0)
    golden["compute_loss_history"] = {k: [float(v) for v in vs] for k, vs in history.history.items()}
    model = keras.Sequential([keras.layers.Dense(3, activation="softmax", input_shape=(5,))])
    model.compile("sgd", "sparse_categorical_crossentropy",
                  metrics=["accuracy", keras.metrics.SparseTopKCategoricalAccuracy(k=2, name="top2")])
    model.fit(x, y, verbose=0)
    results = model.evaluate(x, y, verbose=0)
    golden["metrics_names"] = list(model.metrics_names)
    golden["metrics"] = [m.name for m in model.metrics]
    golden["evaluate_len"] = len(results)
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(golden, f, indent=1)
    print(f"wrote {OUT}: {golden['history']}")


if __name__ == "__main__":
    main()
