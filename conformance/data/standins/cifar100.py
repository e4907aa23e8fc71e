"""keras.datasets.cifar100: ``cifar-100-python.tar.gz`` (train, test, meta pickles; fine and coarse labels)."""

import pickle

from conformance.data.standins._common import write_tar
from conformance.data.standins.cifar10 import images

URL = "https://www.cs.toronto.edu/~kriz/cifar-100-python.tar.gz"


def _split(data, fine, name):
    return pickle.dumps({b"filenames": [f"img_{i:05d}.png".encode() for i in range(len(fine))],
                         b"batch_label": name.encode(), b"fine_labels": [int(v) for v in fine],
                         b"coarse_labels": [int(v) // 5 for v in fine], b"data": data}, protocol=3)


def build(path):
    x, y = images(4, 100, 60000)
    meta = {b"fine_label_names": [f"fine_{i}".encode() for i in range(100)],
            b"coarse_label_names": [f"coarse_{i}".encode() for i in range(20)]}
    write_tar(path, {"cifar-100-python/train": _split(x[:50000], y[:50000], "training batch 1 of 1"),
                     "cifar-100-python/test": _split(x[50000:], y[50000:], "testing batch 1 of 1"),
                     "cifar-100-python/meta": pickle.dumps(meta, protocol=3)})


STANDINS = {URL: build}
PINNED = {URL: "85cd44d02ba6437773c5bbd22e183051d648de2e7d6b014e1ef29b855ba677a7"}
