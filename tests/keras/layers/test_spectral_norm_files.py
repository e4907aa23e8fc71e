"""`SpectralNormalization` keeps Keras 3's variable layout (its own variables are `[kernel, vector_u]`), so a
`.keras` file written by real Keras 3 loads with equal outputs and keraslike's file has Keras's weight entries
(golden: tests/golden/make_spectral_norm_file.py)."""

import io
import json
import os
import zipfile

import h5py
import numpy as np

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
FILE = os.path.join(GOLDEN, "keras3_files", "spectral_norm.keras")

with open(os.path.join(GOLDEN, "spectral_norm.json")) as f:
    EXPECTED = json.load(f)


def _weight_entries(path):
    with zipfile.ZipFile(path) as archive:
        data = archive.read("model.weights.h5")
    items = {}
    with h5py.File(io.BytesIO(data), "r") as f:
        f.visititems(lambda name, obj: items.__setitem__(name, np.asarray(obj)) if isinstance(obj, h5py.Dataset)
                     else None)
    return items


def test_keras3_file_loads_with_equal_outputs():
    model = tf.keras.models.load_model(FILE)
    for got, want in zip(model.get_weights(), EXPECTED["weights"]):
        np.testing.assert_allclose(got, want, rtol=1e-6)
    x = np.asarray(EXPECTED["x"], "float32")
    np.testing.assert_allclose(np.asarray(model(x, training=False)), EXPECTED["inference"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.asarray(model(x, training=True)), EXPECTED["training"], rtol=1e-5, atol=1e-6)
    for got, want in zip(model.get_weights(), EXPECTED["weights_after_training_call"]):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_saved_file_has_keras_entries(tmp_path):
    model = tf.keras.models.load_model(FILE)
    layer = model.layers[0]
    short = lambda path: "/".join(path.split("/")[-2:])  # noqa: E731 - Keras 3 prefixes the parents' names
    assert [short(v.path) for v in layer.weights] == [short(p) for p in EXPECTED["paths"][:3]]
    assert [w.path for w in layer.trainable_weights] == [layer.weights[0].path, layer.weights[2].path]
    mine = str(tmp_path / "mine.keras")
    model.save(mine)
    theirs, ours = _weight_entries(FILE), _weight_entries(mine)
    assert sorted(ours) == sorted(theirs)
    for name, value in theirs.items():
        np.testing.assert_array_equal(ours[name], value, err_msg=name)
