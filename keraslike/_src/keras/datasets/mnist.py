"""`keras.datasets.mnist.load_data` (keras/src/datasets/mnist.py)."""

import numpy as np

from keraslike._src.keras.datasets import files


def load_data(path="mnist.npz"):
    """MNIST digits: 60,000 training and 10,000 test 28x28 grayscale images.

    Args:
        path: file name under the Keras cache (`~/.keras/datasets/`), or an absolute path.

    Returns:
        `(x_train, y_train), (x_test, y_test)`: uint8 arrays `(n, 28, 28)` and `(n,)`.

    Raises:
        OSError: if the file is missing and cannot be downloaded.
    """
    local = files.get_file(path, files.TF_KERAS_DATASETS + "mnist.npz")
    with np.load(local, allow_pickle=False) as f:
        return (f["x_train"], f["y_train"]), (f["x_test"], f["y_test"])
