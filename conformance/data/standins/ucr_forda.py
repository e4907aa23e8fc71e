"""UCR FordA (keras-io timeseries classification): ``FordA_TRAIN.tsv`` / ``FordA_TEST.tsv``.

Tab-separated, no header; the first column is the label (-1 or 1), then 500 z-normalized values. Class 1
carries a band-limited tone at a class-specific frequency under noise, class -1 another frequency, so a
small 1-D convnet can tell them apart; train and test come from one generator.
"""

from pathlib import Path

import numpy as np

ROOT = "https://raw.githubusercontent.com/hfawaz/cd-diagram/master/FordA/"
LENGTH = 500


def _series(seed: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    r = np.random.default_rng(seed)
    y = np.where(r.random(n) < 0.5, -1, 1)
    t = np.arange(LENGTH)[None, :]
    freq = np.where(y == 1, 0.045, 0.030)[:, None] * r.uniform(0.9, 1.1, (n, 1))
    phase = r.uniform(0, 2 * np.pi, (n, 1))
    x = np.sin(2 * np.pi * freq * t + phase) + r.normal(0, 1.0, (n, LENGTH))
    x = (x - x.mean(axis=1, keepdims=True)) / x.std(axis=1, keepdims=True)
    return x, y


def _write(path: Path, seed: int, n: int) -> None:
    x, y = _series(seed, n)
    with open(path, "w", encoding="ascii", newline="\n") as f:
        for label, row in zip(y, x):
            f.write(f"{label:d}\t" + "\t".join(f"{v:.6f}" for v in row) + "\n")


def build_train(path: Path) -> None:
    _write(path, 101, 600)


def build_test(path: Path) -> None:
    _write(path, 102, 200)


STANDINS = {ROOT + "FordA_TRAIN.tsv": build_train, ROOT + "FordA_TEST.tsv": build_test}
