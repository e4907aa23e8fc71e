"""tf.train.Checkpoint / model.load_weights restore checkpoints real TF wrote (tests/golden/tf_checkpoints/, made by
make_tf_checkpoint_golden.py under TF 2.21 and tf_keras) by TF's object-graph paths, and write checkpoints real
TF reads (keraslike_checkpoints/, loaded under TF 2.21 by check_tf_reads_keraslike.py, whose findings are
tf_reads_keraslike.json)."""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf
import keraslike.train  # noqa: F401

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "golden")
sys.path.insert(0, GOLDEN)

import keraslike_checkpoint_cases as cases  # noqa: E402
import make_keraslike_checkpoints  # noqa: E402

keras = tf.keras
with open(os.path.join(GOLDEN, "tf_checkpoints.json")) as _f:
    TF_WROTE = json.load(_f)
X = np.array(TF_WROTE["x"], "float32")
Y = np.array(TF_WROTE["y"], "float32")


def _prefix(case):
    return os.path.join(GOLDEN, "tf_checkpoints", case, "ckpt")


def _model():
    return cases.make_model(keras)


def _close(a, b, tol=1e-6):
    np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=tol, atol=tol)


def test_restore_keras3_model_and_adam_written_by_tf():
    model = _model()
    status = tf.train.Checkpoint(model=model, optimizer=model.optimizer).restore(_prefix("keras3"))
    status.assert_consumed()
    _close(model.predict(X, verbose=0), TF_WROTE["keras3"]["prediction"])
    assert int(model.optimizer.iterations) == 1
    model.train_on_batch(X, Y)  # the restored Adam slots make the same next step as TF
    for got, expected in zip(model.get_weights(), TF_WROTE["keras3"]["weights_after_second_step"]):
        _close(got, expected)


def test_load_weights_of_a_tf_keras_save_weights_prefix():
    model = _model()
    status = model.load_weights(_prefix("tfkeras"))
    with pytest.raises(AssertionError, match="optimizer/_variables/1/"):
        status.assert_consumed()  # as tf_keras: the compiled optimizer's slots do not exist until its first step
    _close(model.predict(X, verbose=0), TF_WROTE["tfkeras"]["prediction"])
    model.train_on_batch(X, Y)
    status.assert_consumed()  # created by that step, they took their saved values
    for got, expected in zip(model.get_weights(), TF_WROTE["tfkeras"]["weights_after_second_step"]):
        _close(got, expected)


def test_load_weights_into_an_unbuilt_model_defers_until_it_builds():
    model = keras.Sequential([keras.layers.Dense(4, activation="relu"), keras.layers.Dense(2)])
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    tf.train.Checkpoint(model=model).restore(_prefix("keras3")).expect_partial()
    _close(model.predict(X, verbose=0), TF_WROTE["keras3"]["prediction"])


def _module(tf_module=tf):
    return cases.make_module_classes(tf_module)()


def test_restore_tf_module_with_nested_modules_lists_and_dicts():
    net = _module()
    tf.train.Checkpoint(net=net).read(_prefix("module")).assert_consumed()
    _close(net(X).numpy(), TF_WROTE["module"]["prediction"])
    assert net.table["b"].numpy().tolist() == [[1, 2]] and net.table["b"].dtype == tf.int32


def test_restore_plain_variables_and_nested_checkpoints():
    v, step, flags = tf.Variable([0.0, 0.0, 0.0]), tf.Variable(0, dtype=tf.int64), tf.Variable([False, False])
    nested = tf.train.Checkpoint(w=tf.Variable(np.zeros((2, 2))))
    tf.train.Checkpoint(v=v, step=step, flags=flags, nested=nested).read(_prefix("vars")).assert_consumed()
    assert v.numpy().tolist() == [1, 2, 3] and int(step) == 7 and flags.numpy().tolist() == [True, False]
    assert nested.w.numpy().tolist() == [[1, 2], [3, 4]]
    ckpt = tf.train.Checkpoint(v=tf.Variable([0.0, 0.0]))
    ckpt.restore(tf.train.latest_checkpoint(os.path.join(GOLDEN, "tf_checkpoints", "saved"))).assert_consumed()
    assert ckpt.v.numpy().tolist() == [3, 4] and int(ckpt.save_counter) == 2


def test_status_assertions_follow_tf():
    v = tf.Variable([0.0, 0.0, 0.0])
    status = tf.train.Checkpoint(v=v).read(_prefix("vars"))  # the checkpoint has more than this program
    with pytest.raises(AssertionError, match="step"):
        status.assert_consumed()
    status.assert_existing_objects_matched().assert_nontrivial_match().expect_partial()
    extra = tf.Variable(1.0)
    status = tf.train.Checkpoint(v=tf.Variable([0.0, 0.0, 0.0]), extra=extra).read(_prefix("vars"))
    with pytest.raises(AssertionError):
        status.assert_existing_objects_matched()
    with pytest.raises(AssertionError, match="Nothing except the root"):
        tf.train.Checkpoint(other=tf.Variable(1.0)).read(_prefix("vars")).assert_nontrivial_match()


def test_a_shape_mismatch_raises_and_restores_nothing():
    v, step = tf.Variable([9.0, 9.0]), tf.Variable(0, dtype=tf.int64)
    with pytest.raises(ValueError, match="incompatible tensor with shape"):
        tf.train.Checkpoint(step=step, v=v).read(_prefix("vars"))
    assert int(step) == 0 and v.numpy().tolist() == [9, 9]


def test_tf_reads_what_keraslike_writes(tmp_path):
    """TF 2.21 loaded keraslike's files (check_tf_reads_keraslike.py): every case matched and gave keraslike's
    values, predictions and next training step."""
    with open(os.path.join(GOLDEN, "tf_reads_keraslike.json")) as f:
        tf_read = json.load(f)
    with open(os.path.join(GOLDEN, "keraslike_checkpoints", "expected.json")) as f:
        expected = json.load(f)
    assert tf_read["vars"] == dict(expected["vars"], assert_consumed="ok")
    assert tf_read["module"]["assert_consumed"] == "ok"
    _close(tf_read["module"]["prediction"], expected["module"]["prediction"])
    for case in ("keras", "weights"):  # Keras 3 Checkpoint(model=, optimizer=); tf_keras load_weights(prefix)
        assert tf_read[case]["assert_existing_objects_matched"] == "ok" and tf_read[case]["iterations"] == 1
        _close(tf_read[case]["prediction"], expected[case]["prediction"])
        for got, want in zip(tf_read[case]["weights_after_second_step"], expected[case]["weights_after_second_step"]):
            _close(got, want, 1e-5)
    for case in ("functional", "functional_weights"):  # Keras 3 `_operations/<i>`; tf_keras layer_with_weights
        assert tf_read[case]["assert_existing_objects_matched"] == "ok"
        _close(tf_read[case]["prediction"], expected["functional"]["prediction"])
    # keraslike still writes what TF was shown: same keys, shapes and values
    make_keraslike_checkpoints.write_all(str(tmp_path))
    for case in ("vars", "module", "keras", "weights", "functional", "functional_weights"):
        shown = os.path.join(GOLDEN, "keraslike_checkpoints", case)
        now = str(tmp_path / case)
        shown = tf.train.latest_checkpoint(shown) or shown + "/ckpt"
        now = tf.train.latest_checkpoint(now) or now + "/ckpt"
        assert tf.train.list_variables(shown) == tf.train.list_variables(now)
        for key, _ in tf.train.list_variables(now):
            if key != "_CHECKPOINTABLE_OBJECT_GRAPH":
                _close(tf.train.load_variable(now, key), tf.train.load_variable(shown, key), 1e-6)


def test_round_trip_of_a_subclassed_model_with_a_list_of_layers(tmp_path):
    class Net(keras.Model):
        def __init__(self):
            super().__init__()
            self.first = keras.layers.Dense(3)
            self.blocks = [keras.layers.Dense(2), keras.layers.Dense(1)]

        def call(self, x):
            return self.blocks[1](self.blocks[0](self.first(x)))

    net = Net()
    expected = net(X).numpy()
    path = tf.train.Checkpoint(net=net).write(str(tmp_path / "ck"))
    names = [k for k, _ in tf.train.list_variables(path)]
    assert "net/first/kernel/.ATTRIBUTES/VARIABLE_VALUE" in names
    assert "net/blocks/1/bias/.ATTRIBUTES/VARIABLE_VALUE" in names
    other = Net()
    other(X)
    tf.train.Checkpoint(net=other).read(path).assert_consumed()
    _close(other(X).numpy(), expected)


def test_checkpoints_in_keraslike_earlier_format_still_load(tmp_path):
    """Before TF-format checkpoints keraslike wrote a JSON `.index` and HDF5/safetensors values; the format is
    sniffed, so those files keep loading (Checkpoint.restore, model.load_weights, tf.train.load_variable)."""
    h5py = pytest.importorskip("h5py")
    model = _model()
    weights = cases.dense_weights()
    prefix = str(tmp_path / "old")
    arrays = {"save_counter": np.array(3, "int64"), "v": np.array([1.5, 2.5], "float32")}
    arrays.update({f"model/weights/{i}": w for i, w in enumerate(weights)})
    with h5py.File(prefix + ".data-00000-of-00001", "w") as f:
        for key, value in arrays.items():
            f.create_dataset(key, data=value)
    index = {"format": "h5", "keys": {k: {"shape": list(v.shape), "dtype": str(v.dtype)} for k, v in arrays.items()}}
    with open(prefix + ".index", "w") as f:
        json.dump(index, f)
    v = tf.Variable([0.0, 0.0])
    ckpt = tf.train.Checkpoint(model=model, v=v)
    ckpt.restore(prefix).assert_consumed()
    assert v.numpy().tolist() == [1.5, 2.5] and int(ckpt.save_counter) == 3
    for got, want in zip(model.get_weights(), weights):
        _close(got, want)
    assert tf.train.load_variable(prefix, "v").tolist() == [1.5, 2.5]


def _functional():
    """The two-input model of make_tf_checkpoint_golden.py (Conv2D, BatchNormalization, Embedding, LSTM, Dense)."""
    images = keras.Input((6, 6, 2))
    x = keras.layers.Conv2D(3, 3, activation="relu")(images)
    x = keras.layers.BatchNormalization()(x)
    x = keras.layers.GlobalAveragePooling2D()(x)
    tokens = keras.Input((4,), dtype="int32")
    y = keras.layers.LSTM(3)(keras.layers.Embedding(5, 2)(tokens))
    return keras.Model([images, tokens], keras.layers.Dense(2)(keras.layers.Concatenate()([x, y])))


@pytest.mark.parametrize("case", ["keras3_functional", "tfkeras_functional"])
def test_functional_model_with_two_inputs_from_tf(case):
    """Keras 3 interleaves the input layers in `_operations` (`model/_operations/8/...`); tf_keras counts
    `layer_with_weights-<j>`: both restore every weight (conv kernel, BatchNorm statistics, LSTM cell)."""
    model = _functional()
    inputs = [np.array(TF_WROTE["keras3_functional"]["images"], "float32"),
              np.array(TF_WROTE["keras3_functional"]["tokens"], "int32")]
    if case == "keras3_functional":
        tf.train.Checkpoint(model=model).read(_prefix(case)).assert_consumed()
    else:
        model.load_weights(_prefix(case)).assert_consumed()
    _close(model.predict(inputs, verbose=0), TF_WROTE[case]["prediction"], 1e-5)


def test_a_checkpoint_of_something_untrackable_raises_at_construction():
    with pytest.raises(ValueError, match="Received: thing=3"):
        tf.train.Checkpoint(thing=3)


def test_variables_of_a_tf_saved_model_restore_into_the_same_model():
    """A SavedModel's `variables/variables` is a TF checkpoint; with the model as its root it restores into a
    keraslike model built the same way (the graphs in saved_model.pb cannot run here)."""
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"), keras.layers.Dense(2)])
    tf.train.Checkpoint(root=model).read(_prefix("saved_model_variables")).assert_existing_objects_matched()
    _close(model.predict(X, verbose=0), TF_WROTE["saved_model_variables"]["prediction"])
