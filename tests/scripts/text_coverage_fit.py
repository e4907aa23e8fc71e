"""Worker script: which text files does each replica train on, for `text_dataset_from_directory` batches?

Usage:
    python tests/scripts/text_coverage_fit.py DIR OUT --replicas 2

DIR gets 21 files `c<k>/doc_<id>.txt` holding "doc <id>" (two classes). Nothing is seeded. Two loaders,
one made before the strategy and one after it, give shuffled (unseeded) string batches of 4 (the last one
has 1 row); a model whose first layer parses the id out of each raw string trains 2 epochs on each,
recording the ids it saw. Every replica writes OUT.rank<r>.json: {"<loader>_<epoch>": [ids...]}.
"""

import argparse
import json
import os

import numpy as np
import torch

import keraslike as tf

keras = tf.keras
FILES, BATCH, EPOCHS = 21, 4, 2


class RecordIds(keras.layers.Layer):
    """Raw strings "doc <id>" -> the id as a float feature; remembers the ids seen in training."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seen = []

    def call(self, inputs, training=None):
        texts = np.asarray(inputs.numpy()).reshape(-1).tolist()
        ids = [int(t.split()[1]) if t.startswith(b"doc ") else -1 for t in texts]  # -1: the build's stand-in
        if training:
            self.seen.extend(ids)
        return torch.tensor(ids, dtype=torch.float32)[:, None] / FILES


def write_files(root):
    for i in range(FILES):
        folder = os.path.join(root, f"c{i % 2}")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, f"doc_{i:02d}.txt")
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "w") as f:
            f.write(f"doc {i}")
        os.replace(tmp, path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    write_files(args.dir)
    loaders = {"before": keras.utils.text_dataset_from_directory(args.dir, batch_size=BATCH, verbose=False)}
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
    strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    loaders["after"] = keras.utils.text_dataset_from_directory(args.dir, batch_size=BATCH, verbose=False)
    seen = {}
    for name, dataset in loaders.items():
        with strategy.scope():
            record = RecordIds()
            model = keras.Sequential([record, keras.layers.Dense(1)])
            model.compile("sgd", "mse")
        for epoch in range(EPOCHS):
            start = len(record.seen)
            model.fit(dataset, epochs=1, verbose=0)
            seen[f"{name}_{epoch}"] = record.seen[start:]
    rank = strategy._rank  # noqa: SLF001 - which replica this process is
    with open(f"{args.out}.rank{rank}.json", "w") as f:
        json.dump(seen, f)


if __name__ == "__main__":
    main()
