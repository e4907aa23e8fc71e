"""Worker script: which TFRecord examples does each replica train on?

Usage:
    python tests/scripts/tfrecord_coverage_fit.py DIR OUT --replicas 2

DIR gets 3 TFRecord files holding 37 `tf.train.Example`s ({"id": int64, "x": float}). Nothing is seeded. The
pipeline reads them with `TFRecordDataset(num_parallel_reads=2)`, shuffles (unseeded), parses each record with
`tf.io.parse_single_example` and batches by 5 (the last batch has 2 rows); a model whose first layer records
the ids it trains on runs 2 epochs. Every replica writes OUT.rank<r>.json: {"<epoch>": [ids...]}.
"""

import argparse
import json
import os

import torch

import keraslike as tf

keras = tf.keras
EXAMPLES, BATCH, EPOCHS = 37, 5, 2
SPEC = {"id": tf.io.FixedLenFeature([], tf.int64), "x": tf.io.FixedLenFeature([1], tf.float32)}


class RecordIds(keras.layers.Layer):
    """Features [id, x] -> x; remembers the ids seen in training."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seen = []

    def call(self, inputs, training=None):
        if training:
            self.seen.extend(int(v) for v in inputs[:, 0].tolist())
        return inputs[:, 1:]


def write_files(root):
    os.makedirs(root, exist_ok=True)
    paths = []
    for f in range(3):
        path = os.path.join(root, f"part{f}.tfrecord")
        with tf.io.TFRecordWriter(path + f".{os.getpid()}.tmp") as writer:
            for i in range(f, EXAMPLES, 3):
                writer.write(tf.train.Example(features=tf.train.Features(feature={
                    "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                    "x": tf.train.Feature(float_list=tf.train.FloatList(value=[i / EXAMPLES]))})).SerializeToString())
        os.replace(path + f".{os.getpid()}.tmp", path)
        paths.append(path)
    return paths


def parse(record):
    example = tf.io.parse_single_example(record, SPEC)
    features = torch.cat([example["id"].to(torch.float32)[None], example["x"]])
    return features, example["x"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    paths = write_files(args.dir)
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
    strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    dataset = tf.data.TFRecordDataset(paths, num_parallel_reads=2).shuffle(64).map(parse).batch(BATCH)
    with strategy.scope():
        record = RecordIds()
        model = keras.Sequential([keras.Input((2,)), record, keras.layers.Dense(1)])
        model.compile("sgd", "mse")
    seen = {}
    for epoch in range(EPOCHS):
        start = len(record.seen)
        model.fit(dataset, epochs=1, verbose=0)
        seen[str(epoch)] = record.seen[start:]
    rank = strategy._rank  # noqa: SLF001 - which replica this process is
    with open(f"{args.out}.rank{rank}.json", "w") as f:
        json.dump(seen, f)


if __name__ == "__main__":
    main()
