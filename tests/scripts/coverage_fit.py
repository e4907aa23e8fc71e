"""Worker script for the sample-coverage tests: which rows does each replica train on?

Usage:
    python tests/scripts/coverage_fit.py OUT --replicas 2 [--seed 7] [--kinds arrays,dataset,...]

For each input kind (arrays, dataset, mapped, generator, pydataset, dataloader) it trains a tiny linear
model for 3 epochs with shuffling on 42 rows (global batch 8: five full batches and one of 2
rows). Column 0 of every row is the row's id; a `Record` layer strips it and remembers the ids
it saw in training, so the test can count, per epoch, the multiset of ids seen across replicas.
Without `--seed` nothing is seeded (like a user script). Every replica writes OUT.rank<r>.npz
with `ids_<kind>_<epoch>` (in training order), `sizes_<kind>_<epoch>` (rows per step) and the final
weights `w_<kind>_<i>`; `calls_<kind>` counts, per epoch, the calls of the `mapped` pipeline's map
function on this replica.
"""

import argparse
import math

import numpy as np
import torch

import keraslike as tf

keras = tf.keras
N, BATCH, EPOCHS, FEATURES = 42, 8, 3, 5
STEPS = math.ceil(N / BATCH)


class Record(keras.layers.Layer):
    """Strips the id column; in training remembers the ids of the rows it saw."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seen = []

    def call(self, inputs, training=None):
        if training:
            self.seen.append(inputs[:, 0].detach().round().long().cpu().numpy())
        return inputs[:, 1:]


def make_data():
    rng = np.random.default_rng(0)  # the data itself is fixed; only the shuffles are unseeded
    x = np.concatenate([np.arange(N, dtype="float32")[:, None],
                        rng.normal(size=(N, FEATURES)).astype("float32")], axis=1)
    y = (x[:, 1:] @ np.arange(1, FEATURES + 1, dtype="float32")[:, None]).astype("float32")
    return x, y


def generator(x, y):
    """Endless batches, each pass over the rows in a new unseeded numpy order (one pass = one epoch)."""
    while True:
        order = np.random.permutation(N)
        for start in range(0, N, BATCH):
            rows = order[start:start + BATCH]
            yield x[rows], y[rows]


class Batches(keras.utils.PyDataset):
    """Rows reshuffled with numpy's global RNG at each epoch end (the Keras Sequence idiom)."""

    def __init__(self, x, y):
        super().__init__()
        self.x, self.y = x, y
        self.order = np.random.permutation(N)

    def __len__(self):
        return STEPS

    def __getitem__(self, index):
        rows = self.order[index * BATCH:(index + 1) * BATCH]
        return self.x[rows], self.y[rows]

    def on_epoch_end(self):
        np.random.shuffle(self.order)


MAP_CALLS = [0]


def counted_scale(features, label):
    """An element-wise map doing per-row Python work (`.numpy()`, as decoding would), counting its calls."""
    MAP_CALLS[0] += 1
    return features * float(np.all(label.numpy() > -1e9)), label


def fit_kind(kind, strategy, x, y):
    with strategy.scope():
        record = Record()
        model = keras.Sequential([keras.Input(shape=(FEATURES + 1,)), record, keras.layers.Dense(1)])
        model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    seen, calls = [], []

    class EpochIds(keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            MAP_CALLS[0] = 0

        def on_epoch_end(self, epoch, logs=None):
            seen.append(list(record.seen))
            record.seen.clear()
            calls.append(MAP_CALLS[0])

    kwargs = dict(epochs=EPOCHS, verbose=0, callbacks=[EpochIds()])
    if kind == "arrays":
        model.fit(x, y, batch_size=BATCH, shuffle=True, **kwargs)
    elif kind == "dataset":
        model.fit(tf.data.Dataset.from_tensor_slices((x, y)).shuffle(N).batch(BATCH), **kwargs)
    elif kind == "mapped":
        model.fit(tf.data.Dataset.from_tensor_slices((x, y)).shuffle(N).map(counted_scale).batch(BATCH), **kwargs)
    elif kind == "generator":
        model.fit(generator(x, y), steps_per_epoch=STEPS, **kwargs)
    elif kind == "pydataset":
        model.fit(Batches(x, y), shuffle=True, **kwargs)
    elif kind == "dataloader":
        loader = torch.utils.data.DataLoader(
            torch.utils.data.TensorDataset(torch.from_numpy(x), torch.from_numpy(y)), batch_size=BATCH, shuffle=True)
        model.fit(loader, **kwargs)
    else:
        raise ValueError(f"unknown kind {kind}")
    return seen, calls, model.get_weights()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--kinds", default="arrays,dataset,mapped,generator,pydataset,dataloader")
    args = parser.parse_args()
    if args.seed is not None:
        keras.utils.set_random_seed(args.seed)
    if args.replicas == 1:
        strategy = tf.distribute.OneDeviceStrategy("/cpu:0")
    else:
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
        strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    x, y = make_data()
    result = {}
    for kind in args.kinds.split(","):
        seen, calls, weights = fit_kind(kind, strategy, x, y)
        result[f"calls_{kind}"] = np.array(calls)
        for epoch, steps in enumerate(seen):
            result[f"ids_{kind}_{epoch}"] = np.concatenate(steps) if steps else np.zeros(0, "int64")
            result[f"sizes_{kind}_{epoch}"] = np.array([len(step) for step in steps])
        for i, w in enumerate(weights):
            result[f"w_{kind}_{i}"] = w
    np.savez(f"{args.out}.rank{strategy._rank}.npz", **result)
    print(f"coverage done on replica {strategy._rank} of {strategy.num_replicas_in_sync}")


if __name__ == "__main__":
    main()
