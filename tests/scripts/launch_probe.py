"""Worker for launcher tests.

Usage:
    python tests/scripts/launch_probe.py OUTDIR MODE [extra args...]
    python -m tests.scripts.launch_probe OUTDIR MODE [extra args...]

MODE:
    argv   - record sys.argv and the replica count on every replica
    second - create two strategies and run two fits; record replica info
    loop   - record each replica's pid, then train for a long time (for Ctrl-C / kill tests)
"""

import json
import os
import sys
import time
from pathlib import Path

import numpy as np

import keraslike as tf


def strategy():
    cpu = tf.config.list_physical_devices("CPU")[0]
    try:
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    except RuntimeError:
        pass  # already initialised (second strategy)
    return tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])


def main():
    out, mode = Path(sys.argv[1]), sys.argv[2]
    out.mkdir(parents=True, exist_ok=True)
    s = strategy()
    rank = s._rank
    info = {"argv": sys.argv[1:], "replicas": s.num_replicas_in_sync, "pid": os.getpid(), "ppid": os.getppid(),
            "threads": __import__("torch").get_num_threads()}
    x = np.random.default_rng(0).normal(size=(64, 4)).astype("float32")
    y = (x[:, 0] > 0).astype("int64")
    if mode == "second":
        with s.scope():
            m1 = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(2)])
            m1.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
        m1.fit(x, y, epochs=1, verbose=0)
        s2 = strategy()
        with s2.scope():
            m2 = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(2)])
            m2.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
        h = m2.fit(x, y, epochs=2, verbose=0)
        m1.fit(x, y, epochs=1, verbose=0)
        info.update(second_replicas=s2.num_replicas_in_sync, second_rank=s2._rank, epochs=len(h.history["loss"]),
                    pid_after=os.getpid())
    (out / f"rank{rank}.json").write_text(json.dumps(info))
    if mode == "loop":
        with s.scope():
            model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(2)])
            model.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
        print("ready", flush=True)
        deadline = time.time() + 120
        while time.time() < deadline:
            model.fit(x, y, epochs=1, verbose=0)
    print(f"probe done {mode}", flush=True)


if __name__ == "__main__":
    main()
