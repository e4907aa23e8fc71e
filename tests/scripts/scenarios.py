"""Distributed scenarios from public reports against peer libraries, run in ONE set of processes.

Usage:
    python tests/scripts/scenarios.py OUTDIR --replicas 2     # keraslike launches replica 1
    python tests/scripts/scenarios.py OUTDIR --replicas 1     # the single-device reference

Every replica writes OUTDIR/<scenario>.rank<r>.json (and .npz for arrays); the tests in
tests/distribute/test_scenarios.py compare replicas with each other and with the reference.
Running all scenarios in the same processes also checks that later fits reuse the replicas.
"""

import argparse
import json
from pathlib import Path

import numpy as np
import torch

torch.cuda.device_count()  # scenario 9: touching CUDA before the strategy must not break the launch

import keraslike as tf  # noqa: E402

OUT = None
STRATEGY = None
RANK = 0


def dump(name, payload, arrays=None):
    (OUT / f"{name}.rank{RANK}.json").write_text(json.dumps(payload))
    if arrays is not None:
        np.savez(OUT / f"{name}.rank{RANK}.npz", **arrays)


class Recorder(tf.keras.Model):
    """Column 0 of x is the sample id; records the ids each call sees (training flag included)."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(2)
        self.seen = []

    def call(self, x, training=False):
        self.seen.append((bool(training), x[:, 0].detach().long().tolist()))
        return self.dense(x[:, 1:])


class Marks(tf.keras.callbacks.Callback):
    def __init__(self, model):
        super().__init__()
        self.recorder = model
        self.epochs = []

    def on_train_begin(self, logs=None):
        self.recorder.seen.clear()

    def on_epoch_end(self, epoch, logs=None):
        self.epochs.append([ids for training, ids in self.recorder.seen if training])
        self.recorder.seen.clear()


class _Clear(tf.keras.callbacks.Callback):
    def __init__(self, model):
        super().__init__()
        self.recorder = model

    def on_train_begin(self, logs=None):
        self.recorder.seen.clear()


def ids_data(n):
    x = np.stack([np.arange(n), np.linspace(-1, 1, n)], axis=1).astype("float32")
    return x, (np.arange(n) % 2).astype("int64")


def bitwise():
    tf.keras.utils.set_random_seed(7)
    rng = np.random.default_rng(1)
    x, y = rng.normal(size=(90, 6)).astype("float32"), rng.integers(0, 3, 90)
    with STRATEGY.scope():
        model = tf.keras.Sequential([tf.keras.Input(shape=(6,)), tf.keras.layers.Dense(8, activation="relu"),
                                     tf.keras.layers.Dense(3, activation="softmax")])
        model.compile("adam", "sparse_categorical_crossentropy", metrics=["accuracy"])
    model.fit(x, y, batch_size=16, epochs=2, verbose=0)
    dump("bitwise", {}, {f"w{i}": w for i, w in enumerate(model.get_weights())})


def shuffle_ids():
    x, y = ids_data(20)
    with STRATEGY.scope():
        model = Recorder()
        model.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    marks = Marks(model)
    model.fit(x, y, batch_size=4, epochs=2, shuffle=True, verbose=0, callbacks=[marks])
    dump("shuffle_ids", {"epochs": [sorted(i for ids in e for i in ids) for e in marks.epochs],
                         "order": [[i for ids in e for i in ids] for e in marks.epochs]})


def custom_losses():
    def mean_sq(y_true, y_pred):  # divides by the batch size itself
        return tf.reduce_sum(tf.square(y_true - y_pred)) / tf.cast(tf.shape(y_true)[0], tf.float32)

    class SubclassedAbs(tf.keras.losses.Loss):
        def call(self, y_true, y_pred):
            return tf.reduce_mean(tf.abs(y_true - y_pred), axis=-1)

    rng = np.random.default_rng(2)
    x, y = rng.normal(size=(11, 3)).astype("float32"), rng.normal(size=(11, 1)).astype("float32")
    out = {}
    for name, loss in (("builtin", "mse"), ("function", mean_sq), ("subclassed", SubclassedAbs())):
        tf.keras.utils.set_random_seed(3)
        with STRATEGY.scope():
            model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(1)])
            model.compile(tf.keras.optimizers.SGD(0.1), loss)
        history = model.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=0)
        out[name] = history.history["loss"]
    dump("custom_losses", out)


def ten_samples():
    x, y = ids_data(10)
    with STRATEGY.scope():
        model = Recorder()
        model.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    marks = Marks(model)
    history = model.fit(x, y, batch_size=4, epochs=3, verbose=0, callbacks=[marks])
    dump("ten_samples", {"steps": [len(e) for e in marks.epochs], "local": [sum(map(len, e)) for e in marks.epochs],
                         "epochs": len(history.history["loss"])})


def val_split():
    out = {}
    for kind in ("numpy", "torch"):
        x, y = ids_data(100)
        if kind == "torch":
            x, y = torch.from_numpy(x), torch.from_numpy(y)
        with STRATEGY.scope():
            model = Recorder()
            model.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
        model.fit(x, y, validation_split=0.2, batch_size=8, epochs=1, verbose=0, callbacks=[_Clear(model)])
        out[kind] = {"val": sorted(i for training, ids in model.seen if not training for i in ids),
                     "train": sorted(i for training, ids in model.seen if training for i in ids)}
    dump("val_split", out)


def evaluate_predict():
    tf.keras.utils.set_random_seed(5)
    rng = np.random.default_rng(4)
    x, y = rng.normal(size=(499, 5)).astype("float32"), rng.integers(0, 4, 499)
    with STRATEGY.scope():
        model = tf.keras.Sequential([tf.keras.Input(shape=(5,)), tf.keras.layers.Dense(4, activation="softmax")])
        model.compile("adam", "sparse_categorical_crossentropy", metrics=["accuracy"])
    batch = 8 * STRATEGY.num_replicas_in_sync
    loss, acc = model.evaluate(x, y, batch_size=batch, verbose=0)
    pred = model.predict(x, batch_size=batch, verbose=0)
    exact = float(np.mean(pred.argmax(1) == y))
    dump("evaluate_predict", {"loss": loss, "accuracy": acc, "exact": exact, "rows": len(pred)},
         {"pred": pred, "w": model.get_weights()[0]})


def stop_on_one_replica():
    rank = RANK

    class StopOnReplica1(tf.keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            if epoch == 1 and rank == STRATEGY.num_replicas_in_sync - 1:
                self.model.stop_training = True

    x, y = ids_data(16)
    with STRATEGY.scope():
        model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(2)])
        model.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(x, y, batch_size=4, epochs=5, verbose=0, callbacks=[StopOnReplica1()])
    dump("stop", {"epochs": len(history.history["loss"])})


def generator_dataset():
    def gen():
        for i in range(9):
            yield np.full((4, 3), i, dtype="float32"), np.full((4,), i % 2, dtype="int64")

    ds = tf.data.Dataset.from_generator(gen, output_signature=(tf.TensorSpec((None, 3), tf.float32),
                                                                tf.TensorSpec((None,), tf.int64)))
    with STRATEGY.scope():
        model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(2)])
        optimizer = tf.keras.optimizers.SGD(0.01)
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="none")

    def step(batch):
        x, y = batch
        with tf.GradientTape() as tape:
            loss = tf.nn.compute_average_loss(loss_fn(y, model(x, training=True)), global_batch_size=4)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    steps, seen = 0, []
    for batch in STRATEGY.experimental_distribute_dataset(ds):
        per_replica = STRATEGY.run(step, args=(batch,))
        STRATEGY.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)
        steps += 1
        seen.append(batch[0][:, 0].tolist())
    dump("generator", {"steps": steps, "seen": seen},
         {f"w{i}": w for i, w in enumerate(model.get_weights())})


def custom_loop():
    """TF's 'Custom training with tf.distribute.Strategy' loop: equals one device on the global batch."""
    tf.keras.utils.set_random_seed(11)
    rng = np.random.default_rng(6)
    x, y = rng.normal(size=(40, 4)).astype("float32"), rng.integers(0, 3, 40)
    global_batch = 12  # 40 = 3 * 12 + 4: a partial last batch, split 2 / 2 over 2 replicas
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch)
    with STRATEGY.scope():
        model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(3)])
        optimizer = tf.keras.optimizers.Adam(0.05)
        loss_obj = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="none")
        train_acc = tf.keras.metrics.SparseCategoricalAccuracy()

    def train_step(inputs):
        features, labels = inputs
        with tf.GradientTape() as tape:
            logits = model(features, training=True)
            loss = tf.nn.compute_average_loss(loss_obj(labels, logits), global_batch_size=global_batch)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        train_acc.update_state(labels, logits)
        return loss

    totals = []
    for _ in range(2):
        total = 0.0
        for batch in STRATEGY.experimental_distribute_dataset(ds):
            total += float(STRATEGY.reduce(tf.distribute.ReduceOp.SUM, STRATEGY.run(train_step, args=(batch,)),
                                           axis=None))
        totals.append(total)
    dump("custom_loop", {"totals": totals, "accuracy": float(train_acc.result())},
         {f"w{i}": w for i, w in enumerate(model.get_weights())})


def variable_sync():
    with STRATEGY.scope():
        v = tf.Variable(torch.rand(5) + RANK)  # replicas draw different values; the chief's wins
    ctx_ids = STRATEGY.run(lambda: tf.distribute.get_replica_context().replica_id_in_sync_group)
    total = STRATEGY.reduce("SUM", STRATEGY.run(lambda: tf.constant(1.0)), axis=None)
    gathered = STRATEGY.gather(tf.constant([float(RANK)] * (RANK + 1)), axis=0)
    replica_id = int(STRATEGY.experimental_local_results(ctx_ids)[0])
    dump("variable_sync", {"v": v.numpy().tolist(), "replica_id": replica_id, "sum": float(total),
                           "gathered": gathered.tolist()})


def sync_batchnorm():
    """Scenario 10: Conv2D + BatchNormalization(synchronized=True); moving stats as one device's."""
    tf.keras.utils.set_random_seed(9)
    rng = np.random.default_rng(8)
    x, y = rng.normal(size=(24, 6, 6, 2)).astype("float32"), rng.integers(0, 2, 24)
    with STRATEGY.scope():
        model = tf.keras.Sequential([
            tf.keras.Input(shape=(6, 6, 2)),
            tf.keras.layers.Conv2D(4, 3),
            tf.keras.layers.BatchNormalization(synchronized=True),
            tf.keras.layers.Flatten(),
            tf.keras.layers.Dense(2),
        ])
        model.compile(tf.keras.optimizers.SGD(0.05), tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    model.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0)
    bn = model.layers[1]
    dump("sync_bn", {}, {"moving_mean": bn.get_weights()[2], "moving_variance": bn.get_weights()[3],
                         "kernel": model.layers[0].get_weights()[0]})


SCENARIOS = [bitwise, shuffle_ids, custom_losses, ten_samples, val_split, evaluate_predict, stop_on_one_replica,
             generator_dataset, custom_loop, variable_sync, sync_batchnorm]


def main():
    global OUT, STRATEGY, RANK
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--only", default=None)
    args = parser.parse_args()
    OUT = Path(args.out)
    OUT.mkdir(parents=True, exist_ok=True)
    if args.replicas == 1:
        STRATEGY = tf.distribute.OneDeviceStrategy("/cpu:0")
    else:
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
        STRATEGY = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    RANK = STRATEGY._rank
    for scenario in SCENARIOS:
        if args.only is None or scenario.__name__ == args.only:
            scenario()
    print("scenarios done")


if __name__ == "__main__":
    main()
