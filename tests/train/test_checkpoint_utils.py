"""tf.train.load_checkpoint / list_variables / load_variable / get_checkpoint_state / checkpoints_iterator /
CheckpointOptions on keraslike checkpoints written by tf.train.Checkpoint."""

import threading

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.train import checkpoint_utils


def _saved(tmp_path):
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    step = tf.Variable(7, dtype=tf.int64)
    ckpt = tf.train.Checkpoint(v=v, step=step)
    first = ckpt.save(str(tmp_path / "ckpt"))
    v.assign([[5.0, 6.0], [7.0, 8.0]])
    second = ckpt.save(str(tmp_path / "ckpt"))
    return first, second


def test_reader_and_listing(tmp_path):
    first, second = _saved(tmp_path)
    # TF's object-graph keys, as TF 2.21 lists a checkpoint it saved this way
    v_key, step_key, counter_key = (f"{n}/.ATTRIBUTES/VARIABLE_VALUE" for n in ("v", "step", "save_counter"))
    assert tf.train.list_variables(str(tmp_path)) == [("_CHECKPOINTABLE_OBJECT_GRAPH", []), (counter_key, []),
                                                      (step_key, []), (v_key, [2, 2])]
    np.testing.assert_array_equal(tf.train.load_variable(str(tmp_path), v_key), [[5.0, 6.0], [7.0, 8.0]])
    np.testing.assert_array_equal(tf.train.load_variable(first, v_key + ":0"), [[1.0, 2.0], [3.0, 4.0]])
    reader = tf.train.load_checkpoint(second)
    assert reader.has_tensor(step_key) and not reader.has_tensor("nope")
    assert reader.get_tensor(step_key) == 7 and reader.get_tensor(counter_key) == 2
    assert reader.get_variable_to_shape_map()[v_key] == [2, 2]
    assert reader.get_variable_to_dtype_map()[step_key] == torch.int64
    with pytest.raises(ValueError, match="not found"):
        reader.get_tensor("nope")
    with pytest.raises(ValueError, match="Couldn't find"):
        tf.train.load_checkpoint(str(_empty(tmp_path)))


def _empty(tmp_path):
    d = tmp_path / "empty"
    d.mkdir()
    return d


def test_checkpoint_state(tmp_path):
    first, second = _saved(tmp_path)
    state = tf.train.get_checkpoint_state(str(tmp_path))
    assert state.model_checkpoint_path == second and state.all_model_checkpoint_paths == [first, second]
    assert tf.train.get_checkpoint_state(str(_empty(tmp_path))) is None


def test_checkpoints_iterator_yields_new_checkpoints(tmp_path):
    v = tf.Variable(1.0)
    ckpt = tf.train.Checkpoint(v=v)
    first = ckpt.save(str(tmp_path / "c"))
    seen = []
    done = threading.Event()

    def later():
        done.wait(10)
        ckpt.save(str(tmp_path / "c"))

    t = threading.Thread(target=later)
    t.start()
    # the second checkpoint appears while the iterator polls (one 1-s sleep per 1.5-s timeout); the timeout_fn keeps
    # it waiting until both were seen, so the loop ends about a second after the second one however long the save
    # took (a fixed timeout of 4 s without timeout_fn cost 4 s of waiting)
    for path in tf.train.checkpoints_iterator(str(tmp_path), timeout=1.5, timeout_fn=lambda: len(seen) >= 2):
        seen.append(path)
        done.set()
    t.join()
    assert seen == [first, str(tmp_path / "c-2")]
    # a timeout without timeout_fn ends the iteration once nothing new appears
    assert list(tf.train.checkpoints_iterator(str(tmp_path), timeout=0)) == [str(tmp_path / "c-2")]
    calls = []
    assert list(tf.train.checkpoints_iterator(str(_empty(tmp_path)), timeout=0,
                                              timeout_fn=lambda: calls.append(1) or len(calls) >= 2)) == []
    assert len(calls) == 2


class _Clock:
    """A stand-in for the `time` module: `sleep` advances `time()` and is recorded."""

    def __init__(self):
        self.now, self.sleeps = 1000.0, []

    def time(self):
        return self.now

    def sleep(self, seconds):
        self.sleeps.append(seconds)
        self.now += seconds


@pytest.mark.parametrize("timeout, sleeps", [(0, 0), (0.5, 0), (1, 1), (2.5, 2), (4, 4)])
def test_checkpoints_iterator_stops_before_a_sleep_would_pass_the_timeout(tmp_path, monkeypatch, timeout, sleeps):
    # TF 2.21's wait_for_new_checkpoint returns once `time.time() + seconds_to_sleep > stop_time`, before sleeping:
    # the sleeps are TF's under the same stand-in clock (checked against TF 2.21's checkpoints_iterator with its
    # `time` replaced). keraslike slept until past the timeout: 1, 1, 2, 3, 5 sleeps for these timeouts.
    clock = _Clock()
    monkeypatch.setattr(checkpoint_utils, "time", clock)
    assert list(tf.train.checkpoints_iterator(str(_empty(tmp_path)), timeout=timeout)) == []
    assert clock.sleeps == [1] * sleeps


def test_checkpoint_options():
    opts = tf.train.CheckpointOptions(experimental_io_device="/job:localhost/device:CPU:0")
    assert opts.experimental_io_device.endswith("CPU:0")
    with pytest.raises(NotImplementedError, match="enable_async"):
        tf.train.CheckpointOptions(enable_async=True)
    with pytest.raises(NotImplementedError, match="experimental_io_device"):
        tf.train.CheckpointOptions(experimental_io_device="/gpu:0")
