"""`keras.datasets.california_housing.load_data` (keras/src/datasets/california_housing.py)."""

import numpy as np

from keraslike._src.keras.datasets import files
from keraslike._src.keras.utils import file_utils

_SHA256 = "1a2e3a52e0398de6463aebe6f4a8da34fb21fbb6b934cf88c3425e766f2a1a6f"


def load_data(version="large", path="california_housing.npz", test_split=0.2, seed=113):
    """California housing (1990 census): 8 features per block group, target the median house value in $.

    Args:
        version: "large" (all 20,640 rows, the default) or "small" (the first 600, before shuffling).
        path: file name under the Keras cache (`~/.keras/datasets/`), or an absolute path.
        test_split: fraction kept as the test set, in [0, 1).
        seed: shuffling seed (Keras's default 113 gives Keras's split).

    Returns:
        `(x_train, y_train), (x_test, y_test)`: float arrays `(n, 8)` and `(n,)`.

    Raises:
        ValueError: for `test_split` outside [0, 1) or another `version`; a cached file whose SHA-256
            differs from Keras's raises too (it is downloaded again when networked).
    """
    if not 0 <= test_split < 1:
        raise ValueError(f"Invalid `test_split` argument: {test_split}. It must be between 0 and 1 (exclusive of 1).")
    if version not in ("small", "large"):
        raise ValueError(f"Argument `version` must be one of 'small', 'large'. Received: version={version}")
    local = file_utils.get_file(path, origin=files.TF_KERAS_DATASETS + "california_housing.npz", file_hash=_SHA256)
    with np.load(local, allow_pickle=False) as f:
        x, y = f["x"], f["y"]
    if version == "small":
        x, y = x[:600], y[:600]
    indices = np.arange(len(x))
    np.random.RandomState(seed).shuffle(indices)
    x, y = x[indices], y[indices]
    cut = int(len(x) * (1 - test_split))
    return (np.array(x[:cut]), np.array(y[:cut])), (np.array(x[cut:]), np.array(y[cut:]))
