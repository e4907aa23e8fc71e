"""keras.datasets.*.load_data read the standard file formats from the Keras cache (small fake files)."""

import gzip
import os
import pickle

import numpy as np
import pytest

import keraslike as tf
from keraslike._src.keras import datasets


@pytest.fixture
def keras_home(tmp_path, monkeypatch):
    monkeypatch.setenv("KERAS_HOME", str(tmp_path))
    os.makedirs(tmp_path / "datasets")
    return tmp_path / "datasets"


def test_public_names():
    for name in ("mnist", "fashion_mnist", "cifar10", "cifar100", "boston_housing"):
        assert callable(getattr(datasets, name).load_data)


def test_mnist_from_cache_and_absolute_path(keras_home, tmp_path):
    rng = np.random.default_rng(0)
    arrays = {"x_train": rng.integers(0, 255, (5, 28, 28), dtype=np.uint8), "y_train": np.arange(5, dtype=np.uint8),
              "x_test": rng.integers(0, 255, (2, 28, 28), dtype=np.uint8), "y_test": np.arange(2, dtype=np.uint8)}
    np.savez(keras_home / "mnist.npz", **arrays)
    (x_train, y_train), (x_test, y_test) = datasets.mnist.load_data()
    np.testing.assert_array_equal(x_train, arrays["x_train"])
    np.testing.assert_array_equal(y_test, arrays["y_test"])
    np.savez(tmp_path / "elsewhere.npz", **arrays)
    (x2, _), _ = datasets.mnist.load_data(path=str(tmp_path / "elsewhere.npz"))
    assert x2.shape == (5, 28, 28) and x2.dtype == np.uint8


def _idx(path, header, payload):
    with gzip.open(path, "wb") as f:
        f.write(header + payload.tobytes())


def test_fashion_mnist_idx_files(keras_home):
    folder = keras_home / "fashion-mnist"
    os.makedirs(folder)
    images = np.arange(3 * 28 * 28, dtype=np.uint32).astype(np.uint8).reshape(3, 28, 28)
    labels = np.array([1, 2, 3], np.uint8)
    for prefix in ("train", "t10k"):
        _idx(folder / f"{prefix}-labels-idx1-ubyte.gz", b"\0" * 8, labels)
        _idx(folder / f"{prefix}-images-idx3-ubyte.gz", b"\0" * 16, images)
    (x_train, y_train), (x_test, y_test) = datasets.fashion_mnist.load_data()
    np.testing.assert_array_equal(x_train, images)
    np.testing.assert_array_equal(y_test, labels)


def test_fashion_mnist_downloads_from_keras_urls(keras_home, monkeypatch):
    # keras.datasets.fashion_mnist fetches the four files from the tf-keras-datasets folder itself (the
    # cache keeps them under datasets/fashion-mnist); found by the conformance corpus (tutorials/keras/
    # classification), whose offline data serves only the URLs Keras uses.
    import urllib.request

    asked = []

    def offline(url, *args, **kwargs):
        asked.append(url)
        raise OSError("offline")

    monkeypatch.setattr(urllib.request, "urlopen", offline)
    with pytest.raises(OSError):
        tf.keras.datasets.fashion_mnist.load_data()
    assert asked == ["https://storage.googleapis.com/tensorflow/tf-keras-datasets/train-labels-idx1-ubyte.gz"]


def _cifar_batch(path, n, label_key, seed):
    rng = np.random.default_rng(seed)
    data = rng.integers(0, 255, (n, 3072), dtype=np.uint8)
    labels = rng.integers(0, 10, n).tolist()
    with open(path, "wb") as f:
        pickle.dump({b"batch_label": b"x", label_key: labels, b"data": data}, f, protocol=2)
    return data, labels


def test_cifar10_pickled_batches_channels_last(keras_home):
    folder = keras_home / "cifar-10-batches-py"
    os.makedirs(folder)
    train = [_cifar_batch(folder / f"data_batch_{i}", 2, b"labels", i) for i in range(1, 6)]
    test = _cifar_batch(folder / "test_batch", 3, b"labels", 9)
    (x_train, y_train), (x_test, y_test) = datasets.cifar10.load_data()
    assert x_train.shape == (10, 32, 32, 3) and y_train.shape == (10, 1) and y_train.dtype == np.uint8
    np.testing.assert_array_equal(x_train[0], train[0][0][0].reshape(3, 32, 32).transpose(1, 2, 0))
    np.testing.assert_array_equal(y_test[:, 0], test[1])
    assert x_test.shape == (3, 32, 32, 3)


def test_cifar100_label_modes(keras_home):
    folder = keras_home / "cifar-100-python"
    os.makedirs(folder)
    for name in ("train", "test"):
        rng = np.random.default_rng(0)
        with open(folder / name, "wb") as f:
            pickle.dump({b"data": rng.integers(0, 255, (4, 3072), dtype=np.uint8), b"fine_labels": [5, 6, 7, 8],
                         b"coarse_labels": [1, 1, 2, 2]}, f)
    (_, fine), _ = datasets.cifar100.load_data()
    (_, coarse), _ = datasets.cifar100.load_data(label_mode="coarse")
    assert fine[:, 0].tolist() == [5, 6, 7, 8] and coarse[:, 0].tolist() == [1, 1, 2, 2]
    with pytest.raises(ValueError, match="Received: label_mode=medium"):
        datasets.cifar100.load_data(label_mode="medium")


class Evil:
    def __reduce__(self):
        return (os.system, ("echo pwned",))


def test_cifar_pickle_refuses_anything_but_arrays(keras_home):
    folder = keras_home / "cifar-100-python"
    os.makedirs(folder)
    with open(folder / "train", "wb") as f:
        pickle.dump({b"data": Evil(), b"fine_labels": []}, f)
    with pytest.raises(pickle.UnpicklingError, match="Refusing"):
        datasets.cifar100.load_data()


def test_boston_housing_split(keras_home):
    x = np.arange(50 * 13, dtype="float64").reshape(50, 13)
    y = np.arange(50, dtype="float64")
    np.savez(keras_home / "boston_housing.npz", x=x, y=y)
    (x_train, y_train), (x_test, y_test) = datasets.boston_housing.load_data()
    assert x_train.shape == (40, 13) and x_test.shape == (10, 13)
    assert sorted(np.concatenate([y_train, y_test]).tolist()) == y.tolist()
    np.testing.assert_array_equal(x_train[:, 0] / 13, y_train)


def test_missing_file_without_network_is_a_clear_error(keras_home, monkeypatch):
    import urllib.request

    def offline(*args, **kwargs):
        raise OSError("network unreachable")

    monkeypatch.setattr(urllib.request, "urlopen", offline)
    with pytest.raises(OSError, match="mnist.npz"):
        datasets.mnist.load_data()
    assert not [p for p in os.listdir(keras_home) if p.startswith(".download")]


def test_keras_namespace_after_export():
    from keraslike.keras import datasets as public

    assert public.mnist.load_data is datasets.mnist.load_data
    assert tf is not None


def test_california_housing_versions_split_and_hash_check(keras_home, monkeypatch):
    import hashlib
    import urllib.request

    x = np.arange(700 * 8, dtype="float32").reshape(700, 8)
    y = np.arange(700, dtype="float32") * 8
    np.savez(keras_home / "california_housing.npz", x=x, y=y)
    monkeypatch.setattr(urllib.request, "urlopen", lambda *a, **k: (_ for _ in ()).throw(OSError("offline")))
    with pytest.raises(Exception, match="california_housing"):  # not Keras's file: its SHA-256 differs
        tf.keras.datasets.california_housing.load_data()
    digest = hashlib.sha256((keras_home / "california_housing.npz").read_bytes()).hexdigest()
    monkeypatch.setattr(datasets.california_housing, "_SHA256", digest)
    (x_train, y_train), (x_test, y_test) = tf.keras.datasets.california_housing.load_data()
    assert x_train.shape == (560, 8) and x_test.shape == (140, 8)
    np.testing.assert_array_equal(x_train[:, 0], y_train)  # rows stay paired through the shuffle
    (xs, ys), (xs_test, _) = tf.keras.datasets.california_housing.load_data(version="small", test_split=0.5)
    assert len(xs) == len(xs_test) == 300 and set(ys.tolist()) <= set(range(0, 600 * 8, 8))
    with pytest.raises(ValueError, match="version"):
        tf.keras.datasets.california_housing.load_data(version="medium")
