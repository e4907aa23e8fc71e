"""The tf.data.Dataset methods of issue 11 (window, scan, unique, take_while, group_by_window, bucketing,
rebatch, choose/sample_from_datasets, random, rejection_resample, save/load) against real TF 2.21.

Deterministic cases (`tests/golden/dataset_method_cases.py`) compare with `tests/golden/dataset_methods.json`
(written by `tests/golden/make_dataset_method_golden.py` under real TF). The random methods are checked by
what TF guarantees (every element once, frequencies, reproducibility for a seed, agreement after
`tf.random.set_seed`), unseeded; save/load by round trips.
"""

import json
import os
import sys
import warnings

import numpy as np
import pytest

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))

import core_cases  # noqa: E402
import dataset_method_cases  # noqa: E402
sys.path.insert(0, os.path.join(HERE, "..", "ops"))
from test_core_surface_golden import _close  # noqa: E402

with open(os.path.join(HERE, "..", "golden", "dataset_methods.json")) as _handle:
    GOLDEN = json.load(_handle)["cases"]


def test_goldens_cover_every_case():
    assert sorted(GOLDEN) == sorted(dataset_method_cases.CASES)


@pytest.mark.parametrize("name", sorted(dataset_method_cases.CASES))
def test_case_matches_tensorflow(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # numpy's overflow warning of the inf case, as in TF
        got = core_cases.run(dataset_method_cases.CASES[name], tf)
    _close(got, GOLDEN[name], name)



def _ints(dataset):
    return [int(v) for v in dataset]


def test_sample_from_datasets_sees_every_element_once_unseeded():
    a, b, c = tf.data.Dataset.range(50), tf.data.Dataset.range(100, 137), tf.data.Dataset.range(200, 201)
    ds = tf.data.Dataset.sample_from_datasets([a, b, c], weights=[0.2, 0.7, 0.1])
    first, second = _ints(ds), _ints(ds)
    want = list(range(50)) + list(range(100, 137)) + [200]
    assert sorted(first) == want and sorted(second) == want
    assert first != second  # reshuffled each pass (rerandomize_each_iteration defaults to True)
    assert [v for v in first if v < 100] == list(range(50))  # each input keeps its order


def test_sample_from_datasets_weights_and_seeds():
    ones, zeros = tf.data.Dataset.from_tensors(1).repeat(), tf.data.Dataset.from_tensors(0).repeat()
    draws = _ints(tf.data.Dataset.sample_from_datasets([ones, zeros], weights=[0.9, 0.1], seed=3).take(4000))
    assert abs(np.mean(draws) - 0.9) < 0.03  # binomial sd is 0.005
    seeded = tf.data.Dataset.sample_from_datasets([tf.data.Dataset.range(5), tf.data.Dataset.range(10, 15)], seed=7,
                                                  rerandomize_each_iteration=False)
    assert _ints(seeded) == _ints(seeded)
    stop = tf.data.Dataset.sample_from_datasets([tf.data.Dataset.range(3), tf.data.Dataset.range(10, 100)],
                                                stop_on_empty_dataset=True)
    assert len(_ints(stop)) < 90
    weight_ds = tf.data.Dataset.from_tensors([0.0, 1.0]).repeat()
    assert _ints(tf.data.Dataset.sample_from_datasets([ones, zeros], weights=weight_ds).take(20)) == [0] * 20
    with pytest.raises(ValueError, match="weights"):
        tf.data.Dataset.sample_from_datasets([ones, zeros], weights=[1.0])
    with pytest.raises(TypeError, match="same"):
        tf.data.Dataset.sample_from_datasets([ones, tf.data.Dataset.from_tensors(1.0)])


def test_random_dataset():
    tf.random.set_seed(11)
    first = _ints(tf.data.Dataset.random().take(200))
    tf.random.set_seed(11)
    again = _ints(tf.data.Dataset.random().take(200))
    assert first == again  # the seed comes from the global RNG, as shuffle's does
    assert all(0 <= v < 2**32 for v in first) and len(set(first)) == 200
    unseeded = tf.data.Dataset.random().take(5)
    assert _ints(unseeded) == _ints(unseeded)  # rerandomize_each_iteration=False repeats the sequence
    fresh = tf.data.Dataset.random(rerandomize_each_iteration=True).take(5)
    assert _ints(fresh) != _ints(fresh)
    assert _ints(tf.data.Dataset.random(seed=5).take(3)) == _ints(tf.data.Dataset.random(seed=5).take(3))
    values = np.array(_ints(tf.data.Dataset.random(seed=1).take(4000))) / 2**32
    assert abs(values.mean() - 0.5) < 0.02 and values.min() < 0.01 and values.max() > 0.99


def test_rejection_resample_reaches_the_target_distribution():
    labels = np.array([0] * 800 + [1] * 150 + [2] * 50)
    np.random.default_rng(0).shuffle(labels)
    ds = tf.data.Dataset.from_tensor_slices(labels).repeat(3)
    for initial in (None, [0.8, 0.15, 0.05]):
        out = list(ds.rejection_resample(lambda x: x, target_dist=[1 / 3, 1 / 3, 1 / 3], initial_dist=initial))
        classes = np.array([int(c) for c, _ in out])
        assert all(int(c) == int(e) for c, e in out)
        freq = np.bincount(classes, minlength=3) / len(classes)
        np.testing.assert_allclose(freq, [1 / 3] * 3, atol=0.06)
        assert 300 < len(classes) < 700  # about 3 * 3 * 50 kept: the rare class is never rejected


def test_save_and_load_round_trip(tmp_path):
    strings = ["a", "bb\x00", "", "d e"]
    ds = tf.data.Dataset.from_tensor_slices({
        "x": np.arange(8, dtype=np.float32).reshape(4, 2), "label": np.array([1, 0, 1, 1], np.int64),
        "text": tf.constant(strings), "half": np.ones((4, 3), np.float16)}).map(lambda d: (d, d["label"] * 2))
    path = tmp_path / "saved"
    ds.save(str(path))
    loaded = tf.data.Dataset.load(str(path))
    assert loaded.element_spec == ds.element_spec and int(loaded.cardinality()) == 4
    for (got, got2), (want, want2) in zip(loaded, ds):
        for key in ("x", "label", "half"):
            assert got[key].dtype == want[key].dtype
            np.testing.assert_array_equal(got[key].numpy(), want[key].numpy())
        assert got["text"].numpy() == want["text"].numpy()
        assert int(got2) == int(want2)
    assert [e[0]["text"].numpy() for e in loaded] == [s.encode() for s in strings]  # a trailing NUL survives
    for record in path.glob("shard_*"):  # every record reads without pickle
        with open(record, "rb") as handle:
            while handle.peek(1):
                np.load(handle, allow_pickle=False)


def test_save_gzip_shards_reader_func_and_overwrite(tmp_path):
    path = str(tmp_path / "sharded")
    ds = tf.data.Dataset.range(10)
    ds.save(path, compression="GZIP", shard_func=lambda x: x % 3)
    assert sorted(p.name for p in (tmp_path / "sharded").iterdir()) == [
        "dataset_spec.json", "shard_00000.records.gz", "shard_00001.records.gz", "shard_00002.records.gz"]
    assert _ints(tf.data.Dataset.load(path, compression="GZIP")) == [0, 3, 6, 9, 1, 4, 7, 2, 5, 8]
    interleaved = tf.data.Dataset.load(path, compression="GZIP",
                                       reader_func=lambda shards: shards.interleave(lambda s: s, cycle_length=3))
    assert _ints(interleaved) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    with pytest.raises(ValueError, match="compression"):
        tf.data.Dataset.load(path)
    tf.data.Dataset.range(3).save(path)  # replaces the earlier save as a whole
    assert _ints(tf.data.Dataset.load(path)) == [0, 1, 2]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sharded"]  # no staging directories left
    tf.data.experimental.save(tf.data.Dataset.range(2), path)
    assert _ints(tf.data.experimental.load(path)) == [0, 1]


def test_save_load_errors(tmp_path):
    with pytest.raises(ValueError, match="checkpoint_args"):
        tf.data.Dataset.range(2).save(str(tmp_path / "a"), checkpoint_args={"checkpoint_interval": 1})
    with pytest.raises(ValueError, match="infinite"):
        tf.data.Dataset.range(2).repeat().save(str(tmp_path / "b"))
    with pytest.raises(FileNotFoundError, match="No keraslike dataset"):
        tf.data.Dataset.load(str(tmp_path / "missing"))
    tf.data.Dataset.range(2).save(str(tmp_path / "c"))
    with pytest.raises(ValueError, match="element_spec"):
        tf.data.Dataset.load(str(tmp_path / "c"), element_spec=tf.TensorSpec((), tf.int32))


def test_bucketing_and_window_errors():
    lengths = tf.data.Dataset.from_generator(lambda: ([1] * n for n in [1, 6]), output_signature=tf.TensorSpec(
        [None], tf.int32))
    with pytest.raises(ValueError, match="last\\s+bucket boundary"):
        list(lengths.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 5], [1, 1, 1],
                                               pad_to_bucket_boundary=True))
    with pytest.raises(ValueError, match="increasing"):
        tf.data.Dataset.range(3).bucket_by_sequence_length(lambda x: x, [5, 3], [1, 1, 1])
    with pytest.raises(ValueError, match="size"):
        tf.data.Dataset.range(3).window(0)
    with pytest.raises(ValueError, match="rank >= 1"):
        tf.data.Dataset.range(3).rebatch(2)
