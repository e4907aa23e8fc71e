"""Worker for multi-worker tests: MultiWorkerMirroredStrategy from TF_CONFIG or torchrun --nnodes.

Usage (each line is one "node"):
    TF_CONFIG='{"cluster": {"worker": ["127.0.0.1:P", "127.0.0.1:Q"]}, "task": {"type": "worker", "index": 0}}' \\
        python tests/scripts/multi_worker_fit.py OUTDIR
    torchrun --nnodes=2 --node_rank=0 --nproc_per_node=1 --master_addr=127.0.0.1 --master_port=P \\
        tests/scripts/multi_worker_fit.py OUTDIR
    python tests/scripts/multi_worker_fit.py OUTDIR --single      # the one-device reference

Trains the same MLP as tests/scripts/mirrored_fit.py on 97 samples (global batch 16, 2 epochs: the last
batch, 1 row, splits [1] / []) and writes OUTDIR/rank<r>.json with the task info, History and weights.
"""

import argparse
import json
import os
from pathlib import Path

import numpy as np

import keraslike as tf


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--single", action="store_true")
    args = parser.parse_args()
    tf.keras.utils.set_random_seed(1234)
    rng = np.random.default_rng(0)
    x = rng.normal(size=(97, 12)).astype("float32")
    y = (x[:, :3].sum(axis=1) > 0).astype("int64") + (x[:, 3] > 1).astype("int64")
    strategy = tf.distribute.OneDeviceStrategy("/cpu:0") if args.single else \
        tf.distribute.MultiWorkerMirroredStrategy()
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input(shape=(12,)), tf.keras.layers.Dense(16, activation="relu"),
                                     tf.keras.layers.Dense(3)])
        model.compile(optimizer=tf.keras.optimizers.Adam(0.01),
                      loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    history = model.fit(x, y, batch_size=16, epochs=2, verbose=2)
    resolver = getattr(strategy, "cluster_resolver", None)
    info = {
        "replicas": strategy.num_replicas_in_sync,
        "rank": strategy._rank,
        "task_type": resolver.task_type if resolver else None,
        "task_id": resolver.task_id if resolver else None,
        "cluster": resolver.cluster_spec().as_dict() if resolver else None,
        "multi_worker": bool(strategy.extended._in_multi_worker_mode),
        "should_checkpoint": bool(strategy.extended.should_checkpoint),
        "history": history.history,
        "weights": [w.tolist() for w in model.get_weights()],
        "pid": os.getpid(),
    }
    Path(args.out).mkdir(parents=True, exist_ok=True)
    (Path(args.out) / f"rank{strategy._rank}.json").write_text(json.dumps(info))


if __name__ == "__main__":
    main()
