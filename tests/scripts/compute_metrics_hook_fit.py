"""Worker script: the built-in steps with an overridden `compute_metrics` on 2 CPU replicas, where the last
batch of 17 samples (global batch 16) gives replica 1 no rows.

Usage:
    python tests/scripts/compute_metrics_hook_fit.py OUT.json

Fits one epoch (shuffled, unseeded, as users run), then evaluates and predicts. Every replica writes
`OUT.json.rank<r>.json` with its History, evaluate dict and (chief) predictions.
"""

import json
import sys

import numpy as np
import torch

import keraslike as tf

keras = tf.keras


class Net(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(3)
        self.pred_mean = keras.metrics.Mean(name="pred_mean")

    def call(self, inputs):
        return self.dense(inputs)

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        self.pred_mean.update_state(y_pred)  # Keras 3's docstring idiom: update, then the compiled ones
        results = super().compute_metrics(x, y, y_pred, sample_weight)
        results["pred_mean"] = self.pred_mean.result()
        return results


def main():
    out = sys.argv[1]
    torch.set_num_threads(1)
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    rng = np.random.default_rng(0)
    x = rng.normal(size=(17, 4)).astype("float32")
    y = (x[:, 0] > 0).astype("int64")
    with strategy.scope():
        model = Net()
        model.build((None, 4))
        model.compile(optimizer="sgd", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                      metrics=["accuracy"])
    history = model.fit(x, y, batch_size=16, epochs=1, verbose=0)
    result = {"history": history.history, "evaluate": model.evaluate(x, y, batch_size=16, verbose=0,
                                                                     return_dict=True),
              "predictions": model.predict(x, batch_size=16, verbose=0).tolist(), "y": y.tolist()}
    with open(f"{out}.rank{strategy._rank}.json", "w") as f:
        json.dump(result, f)


if __name__ == "__main__":
    main()
