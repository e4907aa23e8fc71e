"""Input pipeline epoch time: the TF tutorial pipeline on keraslike, real TensorFlow and torch DataLoader.

The pipeline (TF's "Training a neural network on MNIST with Keras" tutorial) over 60,000 uint8 images
`(28, 28)` with int64 labels, held in memory:

    tf.data.Dataset.from_tensor_slices((x, y)).map(normalize).shuffle(10000).batch(128)
        .prefetch(tf.data.AUTOTUNE)                       # normalize: cast to float32, / 255

measured as one epoch (every batch pulled, nothing else done), in three variants: without `map`, with
`map`, and with `map(num_parallel_calls=AUTOTUNE)`. The same variants run on real TensorFlow in a
subprocess (`--tf-python`, default `/work/tfvenv/bin/python`; skipped when it cannot import TF), and
torch's DataLoader does the same work twice: as usually written (a map-style dataset normalizing one
sample in `__getitem__`, `shuffle=True`, default collate) and fed whole index batches (`BatchSampler`,
one gather and one normalize per batch, the fastest torch idiom). Reports the median epoch time of
interleaved repeats and the ratio to TF's time for the same variant (to TF's map pipeline for the
DataLoader rows).

Run:
    python benchmarks/data_pipeline.py
    python benchmarks/data_pipeline.py --repeats 7 --tf-python /path/to/python-with-tensorflow
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time

import numpy as np

SHUFFLE_BUFFER = 10000
VARIANTS = ("no map", "map", "map parallel")


def make_data(samples):
    rng = np.random.default_rng(0)
    x = rng.integers(0, 256, size=(samples, 28, 28), dtype=np.uint8)
    y = rng.integers(0, 10, size=samples).astype(np.int64)
    return x, y


def tf_pipelines(tf, x, y, batch_size):
    """The three tutorial variants, built with the given `tf` module (keraslike or TensorFlow)."""
    def normalize(image, label):
        return tf.cast(image, tf.float32) / 255.0, label

    def build(variant):
        ds = tf.data.Dataset.from_tensor_slices((x, y))
        if variant == "map":
            ds = ds.map(normalize)
        elif variant == "map parallel":
            ds = ds.map(normalize, num_parallel_calls=tf.data.AUTOTUNE)
        return ds.shuffle(SHUFFLE_BUFFER).batch(batch_size).prefetch(tf.data.AUTOTUNE)

    return {variant: build(variant) for variant in VARIANTS}


def epoch_time(iterable):
    start = time.perf_counter()
    count = 0
    for _batch in iterable:
        count += 1
    return time.perf_counter() - start, count


def time_jobs(jobs, repeats):
    """Median epoch seconds per job (one warm-up epoch each, then interleaved repeats)."""
    for job in jobs.values():
        epoch_time(job())
    times = {name: [] for name in jobs}
    for _ in range(repeats):
        for name, job in jobs.items():
            seconds, _count = epoch_time(job())
            times[name].append(seconds)
    return {name: statistics.median(ts) for name, ts in times.items()}


def dataloader_jobs(x, y, batch_size):
    import torch
    from torch.utils.data import BatchSampler, DataLoader, Dataset, RandomSampler

    images, labels = torch.from_numpy(x), torch.from_numpy(y)

    class Normalized(Dataset):
        def __len__(self):
            return len(images)

        def __getitem__(self, index):
            if isinstance(index, list):   # a whole batch of indices (BatchSampler): one gather
                index = torch.tensor(index)
            return images[index].to(torch.float32) / 255.0, labels[index]

    per_sample = lambda: DataLoader(Normalized(), batch_size=batch_size, shuffle=True)  # noqa: E731
    sampler = lambda: BatchSampler(RandomSampler(Normalized()), batch_size=batch_size, drop_last=False)  # noqa: E731
    batched = lambda: DataLoader(Normalized(), sampler=sampler(), batch_size=None)  # noqa: E731
    return {"DataLoader(shuffle=True)": per_sample, "DataLoader(BatchSampler)": batched}


def run_backend(backend, samples, batch_size, repeats):
    """Median epoch seconds of the three variants on `backend` ("keraslike" or "tensorflow")."""
    if backend == "tensorflow":
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
        import tensorflow as tf
    else:
        import keraslike as tf
    x, y = make_data(samples)
    pipelines = tf_pipelines(tf, x, y, batch_size)
    return time_jobs({name: (lambda ds=ds: ds) for name, ds in pipelines.items()}, repeats)


def tensorflow_times(python, samples, batch_size, repeats):
    """Runs this file's TF worker under `python`; `None` when TF is not importable there."""
    if not python or not os.path.exists(python):
        return None, f"no TF python at {python!r}"
    command = [python, os.path.abspath(__file__), "--worker", "tensorflow", "--samples", str(samples),
               "--batch-size", str(batch_size), "--repeats", str(repeats)]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if result.returncode != 0:
        return None, result.stderr.strip().splitlines()[-1] if result.stderr.strip() else "TF worker failed"
    lines = result.stdout.strip().splitlines()
    payload = json.loads(lines[-1])
    return payload["times"], payload["version"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=60000)
    parser.add_argument("--batch-size", type=int, default=128)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--tf-python", default="/work/tfvenv/bin/python")
    parser.add_argument("--worker", choices=["tensorflow"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        times = run_backend(args.worker, args.samples, args.batch_size, args.repeats)
        import tensorflow as tf
        print(json.dumps({"times": times, "version": tf.__version__}))
        return
    import torch

    tf_times, tf_note = tensorflow_times(args.tf_python, args.samples, args.batch_size, args.repeats)
    ours = run_backend("keraslike", args.samples, args.batch_size, args.repeats)
    x, y = make_data(args.samples)
    loaders = time_jobs(dataloader_jobs(x, y, args.batch_size), args.repeats)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {torch.get_num_threads()} torch threads, "
          f"torch {torch.__version__}, python {sys.version.split()[0]}; TF: {tf_note}")
    print(f"{args.samples} images 28x28 uint8, shuffle({SHUFFLE_BUFFER}), batch {args.batch_size}, "
          f"median epoch time of {args.repeats} interleaved repeats (TF in a subprocess, run first)")
    print(f"{'pipeline':<36}{'keraslike s':>12}{'TF s':>10}{'ratio to TF':>13}")
    for variant in VARIANTS:
        reference = tf_times.get(variant) if tf_times else None
        ratio = f"{ours[variant] / reference:>12.2f}x" if reference else f"{'-':>13}"
        tf_col = f"{reference:>10.3f}" if reference else f"{'-':>10}"
        print(f"{'tf.data ' + variant:<36}{ours[variant]:>12.3f}{tf_col}{ratio}")
    reference = tf_times.get("map") if tf_times else None
    for name, seconds in loaders.items():
        ratio = f"{seconds / reference:>12.2f}x" if reference else f"{'-':>13}"
        print(f"{name + ' (same work)':<36}{seconds:>12.3f}{'':>10}{ratio}")


if __name__ == "__main__":
    main()
