"""keras.datasets.cifar10: ``cifar-10-python.tar.gz`` of pickled batches (bytes keys; pickle protocol 3, so
bytes need no ``_codecs`` global), full size: Keras's loader fills 50,000 + 10,000 slots in batches of
10,000, so the counts are the original's."""

import pickle



from conformance.data.standins._common import class_images, rng, smooth_prototypes, write_tar

URL = "https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz"


def images(seed: int, classes: int, n: int):
    """uint8 ``(n, 3072)`` rows (channel-major, as CIFAR) and integer labels of ``classes`` patterns."""
    r = rng(seed)
    protos = 0.5 + 0.25 * (smooth_prototypes(r, classes, 32, 3, grid=4) - 0.5)  # low contrast: not trivial
    labels = r.integers(0, classes, size=n)
    x = class_images(r, labels, protos, noise=1.5, shift=3)
    return x.transpose(0, 3, 1, 2).reshape(n, 3072), labels


def batch(data, labels, name, label_key=b"labels", extra=None):
    d = {b"batch_label": name.encode(), label_key: [int(v) for v in labels], b"data": data,
         b"filenames": [f"img_{i:05d}.png".encode() for i in range(len(labels))]}
    d.update(extra or {})
    return pickle.dumps(d, protocol=3)


def build(path):
    x, y = images(3, 10, 60000)
    files = {}
    for i in range(5):
        part = slice(i * 10000, (i + 1) * 10000)
        files[f"cifar-10-batches-py/data_batch_{i + 1}"] = batch(x[part], y[part], f"training batch {i + 1} of 5")
    files["cifar-10-batches-py/test_batch"] = batch(x[50000:], y[50000:], "testing batch 1 of 1")
    names = ["airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"]
    files["cifar-10-batches-py/batches.meta"] = pickle.dumps(
        {b"label_names": [n.encode() for n in names], b"num_cases_per_batch": 10000, b"num_vis": 3072}, protocol=3)
    files["cifar-10-batches-py/readme.html"] = "<html>conformance stand-in</html>\n"
    write_tar(path, files)


STANDINS = {URL: build}
PINNED = {URL: "6d958be074577803d12ecdefd02955f39262c83c16fe9348329d7fe0b5c001ce"}

