"""keras.datasets.fashion_mnist: four gzipped IDX files (labels idx1, images idx3), as the original."""

import functools
import struct

from conformance.data.standins import mnist
from conformance.data.standins._common import TF_KERAS_DATASETS, write_gz

BASE = TF_KERAS_DATASETS  # Keras fetches the four files from the folder itself
_splits = functools.cache(lambda: mnist.arrays(2))


def _labels(split):
    def build(path):
        y = _splits()[split][1]
        write_gz(path, struct.pack(">II", 2049, len(y)) + y.tobytes())
    return build


def _images(split):
    def build(path):
        x = _splits()[split][0]
        write_gz(path, struct.pack(">IIII", 2051, len(x), 28, 28) + x.tobytes())
    return build


STANDINS = {
    BASE + "train-labels-idx1-ubyte.gz": _labels(0),
    BASE + "train-images-idx3-ubyte.gz": _images(0),
    BASE + "t10k-labels-idx1-ubyte.gz": _labels(1),
    BASE + "t10k-images-idx3-ubyte.gz": _images(1),
}
