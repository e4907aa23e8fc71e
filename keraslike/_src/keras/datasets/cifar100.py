"""`keras.datasets.cifar100.load_data` (keras/src/datasets/cifar100.py)."""

import os

from keraslike._src.keras.datasets import cifar, files

_ORIGIN = "https://www.cs.toronto.edu/~kriz/cifar-100-python.tar.gz"


def load_data(label_mode="fine", path=None):
    """CIFAR-100: 50,000 training and 10,000 test 32x32 colour images of 100 classes (20 superclasses).

    Args:
        label_mode: "fine" (100 classes) or "coarse" (20 superclasses).
        path: optional folder holding `train` and `test` (default `~/.keras/datasets/cifar-100-python`).

    Returns:
        `(x_train, y_train), (x_test, y_test)`: uint8 `(n, 32, 32, 3)` images and `(n, 1)` labels.

    Raises:
        ValueError: for another `label_mode`.
        OSError: if the files are missing and cannot be downloaded.
    """
    if label_mode not in ("fine", "coarse"):
        raise ValueError(f'`label_mode` must be one of `"fine"`, `"coarse"`. Received: label_mode={label_mode}.')
    folder = path or files.get_file("cifar-100-python.tar.gz", _ORIGIN, extract_to="cifar-100-python")
    key = label_mode + "_labels"
    x_train, y_train = cifar.load_batch(os.path.join(folder, "train"), label_key=key)
    x_test, y_test = cifar.load_batch(os.path.join(folder, "test"), label_key=key)
    return cifar.to_keras_layout(x_train, y_train), cifar.to_keras_layout(x_test, y_test)
