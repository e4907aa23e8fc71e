"""Worker for the BackupAndRestore resume tests: fit killed (SIGKILL) mid-epoch and restarted.

Usage:
    python tests/scripts/elastic_fit.py OUT WORK [--seed S] [--kinds arrays,dataset,...] [--save-freq N]
    torchrun --nproc_per_node=2 --max-restarts=K tests/scripts/elastic_fit.py OUT WORK ...

For each kind of data in turn (`arrays`: `fit(x, y, shuffle=True)`; `dataset`: a shuffled
`tf.data.Dataset`; `pydataset`: a `PyDataset` with `fit(shuffle=True)`; `in_backup`: arrays, killed
while a backup is being written), a small model with Dropout trains 3 epochs with
`BackupAndRestore(WORK/<kind>, save_freq=N)`. Column 0 of every row is its id; a `Record` layer strips
it and every process appends `{"kind", "epoch", "step", "ids"}` per trained step to `OUT.rank<r>.log`.

`ELASTIC_KILL` (env) is `kind:epoch:step:rank,...`: that replica SIGKILLs itself after that step of
that kind (once: a marker file in WORK says it did). The process exits; the caller (the test, or
torchrun's restarts) runs the same command again, which skips the kinds already finished (their
weights are in `OUT.<kind>.npz`) and resumes the killed one from its backup. `in_backup` kills inside
the first backup written after that step instead (mid-write: the previous backup must survive).
With `--seed`, each kind starts from `set_random_seed(seed + kind index)`.
"""

import argparse
import json
import os
import signal

import numpy as np
import torch

import keraslike as tf
from keraslike._src.keras.saving import weights_h5

keras = tf.keras
N, BATCH, EPOCHS, FEATURES = 42, 8, 3, 5
KINDS = ("arrays", "dataset", "pydataset", "in_backup")


class Record(keras.layers.Layer):
    """Strips the id column; in training remembers the ids of the rows it saw."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seen = []

    def call(self, inputs, training=None):
        if training:
            self.seen.append(inputs[:, 0].detach().round().long().cpu().numpy())
        return inputs[:, 1:]


class Batches(keras.utils.PyDataset):
    def __init__(self, x, y):
        super().__init__()
        self.x, self.y = x, y

    def __len__(self):
        return -(-N // BATCH)

    def __getitem__(self, index):
        return self.x[index * BATCH:(index + 1) * BATCH], self.y[index * BATCH:(index + 1) * BATCH]


def make_data():
    rng = np.random.default_rng(0)
    x = np.concatenate([np.arange(N, dtype="float32")[:, None],
                        rng.normal(size=(N, FEATURES)).astype("float32")], axis=1)
    y = (x[:, 1:] @ np.arange(1, FEATURES + 1, dtype="float32")[:, None]).astype("float32")
    return x, y


def kill_points():
    points = {}
    for item in filter(None, os.environ.get("ELASTIC_KILL", "").split(",")):
        kind, epoch, step, rank = item.split(":")
        points[kind] = (int(epoch), int(step), int(rank))
    return points


def fit_kind(index, kind, args, strategy, points, log):
    """Train one kind of data (resuming from its backup if there is one); rank 0 writes the weights."""
    rank = getattr(strategy, "_rank", 0)
    x, y = make_data()
    if args.seed is not None:
        keras.utils.set_random_seed(args.seed + index)
    marker = os.path.join(args.work, f"killed_{kind}")
    kill = points.get(kind) if not os.path.exists(marker) else None
    with strategy.scope():
        record = Record()
        model = keras.Sequential([keras.Input(shape=(FEATURES + 1,)), record,
                                  keras.layers.Dense(8, activation="relu"), keras.layers.Dropout(0.3),
                                  keras.layers.Dense(1)])
        model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")

    class Steps(keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            self.epoch = epoch

        def on_train_batch_end(self, batch, logs=None):
            ids = np.concatenate(record.seen).tolist() if record.seen else []
            record.seen.clear()
            log.write(json.dumps({"kind": kind, "epoch": self.epoch, "step": batch, "ids": ids}) + "\n")
            log.flush()
            if kill is not None and kill[2] == rank and (self.epoch, batch) == kill[:2]:
                open(marker, "w").close()
                if kind == "in_backup":  # die inside the next backup's write, after part of the file
                    real = weights_h5.save_to_h5

                    def dying(model_, h5, *a, **k):
                        real(model_, h5, *a, **k)
                        h5.flush()
                        os.kill(os.getpid(), signal.SIGKILL)

                    weights_h5.save_to_h5 = dying
                else:
                    os.kill(os.getpid(), signal.SIGKILL)

    # Steps first: a step is logged before the backup that covers it is written
    callbacks = [Steps(), keras.callbacks.BackupAndRestore(os.path.join(args.work, kind),
                                                           save_freq=args.save_freq)]
    fit = dict(epochs=EPOCHS, verbose=0, callbacks=callbacks)
    if kind in ("arrays", "in_backup"):
        model.fit(x, y, batch_size=BATCH, shuffle=True, **fit)
    elif kind == "dataset":
        model.fit(tf.data.Dataset.from_tensor_slices((x, y)).shuffle(N).batch(BATCH), **fit)
    elif kind == "pydataset":
        model.fit(Batches(x, y), shuffle=True, **fit)
    else:
        raise ValueError(f"unknown kind {kind}")
    weights = model.get_weights()
    if rank == 0:
        np.savez(f"{args.out}.{kind}.npz", *weights, iterations=np.array(int(model.optimizer.iterations)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("work")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--save-freq", type=int, default=2)
    parser.add_argument("--replicas", type=int, default=1)
    args = parser.parse_args()
    torch.set_num_threads(1)
    if args.replicas > 1:  # keraslike's launcher (`python script.py`), elastic with KERASLIKE_MAX_RESTARTS
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
        strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    elif "WORLD_SIZE" in os.environ:  # torchrun
        strategy = tf.distribute.MirroredStrategy()
    else:
        strategy = tf.distribute.get_strategy()
    rank = getattr(strategy, "_rank", 0)
    points = kill_points()
    log = open(f"{args.out}.rank{rank}.log", "a", encoding="utf-8")  # noqa: SIM115 - appended step by step
    for index, kind in enumerate(args.kinds.split(",")):
        if not os.path.exists(f"{args.out}.{kind}.npz"):  # else finished before the restart
            fit_kind(index, kind, args, strategy, points, log)
    log.close()


if __name__ == "__main__":
    main()
