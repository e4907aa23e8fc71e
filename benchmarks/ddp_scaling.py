"""Data-parallel scaling on CPU replicas: keraslike `fit` (1 and 2 replicas) vs a hand-written torch DDP loop.

Job: a compute-bound small CNN (Conv(32)-pool-Conv(64)-pool-Dense(10) on 32x32x3, channels_last),
2,048 synthetic images, Adam, GLOBAL batch 64 in the same order (no shuffling), 2 timed epochs after
one warm-up epoch. Each replica takes consecutive rows of every global batch (TF's rule); the
hand-written loop does the same with `DistributedDataParallel` over gloo, one thread per process
(as keraslike splits the cores between replicas), started with `torch.multiprocessing`; both track
loss and accuracy on the device.
Every run is a fresh process set; times are the training loop only (after the process group
exists), the median of interleaved repeats. Target: keraslike <= 1.05x the DDP loop at 2 replicas.

The "batch callback" job adds a no-op `on_train_batch_end` callback: `fit` then agrees on
`stop_training` after every step (one 1-element all-reduce, so a stop requested on any replica
stops all of them at that batch); the printed ratio is that check's cost.

Run:
    python benchmarks/ddp_scaling.py                  # 3 repeats
    python benchmarks/ddp_scaling.py --repeats 5 --epochs 3
"""

import argparse
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch

N, BATCH, CLASSES = 2048, 64, 10


def data():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(N, 32, 32, 3)).astype("float32")     # NHWC
    y = rng.integers(0, CLASSES, size=N).astype("int64")
    return x, y


# ---- keraslike worker ------------------------------------------------------------------------
def keraslike_worker(args):
    import keraslike as tf

    layers = tf.keras.layers
    if args.replicas == 1:
        strategy = tf.distribute.OneDeviceStrategy("/cpu:0")
    else:
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
        strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    x, y = data()
    tf.keras.utils.set_random_seed(0)
    with strategy.scope():
        model = tf.keras.Sequential([
            tf.keras.Input(shape=(32, 32, 3)),
            layers.Conv2D(32, 3, padding="same", activation="relu"), layers.MaxPooling2D(),
            layers.Conv2D(64, 3, padding="same", activation="relu"), layers.MaxPooling2D(),
            layers.Flatten(), layers.Dense(CLASSES),
        ])
        model.compile(optimizer=tf.keras.optimizers.Adam(1e-3), metrics=["accuracy"],
                      loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    callbacks = [tf.keras.callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: None)] \
        if args.batch_callback else []
    model.fit(x, y, batch_size=BATCH, epochs=1, verbose=0, shuffle=False, callbacks=callbacks)  # warm-up
    start = time.perf_counter()
    history = model.fit(x, y, batch_size=BATCH, epochs=args.epochs, verbose=0, shuffle=False, callbacks=callbacks)
    seconds = time.perf_counter() - start
    if strategy._rank == 0:
        with open(args.out, "w") as f:
            json.dump({"seconds": seconds, "loss": history.history["loss"][-1],
                       "threads": torch.get_num_threads()}, f)


# ---- hand-written torch DDP loop ------------------------------------------------------------
def ddp_rank(rank, world, port, epochs, out):
    import torch.distributed as dist

    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    torch.set_num_threads(max(1, (os.cpu_count() or 1) // world))
    dist.init_process_group("gloo", rank=rank, world_size=world)
    torch.manual_seed(0)
    nn = torch.nn
    net = nn.Sequential(nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                        nn.Conv2d(32, 64, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                        nn.Flatten(), nn.Linear(64 * 8 * 8, CLASSES)).to(memory_format=torch.channels_last)
    model = nn.parallel.DistributedDataParallel(net)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3, eps=1e-7)
    x, y = data()
    xt = torch.from_numpy(x).permute(0, 3, 1, 2)                             # NCHW view, channels_last memory
    yt = torch.from_numpy(y)
    local = BATCH // world

    def epoch():
        loss_sum = torch.zeros(())
        correct = torch.zeros(())                                               # accuracy, as keraslike's metric
        for i in range(0, N, BATCH):
            lo = i + rank * local
            xb, yb = xt[lo:lo + local], yt[lo:lo + local]
            logits = model(xb)
            loss = nn.functional.cross_entropy(logits, yb)
            opt.zero_grad(set_to_none=True)
            loss.backward()                                                     # DDP averages = global mean
            opt.step()
            loss_sum += loss.detach() * len(yb)
            correct += (logits.detach().argmax(-1) == yb).sum()
        return loss_sum

    epoch()                                                                     # warm-up
    dist.barrier()
    start = time.perf_counter()
    for _ in range(epochs):
        loss_sum = epoch()
    dist.all_reduce(loss_sum)
    seconds = time.perf_counter() - start
    if rank == 0:
        with open(out, "w") as f:
            json.dump({"seconds": seconds, "loss": float(loss_sum / N), "threads": torch.get_num_threads()}, f)
    dist.destroy_process_group()


def ddp_worker(args):
    import torch.multiprocessing as mp

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp.spawn(ddp_rank, args=(args.replicas, port, args.epochs, args.out), nprocs=args.replicas, join=True)


# ---- orchestration ----------------------------------------------------------------------------
def run(kind, replicas, epochs, batch_callback=False):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "result.json")
        env = {k: v for k, v in os.environ.items() if k not in ("RANK", "WORLD_SIZE", "OMP_NUM_THREADS")}
        subprocess.run([sys.executable, os.path.abspath(__file__), "--worker", kind, "--replicas", str(replicas),
                        "--epochs", str(epochs), "--out", out] + (["--batch-callback"] if batch_callback else []),
                       check=True, env=env)
        with open(out) as f:
            return json.load(f)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--worker", choices=("keraslike", "ddp"))
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--out")
    parser.add_argument("--batch-callback", action="store_true", help="worker: add a no-op batch callback")
    args = parser.parse_args()
    if args.worker == "keraslike":
        return keraslike_worker(args)
    if args.worker == "ddp":
        return ddp_worker(args)
    jobs = [("keraslike fit, 1 replica", "keraslike", 1, False), ("keraslike fit, 2 replicas", "keraslike", 2, False),
            ("torch DDP loop, 2 replicas", "ddp", 2, False), ("keraslike 2 replicas + batch cb", "keraslike", 2, True)]
    results = {name: [] for name, _, _, _ in jobs}
    for _ in range(args.repeats):
        for name, kind, replicas, batch_callback in jobs:
            results[name].append(run(kind, replicas, args.epochs, batch_callback))
    steps = args.epochs * (N // BATCH)
    med = {name: statistics.median(r["seconds"] for r in rs) for name, rs in results.items()}
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, torch {torch.__version__}; "
          f"{args.epochs} epochs x {N // BATCH} steps, global batch {BATCH}, median of {args.repeats}")
    print(f"{'job':<30}{'median s':>10}{'ms/step':>10}{'threads/proc':>14}{'final loss':>12}")
    for name, rs in results.items():
        print(f"{name:<30}{med[name]:>10.3f}{med[name] / steps * 1e3:>10.1f}{rs[0]['threads']:>14}"
              f"{rs[-1]['loss']:>12.4f}")
    one, two, ddp, two_cb = (med[name] for name, _, _, _ in jobs)
    print(f"speed-up 1 -> 2 replicas (keraslike): {one / two:.2f}x")
    print(f"ratio keraslike / hand-written DDP at 2 replicas: {two / ddp:.3f}x (target <= 1.05x)")
    print(f"per-step stop_training agreement (batch callback / none) at 2 replicas: {two_cb / two:.3f}x "
          f"({(two_cb - two) / steps * 1e3:+.2f} ms/step)")


if __name__ == "__main__":
    main()
