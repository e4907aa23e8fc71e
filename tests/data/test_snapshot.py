"""`Dataset.snapshot(path)` as tutorials/load_data/csv uses it: a CSV dataset snapshotted, shuffled and repeated.

The first complete pass writes the elements under `path`, later passes read them back (the same elements,
in the same order before the shuffle). Arguments keraslike does not implement raise naming themselves.
"""

import os

import numpy as np
import pytest

import keraslike as tf


def _csv(tmp_path, rows=23):
    path = tmp_path / "traffic.csv"
    lines = ["temp,traffic_volume"] + [f"{280 + i * 0.5},{1000 + 7 * i}" for i in range(rows)]
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def _make_ds(csv_path):
    return tf.data.experimental.make_csv_dataset(csv_path, batch_size=4, label_name="traffic_volume",
                                                 num_epochs=1, shuffle=False)


def test_snapshot_shuffle_repeat_as_the_csv_tutorial(tmp_path):
    csv_path = _csv(tmp_path)
    ds = _make_ds(csv_path)
    snap_dir = str(tmp_path / "titanic.tfsnap")
    snapshotting = ds.snapshot(snap_dir).shuffle(1000)
    labels = []
    for _batch, label in snapshotting.shuffle(1000).repeat(3):
        labels.extend(label.numpy().tolist())
    assert sorted(labels) == sorted(3 * [1000 + 7 * i for i in range(23)])
    assert os.listdir(snap_dir)  # the snapshot is on disk


def test_later_passes_read_the_snapshot(tmp_path):
    calls = []

    def record(x):
        calls.append(1)
        return x * 2

    ds = tf.data.Dataset.from_generator(lambda: iter(range(5)), output_signature=tf.TensorSpec((), tf.int64))
    snap = ds.map(lambda x: tf.py_function(record, [x], tf.int64)).snapshot(str(tmp_path / "s"))
    first = [int(x) for x in snap]
    second = [int(x) for x in snap]
    assert first == second == [0, 2, 4, 6, 8]
    assert len(calls) == 5  # the second pass read the files
    assert np.asarray(list(snap.as_numpy_iterator())).tolist() == first


@pytest.mark.parametrize("kwargs, arg", [({"compression": "GZIP"}, "compression"),
                                         ({"reader_func": lambda d: d}, "reader_func"),
                                         ({"shard_func": lambda x: 0}, "shard_func")])
def test_unsupported_arguments_raise_naming_them(tmp_path, kwargs, arg):
    with pytest.raises(ValueError, match=f"Received: {arg}="):
        tf.data.Dataset.range(3).snapshot(str(tmp_path / "s"), **kwargs)
