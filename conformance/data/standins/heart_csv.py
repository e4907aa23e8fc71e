"""Cleveland heart-disease table (``heart.csv``, as TensorFlow's storage serves it to the keras-io and
tensorflow/docs structured-data programs).

Columns ``age,sex,cp,trestbps,chol,fbs,restecg,thalach,exang,oldpeak,slope,ca,thal,target``; ``thal`` is a
string (fixed / normal / reversible), the rest integers or floats. The target is drawn from a logistic
function of the features, so a small model learns it and validation accuracy means something.
"""

from pathlib import Path

import numpy as np

URL = "http://storage.googleapis.com/download.tensorflow.org/data/heart.csv"
ROWS = 600


def build(path: Path) -> None:
    r = np.random.default_rng(303)
    n = ROWS
    age = r.integers(29, 78, n)
    sex = r.integers(0, 2, n)
    cp = r.integers(0, 5, n)
    trestbps = r.integers(94, 200, n)
    chol = r.integers(126, 420, n)
    fbs = (r.random(n) < 0.15).astype(int)
    restecg = r.integers(0, 3, n)
    thalach = r.integers(71, 202, n)
    exang = (r.random(n) < 0.33).astype(int)
    oldpeak = np.round(r.gamma(1.2, 0.9, n), 1)
    slope = r.integers(1, 4, n)
    ca = r.integers(0, 4, n)
    thal_idx = r.choice(3, n, p=[0.1, 0.55, 0.35])
    thal = np.array(["fixed", "normal", "reversible"])[thal_idx]
    score = (0.05 * (age - 54) + 0.6 * sex + 0.5 * (cp >= 3) - 0.03 * (thalach - 150) + 1.1 * exang
             + 0.7 * oldpeak + 0.8 * ca + 1.2 * (thal_idx == 2) - 2.9)
    target = (r.random(n) < 1 / (1 + np.exp(-score))).astype(int)
    with open(path, "w", encoding="ascii", newline="\n") as f:
        f.write("age,sex,cp,trestbps,chol,fbs,restecg,thalach,exang,oldpeak,slope,ca,thal,target\n")
        for row in zip(age, sex, cp, trestbps, chol, fbs, restecg, thalach, exang, oldpeak, slope, ca, thal, target):
            f.write(",".join(str(v) for v in row) + "\n")


STANDINS = {URL: build}
