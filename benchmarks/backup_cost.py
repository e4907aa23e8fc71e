"""The cost of `BackupAndRestore(save_freq=N)` per training step: backups every 1/10/100 steps vs none.

Model: an MLP (`--width` hidden units, two hidden layers, 64 inputs, 10 classes), Adam, batch 64, on
4,096 random rows shuffled every epoch (64 steps per epoch). Each backup writes the weights, Adam's slots
and iterations, and the training state (generator states, data position) atomically to a local temp
directory. Every repeat runs the four settings interleaved in one process (after a warm-up fit), and the
table gives the medians of the per-step CPU and wall times and the ratio to no backup.

Run:
    python benchmarks/backup_cost.py                 # width 64 (digits-sized MLP), 3 epochs, 5 repeats
    python benchmarks/backup_cost.py --width 1024    # 1.1 M parameters: 13 MB per backup
"""

import argparse
import os
import platform
import shutil
import statistics
import tempfile
import time

import numpy as np
import torch

import keraslike as tf

ROWS, FEATURES, CLASSES, BATCH = 4096, 64, 10, 64
SETTINGS = (None, 100, 10, 1)


def make_model(width):
    model = tf.keras.Sequential([tf.keras.Input(shape=(FEATURES,)), tf.keras.layers.Dense(width, activation="relu"),
                                 tf.keras.layers.Dense(width, activation="relu"), tf.keras.layers.Dense(CLASSES)])
    model.compile(optimizer=tf.keras.optimizers.Adam(1e-3),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    return model


def run(model, x, y, epochs, save_freq, workdir):
    callbacks = []
    backup_dir = os.path.join(workdir, "backup")
    if save_freq is not None:
        callbacks.append(tf.keras.callbacks.BackupAndRestore(backup_dir, save_freq=save_freq))
    wall, cpu = time.perf_counter(), time.process_time()
    model.fit(x, y, batch_size=BATCH, epochs=epochs, shuffle=True, verbose=0, callbacks=callbacks)
    steps = epochs * ROWS // BATCH
    shutil.rmtree(backup_dir, ignore_errors=True)
    return (time.perf_counter() - wall) / steps, (time.process_time() - cpu) / steps


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--width", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(0)
    x = rng.normal(size=(ROWS, FEATURES)).astype("float32")
    y = rng.integers(0, CLASSES, size=ROWS)
    model = make_model(args.width)
    workdir = tempfile.mkdtemp(prefix="backup_cost_")
    try:
        run(model, x, y, 1, 1, workdir)  # warm-up: first step, first backup
        times = {s: ([], []) for s in SETTINGS}
        for _ in range(args.repeats):
            for setting in SETTINGS:
                wall, cpu = run(model, x, y, args.epochs, setting, workdir)
                times[setting][0].append(wall)
                times[setting][1].append(cpu)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    params = model.count_params()
    print(f"# backup_cost: MLP {FEATURES}-{args.width}-{args.width}-{CLASSES} ({params} parameters, "
          f"{params * 3 * 4 / 1e6:.1f} MB of weights + Adam slots), batch {BATCH}, {args.epochs} epochs x "
          f"{ROWS // BATCH} steps, {args.repeats} repeats, {args.threads} thread(s), {platform.machine()}, "
          f"torch {torch.__version__}, load {os.getloadavg()[0]:.1f}")
    base_wall, base_cpu = (statistics.median(v) for v in times[None])
    print("| save_freq | wall ms/step | CPU ms/step | CPU vs none |")
    print("| --- | --- | --- | --- |")
    for setting in SETTINGS:
        wall, cpu = (statistics.median(v) for v in times[setting])
        name = "none" if setting is None else f"every {setting} step{'s' if setting > 1 else ''}"
        print(f"| {name} | {wall * 1e3:.2f} | {cpu * 1e3:.2f} | {cpu / base_cpu:.2f}x |")


if __name__ == "__main__":
    main()
