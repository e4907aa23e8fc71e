"""A seeded `Dataset.shuffle` gives TF's order, pass after pass (golden: tests/golden/keras_seeded_random.json,
written by tests/golden/make_keras_seeded_random.py under TF 2.21)."""

import json
import pathlib

import numpy as np
import pytest

import keraslike as tf

GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "golden" / "keras_seeded_random.json").read_text())["shuffle"]


def passes(ds, n=2):
    return [[np.asarray(v).tolist() for v in ds] for _ in range(n)]


def _cases():
    tf.random.set_seed(812)
    tf.random.uniform(())  # an op drawn before takes the first op seed
    out = {"global": passes(tf.data.Dataset.range(50).shuffle(50)),
           "global_small_buffer": passes(tf.data.Dataset.range(40).shuffle(7)),
           "global_and_op": passes(tf.data.Dataset.range(30).shuffle(100, seed=5)),
           "no_reshuffle": passes(tf.data.Dataset.range(30).shuffle(10, seed=5, reshuffle_each_iteration=False)),
           "batched_arrays": passes(tf.data.Dataset.from_tensor_slices(np.arange(20).reshape(10, 2)).shuffle(10)
                                    .batch(4))}
    tf.random.set_seed(None)
    out["op_only"] = passes(tf.data.Dataset.range(30).shuffle(8, seed=9))
    return out


@pytest.fixture(scope="module")
def cases():
    return _cases()


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_seeded_shuffle_gives_tfs_order(cases, name):
    assert cases[name] == GOLDEN[name]


def test_unseeded_shuffle_is_a_permutation_each_pass():
    tf.random.set_seed(None)
    ds = tf.data.Dataset.range(100).shuffle(30)
    first, second = passes(ds)
    assert sorted(first) == sorted(second) == list(range(100)) and first != second


def test_a_map_traced_on_elements_leaves_the_first_pass_to_the_data():
    # the spec of a function that fails on the placeholder is traced on real elements; that look takes no pass of
    # the shuffle (TF traces without iterating), and skips elements the function fails on (ignore_errors)
    def check(x):
        return tf.debugging.check_numerics(1.0 / x, "error")

    def shifted():
        return tf.data.Dataset.range(1, 9).shuffle(8, seed=1).map(lambda x: tf.cast(x, tf.float32) - 4.0)

    tf.random.set_seed(1)
    plain = passes(shifted())
    assert plain[1][0] == 0.0  # the failing element comes first in the second pass
    tf.random.set_seed(1)
    ds = shifted()
    passes(ds, 1)
    kept = passes(ds.map(check).ignore_errors(), 1)[0]
    np.testing.assert_allclose(kept, [1 / v for v in plain[1] if v != 0], rtol=1e-6)


def test_fit_building_the_model_takes_no_shuffle_pass():
    # Keras builds a Sequential without an Input on the first step's batch: training's first epoch must see the
    # dataset's first order, not the second (the look at the first batch that builds the model takes no pass)
    seen = []

    class Record(tf.keras.layers.Layer):
        def call(self, x, training=None):
            if training:
                seen.append(np.asarray(x).ravel().tolist())
            return x

    def data():
        x = np.arange(10, dtype="float32")[:, None]
        return tf.data.Dataset.from_tensor_slices((x, np.zeros((10, 1), "float32"))).shuffle(10).batch(10)

    tf.random.set_seed(3)
    first_order = np.asarray(next(iter(data()))[0]).ravel().tolist()
    tf.random.set_seed(3)
    net = tf.keras.Sequential([Record(), tf.keras.layers.Dense(1)])
    net.compile(optimizer="sgd", loss="mse")
    net.fit(data(), epochs=1, verbose=0)
    assert seen == [first_order]


@pytest.mark.parametrize("legacy", [False, True], ids=["keras3", "tf_keras"])
def test_fit_epochs_train_on_tfs_passes(legacy, monkeypatch):
    # Keras 3 makes (and drops) an iterator at the end of each epoch of known length, tf_keras one before the first
    # epoch: TF's shuffle draws a pass for each, so epoch e trains on pass 2e (Keras 3) or e + 1 (tf_keras)
    if legacy:
        monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    full = json.loads((pathlib.Path(__file__).parents[1] / "golden" / "keras_seeded_random.json").read_text())
    want = full["legacy"]["fit_epochs"] if legacy else full["fit_epochs"]
    seen = []

    class Record(tf.keras.layers.Layer):
        def call(self, x, training=None):
            if training:
                seen.append(np.asarray(x).ravel().astype(int).tolist())
            return x

    x = np.arange(10, dtype="float32")[:, None]
    tf.random.set_seed(3)
    data = tf.data.Dataset.from_tensor_slices((x, np.zeros((10, 1), "float32"))).shuffle(10).batch(10)
    net = tf.keras.Sequential([Record(), tf.keras.layers.Dense(1)])
    net.compile(optimizer="sgd", loss="mse", run_eagerly=True)
    val = tf.data.Dataset.from_tensor_slices((np.ones((4, 1), "float32"), np.zeros((4, 1), "float32"))).batch(2)
    net.fit(data, epochs=3, verbose=0, validation_data=val)
    assert seen == want
