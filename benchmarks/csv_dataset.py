"""CSV input pipeline epoch time: `tf.data.experimental.make_csv_dataset` on keraslike, real TensorFlow and by hand.

The pipeline of TF's "Load CSV data" tutorial over the Metro Interstate Traffic Volume layout (a gzipped CSV of
`--rows` rows, 9 columns: 4 text, 3 float, 2 int, written deterministically to a temp folder):

    tf.data.experimental.make_csv_dataset(path, batch_size=256, label_name="traffic_volume", num_epochs=1,
                                          compression_type="GZIP", shuffle=...)

measured as one epoch (every batch pulled), shuffled (the default: buffer 10000) and in file order. The same
variants run on real TensorFlow in a subprocess (`--tf-python`, default `/work/tfvenv/bin/python`; skipped when
it cannot import TF). The hand-written reference does the same work with pandas and torch: `pandas.read_csv` of
the gzipped file (column types inferred), a permutation of the rows when shuffled, and per batch one tensor per
numeric column (a numpy object array per text column). Reports the median of interleaved repeats and the
ratios to the reference and to TF.

Run:
    python benchmarks/csv_dataset.py
    python benchmarks/csv_dataset.py --rows 96000 --repeats 5 --tf-python /path/to/python-with-tensorflow
"""

import argparse
import gzip
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

BATCH = 256
VARIANTS = ("shuffle=True", "shuffle=False")
WEATHER = ("Clouds", "Clear", "Rain", "Mist", "Snow")


def write_csv(path, rows):
    """The traffic-volume layout: holiday, temp, rain_1h, snow_1h, clouds_all, weather_main,
    weather_description, date_time, traffic_volume."""
    rng = np.random.default_rng(0)
    temp = 280 + 10 * rng.standard_normal(rows)
    rain = np.abs(rng.normal(0, 0.3, rows))
    clouds = rng.integers(0, 100, rows)
    weather = rng.integers(0, len(WEATHER), rows)
    volume = rng.integers(0, 7000, rows)
    lines = ["holiday,temp,rain_1h,snow_1h,clouds_all,weather_main,weather_description,date_time,traffic_volume"]
    for i in range(rows):
        day, hour = divmod(i, 24)
        main = WEATHER[weather[i]]
        lines.append(f"None,{temp[i]:.2f},{rain[i]:.2f},0.0,{clouds[i]},{main},{main.lower()} here,"
                     f"2013-{1 + day // 28 % 12:02d}-{1 + day % 28:02d} {hour:02d}:00:00,{volume[i]}")
    with gzip.open(path, "wt") as f:
        f.write("\n".join(lines) + "\n")


def epoch_time(iterable):
    start = time.perf_counter()
    for _batch in iterable:
        pass
    return time.perf_counter() - start


def time_jobs(jobs, repeats):
    """Median epoch seconds per job (one warm-up epoch each, then interleaved repeats)."""
    for job in jobs.values():
        epoch_time(job())
    times = {name: [] for name in jobs}
    for _ in range(repeats):
        for name, job in jobs.items():
            times[name].append(epoch_time(job()))
    return {name: statistics.median(ts) for name, ts in times.items()}


def tf_jobs(tf, path):
    def build(shuffle):
        return tf.data.experimental.make_csv_dataset(path, batch_size=BATCH, label_name="traffic_volume",
                                                     num_epochs=1, compression_type="GZIP", shuffle=shuffle)

    return {variant: (lambda s=variant == "shuffle=True": build(s)) for variant in VARIANTS}


def reference_batches(path, shuffle):
    """The same epoch by hand: pandas reads and infers the columns, torch holds each numeric column per batch."""
    import pandas as pd
    import torch

    frame = pd.read_csv(path, compression="gzip", keep_default_na=False)
    order = np.random.default_rng().permutation(len(frame)) if shuffle else np.arange(len(frame))
    columns = {}
    for name in frame.columns:
        values = frame[name].to_numpy()
        columns[name] = values.astype(object) if values.dtype.kind not in "iuf" else values
    label = columns.pop("traffic_volume")
    for start in range(0, len(order), BATCH):
        rows = order[start:start + BATCH]
        features = {name: (torch.from_numpy(values[rows]) if values.dtype != object else values[rows])
                    for name, values in columns.items()}
        yield features, torch.from_numpy(label[rows])


def run_backend(backend, path, repeats):
    if backend == "tensorflow":
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
        import tensorflow as tf
    else:
        import keraslike as tf
    return time_jobs(tf_jobs(tf, path), repeats)


def tensorflow_times(python, path, repeats):
    """Runs this file's TF worker under `python`; `None` when TF is not importable there."""
    if not python or not os.path.exists(python):
        return None, f"no TF python at {python!r}"
    command = [python, os.path.abspath(__file__), "--worker", "tensorflow", "--path", path,
               "--repeats", str(repeats)]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if result.returncode != 0:
        return None, result.stderr.strip().splitlines()[-1] if result.stderr.strip() else "TF worker failed"
    payload = json.loads(result.stdout.strip().splitlines()[-1])
    return payload["times"], f"TF {payload['version']}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=48000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--tf-python", default="/work/tfvenv/bin/python")
    parser.add_argument("--worker", choices=["tensorflow"], help=argparse.SUPPRESS)
    parser.add_argument("--path", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        times = run_backend(args.worker, args.path, args.repeats)
        import tensorflow as tf
        print(json.dumps({"times": times, "version": tf.__version__}))
        return
    import torch

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "Metro_Interstate_Traffic_Volume.csv.gz")
        write_csv(path, args.rows)
        tf_times, tf_note = tensorflow_times(args.tf_python, path, args.repeats)
        ours = run_backend("keraslike", path, args.repeats)
        reference = time_jobs({v: (lambda s=v == "shuffle=True": reference_batches(path, s)) for v in VARIANTS},
                              args.repeats)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {torch.get_num_threads()} torch threads, "
          f"torch {torch.__version__}, python {sys.version.split()[0]}; {tf_note}")
    print(f"{args.rows} rows x 9 columns (gzip), batch {BATCH}, label traffic_volume, one epoch, median of "
          f"{args.repeats} interleaved repeats (TF in a subprocess, run first)")
    print(f"{'make_csv_dataset':<18}{'keraslike s':>12}{'by hand s':>11}{'TF s':>9}{'vs by hand':>12}{'vs TF':>9}")
    for variant in VARIANTS:
        tf_s = tf_times.get(variant) if tf_times else None
        tf_col = f"{tf_s:>9.3f}" if tf_s else f"{'-':>9}"
        tf_ratio = f"{ours[variant] / tf_s:>8.2f}x" if tf_s else f"{'-':>9}"
        print(f"{variant:<18}{ours[variant]:>12.3f}{reference[variant]:>11.3f}{tf_col}"
              f"{ours[variant] / reference[variant]:>11.2f}x{tf_ratio}")


if __name__ == "__main__":
    main()
