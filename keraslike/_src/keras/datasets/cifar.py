"""Reading the CIFAR-10/100 python batches (keras/src/datasets/cifar.py)."""

import numpy as np

from keraslike._src.keras.datasets import files


def load_batch(fpath, label_key="labels"):
    """`(data, labels)` of one pickled CIFAR batch: data `(n, 3, 32, 32)` uint8, labels a list of ints.

    Raises:
        pickle.UnpicklingError: if the file holds anything but arrays and plain containers.
    """
    d = files.load_array_pickle(fpath)
    d = {(k.decode("utf8") if isinstance(k, bytes) else k): v for k, v in d.items()}
    data = np.asarray(d["data"], dtype=np.uint8)
    return data.reshape(data.shape[0], 3, 32, 32), d[label_key]


def to_keras_layout(x, y):
    """Channels-last images (Keras's default data format) and labels as `(n, 1)` uint8."""
    return x.transpose(0, 2, 3, 1), np.reshape(np.asarray(y, dtype=np.uint8), (len(y), 1))
