"""Worker: models DDP cannot take as they are, trained under 1 or 2 replicas (no seed: weights come from files).

Usage:
    python tests/scripts/ddp_shapes.py OUTDIR CASE[,CASE...] --replicas N

CASE:
    none_loss  - functional model with two outputs, the second with loss None (its head gets no gradient)
    unused     - subclassed model holding a layer its `call` never uses
    branch     - subclassed model whose `call` uses a layer on some replicas' batches only (data-dependent)
    frozen     - train, freeze the first layer (`trainable = False`), re-`compile`, train again
    split_branch - as `branch`, but within every global batch replica 0 takes the branch and replica 1 not
                 (no one-device equivalent: the test checks the replicas agree and nothing hangs)

Every replica trains from the same initial weights (written by the N=1 run, read by the others) on the same
global batches (no shuffle), so the chief's final weights must equal the one-device run's. Writes
OUTDIR/CASE.N.rank<r>.npz with the final weights, the History loss and how fit synchronised gradients
(`DataParallelModule.mode`, once per fit).
"""

import argparse
from pathlib import Path

import numpy as np

import keraslike as tf


class WithUnused(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(8, activation="tanh")
        self.spare = tf.keras.layers.Dense(8)  # built by build(), never called in call()
        self.out = tf.keras.layers.Dense(3)

    def build(self, input_shape):
        self.spare.build(input_shape)
        super().build(input_shape)

    def call(self, x, training=False):
        return self.out(self.hidden(x))


class WithBranch(tf.keras.Model):
    """Adds an extra layer only for batches whose first feature sum is positive (a Python `if` on values)."""

    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(8, activation="tanh")
        self.extra = tf.keras.layers.Dense(8)
        self.out = tf.keras.layers.Dense(3)

    def build(self, input_shape):
        self.hidden.build(input_shape)
        self.extra.build((None, 8))
        super().build(input_shape)

    def call(self, x, training=False):
        h = self.hidden(x)
        if float(tf.reduce_sum(x[:, 0])) > 0:
            h = h + self.extra(h)
        return self.out(h)


def build(case):
    if case == "none_loss":
        inp = tf.keras.Input((5,))
        h = tf.keras.layers.Dense(8, activation="tanh", name="trunk")(inp)
        a = tf.keras.layers.Dense(3, name="a")(h)
        b = tf.keras.layers.Dense(2, name="b")(h)
        model = tf.keras.Model(inp, {"a": a, "b": b})
        loss = {"a": tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), "b": None}
    else:
        sequential = lambda: tf.keras.Sequential(  # noqa: E731
            [tf.keras.Input((5,)), tf.keras.layers.Dense(8, activation="tanh"), tf.keras.layers.Dense(3)])
        model = {"unused": WithUnused, "branch": WithBranch, "split_branch": WithBranch}.get(case, sequential)()
        loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    model.build((None, 5))
    return model, loss


def optimizer():
    # weight decay tells a missing gradient (the weight is left alone) from a zero one (it decays)
    return tf.keras.optimizers.AdamW(0.05, weight_decay=0.2)


def run_case(case, out, strategy, replicas):
    rng = np.random.default_rng(1)
    x = rng.normal(size=(44, 5)).astype("float32")
    # the first feature's sign flips from one global batch of 8 to the next (batch 0 positive, uses the branch)
    x[:, 0] += np.repeat(np.where(np.arange(6) % 2, -3.0, 3.0), 8)[:44]
    if case == "split_branch":  # rows 0-3 of each global batch of 8 positive, rows 4-7 negative
        x[:, 0] = np.abs(x[:, 0]) * np.where(np.arange(44) % 8 < 4, 1.0, -1.0)
    y = rng.integers(0, 3, size=(44,))
    if case == "none_loss":
        y = {"a": y, "b": np.zeros((44, 2), "float32")}
    init = out / f"{case}.init.npz"
    with strategy.scope():
        model, loss = build(case)
        if replicas == 1:
            np.savez(init, *model.get_weights())
        else:
            model.set_weights([v for _, v in sorted(np.load(init).items(), key=lambda kv: int(kv[0][4:]))])
        model.compile(optimizer(), loss)
    modes = []
    losses = model.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0).history["loss"]
    if case == "frozen":
        model.layers[0].trainable = False
        modes.append(getattr(model.__dict__.get("_train_module"), "mode", "single"))
        model.compile(optimizer(), loss)
        losses += model.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0).history["loss"]
    modes.append(getattr(model.__dict__.get("_train_module"), "mode", "single"))
    np.savez(out / f"{case}.{replicas}.rank{strategy._rank}.npz", loss=np.array(losses), modes=modes,
             **{f"w{i}": w for i, w in enumerate(model.get_weights())})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("cases", help="comma-separated CASEs")
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
    strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    for case in args.cases.split(","):
        run_case(case, Path(args.out), strategy, args.replicas)


if __name__ == "__main__":
    main()
