"""A small stand-in for ``tensorflow_datasets`` (not installed in either interpreter), for the conformance
corpus only: ``tfds.load`` of ``mnist``, ``tf_flowers``, ``penguins/simple`` and ``penguins/processed``,
built from the data layer's stand-in files (fetched through ``urllib``, so served offline) with the
same numpy code for both backends; the ``tf.data.Dataset`` is made by the backend named in
``CONFORMANCE_BACKEND`` (``tensorflow`` or ``keraslike``). Also ``tfds.as_dataframe`` and the ``info``
object's ``features`` / ``splits`` as the tutorials use them. Unknown datasets and arguments raise.
"""

import importlib
import io
import os
import re
import tarfile
import urllib.request

import numpy as np

__version__ = "4.9.conformance-stand-in"

tf = importlib.import_module("tensorflow" if os.environ.get("CONFORMANCE_BACKEND", "tf") == "tf" else "keraslike")

_MNIST = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/mnist.npz"
_FLOWERS = "https://storage.googleapis.com/download.tensorflow.org/example_images/flower_photos.tgz"
_PENGUINS = "https://storage.googleapis.com/download.tensorflow.org/data/palmer_penguins/penguins_size.csv"


class ClassLabel:
    def __init__(self, names):
        self.names = list(names)
        self.num_classes = len(self.names)
        self.dtype = tf.int64

    def int2str(self, index):
        return self.names[int(index)]

    def str2int(self, name):
        return self.names.index(name)

    def __repr__(self):
        return f"ClassLabel(shape=(), dtype=int64, num_classes={self.num_classes})"


class Image:
    def __init__(self, shape):
        self.shape = shape
        self.dtype = tf.uint8

    def __repr__(self):
        return f"Image(shape={self.shape}, dtype=uint8)"


class Tensor:
    def __init__(self, shape, dtype):
        self.shape, self.dtype = shape, dtype

    def __repr__(self):
        return f"Tensor(shape={self.shape}, dtype={self.dtype.name})"


class FeaturesDict(dict):
    def __repr__(self):
        inner = ",\n".join(f"    '{k}': {v!r}" for k, v in self.items())
        return "FeaturesDict({\n" + inner + ",\n})"


class SplitInfo:
    def __init__(self, name, num_examples):
        self.name, self.num_examples = name, num_examples

    def __repr__(self):
        return f"<SplitInfo num_examples={self.num_examples}>"


class DatasetInfo:
    def __init__(self, name, features, splits, supervised_keys, description=""):
        self.name, self.features, self.supervised_keys, self.description = name, features, supervised_keys, description
        self.splits = {k: SplitInfo(k, v) for k, v in splits.items()}
        self.full_name = name

    def __repr__(self):
        return f"tfds.core.DatasetInfo(name='{self.name}', features={self.features!r}, splits={self.splits!r})"


def _fetch(url):
    with urllib.request.urlopen(url) as response:
        return response.read()


def _mnist():
    with np.load(io.BytesIO(_fetch(_MNIST))) as f:
        arrays = {k: f[k] for k in ("x_train", "y_train", "x_test", "y_test")}
    splits = {"train": {"image": arrays["x_train"][..., None], "label": arrays["y_train"].astype(np.int64)},
              "test": {"image": arrays["x_test"][..., None], "label": arrays["y_test"].astype(np.int64)}}
    features = FeaturesDict(image=Image((28, 28, 1)), label=ClassLabel([str(i) for i in range(10)]))
    return splits, features, ("image", "label")


def _flowers():
    names = ["dandelion", "daisy", "tulips", "sunflowers", "roses"]  # tfds's label order
    images, labels = [], []
    with tarfile.open(fileobj=io.BytesIO(_fetch(_FLOWERS))) as tar:
        members = sorted((m for m in tar.getmembers() if m.name.endswith(".jpg")), key=lambda m: m.name)
        for m in members:
            data = tar.extractfile(m).read()
            images.append(_decode_jpeg(data))
            labels.append(names.index(m.name.split("/")[-2]))
    order = np.random.default_rng(0).permutation(len(images))
    splits = {"train": {"image": [images[i] for i in order], "label": np.asarray(labels, np.int64)[order]}}
    return splits, FeaturesDict(image=Image((None, None, 3)), label=ClassLabel(names)), ("image", "label")


def _decode_jpeg(data):
    pil = importlib.import_module("PIL.Image")
    return np.asarray(pil.open(io.BytesIO(data)).convert("RGB"), dtype=np.uint8)


def _penguins(config):
    rows = [line.split(",") for line in _fetch(_PENGUINS).decode().strip().split("\n")]
    header, rows = rows[0], rows[1:]
    cols = {name: [r[i] for r in rows] for i, name in enumerate(header)}
    species_names = ["Adelie", "Chinstrap", "Gentoo"]
    species = np.asarray([species_names.index(s) for s in cols["species"]], np.int64)
    numeric = {k: np.asarray(cols[k], np.float32) for k in
               ("culmen_length_mm", "culmen_depth_mm", "flipper_length_mm", "body_mass_g")}
    if config == "processed":
        x = np.stack(list(numeric.values()), axis=1)
        x = (x - x.min(0)) / (x.max(0) - x.min(0))
        features = FeaturesDict(features=Tensor((4,), tf.float32), species=ClassLabel(species_names))
        return {"train": {"features": x.astype(np.float32), "species": species}}, features, ("features", "species")
    islands = ["Biscoe", "Dream", "Torgersen"]
    sexes = ["FEMALE", "MALE", "NA"]
    data = {"body_mass_g": numeric["body_mass_g"], "culmen_depth_mm": numeric["culmen_depth_mm"],
            "culmen_length_mm": numeric["culmen_length_mm"], "flipper_length_mm": numeric["flipper_length_mm"],
            "island": np.asarray([islands.index(v) for v in cols["island"]], np.int64),
            "sex": np.asarray([sexes.index(v) for v in cols["sex"]], np.int64), "species": species}
    features = FeaturesDict(body_mass_g=Tensor((), tf.float32), culmen_depth_mm=Tensor((), tf.float32),
                            culmen_length_mm=Tensor((), tf.float32), flipper_length_mm=Tensor((), tf.float32),
                            island=ClassLabel(islands), sex=ClassLabel(sexes), species=ClassLabel(species_names))
    return {"train": data}, features, ("features", "species")


_BUILDERS = {"mnist": _mnist, "tf_flowers": _flowers, "penguins/simple": lambda: _penguins("simple"),
             "penguins/processed": lambda: _penguins("processed"), "penguins": lambda: _penguins("processed")}
_SPLIT = re.compile(r"^(\w+)(?:\[(-?\d*)(%?):(-?\d*)(%?)\])?$")


def _select(split, columns):
    match = _SPLIT.match(split.replace(" ", ""))
    if not match or match.group(1) not in columns:
        raise ValueError(f"Unknown split {split!r}. Available: {sorted(columns)}. Received: split={split!r}")
    data = columns[match.group(1)]
    n = len(next(iter(data.values())))

    def bound(text, percent, default):
        if text in (None, ""):
            return default
        value = int(text)
        return int(round(n * value / 100)) if percent else value

    start = bound(match.group(2), match.group(3), 0)
    stop = bound(match.group(4), match.group(5), n)
    return {k: v[start:stop] for k, v in data.items()}


def _dataset(data, supervised_keys, as_supervised):
    image = data.get("image")
    if isinstance(image, list):  # variable-size images
        labels = data["label"]

        def generator():
            for img, lab in zip(image, labels):
                yield (img, lab) if as_supervised else {"image": img, "label": lab}

        specs = (tf.TensorSpec(shape=(None, None, 3), dtype=tf.uint8), tf.TensorSpec(shape=(), dtype=tf.int64))
        signature = specs if as_supervised else {"image": specs[0], "label": specs[1]}
        return tf.data.Dataset.from_generator(generator, output_signature=signature)
    if as_supervised:
        return tf.data.Dataset.from_tensor_slices((data[supervised_keys[0]], data[supervised_keys[1]]))
    return tf.data.Dataset.from_tensor_slices(dict(data))


def _tensors(data, supervised_keys, as_supervised):
    if isinstance(data.get("image"), list):
        raise ValueError("batch_size=-1 needs equal-size images; this split's images vary in size. "
                         "Received: batch_size=-1")
    if as_supervised:
        return tuple(tf.convert_to_tensor(data[k]) for k in supervised_keys)
    return {k: tf.convert_to_tensor(v) for k, v in data.items()}


def load(name, split=None, *, with_info=False, as_supervised=False, shuffle_files=False, batch_size=None,
         data_dir=None, download=True):
    """``tfds.load`` for the stand-in datasets (``shuffle_files`` has no effect: each split is one file)."""
    base = name.split(":", 1)[0]
    if base not in _BUILDERS:
        raise ValueError(f"The tensorflow_datasets stand-in has no dataset {base!r}; it has {sorted(_BUILDERS)}. "
                         f"Received: name={name!r}")
    columns, features, supervised_keys = _BUILDERS[base]()

    def one(s):
        data = _select(s, columns)
        if batch_size == -1:  # tfds: the whole split as tensors, not a dataset
            return _tensors(data, supervised_keys, as_supervised)
        ds = _dataset(data, supervised_keys, as_supervised)
        return ds.batch(batch_size) if batch_size else ds

    if split is None:
        result = {s: one(s) for s in columns}
    elif isinstance(split, (list, tuple)):
        result = [one(s) for s in split]
    else:
        result = one(split)
    if with_info:
        info = DatasetInfo(base, features, {k: len(next(iter(v.values()))) for k, v in columns.items()},
                           supervised_keys)
        return result, info
    return result


def as_dataframe(ds, ds_info=None):
    pandas = importlib.import_module("pandas")
    rows = []
    for example in ds:
        if isinstance(example, dict):
            rows.append({k: np.asarray(v) for k, v in example.items()})
        else:
            rows.append({f"{i}": np.asarray(v) for i, v in enumerate(example)})
    return pandas.DataFrame(rows)


def disable_progress_bar():
    return None
