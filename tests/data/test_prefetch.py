"""`Dataset.prefetch`: produced ahead on a thread for pure in-memory pipelines, on the consumer's thread
otherwise; same elements, order and errors as without prefetch.

Run: python -m pytest tests/data/test_prefetch.py -q
"""

import threading

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.data import prefetch

Dataset = tf.data.Dataset


def _producer_threads():
    return [t for t in threading.enumerate() if t.name == "tf.data.prefetch"]


def _pipeline(buffer):
    x = np.arange(600, dtype=np.uint8).reshape(200, 3)
    ds = Dataset.from_tensor_slices((x, np.arange(200))).map(lambda a, b: (tf.cast(a, tf.float32) / 255.0, b))
    return ds.shuffle(200, seed=4).repeat(2).batch(16).prefetch(buffer)


def test_prefetched_equals_unprefetched_and_uses_a_thread(monkeypatch):
    started = []
    real = prefetch._Producer.__init__

    def recording(self, *args):
        started.append(1)
        real(self, *args)

    monkeypatch.setattr(prefetch._Producer, "__init__", recording)
    plain = [tuple(t.clone() for t in b) for b in _pipeline(0)]
    assert not started
    for buffer in (1, 3, tf.data.AUTOTUNE):
        ahead = list(_pipeline(buffer))
        assert len(ahead) == len(plain) == 25
        for a, b in zip(ahead, plain):
            assert all(torch.equal(u, v) for u, v in zip(a, b))
    assert len(started) == 3


def test_random_maps_are_produced_on_the_consumer_thread_in_seed_order():
    def build():
        return Dataset.from_tensor_slices(np.zeros((40, 2), np.float32)).map(
            lambda v: v + tf.random.uniform((2,))).batch(8).prefetch(4)

    runs = []
    for _ in range(2):
        tf.random.set_seed(11)
        values = []
        for batch in build():
            values.append(batch.clone())
            values.append(tf.random.uniform((1,)))   # the "training" thread draws in between
        runs.append(torch.cat([v.reshape(-1) for v in values]))
    assert torch.equal(runs[0], runs[1])


def test_errors_surface_at_their_element_and_early_exit_stops_the_producer():
    ds = Dataset.range(100).batch(10).prefetch(2)
    iterator = iter(ds)
    assert next(iterator).tolist() == list(range(10))
    del iterator
    for _ in range(100):
        if not _producer_threads():
            break
        threading.Event().wait(0.05)
    assert not _producer_threads()



def test_an_error_on_the_producer_thread_is_raised_at_its_element(monkeypatch):
    from keraslike._src.data import index_plan

    calls = []
    real = index_plan.RangeSource.gather

    def failing(self, indices):
        calls.append(1)
        if len(calls) == 3:
            raise ValueError("third batch is bad")
        return real(self, indices)

    monkeypatch.setattr(index_plan.RangeSource, "gather", failing)
    seen = []
    with pytest.raises(ValueError, match="third batch is bad"):
        for batch in Dataset.range(50).batch(10).prefetch(2):
            seen.append(batch.tolist())
    assert seen == [list(range(10)), list(range(10, 20))]


def test_prefetch_rejects_bad_sizes():
    with pytest.raises(ValueError, match="buffer_size"):
        Dataset.range(3).prefetch(-2)
    assert [int(v) for v in Dataset.range(3).prefetch(0)] == [0, 1, 2]


def test_producer_thread_count_leaves_the_consumer_and_new_threads_alone(monkeypatch):
    seen = []
    real_run = prefetch._Producer._run

    def recording(self, iterator, threads, configured):
        seen.append(threads)
        real_run(self, iterator, threads, configured)

    monkeypatch.setattr(prefetch._Producer, "_run", recording)
    before = torch.get_num_threads()
    list(Dataset.range(30).batch(4).prefetch(2))
    options = tf.data.Options()
    options.threading.max_intra_op_parallelism = 2
    list(Dataset.range(30).batch(4).prefetch(2).with_options(options))
    assert seen == [1, 2]
    assert torch.get_num_threads() == before
    inherited = []
    thread = threading.Thread(target=lambda: inherited.append(torch.get_num_threads()))
    thread.start()
    thread.join()
    assert inherited == [before]
