"""keras.datasets.mnist: ``mnist.npz`` (x_train, y_train, x_test, y_test), 28x28 uint8 digits-like images."""

import numpy as np

from conformance.data.standins._common import TF_KERAS_DATASETS, class_images, rng, smooth_prototypes, write_npz

URL = TF_KERAS_DATASETS + "mnist.npz"


def arrays(seed: int, train: int = 6000, test: int = 1000, shape=(28, 28)):
    """(x_train, y_train), (x_test, y_test): ten classes of blurred patterns with shifts and noise."""
    r = rng(seed)
    protos = smooth_prototypes(r, 10, shape[0], 1, grid=7)[..., 0]
    protos = (protos > 0.55).astype(np.float32) * protos  # sparse strokes on a black background, as digits
    y = r.integers(0, 10, size=train + test).astype(np.uint8)
    x = class_images(r, y, protos[..., None], noise=1.5, shift=3)[..., 0]
    return (x[:train], y[:train]), (x[train:], y[train:])


def build(path):
    (x_train, y_train), (x_test, y_test) = arrays(1)
    write_npz(path, x_train=x_train, y_train=y_train, x_test=x_test, y_test=y_test)


STANDINS = {URL: build}
PINNED = {URL: "731c5ac602752760c8e48fbffcf8c3b850d9dc2a2aedcf2cc48468fc17b673d1"}
