"""`keras.datasets.cifar10.load_data` (keras/src/datasets/cifar10.py)."""

import os

import numpy as np

from keraslike._src.keras.datasets import cifar, files

_ORIGIN = "https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz"


def load_data(path=None):
    """CIFAR-10: 50,000 training and 10,000 test 32x32 colour images of 10 classes.

    Args:
        path: optional folder holding `data_batch_1..5` and `test_batch`
            (default `~/.keras/datasets/cifar-10-batches-py`, downloaded and extracted when missing).

    Returns:
        `(x_train, y_train), (x_test, y_test)`: uint8 `(n, 32, 32, 3)` images and `(n, 1)` labels.

    Raises:
        OSError: if the files are missing and cannot be downloaded.
    """
    folder = path or files.get_file("cifar-10-python.tar.gz", _ORIGIN, extract_to="cifar-10-batches-py")
    parts = [cifar.load_batch(os.path.join(folder, f"data_batch_{i}")) for i in range(1, 6)]
    x_train = np.concatenate([p[0] for p in parts])
    y_train = [label for p in parts for label in p[1]]
    x_test, y_test = cifar.load_batch(os.path.join(folder, "test_batch"))
    return cifar.to_keras_layout(x_train, y_train), cifar.to_keras_layout(x_test, y_test)
