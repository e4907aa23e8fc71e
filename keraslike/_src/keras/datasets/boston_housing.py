"""`keras.datasets.boston_housing.load_data` (keras/src/datasets/boston_housing.py)."""

import numpy as np

from keraslike._src.keras.datasets import files


def load_data(path="boston_housing.npz", test_split=0.2, seed=113):
    """Boston housing prices: 13 features per house, target in k$; shuffled with `seed`, then split.

    Args:
        path: file name under the Keras cache, or an absolute path.
        test_split: fraction of the data kept as the test set.
        seed: shuffling seed (Keras's default 113 gives Keras's split).

    Returns:
        `(x_train, y_train), (x_test, y_test)`.

    Raises:
        ValueError: if `test_split` is not in [0, 1).
    """
    if not 0 <= test_split < 1:
        raise ValueError(f"Expected test_split in [0, 1). Received: test_split={test_split}")
    local = files.get_file(path, files.TF_KERAS_DATASETS + "boston_housing.npz")
    with np.load(local, allow_pickle=False) as f:
        x, y = f["x"], f["y"]
    indices = np.arange(len(x))
    np.random.RandomState(seed).shuffle(indices)
    x, y = x[indices], y[indices]
    cut = int(len(x) * (1 - test_split))
    return (np.array(x[:cut]), np.array(y[:cut])), (np.array(x[cut:]), np.array(y[cut:]))
