"""`keras.utils` data helpers against real Keras 3.15 (`tests/golden/make_utils_golden.py`), plus
their shuffling and error contracts."""

import os
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN)

import make_utils_golden as cases  # noqa: E402

DATA = dict(np.load(os.path.join(GOLDEN, "utils.npz"), allow_pickle=False))
utils = tf.keras.utils


@pytest.mark.parametrize("name", sorted(cases.PAD_CASES))
def test_pad_sequences_matches_keras(name):
    got = utils.pad_sequences(cases.SEQS, **cases.PAD_CASES[name])
    want = DATA[f"pad/{name}"]
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(tf.keras.preprocessing.sequence.pad_sequences(cases.SEQS), DATA["pad/default"])


def test_normalize_matches_keras():
    x = np.array([[3.0, 4.0, 0.0], [0.0, 0.0, 0.0], [1.0, -1.0, 2.0]], "float32")
    np.testing.assert_allclose(utils.normalize(x), DATA["normalize/l2"], rtol=1e-6)
    np.testing.assert_allclose(utils.normalize(x, axis=0, order=1), DATA["normalize/l1_axis0"], rtol=1e-6)
    np.testing.assert_allclose(utils.normalize(tf.constant(x[:1])).numpy(), DATA["normalize/l2"][:1], rtol=1e-6)


@pytest.mark.parametrize("name", sorted(cases.TIMESERIES))
def test_timeseries_dataset_matches_keras(name):
    kwargs = dict(cases.TIMESERIES[name])
    targets = kwargs.pop("targets", cases.SERIES[:, 0] * 10)
    batches = list(utils.timeseries_dataset_from_array(cases.SERIES, targets, **kwargs))
    want = sorted(k for k in DATA if k.startswith(f"timeseries/{name}/x"))
    assert len(batches) == len(want)
    for i, batch in enumerate(batches):
        x = batch if targets is None else batch[0]
        np.testing.assert_array_equal(np.asarray(x), DATA[f"timeseries/{name}/x{i}"])
        if targets is not None:
            np.testing.assert_array_equal(np.asarray(batch[1]), DATA[f"timeseries/{name}/y{i}"])


def test_timeseries_shuffle_keeps_every_window_once():
    ds = utils.timeseries_dataset_from_array(cases.SERIES, np.arange(20), sequence_length=3, batch_size=4,
                                             shuffle=True, seed=1)
    firsts = np.concatenate([np.asarray(x)[:, 0, 0] for x, _ in ds])
    targets = np.concatenate([np.asarray(y) for _, y in ds])
    assert sorted(firsts.tolist()) == [2.0 * i for i in range(18)]
    np.testing.assert_array_equal(firsts / 2, targets)
    with pytest.raises(ValueError, match="sequence_length"):
        utils.timeseries_dataset_from_array(cases.SERIES, None, sequence_length=0)


@pytest.mark.parametrize("name,kwargs", [("frac", {"left_size": 0.7}), ("right_int", {"right_size": 3}),
                                         ("both", {"left_size": 0.2, "right_size": 0.5})])
def test_split_dataset_matches_keras(name, kwargs):
    data = (np.arange(30, dtype="float32").reshape(10, 3), np.arange(10))
    for source in (data, tf.data.Dataset.from_tensor_slices(data)):
        left, right = utils.split_dataset(source, **kwargs)
        for side, ds in (("left", left), ("right", right)):
            items = list(ds)
            for k in range(2):
                got = np.stack([np.asarray(item[k]) for item in items])
                np.testing.assert_array_equal(got, DATA[f"split/{name}/{side}{k}"])


def test_split_dataset_shuffle_and_errors():
    x = np.arange(20)
    left, right = utils.split_dataset(x, left_size=0.5, shuffle=True, seed=3)
    seen = [int(v) for v in left] + [int(v) for v in right]
    assert sorted(seen) == list(range(20)) and seen[:10] != list(range(10))
    with pytest.raises(ValueError, match="At least one"):
        utils.split_dataset(x)
    with pytest.raises(ValueError, match="left_size"):
        utils.split_dataset(x, left_size=1.5)
    with pytest.raises(TypeError, match="left_size"):
        utils.split_dataset(x, left_size="half")


def test_keras_tensor_helpers_and_reexports():
    a, b = tf.keras.Input((3,)), tf.keras.Input((3,))
    out = tf.keras.layers.Dense(2)(tf.keras.layers.Add()([a, b]))
    assert utils.is_keras_tensor(out) and not utils.is_keras_tensor(np.ones(2))
    sources = utils.get_source_inputs(out)
    assert len(sources) == 2 and sources[0] is a and sources[1] is b
    assert utils.standardize_dtype(np.float32) == "float32" and utils.standardize_dtype("float") == "float32"
    assert utils.serialize_keras_object is tf.keras.saving.serialize_keras_object
