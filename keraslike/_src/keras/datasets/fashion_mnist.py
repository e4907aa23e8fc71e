"""`keras.datasets.fashion_mnist.load_data` (keras/src/datasets/fashion_mnist.py)."""

import gzip
import os

import numpy as np

from keraslike._src.keras.datasets import files

_FILES = ("train-labels-idx1-ubyte.gz", "train-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz",
          "t10k-images-idx3-ubyte.gz")


def load_data(path=None):
    """Fashion-MNIST: 60,000 training and 10,000 test 28x28 grayscale images of 10 clothing classes.

    Args:
        path: optional folder holding the four gz idx files (default `~/.keras/datasets/fashion-mnist`).

    Returns:
        `(x_train, y_train), (x_test, y_test)`: uint8 arrays `(n, 28, 28)` and `(n,)`.

    Raises:
        OSError: if a file is missing and cannot be downloaded.
    """
    folder = path or "fashion-mnist"
    paths = [files.get_file(os.path.join(folder, name), files.TF_KERAS_DATASETS + name)
             for name in _FILES]
    with gzip.open(paths[0], "rb") as f:
        y_train = np.frombuffer(f.read(), np.uint8, offset=8)
    with gzip.open(paths[1], "rb") as f:
        x_train = np.frombuffer(f.read(), np.uint8, offset=16).reshape(len(y_train), 28, 28)
    with gzip.open(paths[2], "rb") as f:
        y_test = np.frombuffer(f.read(), np.uint8, offset=8)
    with gzip.open(paths[3], "rb") as f:
        x_test = np.frombuffer(f.read(), np.uint8, offset=16).reshape(len(y_test), 28, 28)
    return (x_train, y_train), (x_test, y_test)
