"""Numenta Anomaly Benchmark artificial series (keras-io timeseries anomaly detection).

``timestamp,value`` CSVs with a value every 5 minutes for 14 days (4032 rows) from 2014-04-01: a daily
pattern (low at night, high by day) with small noise; the ``jumpsup`` series adds a jump lasting about a
day, the anomaly the autoencoder is meant to find.
"""

from pathlib import Path

import numpy as np

ROOT = "https://raw.githubusercontent.com/numenta/NAB/master/data/"
STEPS_PER_DAY = 288
DAYS = 14


def _daily(seed: int) -> np.ndarray:
    r = np.random.default_rng(seed)
    t = np.arange(STEPS_PER_DAY * DAYS)
    hour = (t % STEPS_PER_DAY) / 12.0
    day = np.where((hour >= 6) & (hour < 18), 80.0, 20.0)
    return day + 3.0 * np.sin(2 * np.pi * t / STEPS_PER_DAY) + r.normal(0, 2.0, len(t))


def _write(path: Path, values: np.ndarray) -> None:
    start = np.datetime64("2014-04-01T00:00:00")
    with open(path, "w", encoding="ascii", newline="\n") as f:
        f.write("timestamp,value\n")
        for i, v in enumerate(values):
            stamp = str(start + np.timedelta64(5 * i, "m")).replace("T", " ")
            f.write(f"{stamp},{v:.10f}\n")


def build_small_noise(path: Path) -> None:
    _write(path, _daily(201))


def build_jumpsup(path: Path) -> None:
    values = _daily(202)
    jump = slice(STEPS_PER_DAY * 10 + 60, STEPS_PER_DAY * 11 + 20)
    values[jump] += 80.0
    _write(path, values)


STANDINS = {
    ROOT + "artificialNoAnomaly/art_daily_small_noise.csv": build_small_noise,
    ROOT + "artificialWithAnomaly/art_daily_jumpsup.csv": build_jumpsup,
}
