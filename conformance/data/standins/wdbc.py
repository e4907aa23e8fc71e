"""Breast Cancer Wisconsin (Diagnostic) stand-in: UCI's ``wdbc.data`` (guide/core/logistic_regression_core).

The original is a header-less CSV of 569 rows: an integer id, the diagnosis ``M`` or ``B``, then 30
positive real features (mean, standard error and largest value of ten cell-nucleus measurements).
The stand-in keeps that layout; the diagnosis is a noisy logistic function of the "mean" features,
so a logistic regression reaches a high but not perfect accuracy, train and test alike.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

URL = "https://archive.ics.uci.edu/ml/machine-learning-databases/breast-cancer-wisconsin/wdbc.data"

# Typical magnitudes of the ten measurements (radius, texture, perimeter, area, smoothness, compactness,
# concavity, concave points, symmetry, fractal dimension), as in the original's value ranges.
_SCALES = np.array([14.0, 19.0, 92.0, 655.0, 0.096, 0.104, 0.089, 0.049, 0.181, 0.063])


def build(path: Path) -> None:
    rng = np.random.default_rng(569)
    n = 569
    latent = rng.normal(size=n)  # one "malignancy" factor drives most measurements
    mean = _SCALES * np.exp(0.25 * latent[:, None] + 0.12 * rng.normal(size=(n, 10)))
    ste = 0.08 * mean * np.exp(0.3 * rng.normal(size=(n, 10)))
    largest = mean * (1.2 + 0.1 * np.abs(rng.normal(size=(n, 10))))
    logit = 3.0 * latent + 0.5 * rng.normal(size=n) - 0.6
    malignant = rng.random(n) < 1.0 / (1.0 + np.exp(-logit))
    ids = rng.choice(np.arange(8000, 99999999), size=n, replace=False)
    lines = []
    for i in range(n):
        values = ",".join(f"{v:.5g}" for v in np.concatenate([mean[i], ste[i], largest[i]]))
        lines.append(f"{ids[i]},{'M' if malignant[i] else 'B'},{values}")
    path.write_text("\n".join(lines) + "\n", encoding="ascii")


STANDINS = {URL: build}
