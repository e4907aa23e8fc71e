"""Worker script: fit a model whose custom layers are written with `keras.ops` and `keras.random`.

Usage:
    python tests/scripts/ops_layer_fit.py OUT.npz --replicas 2

101 samples, global batch 16 (the last batch of 5 rows splits 3/2 on two replicas), 2 epochs,
shuffled, with a Keras-guide custom metric (add_weight state). The chief saves the final weights,
the History and the true-positive rate of the final weights (numpy) to OUT.npz.
"""

import argparse

import numpy as np
import torch

import keraslike as tf

keras = tf.keras
ops = keras.ops


class OpsDense(keras.layers.Layer):
    """Dense written with keras.ops, the way keras.io's guides write custom layers."""

    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer="glorot_uniform", name="w")
        self.b = self.add_weight(shape=(self.units,), initializer="zeros", name="b")

    def call(self, x):
        return ops.nn.gelu(ops.add(ops.matmul(x, self.w), self.b))


class TruePositives(keras.metrics.Metric):
    """The custom metric of the Keras guide: state from add_weight, updated with assign_add."""

    def __init__(self, name="true_positives", **kwargs):
        super().__init__(name=name, **kwargs)
        self.tp = self.add_weight(name="tp", initializer="zeros")
        self.seen = self.add_variable(shape=(), initializer="zeros", name="seen", aggregation="sum")

    def update_state(self, y_true, y_pred, sample_weight=None):
        hit = ops.logical_and(ops.equal(ops.reshape(y_true, (-1,)), 1), ops.equal(ops.argmax(y_pred, axis=-1), 1))
        self.tp.assign_add(ops.sum(ops.cast(hit, self.dtype)))
        self.seen.assign_add(ops.cast(ops.shape(y_pred)[0], self.dtype))

    def result(self):
        return self.tp / self.seen


class OpsNorm(keras.layers.Layer):
    def call(self, x):
        mean, var = ops.moments(x, axes=[-1], keepdims=True)
        return ops.divide(ops.subtract(x, mean), ops.sqrt(ops.add(var, 1e-5)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    torch.set_num_threads(1)
    keras.utils.set_random_seed(3)
    rng = np.random.default_rng(0)
    x = rng.normal(size=(101, 8)).astype("float32")
    y = (x[:, :2].sum(axis=1) > 0).astype("int32")
    if args.replicas == 1:
        strategy = tf.distribute.OneDeviceStrategy("/cpu:0")
    else:
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
        strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    with strategy.scope():
        model = keras.Sequential([keras.Input((8,)), OpsDense(16), OpsNorm(), keras.layers.Dense(2)])
        model.compile(optimizer=keras.optimizers.SGD(0.1),
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                      metrics=["accuracy", TruePositives()])
    history = model.fit(x, y, batch_size=16, epochs=2, verbose=0, shuffle=True)
    evaluated = model.evaluate(x, y, batch_size=16, verbose=0, return_dict=True)
    pred = model.predict(x, batch_size=16, verbose=0).argmax(-1)
    if strategy._rank == 0:
        np.savez(args.out, *model.get_weights(), replicas=strategy.num_replicas_in_sync,
                 eval_tp=evaluated["true_positives"], numpy_tp=((pred == 1) & (y == 1)).mean(),
                 **{f"h_{k}": np.asarray(v) for k, v in history.history.items()})


if __name__ == "__main__":
    main()
