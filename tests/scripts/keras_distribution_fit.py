"""Worker for tests/distribute/test_keras_distribution.py: keras.distribution on 2 processes vs one.

Usage:
    python tests/scripts/keras_distribution_fit.py OUT --procs 2    # re-runs itself as 2 processes
    python tests/scripts/keras_distribution_fit.py OUT --procs 1    # the one-process reference

Phases, in one job (every process writes OUT.rank<r>.npz; the chief also writes the model files):
1. `DataParallel()` over `list_devices()`, unseeded: 21 rows (id in column 0), global batch 4, 2 epochs,
   shuffled; `ids_dp_<epoch>` are the ids this process trained on.
2. seeded (`set_random_seed(7)`), `DataParallel`: final weights `dp_w<i>` and losses `dp_loss`.
3. seeded, `ModelParallel` on mesh (1, 2) ("batch", "model"): hidden Dense kernel/bias split on "model",
   output kernel split on its rows; `mp_*`: losses, full weights, the blocks' shapes, optimizer slot shapes,
   weights read back from `save`/`save_weights` files and `load_model`, predictions.
4. seeded, `ModelParallel` on mesh (2, 1): the batch split over both processes, kernels "split" on a size-1
   axis (DTensor sums the replicated gradients): `mb_*`.
5. seeded, `DataParallel` with `tf.distribute.experimental.fully_shard(model)`: `fs_*` (block shapes, losses,
   full weights, predictions).
With `--procs 1` no distribution is set: the same phases on one process are the reference.
"""

import argparse
import os

import numpy as np

import keraslike as tf

keras = tf.keras
dist = keras.distribution


def data(rows, features=6):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(rows, features)).astype("float32")
    y = np.stack([x @ np.arange(1, features + 1, dtype="float32"), x[:, 0] - x[:, 1]], axis=1).astype("float32")
    return x, y


class Record(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seen = []

    def call(self, inputs, training=None):
        if training:
            self.seen.append(inputs[:, 0].detach().round().long().cpu().numpy())
        return inputs[:, 1:]


def mlp(prefix):
    return keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu", name=f"{prefix}_hidden"),
                             keras.layers.Dense(2, name=f"{prefix}_out")])


def train(model, x, y, epochs=3):
    model.compile(keras.optimizers.Adam(0.05), "mse")
    return model.fit(x, y, batch_size=8, epochs=epochs, shuffle=True, verbose=0).history["loss"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--procs", type=int, default=2)
    args = parser.parse_args()
    two = args.procs == 2
    if two:
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    rec = {}
    # 1. DataParallel, unseeded coverage
    if two:
        data_parallel = dist.DataParallel(devices=dist.list_devices())
        dist.set_distribution(data_parallel)
        rec["devices"] = np.array(dist.list_devices())
        rec["dp_processes"] = data_parallel.num_processes
    rank = data_parallel.process_id if two else 0
    x, _ = data(21, 5)
    ids = np.concatenate([np.arange(21, dtype="float32")[:, None], x], axis=1)
    record = Record()
    model = keras.Sequential([keras.Input((6,)), record, keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    model.fit(ids, np.zeros((21, 1), "float32"), batch_size=4, epochs=2, shuffle=True, verbose=0)
    per_epoch = -(-21 // 4)
    for epoch in range(2):
        rec[f"ids_dp_{epoch}"] = np.concatenate(record.seen[epoch * per_epoch:(epoch + 1) * per_epoch])
    # 2. DataParallel, seeded: the same training as one process
    x, y = data(41)  # 5 global batches of 8, then 1 row: split [1] / [] on 2 processes
    keras.utils.set_random_seed(7)
    model = mlp("dp")
    rec["dp_loss"] = np.array(train(model, x, y))
    for i, w in enumerate(model.get_weights()):
        rec[f"dp_w{i}"] = w
    # 3. ModelParallel, mesh (1, 2)
    if two:
        mesh = dist.DeviceMesh((1, 2), ["batch", "model"], dist.list_devices())
        layout_map = dist.LayoutMap(mesh)
        layout_map["mp_hidden/kernel"] = (None, "model")
        layout_map["mp_hidden/bias"] = ("model",)
        layout_map["mp_out/kernel"] = ("model", None)
        dist.set_distribution(dist.ModelParallel(layout_map=layout_map, batch_dim_name="batch"))
        laid = dist.distribute_tensor(np.arange(8.0, dtype="float32").reshape(2, 4),
                                      dist.TensorLayout((None, "model"), mesh))
        rec["mp_distributed"] = laid.to_local().numpy()
    keras.utils.set_random_seed(7)
    model = mlp("mp")
    rec["mp_loss"] = np.array(train(model, x, y))
    rec["mp_shapes"] = np.array([tuple(v.shape) + (0,) * (2 - v.dim()) for v in model.weights])
    rec["mp_slot_shapes"] = np.array([tuple(s.shape) + (0,) * (2 - s.dim())
                                      for st in model.optimizer._torch.state.values()
                                      for k, s in sorted(st.items()) if k != "step"])
    weights = model.get_weights()
    for i, w in enumerate(weights):
        rec[f"mp_w{i}"] = w
    rec["mp_numpy0"] = model.weights[0].numpy()
    rec["mp_count"] = model.count_params()
    rec["mp_predict"] = model.predict(x, batch_size=8, verbose=0)
    rec["mp_call"] = tf.convert_to_tensor(model(x[:5])).numpy()
    base = os.path.dirname(os.path.abspath(args.out))
    model.save(os.path.join(base, "mp.keras"))
    model.save_weights(os.path.join(base, "mp.weights.h5"))
    model.save(os.path.join(base, "mp.h5"))
    loaded = keras.models.load_model(os.path.join(base, "mp.keras"))
    rec["mp_loaded_shapes"] = np.array([tuple(v.shape) + (0,) * (2 - v.dim()) for v in loaded.weights])
    for i, w in enumerate(loaded.get_weights()):
        rec[f"mp_loaded_w{i}"] = w
    rec["mp_loaded_predict"] = loaded.predict(x, batch_size=8, verbose=0)
    rec["mp_loaded_slots"] = np.concatenate([np.asarray(v.numpy()).reshape(-1) for v in loaded.optimizer.variables])
    fresh = mlp("mp")
    fresh.load_weights(os.path.join(base, "mp.weights.h5"))
    for i, w in enumerate(fresh.get_weights()):
        rec[f"mp_reloaded_w{i}"] = w
    rec["mp_continued_loss"] = np.array(loaded.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0)
                                        .history["loss"])
    # 4. ModelParallel, mesh (2, 1): the batch split over both processes
    if two:
        mesh = dist.DeviceMesh((2, 1), ["batch", "model"], dist.list_devices())
        layout_map = dist.LayoutMap(mesh)
        layout_map["mb_.*/kernel"] = (None, "model")
        dist.set_distribution(dist.ModelParallel(layout_map=layout_map))
    keras.utils.set_random_seed(7)
    model = mlp("mb")
    rec["mb_loss"] = np.array(train(model, x, y))
    for i, w in enumerate(model.get_weights()):
        rec[f"mb_w{i}"] = w
    # 5. fully sharded (FSDP) under DataParallel: every trainable variable keeps 1/2 of its rows
    if two:
        dist.set_distribution(data_parallel)
    keras.utils.set_random_seed(7)
    model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(5, activation="relu", name="fs_hidden"),
                              keras.layers.Dense(2, name="fs_out")])
    tf.distribute.experimental.fully_shard(model)
    rec["fs_shapes"] = np.array([tuple(v.shape) + (0,) * (2 - v.dim()) for v in model.weights])
    rec["fs_loss"] = np.array(train(model, x, y))
    rec["fs_slot_shapes"] = np.array([tuple(s.shape) + (0,) * (2 - s.dim())
                                      for st in model.optimizer._torch.state.values()
                                      for k, s in sorted(st.items()) if k != "step"])
    for i, w in enumerate(model.get_weights()):
        rec[f"fs_w{i}"] = w
    rec["fs_predict"] = model.predict(x, batch_size=8, verbose=0)
    np.savez(f"{args.out}.rank{rank}.npz", **rec)


if __name__ == "__main__":
    main()
