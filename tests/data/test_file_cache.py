"""`Dataset.cache(filename)` writes the first complete pass to files and reads them afterwards (issue 14 item 1).

The reference is the uncached dataset itself; that later passes come from the files is shown by a map
that counts its calls (it must not run again, also in a fresh dataset object, as in a new program run).
"""

import os
import subprocess
import sys

import numpy as np
import pytest
import torch

import keraslike as tf

Dataset = tf.data.Dataset


def _pipeline(calls):
    def count(x, label):
        calls.append(1)
        return {"x": tf.cast(x, tf.float32) * 2.0, "label": label}, x[0, 0] > 4

    x = np.arange(24, dtype="float64").reshape(6, 2, 2)
    labels = ["a", "bb", "", "dddd", "é", "f"]
    return Dataset.from_tensor_slices((x, labels)).map(count)


def _as_lists(ds):
    out = []
    for element in ds:
        out.append([np.asarray(leaf.numpy()).tolist() for leaf in tf.nest.flatten(element)])
    return out


def test_second_pass_and_a_new_dataset_read_the_files(tmp_path):
    prefix = str(tmp_path / "cache" / "train")
    os.makedirs(os.path.dirname(prefix))
    expected = _as_lists(_pipeline([]))
    traced = []
    assert _pipeline(traced).element_spec is not None  # what the element spec costs (a map call on a placeholder)
    calls = []
    ds = _pipeline(calls).cache(prefix)
    assert _as_lists(ds) == expected and len(calls) == 6 + len(traced)
    assert os.path.exists(prefix + ".index") and os.path.exists(prefix + ".data-00000-of-00001")
    assert _as_lists(ds) == expected and len(calls) == 6 + len(traced)  # read back, the map did not run
    again = []
    assert _as_lists(_pipeline(again).cache(prefix)) == expected and len(again) == len(traced)
    first = next(iter(_pipeline([]).cache(prefix)))
    assert first[0]["x"].dtype == torch.float32 and tuple(first[0]["x"].shape) == (2, 2)
    assert first[0]["label"].dtype == tf.string and first[1].dtype == torch.bool
    assert sorted(os.listdir(tmp_path / "cache")) == ["train.data-00000-of-00001", "train.index"]


def test_a_pass_stopped_early_leaves_no_cache(tmp_path):
    prefix = str(tmp_path / "partial")
    calls = []
    ds = _pipeline(calls).cache(prefix)
    with pytest.warns(UserWarning, match="did not fully read"):
        assert len(_as_lists(ds.take(2))) == 2
    assert os.listdir(tmp_path) == []
    assert len(_as_lists(ds)) == 6 and os.path.exists(prefix + ".index")


def test_dtypes_shapes_and_empty_tensors_round_trip(tmp_path):
    values = {"b": torch.tensor([[True, False]]), "h": torch.arange(6, dtype=torch.bfloat16).reshape(1, 2, 3),
              "i": torch.tensor([[7]], dtype=torch.int64), "z": torch.zeros((1, 0, 4))}
    ds = Dataset.from_tensor_slices(values)
    for _ in range(2):  # written, then read
        (element,) = list(ds.cache(str(tmp_path / "kinds")))
        for key, value in values.items():
            assert element[key].dtype == value.dtype and element[key].shape == value[0].shape
            assert torch.equal(element[key], value[0])


def test_bad_or_foreign_files_raise(tmp_path):
    prefix = str(tmp_path / "foreign")
    with open(prefix + ".index", "wb") as f:
        f.write(b"\x00\x01not ours")
    with pytest.raises(tf.errors.DataLossError, match="not a keraslike tf.data cache"):
        list(Dataset.range(3).cache(prefix))
    with pytest.raises(tf.errors.NotFoundError, match="does not exist"):
        list(Dataset.range(3).cache(str(tmp_path / "missing" / "c")))
    with pytest.raises(TypeError, match="filename"):
        Dataset.range(3).cache(5)


@pytest.mark.slow
def test_a_later_program_run_reads_the_cache(tmp_path):
    program = ("import sys, keraslike as tf\n"
               "calls = []\n"
               "ds = tf.data.Dataset.range(5).map(lambda x: (calls.append(1), x * 3)[1]).cache(sys.argv[1])\n"
               "print([int(v) for v in ds], len(calls))\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in [os.getcwd(), os.environ.get("PYTHONPATH")] if p))
    runs = [subprocess.run([sys.executable, "-c", program, str(tmp_path / "run")], capture_output=True, text=True,
                           env=env, timeout=300) for _ in range(2)]
    # 1 call finds the element spec (the map traced on a placeholder); the second run's map never sees data
    assert [r.stdout.strip() for r in runs] == ["[0, 3, 6, 9, 12] 6", "[0, 3, 6, 9, 12] 1"], runs[-1].stderr
