"""Input pipeline throughput: `tf.data.Dataset.from_tensor_slices(...).shuffle().batch()` vs torch DataLoader.

Same in-memory tensors (10,000 CIFAR-shaped float32 images `(32, 32, 3)` and int64 labels), batch 64,
one shuffled epoch per measurement, batches consumed as they come. Torch is measured twice: the
DataLoader as usually written (`shuffle=True`: samples fetched one by one and collated) and the
DataLoader fed whole index batches (`sampler=BatchSampler(RandomSampler(...))`, one gather per
batch, the fastest torch idiom). Reports batches per second (median of interleaved repeats) and
the ratio to keraslike.

Run:
    python benchmarks/data_pipeline.py
    python benchmarks/data_pipeline.py --samples 50000 --repeats 7
"""

import argparse
import platform
import statistics
import time

import numpy as np
import torch
from torch.utils.data import BatchSampler, DataLoader, RandomSampler, TensorDataset

import keraslike as tf


def tf_data_epoch(x, y, batch_size):
    dataset = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x)).batch(batch_size)
    count = 0
    for _images, _labels in dataset:
        count += 1
    return count


def dataloader_epoch(x, y, batch_size):
    count = 0
    for _images, _labels in DataLoader(TensorDataset(x, y), batch_size=batch_size, shuffle=True):
        count += 1
    return count


def dataloader_batched_epoch(x, y, batch_size):
    dataset = TensorDataset(x, y)              # TensorDataset indexes with a list of indices: one gather
    sampler = BatchSampler(RandomSampler(dataset), batch_size=batch_size, drop_last=False)
    count = 0
    for _images, _labels in DataLoader(dataset, sampler=sampler, batch_size=None):
        count += 1
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=10000)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    x = torch.from_numpy(rng.normal(size=(args.samples, 32, 32, 3)).astype("float32"))
    y = torch.from_numpy(rng.integers(0, 10, size=args.samples).astype("int64"))
    jobs = {
        "tf.data shuffle().batch()": tf_data_epoch,
        "DataLoader(shuffle=True)": dataloader_epoch,
        "DataLoader(BatchSampler)": dataloader_batched_epoch,
    }
    for fn in jobs.values():                    # warm-up
        fn(x, y, args.batch_size)
    times = {name: [] for name in jobs}
    batches = {}
    for _ in range(args.repeats):
        for name, fn in jobs.items():
            start = time.perf_counter()
            batches[name] = fn(x, y, args.batch_size)
            times[name].append(time.perf_counter() - start)
    print(f"machine: {platform.machine()}, {torch.get_num_threads()} torch threads, torch {torch.__version__}; "
          f"{args.samples} samples, batch {args.batch_size}, median of {args.repeats}")
    print(f"{'pipeline':<30}{'batches/s':>12}{'ratio to tf.data':>18}")
    rate = {name: batches[name] / statistics.median(ts) for name, ts in times.items()}
    reference = rate["tf.data shuffle().batch()"]
    for name in jobs:
        print(f"{name:<30}{rate[name]:>12.0f}{rate[name] / reference:>17.2f}x")


if __name__ == "__main__":
    main()
