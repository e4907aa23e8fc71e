"""`.keras` saving/loading (Keras 3 layout), weights files, JSON, custom objects, safe_mode, Keras 3 interop."""

import json
import os
import zipfile
from pathlib import Path

import h5py
import numpy as np
import pytest
import torch

import keraslike as tf
import keraslike.keras.saving  # noqa: F401  (until keraslike.keras imports it)

keras = tf.keras
torch.set_num_threads(1)
DATA = Path(__file__).parent / "data"


def _xy(n=32):
    rng = np.random.default_rng(0)
    return rng.normal(size=(n, 4)).astype("float32"), rng.integers(0, 3, size=n)


def _sequential():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                              keras.layers.BatchNormalization(), keras.layers.Dense(3)])
    model.compile(optimizer=keras.optimizers.Adam(0.01),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    return model


def _functional():
    a, b = keras.Input((4,), name="a"), keras.Input((3,), name="b")
    shared = keras.layers.Dense(5, activation="relu", name="shared")
    h = keras.layers.Concatenate()([shared(a), b])
    out = keras.layers.Dense(2, name="out")(h)
    model = keras.Model([a, b], out, name="func")
    model.compile(optimizer=keras.optimizers.SGD(0.1, momentum=0.9), loss="mse")
    return model


def _assert_same_weights(m1, m2):
    w1, w2 = m1.get_weights(), m2.get_weights()
    assert len(w1) == len(w2)
    for a, b in zip(w1, w2):
        np.testing.assert_array_equal(a, b)


def test_sequential_round_trip_with_optimizer_state(tmp_path):
    x, y = _xy()
    model = _sequential()
    model.fit(x, y, epochs=2, batch_size=8, verbose=0)
    path = tmp_path / "m.keras"
    model.save(path)
    with zipfile.ZipFile(path) as zf:
        assert zf.namelist() == ["metadata.json", "config.json", "model.weights.h5"]
        meta = json.loads(zf.read("metadata.json"))
        config = json.loads(zf.read("config.json"))
        with h5py.File(zf.open("model.weights.h5")) as h5:
            assert h5["layers/dense/vars"].attrs["name"] == model.layers[0].name
            assert h5["layers/dense/vars/0"].shape == (4, 8)
            assert h5["layers/batch_normalization/vars/3"].shape == (8,)  # moving_variance
            assert h5["layers/dense_1/vars/0"].shape == (8, 3)
            assert int(h5["optimizer/vars/0"][()]) == 8  # iterations
            assert len(h5["optimizer/vars"]) == 2 + 2 * 6  # iterations, lr, (m, v) per trainable variable
    assert set(meta) == {"keras_version", "date_saved"}
    assert config["class_name"] == "Sequential" and config["module"] == "keras"
    assert config["config"]["layers"][0]["class_name"] == "InputLayer"
    assert config["compile_config"]["loss"]["class_name"] == "SparseCategoricalCrossentropy"
    loaded = keras.models.load_model(path)
    _assert_same_weights(model, loaded)
    assert int(loaded.optimizer.iterations) == 8 and loaded.metrics_names[0] == "loss"
    np.testing.assert_allclose(loaded.predict(x, verbose=0), model.predict(x, verbose=0), rtol=0, atol=0)
    # identical optimizer state: one more identical step on both
    model.fit(x, y, epochs=1, batch_size=32, shuffle=False, verbose=0)
    loaded.fit(x, y, epochs=1, batch_size=32, shuffle=False, verbose=0)
    _assert_same_weights(model, loaded)
    uncompiled = keras.models.load_model(path, compile=False)
    assert not uncompiled.compiled
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_functional_round_trip_shared_layer_and_json(tmp_path):
    model = _functional()
    xa, xb = np.ones((2, 4), "float32"), np.ones((2, 3), "float32")
    model.save(tmp_path / "f.keras")
    loaded = keras.models.load_model(tmp_path / "f.keras")
    assert [layer.name for layer in loaded.layers] == [layer.name for layer in model.layers]
    _assert_same_weights(model, loaded)
    np.testing.assert_array_equal(loaded.predict([xa, xb], verbose=0), model.predict([xa, xb], verbose=0))
    config = json.loads(model.to_json())
    assert config["config"]["input_layers"] == [["a", 0, 0], ["b", 0, 0]]
    assert config["config"]["output_layers"] == ["out", 0, 0]
    rebuilt = keras.models.model_from_json(model.to_json())
    assert [w.shape for w in rebuilt.weights] == [w.shape for w in model.weights]
    assert not rebuilt.compiled
    clone = keras.models.clone_model(model)
    assert clone is not model and len(clone.weights) == len(model.weights)


def test_save_weights_load_weights_and_mismatch(tmp_path):
    x, y = _xy()
    model = _sequential()
    model.fit(x, y, epochs=1, verbose=0)
    model.save_weights(tmp_path / "w.weights.h5")
    other = _sequential()
    other.load_weights(tmp_path / "w.weights.h5")
    _assert_same_weights(model, other)
    other.load_weights(tmp_path / "w.weights.h5")  # and from a .keras file
    model.save(tmp_path / "m.keras")
    third = _sequential()
    third.load_weights(tmp_path / "m.keras")
    _assert_same_weights(model, third)
    wrong = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
    with pytest.raises(ValueError, match="could not be loaded"):
        wrong.load_weights(tmp_path / "w.weights.h5")
    with pytest.raises(ValueError, match="File not found"):
        wrong.load_weights(tmp_path / "missing.weights.h5")
    with pytest.raises(ValueError, match="weights file, not a whole model"):  # Keras 3: "No model config found"
        keras.models.load_model(tmp_path / "w.weights.h5")


@keras.saving.register_keras_serializable(package="Tests")
class Scale(keras.layers.Layer):
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def build(self, input_shape):
        self.w = self.add_weight(name="w", shape=(input_shape[-1],), initializer="ones")

    def call(self, x):
        return x * self.w * self.factor

    def get_config(self):
        return {**super().get_config(), "factor": self.factor}


@keras.saving.register_keras_serializable(package="Tests")
class Net(keras.Model):
    def __init__(self, units=3, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.dense = keras.layers.Dense(units)
        self.scale = Scale(0.5)

    def call(self, x):
        return self.scale(self.dense(x))

    def get_config(self):
        return {"units": self.units, "name": self.name}


def test_registered_custom_layer_and_subclassed_model(tmp_path):
    assert keras.saving.get_custom_objects()["Tests>Scale"] is Scale
    x, y = _xy()
    model = keras.Sequential([keras.Input((4,)), Scale(3.0), keras.layers.Dense(2)])
    model.save(tmp_path / "c.keras")
    loaded = keras.models.load_model(tmp_path / "c.keras")
    assert isinstance(loaded.layers[0], Scale) and loaded.layers[0].factor == 3.0
    _assert_same_weights(model, loaded)
    net = Net(units=3)
    net.compile(optimizer="adam", loss="mse")
    net.fit(x, np.ones((32, 3), "float32"), epochs=1, verbose=0)
    net.save(tmp_path / "net.keras")
    with h5py.File(zipfile.ZipFile(tmp_path / "net.keras").open("model.weights.h5")) as h5:
        # Keras 3 (TF 2.21) paths: `scale` sorts after the `layers` property, which claims it
        assert h5["dense/vars/0"].shape == (4, 3) and h5["layers/scale/vars/0"].shape == (3,)
    back = keras.models.load_model(tmp_path / "net.keras")
    assert isinstance(back, Net) and back.units == 3
    _assert_same_weights(net, back)
    np.testing.assert_allclose(back.predict(x, verbose=0), net.predict(x, verbose=0))


def test_custom_objects_and_safe_mode(tmp_path):
    class Twice(keras.layers.Layer):
        def call(self, x):
            return 2 * x

    model = keras.Sequential([keras.Input((4,)), Twice(name="twice"), keras.layers.Lambda(lambda t: t + 1)])
    model.save(tmp_path / "l.keras")
    with pytest.raises(TypeError, match="custom_objects"):
        keras.models.load_model(tmp_path / "l.keras")
    with pytest.raises(ValueError, match="safe_mode=False"):
        keras.models.load_model(tmp_path / "l.keras", custom_objects={"Twice": Twice})
    loaded = keras.models.load_model(tmp_path / "l.keras", custom_objects={"Twice": Twice}, safe_mode=False)
    np.testing.assert_allclose(loaded.predict(np.ones((1, 4), "float32"), verbose=0), 3.0)
    with keras.saving.custom_object_scope({"Twice": Twice}):
        with pytest.raises(ValueError, match="lambda"):
            keras.models.load_model(tmp_path / "l.keras")


def test_loads_files_written_by_real_keras3():
    expected = np.load(DATA / "keras3_expected.npz")
    seq = keras.models.load_model(DATA / "keras3_seq.keras")
    assert [type(layer).__name__ for layer in seq.layers] == ["Conv2D", "MaxPooling2D", "Flatten", "Dropout",
                                                              "Dense"]
    assert int(seq.optimizer.iterations) == int(expected["seq_iterations"])
    np.testing.assert_allclose(seq.predict(expected["x"], verbose=0), expected["seq"], rtol=1e-5, atol=1e-6)
    func = keras.models.load_model(DATA / "keras3_func.keras")
    np.testing.assert_allclose(func.predict([expected["xa"], expected["xb"]], verbose=0), expected["func"],
                               rtol=1e-5, atol=1e-6)


def test_non_chief_writes_nothing(tmp_path, monkeypatch):
    from keraslike._src.keras.saving import file_io

    model = _sequential()
    monkeypatch.setattr(file_io, "is_chief", lambda model=None: False)
    model.save(tmp_path / "m.keras")
    model.save_weights(tmp_path / "w.weights.h5")
    assert os.listdir(tmp_path) == []
