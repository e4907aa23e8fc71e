"""Worker script: what runs inside fit's steps on each replica (replica context, randomness, stops, inputs).

Usage:
    python tests/scripts/replica_steps.py OUT --replicas 2

Scenarios, each recorded into OUT.rank<r>.npz by every replica:
- context_*: a custom train_step/test_step/predict_step and a layer's call read
  `tf.distribute.get_replica_context()` (id, replica count, all_reduce of the local batch size).
- mask_*: Dropout masks and GaussianNoise (unseeded layers and seeded ones) on rows of ones, two training
  steps, run twice
  after the same `set_random_seed` (repeatable) on each replica (must differ between replicas).
- stop_*: a callback on replica 1 only sets `stop_training` at batch 2; TerminateOnNaN with a NaN
  row that only replica 1 gets at batch 3: the batches each replica trained and the epochs run.
- fn_*: fit/evaluate/predict on `distribute_datasets_from_function` (48 rows, global batch 16, or
  56 rows so replica 0 has one batch more, or 48 rows batched by 16 in all while the function asks
  `get_per_replica_batch_size(64)`) and on `experimental_distribute_dataset`.
"""

import argparse

import numpy as np

import keraslike as tf

keras = tf.keras


class ContextProbe(keras.layers.Layer):
    """Dense-free layer that records the replica context seen in `call`."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.ids = []

    def call(self, inputs):
        ctx = tf.distribute.get_replica_context()
        self.ids.append(-1 if ctx is None else int(ctx.replica_id_in_sync_group))
        return inputs


class CountingModel(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.probe = ContextProbe()
        self.dense = keras.layers.Dense(1)
        self.counts = {"train": [], "test": [], "predict": []}

    def call(self, inputs, training=None):
        return self.dense(self.probe(inputs))

    def _count(self, kind, x):
        ctx = tf.distribute.get_replica_context()
        total = ctx.all_reduce(tf.distribute.ReduceOp.SUM, tf.shape(x)[0])
        gathered = ctx.all_gather(tf.reshape(tf.cast(ctx.replica_id_in_sync_group, tf.float32), [1]), axis=0)
        self.counts[kind].append([int(ctx.replica_id_in_sync_group), ctx.num_replicas_in_sync, int(total),
                                  int(tf.reduce_sum(gathered))])

    def train_step(self, data):
        x, _ = data
        self._count("train", x)
        return super().train_step(data)

    def test_step(self, data):
        x, _ = data
        self._count("test", x)
        return super().test_step(data)

    def predict_step(self, data):
        self._count("predict", data[0] if isinstance(data, tuple) else data)
        return super().predict_step(data)


def context_scenario(strategy, out):
    x = np.arange(40, dtype="float32").reshape(20, 2)
    y = x.sum(axis=1, keepdims=True)
    with strategy.scope():
        model = CountingModel()
        model.compile(optimizer="sgd", loss="mse")
    model.fit(x, y, batch_size=8, epochs=1, verbose=0)
    model.evaluate(x, y, batch_size=8, verbose=0)
    model.predict(x, batch_size=8, verbose=0)
    for kind, rows in model.counts.items():
        out[f"context_{kind}"] = np.array(rows)
    out["context_layer_ids"] = np.array(model.probe.ids)


class RecordMask(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.masks = []

    def call(self, inputs, training=None):
        if training:
            self.masks.append(inputs.detach().numpy().copy())
        return inputs


def mask_scenario(strategy, out):
    for repeat in range(2):
        keras.utils.set_random_seed(11)
        with strategy.scope():
            inputs = keras.Input(shape=(64,))
            plain = keras.layers.Dropout(0.5)(inputs)
            seeded = keras.layers.Dropout(0.5, seed=3)(inputs)
            noise = keras.layers.GaussianNoise(1.0)(inputs)
            seeded_noise = keras.layers.GaussianNoise(1.0, seed=4)(inputs)
            record = RecordMask()
            outputs = keras.layers.Dense(1)(record(keras.layers.Concatenate()([plain, seeded, noise, seeded_noise])))
            model = keras.Model(inputs, outputs)
            model.compile(optimizer="sgd", loss="mse")
        model.fit(np.ones((8, 64), "float32"), np.zeros((8, 1), "float32"), batch_size=8, epochs=2, verbose=0)
        # (steps, local rows, 256): Dropout | Dropout(seed=3) | GaussianNoise | GaussianNoise(seed=4)
        out[f"mask_run{repeat}"] = np.stack(record.masks)


def stop_scenario(strategy, out):
    rank = strategy._rank
    x = np.random.default_rng(1).normal(size=(64, 3)).astype("float32")
    y = x.sum(axis=1, keepdims=True)

    class StopOnOneReplica(keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            if rank == 1 and batch == 2:
                self.model.stop_training = True

    class Batches(keras.callbacks.Callback):
        def __init__(self):
            super().__init__()
            self.seen = []

        def on_train_batch_end(self, batch, logs=None):
            self.seen.append(batch)

    for name, data_x, cb in (("callback", x, StopOnOneReplica()), ("nan", x.copy(), keras.callbacks.TerminateOnNaN())):
        if name == "nan":
            data_x[3 * 8 + 7] = np.nan  # global batch 3, its last row: replica 1's share only
        with strategy.scope():
            model = keras.Sequential([keras.Input(shape=(3,)), keras.layers.Dense(1)])
            model.compile(optimizer="sgd", loss="mse")
        seen = Batches()
        history = model.fit(data_x, y, batch_size=8, epochs=3, shuffle=False, verbose=0, callbacks=[cb, seen])
        out[f"stop_{name}_batches"] = np.array(seen.seen)
        out[f"stop_{name}_epochs"] = np.array(len(history.history["loss"]))


def fn_run(strategy, rows, out, asked=16, name=None):
    """fit/evaluate/predict on `distribute_datasets_from_function` over `rows` rows (column 0: row id), batches
    of 16 rows in all; the function asks `get_per_replica_batch_size(asked)`."""
    x = np.concatenate([np.arange(rows, dtype="float32")[:, None],
                        np.random.default_rng(2).normal(size=(rows, 3)).astype("float32")], axis=1)
    y = x[:, 1:].sum(axis=1, keepdims=True)
    name = name or f"fn{rows}"

    def dataset_fn(ctx):
        ctx.get_per_replica_batch_size(asked)
        return tf.data.Dataset.from_tensor_slices((x, y)).batch(16 // ctx.num_replicas_in_sync)

    seen = []

    class Record(keras.layers.Layer):
        def call(self, inputs, training=None):
            if training:
                seen.append(inputs[:, 0].numpy())
            return inputs[:, 1:]

    keras.utils.set_random_seed(5)
    with strategy.scope():
        model = keras.Sequential([keras.Input(shape=(4,)), Record(), keras.layers.Dense(1)])
        model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    dist = strategy.distribute_datasets_from_function(dataset_fn)
    model.fit(dist, epochs=2, verbose=0)
    out[f"{name}_ids"] = np.concatenate(seen)
    for i, w in enumerate(model.get_weights()):
        out[f"{name}_w{i}"] = w
    out[f"{name}_eval"] = np.array(model.evaluate(dist, verbose=0))
    out[f"{name}_predict"] = model.predict(dist, verbose=0)
    out[f"{name}_eval_ref"] = np.array(model.evaluate(x, y, batch_size=16, verbose=0))
    out[f"{name}_predict_ref"] = model.predict(x, batch_size=16, verbose=0)
    keras.utils.set_random_seed(5)
    with strategy.scope():  # the same model trained on the arrays in global batches of 16
        ref = keras.Sequential([keras.Input(shape=(4,)), Record(), keras.layers.Dense(1)])
        ref.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    ref.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0)
    for i, w in enumerate(ref.get_weights()):
        out[f"{name}_fit_ref_w{i}"] = w
    return model, x, y


def fn_scenario(strategy, out):
    fn_run(strategy, 48, out)
    fn_run(strategy, 48, out, asked=64, name="fn_asked64")
    model, x, y = fn_run(strategy, 56, out)
    global_ds = strategy.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices((x, y)).batch(16))
    out["dist_eval"] = np.array(model.evaluate(global_ds, verbose=0))
    out["dist_predict"] = model.predict(global_ds, verbose=0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--scenarios", default="context,mask,stop,fn")
    args = parser.parse_args()
    if args.replicas == 1:
        strategy = tf.distribute.OneDeviceStrategy("/cpu:0")
    else:
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
        strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    out = {}
    scenarios = {"context": context_scenario, "mask": mask_scenario, "stop": stop_scenario, "fn": fn_scenario}
    for name in args.scenarios.split(","):
        scenarios[name](strategy, out)
    np.savez(f"{args.out}.rank{strategy._rank}.npz", **out)
    print(f"replica steps done on replica {strategy._rank} of {strategy.num_replicas_in_sync}")


if __name__ == "__main__":
    main()
