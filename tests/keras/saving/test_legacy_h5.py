"""Legacy HDF5 whole-model files (`model.save("m.h5")`, `load_model("m.h5")`) and Keras 2 `.h5` weights, both ways.

Files written by real TF 2.21 (Keras 3) and tf_keras 2.21 (Keras 2, `TF_USE_LEGACY_KERAS=1`) with their
predictions: tests/golden/legacy_h5/, by tests/golden/make_legacy_h5_golden.py. Files written by keraslike and
what real TF made of them: tests/golden/legacy_h5/from_keraslike/, by tests/golden/make_legacy_h5_roundtrip.py.
"""

import json
import runpy
from pathlib import Path

import h5py
import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras
torch.set_num_threads(1)
DATA = Path(__file__).parents[2] / "golden" / "legacy_h5"
E = np.load(DATA / "expected.npz")
INPUTS = {"seq": E["x_seq"], "func": [E["x_a"], E["x_b"]], "conv": E["x_img"], "mix": E["x_mix"],
          "trained": E["x_seq"]}


@pytest.fixture(params=["k3", "k2"])
def tag(request):
    return request.param


@pytest.fixture(params=[False, True], ids=["keras3", "keras2"])
def mode(request, monkeypatch):
    if request.param:
        monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    else:
        monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    return "k2" if request.param else "k3"


@pytest.mark.parametrize("name", ["seq", "func", "conv", "mix"])
def test_files_written_by_tf_load_with_equal_predictions(tag, name):
    model = keras.models.load_model(DATA / f"{tag}_{name}.h5")
    np.testing.assert_allclose(model.predict(INPUTS[name], verbose=0), E[f"{tag}_{name}"], rtol=1e-5, atol=1e-6)


def test_compiled_file_written_by_tf_restores_compile_and_adam_state(tag):
    model = keras.models.load_model(DATA / f"{tag}_trained.h5")
    np.testing.assert_allclose(model.predict(INPUTS["trained"], verbose=0), E[f"{tag}_trained"], rtol=1e-5,
                               atol=1e-6)
    assert model.compiled and type(model.optimizer).__name__ == "Adam"
    assert int(model.optimizer.iterations) == 3
    np.testing.assert_allclose(float(model.optimizer.learning_rate), 0.01, rtol=1e-6)
    model.train_on_batch(E["x_next"], E["y_next"])  # depends on the restored moments and step count
    for i, w in enumerate(model.get_weights()):
        np.testing.assert_allclose(w, E[f"{tag}_trained_next_{i}"], rtol=1e-5, atol=1e-6)


def test_compile_false_leaves_the_model_uncompiled(tag):
    model = keras.models.load_model(DATA / f"{tag}_trained.h5", compile=False)
    assert not model.compiled
    np.testing.assert_allclose(model.predict(INPUTS["trained"], verbose=0), E[f"{tag}_trained"], rtol=1e-5,
                               atol=1e-6)


def _sequential():
    return keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                             keras.layers.Dense(3, activation="softmax")])


def test_keras2_weights_file_loads_in_order_and_by_name():
    model = _sequential()
    model.load_weights(DATA / "k2_seq_weights.h5")
    np.testing.assert_allclose(model.predict(E["x_seq"], verbose=0), E["k2_seq"], rtol=1e-5, atol=1e-6)

    named = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu", name="dense"),
                              keras.layers.Dense(8, name="other"), keras.layers.Dense(3, name="dense_1")])
    before = named.layers[1].get_weights()
    named.load_weights(DATA / "k2_seq_weights.h5", by_name=True)  # the file's layers are dense, dense_1
    np.testing.assert_array_equal(named.layers[1].get_weights()[0], before[0])  # no layer of that name
    file_model = _sequential()
    file_model.load_weights(DATA / "k2_seq_weights.h5")
    np.testing.assert_array_equal(named.layers[0].get_weights()[0], file_model.layers[0].get_weights()[0])
    np.testing.assert_array_equal(named.layers[2].get_weights()[0], file_model.layers[1].get_weights()[0])


def test_whole_model_file_loads_into_load_weights(tag):
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                              keras.layers.Dense(3, activation="softmax")])
    model.load_weights(DATA / f"{tag}_seq.h5")
    np.testing.assert_allclose(model.predict(E["x_seq"], verbose=0), E[f"{tag}_seq"], rtol=1e-5, atol=1e-6)


def test_mismatched_legacy_weights_raise_or_skip_and_change_nothing(tmp_path):
    wrong = keras.Sequential([keras.Input((5,)), keras.layers.Dense(7, name="dense"),
                              keras.layers.Dense(3, name="dense_1")])
    before = [w.copy() for w in wrong.get_weights()]
    with pytest.raises(ValueError, match="expects shape"):
        wrong.load_weights(DATA / "k2_seq_weights.h5")
    for a, b in zip(wrong.get_weights(), before):
        np.testing.assert_array_equal(a, b)
    with pytest.warns(UserWarning, match="skip_mismatch"):
        wrong.load_weights(DATA / "k2_seq_weights.h5", by_name=True, skip_mismatch=True)
    for a, b in zip(wrong.get_weights(), before):  # both layers mismatch: skipped
        np.testing.assert_array_equal(a, b)
    three = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8), keras.layers.Dense(3), keras.layers.Dense(3)])
    with pytest.raises(ValueError, match="Layer count mismatch"):
        three.load_weights(DATA / "k2_seq_weights.h5")


def test_by_name_refused_for_keras3_weights_files(tmp_path):
    model = _sequential()
    model.save_weights(tmp_path / "w.weights.h5")
    with pytest.raises(ValueError, match="by_name"):
        model.load_weights(tmp_path / "w.weights.h5", by_name=True)


def _models():
    rng = np.random.default_rng(0)
    a, b = keras.Input((4,), name="a"), keras.Input((3,), name="b")
    func = keras.Model([a, b], keras.layers.Dense(2, name="out")(keras.layers.Concatenate()(
        [keras.layers.Dense(6, activation="tanh")(a), keras.layers.Dense(2)(b)])))
    conv = keras.Sequential([keras.Input((6, 6, 2)), keras.layers.Conv2D(3, 3), keras.layers.BatchNormalization(),
                             keras.layers.Reshape((4, 12)), keras.layers.LSTM(4), keras.layers.Dense(2)])
    for layer in conv.layers:
        layer.set_weights([np.abs(rng.normal(size=w.shape)).astype("float32") + 0.1 for w in layer.get_weights()])
    return {"seq": _sequential(), "func": func, "conv": conv}


def test_round_trip_in_both_modes(mode, tmp_path):
    for name, model in _models().items():
        path = tmp_path / f"{name}.h5"
        model.save(path)
        with h5py.File(path, "r") as h5:
            assert h5.attrs["keras_version"] == ("2.21.0" if mode == "k2" else "3.15.1")
            assert "model_config" in h5.attrs and "layer_names" in h5["model_weights"].attrs
            config = json.loads(h5.attrs["model_config"])
        first = config["config"]["layers"][0]["config"]
        assert ("batch_input_shape" in first) == (mode == "k2")
        again = keras.models.load_model(path)
        np.testing.assert_allclose(again.predict(INPUTS[name], verbose=0), model.predict(INPUTS[name], verbose=0),
                                   rtol=1e-6, atol=1e-7)


def test_round_trip_of_a_trained_model_keeps_optimizer_state(mode, tmp_path):
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, activation="relu"), keras.layers.Dense(2)])
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse", metrics=["mae"])
    model.fit(E["x_next"], E["y_next"], batch_size=4, epochs=1, shuffle=False, verbose=0)
    model.save(tmp_path / "trained.h5")
    again = keras.models.load_model(tmp_path / "trained.h5")
    assert int(again.optimizer.iterations) == 2
    model.train_on_batch(E["x_seq"], E["y_next"][:4])
    again.train_on_batch(E["x_seq"], E["y_next"][:4])
    for a, b in zip(again.get_weights(), model.get_weights()):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)
    with h5py.File(tmp_path / "trained.h5", "r") as h5:
        names = [n.decode() if isinstance(n, bytes) else n for n in h5["optimizer_weights"].attrs["weight_names"]]
    if mode == "k2":
        assert names[0] == "iteration:0" and names[1].startswith("Adam/m/") and names[1].endswith("/kernel:0")
    else:
        prefix = model.optimizer.name  # Keras 3: `adam`, made unique (`adam_3`) when Adams were made before
        assert prefix.startswith("adam") and names[:2] == [f"{prefix}/iteration", f"{prefix}/learning_rate"]


def test_files_written_here_load_in_real_tf():
    """Recorded by make_legacy_h5_roundtrip.py: Keras 3 read the k3 files, tf_keras the k2 files."""
    record = json.loads((DATA / "from_keraslike" / "tf_results.json").read_text())["results"]
    names = ("seq", "func", "conv", "trained", "tutorial")
    assert sorted(record) == sorted(f"{t}/{n}" for t in ("k3", "k2") for n in names)
    for entry in record.values():
        assert entry["max_abs_diff"] < 1e-5
    assert record["k2/trained"]["iterations"] == 2 and record["k2/trained"]["next_step_max_abs_diff"] < 1e-5
    for tag in ("k3", "k2"):  # the tutorial's loss object comes back with from_logits, the Adam step count too
        assert record[f"{tag}/tutorial"]["iterations"] == 2
        assert record[f"{tag}/tutorial"]["loss_config"]["from_logits"] is True
    assert record["k2/tutorial"]["fit"] == "ok"
    assert "Unknown variable" in record["k3/tutorial"]["fit"]  # TF 2.21's Keras 3 bug, for its own files too
    # TF 2.21's Keras 3 cannot compile a legacy file whose loss is a string, its own files included
    assert "keras.metrics.mse" in record["k3/trained"]["compile_error"]


def _layout(path):
    out = {}
    with h5py.File(path, "r") as h5:
        out["/"] = sorted(h5.attrs)

        def visit(name, obj):
            out[name] = (sorted(obj.attrs), tuple(getattr(obj, "shape", ())))

        h5.visititems(visit)
    return out


def test_files_written_today_have_the_layout_tf_checked(mode, tmp_path, monkeypatch):
    """The layout (groups, attribute names, dataset shapes) of today's files equals the committed ones TF read."""
    monkeypatch.setattr("sys.argv", ["make_legacy_h5_roundtrip.py", "write"])
    script = Path(__file__).parents[2] / "golden" / "make_legacy_h5_roundtrip.py"
    namespace = runpy.run_path(str(script), run_name="not_main")
    monkeypatch.setitem(namespace["write"].__globals__, "OUT", str(tmp_path))
    namespace["write"]()
    for name in ("seq", "func", "conv", "trained", "tutorial"):
        assert _layout(tmp_path / mode / f"{name}.h5") == _layout(DATA / "from_keraslike" / mode / f"{name}.h5")


def test_layout_matches_tf_written_files(mode, tmp_path):
    """Same attributes and groups as TF's own file of the same model (weight names differ only by model name)."""
    model = keras.models.load_model(DATA / f"{mode}_seq.h5")
    model.save(tmp_path / "again.h5")
    ours, theirs = _layout(tmp_path / "again.h5"), _layout(DATA / f"{mode}_seq.h5")
    assert ours["/"] == theirs["/"] and ours["model_weights"] == theirs["model_weights"]
    with h5py.File(tmp_path / "again.h5", "r") as a, h5py.File(DATA / f"{mode}_seq.h5", "r") as b:
        for layer in b["model_weights"].attrs["layer_names"]:
            assert list(a["model_weights"][layer].attrs["weight_names"]) == \
                list(b["model_weights"][layer].attrs["weight_names"])


def test_save_format_h5(mode, tmp_path):
    model = _sequential()
    if mode == "k2":
        model.save(tmp_path / "plain", save_format="h5")  # Keras 2 writes HDF5 whatever the name
        assert h5py.is_hdf5(tmp_path / "plain")
        keras.models.load_model(tmp_path / "plain")
    else:
        with pytest.raises(ValueError, match="save_format"):
            model.save(tmp_path / "plain", save_format="h5")
    model.save(tmp_path / "m.h5", save_format="h5")
    keras.saving.save_model(model, tmp_path / "n.hdf5")
    for path in ("m.h5", "n.hdf5"):
        np.testing.assert_allclose(keras.models.load_model(tmp_path / path).predict(E["x_seq"], verbose=0),
                                   model.predict(E["x_seq"], verbose=0), rtol=1e-6)


def test_legacy_save_weights_round_trip(mode, tmp_path):
    model = _sequential()
    model.save_weights(tmp_path / "w.h5")
    with h5py.File(tmp_path / "w.h5", "r") as h5:
        assert "layer_names" in h5.attrs  # Keras 2's layout, which Keras 3's load_weights("w.h5") also reads
    other = _sequential()
    other.load_weights(tmp_path / "w.h5")
    for a, b in zip(other.get_weights(), model.get_weights()):
        np.testing.assert_array_equal(a, b)


# ---- hostile files ------------------------------------------------------------------------------------------------

def _copy(tmp_path, name="k2_seq.h5"):
    target = tmp_path / name
    target.write_bytes((DATA / name).read_bytes())
    return target


def test_oversized_model_config_is_refused_before_reading(tmp_path):
    path = tmp_path / "big.h5"
    with h5py.File(path, "w", libver="latest") as h5:  # dense attribute storage allows large attributes
        h5.attrs["model_config"] = np.zeros(65 * 2**20, "u1")  # 65 MiB of attribute
    with pytest.raises(ValueError, match="model_config.*more than"):
        keras.models.load_model(path)


def test_dataset_declaring_a_huge_shape_is_not_read(tmp_path):
    path = _copy(tmp_path)
    with h5py.File(path, "r+") as h5:
        group = h5["model_weights/dense"]
        names = [n.decode() if isinstance(n, bytes) else n for n in group.attrs["weight_names"]]
        del group[names[0]]
        group.create_dataset(names[0], shape=(200000, 200000), dtype="float32")  # 160 GB of fill values
    with pytest.raises(ValueError, match="expects shape"):
        keras.models.load_model(path)


def test_external_link_is_refused(tmp_path):
    path = _copy(tmp_path)
    with h5py.File(path, "r+") as h5:
        group = h5["model_weights/dense"]
        names = [n.decode() if isinstance(n, bytes) else n for n in group.attrs["weight_names"]]
        del group[names[0]]
        group[names[0]] = h5py.ExternalLink("/etc/passwd", "/x")
    with pytest.raises(ValueError, match="external link"):
        keras.models.load_model(path)


def test_weights_only_file_is_named_when_loaded_as_a_model():
    with pytest.raises(ValueError, match="weights file, not a whole model"):
        keras.models.load_model(DATA / "k2_seq_weights.h5")


@pytest.mark.parametrize("name", ["seq", "func", "conv"])
def test_model_from_json_reads_keras2_and_keras3_json(tag, name):
    """The `model_config` attribute is what `to_json()` returns (tf_keras's Keras 2 spelling for k2)."""
    with h5py.File(DATA / f"{tag}_{name}.h5", "r") as h5:
        text = h5.attrs["model_config"]
    text = text.decode() if isinstance(text, bytes) else text
    model = keras.models.model_from_json(text)
    reference = keras.models.load_model(DATA / f"{tag}_{name}.h5")
    model.set_weights(reference.get_weights())
    np.testing.assert_allclose(model.predict(INPUTS[name], verbose=0), E[f"{tag}_{name}"], rtol=1e-5, atol=1e-6)


def test_tf210_optimizer_state_is_reordered_and_restored():
    """`tf.keras.optimizers.legacy.Adam` lists `Adam/iter:0`, every m, then every v (no learning rate)."""
    model = keras.models.load_model(DATA / "k2_legacy_adam.h5")
    np.testing.assert_allclose(model.predict(E["x_seq"], verbose=0), E["k2_legacy_adam"], rtol=1e-5, atol=1e-6)
    assert int(model.optimizer.iterations) == 2
    model.train_on_batch(E["x_next"], E["y_next"])
    for i, w in enumerate(model.get_weights()):
        np.testing.assert_allclose(w, E[f"k2_legacy_adam_next_{i}"], rtol=1e-5, atol=1e-6)


def test_tf210_decay_is_refused_not_dropped(tmp_path):
    path = _copy(tmp_path, "k2_legacy_adam.h5")
    with h5py.File(path, "r+") as h5:
        config = json.loads(h5.attrs["training_config"])
        config["optimizer_config"]["config"]["decay"] = 0.01
        h5.attrs["training_config"] = json.dumps(config).encode()
    with pytest.raises(ValueError, match="decay"):
        keras.models.load_model(path)
    keras.models.load_model(path, compile=False)


@keras.saving.register_keras_serializable(package="legacy_h5_test")
class TwoDense(keras.Model):
    def __init__(self, units=3, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.first = keras.layers.Dense(units)
        self.second = keras.layers.Dense(2)

    def call(self, x):
        return self.second(self.first(x))

    def get_config(self):
        return {**super().get_config(), "units": self.units}


def test_subclassed_model_h5_keras3_round_trip_and_keras2_refusal(mode, tmp_path):
    model = TwoDense()
    x = np.ones((2, 4), "float32")
    model(x)
    if mode == "k2":  # tf_keras: "requires the model to be a Functional model or a Sequential model"
        with pytest.raises(NotImplementedError, match="Functional model or a Sequential model"):
            model.save(tmp_path / "s.h5")
        assert sorted(p.name for p in tmp_path.iterdir()) == []
        return
    model.save(tmp_path / "s.h5")
    again = keras.models.load_model(tmp_path / "s.h5")
    assert type(again) is TwoDense and again.units == 3
    np.testing.assert_allclose(again(x).numpy(), model(x).numpy(), rtol=1e-6)


def test_multi_output_compile_config_evaluates_as_tf(tag):
    """A loss dict with a loss object, loss weights and per-output metrics (Keras 2 writes `reg_mae` names and
    losses with `fn`/`reduction="auto"`): `evaluate` gives TF's dict."""
    model = keras.models.load_model(DATA / f"{tag}_multi.h5")
    y = {"reg": np.ones((4, 1), "float32"), "cls": np.arange(4) % 3}
    got = model.evaluate(E["x_a"], y, verbose=0, return_dict=True)
    want = {key[len(f"{tag}_multi_eval_"):]: float(E[key]) for key in E.files if key.startswith(f"{tag}_multi_eval_")}
    assert sorted(got) == sorted(want)
    for key, value in want.items():
        assert got[key] == pytest.approx(value, rel=1e-5, abs=1e-6), key


def test_keras3_h5_with_op_nodes_without_module_loads():
    # Keras 3's `.h5` writer drops op nodes' modules (`TrueDivide`, `GetItem`, `Multiply`); keraslike reads them by
    # class name and writes them back with their module (tests/golden/make_keras3_h5_ops_golden.py)
    data = np.load(Path(__file__).resolve().parents[2] / "golden" / "legacy_h5" / "keras3_ops.npz")
    model = tf.keras.models.load_model(Path(__file__).resolve().parents[2] / "golden" / "legacy_h5" / "keras3_ops.h5")
    np.testing.assert_allclose(model.predict(data["x"], verbose=0), data["y"], rtol=1e-5, atol=1e-6)
    ops = [layer for layer in model.get_config()["layers"] if layer["class_name"] in ("TrueDivide", "GetItem")]
    assert [op["module"] for op in ops] == ["keras.src.ops.numpy", "keras.src.ops.numpy"]
