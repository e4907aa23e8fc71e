"""keras.datasets.boston_housing and california_housing: ``x`` features and ``y`` prices, a noisy function."""

import numpy as np

from conformance.data.standins._common import TF_KERAS_DATASETS, rng, write_npz

BOSTON_URL = TF_KERAS_DATASETS + "boston_housing.npz"
CALIFORNIA_URL = TF_KERAS_DATASETS + "california_housing.npz"


def build_boston(path):
    r = rng(41)
    n = 506
    scales = np.array([5, 20, 10, 1, 0.1, 0.7, 30, 2, 8, 150, 2, 90, 7])
    offsets = np.array([3, 10, 11, 0, 0.55, 6.3, 68, 3.8, 9, 400, 18, 350, 12])
    z = r.normal(size=(n, 13))
    x = np.abs(offsets + scales * z)
    x[:, 3] = (r.random(n) < 0.07).astype(float)
    y = 22 + 6 * z[:, 5] - 4 * z[:, 12] - 1.5 * z[:, 0] + 1.2 * z[:, 3] + r.normal(0, 2.0, n)
    write_npz(path, x=x, y=np.clip(y, 5, 50))


def build_california(path):
    r = rng(42)
    n = 3000
    z = r.normal(size=(n, 8))
    x = np.column_stack([-119.5 + 2 * z[:, 0], 35.6 + 2 * z[:, 1], np.clip(28 + 12 * z[:, 2], 1, 52),
                         np.abs(2600 + 2000 * z[:, 3]), np.abs(540 + 400 * z[:, 4]), np.abs(1400 + 1100 * z[:, 5]),
                         np.abs(500 + 380 * z[:, 6]), np.abs(3.9 + 1.9 * z[:, 7])])
    y = 200000 + 80000 * z[:, 7] - 30000 * z[:, 1] + 10000 * z[:, 2] + r.normal(0, 30000, n)
    write_npz(path, x=x, y=np.clip(y, 15000, 500001))


STANDINS = {BOSTON_URL: build_boston, CALIFORNIA_URL: build_california}
PINNED = {BOSTON_URL: "f553886a1f8d56431e820c5b82552d9d95cfcb96d1e678153f8839538947dff5",
          CALIFORNIA_URL: "1a2e3a52e0398de6463aebe6f4a8da34fb21fbb6b934cf88c3425e766f2a1a6f"}
