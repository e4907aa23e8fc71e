"""`interleave(num_parallel_calls=...)`: open datasets produce on threads, in the sequential order unless
`deterministic=False` (issue 14 item 1). The reference order is the sequential interleave (itself checked
against TF's documented examples in test_dataset.py)."""

import threading

import pytest

import keraslike as tf
from keraslike._src.data.dataset import Dataset as BaseDataset

Dataset = tf.data.Dataset


def _values(ds):
    return [int(v) for v in ds]


def _inner(x):
    # uneven lengths (0 is empty): dataset x has x elements 10*x, 10*x+1, ...
    return Dataset.range(10 * x, 10 * x + x)


@pytest.mark.parametrize("cycle_length,block_length", [(1, 1), (2, 1), (3, 2), (4, 3), (8, 1)])
@pytest.mark.parametrize("calls", [1, 2, tf.data.AUTOTUNE])
def test_deterministic_parallel_interleave_matches_sequential(cycle_length, block_length, calls):
    source = Dataset.from_tensor_slices([3, 0, 1, 6, 2, 0, 5, 4])
    sequential = _values(source.interleave(_inner, cycle_length=cycle_length, block_length=block_length))
    parallel = _values(source.interleave(_inner, cycle_length=cycle_length, block_length=block_length,
                                         num_parallel_calls=calls))
    assert parallel == sequential
    assert sorted(parallel) == sorted(v for x in range(1, 7) for v in range(10 * x, 11 * x))
    assert len(parallel) == 21


def test_nondeterministic_keeps_every_element_once():
    source = Dataset.range(1, 7)
    ds = source.interleave(_inner, cycle_length=3, num_parallel_calls=3, deterministic=False)
    assert sorted(_values(ds)) == sorted(v for x in range(1, 7) for v in range(10 * x, 11 * x))
    options = tf.data.Options()
    options.deterministic = False
    ds = source.interleave(_inner, cycle_length=3, num_parallel_calls=3).with_options(options)
    assert sorted(_values(ds)) == sorted(v for x in range(1, 7) for v in range(10 * x, 11 * x))


class _Rendezvous(BaseDataset):
    """A source whose first element waits until `parties` sources are producing at the same time."""

    def __init__(self, value, barrier, threads):
        super().__init__(tf.TensorSpec([], tf.int64))
        self._value, self._barrier, self._threads = value, barrier, threads

    def _cardinality(self):
        return 2

    def _generic_elements(self):
        self._threads.add(threading.current_thread().name)
        self._barrier.wait()  # sequential production never gets two sources here: BrokenBarrierError
        yield tf.constant(self._value, dtype=tf.int64)
        yield tf.constant(self._value + 100, dtype=tf.int64)


def test_open_datasets_really_produce_at_the_same_time():
    barrier, threads = threading.Barrier(3, timeout=60), set()
    ds = Dataset.range(3).interleave(lambda x: _Rendezvous(int(x), barrier, threads), cycle_length=3,
                                     num_parallel_calls=3)
    assert _values(ds) == [0, 1, 2, 100, 101, 102]
    assert threads == {"tf.data.interleave"}
    barrier = threading.Barrier(2, timeout=0.5)
    sequential = Dataset.range(2).interleave(lambda x: _Rendezvous(int(x), barrier, set()), cycle_length=2)
    with pytest.raises(threading.BrokenBarrierError):
        _values(sequential)


def test_datasets_running_user_code_stay_on_the_consumer_thread():
    seen = []

    def record(x):
        seen.append(threading.current_thread().name)
        return x

    ds = Dataset.range(1, 4).interleave(lambda x: Dataset.range(x).map(record), cycle_length=2,
                                        num_parallel_calls=2)
    assert sorted(_values(ds)) == [0, 0, 0, 1, 1, 2]
    assert set(seen) == {threading.current_thread().name}


def test_errors_surface_at_the_consumer_and_early_exit_stops_producers():
    def inner(x):
        if int(x) == 2:
            return Dataset.from_tensor_slices([1.0, 2.0]).take(-5).map(lambda v: tf.debugging.assert_equal(v, 0.0))
        return Dataset.range(3)

    with pytest.raises(Exception):  # noqa: B017 - the assertion error of element 2's dataset, whatever its type
        _values(Dataset.range(3).interleave(inner, cycle_length=3, num_parallel_calls=3))
    ds = Dataset.range(4).interleave(lambda x: Dataset.range(1000), cycle_length=4, num_parallel_calls=4)
    for i, _ in enumerate(ds):
        if i == 5:
            break
    for thread in [t for t in threading.enumerate() if t.name == "tf.data.interleave"]:
        thread.join(timeout=30)
        assert not thread.is_alive()


def test_bad_num_parallel_calls_raise():
    with pytest.raises(ValueError, match="num_parallel_calls=0"):
        Dataset.range(3).interleave(_inner, num_parallel_calls=0)
    with pytest.raises(TypeError, match="num_parallel_calls"):
        Dataset.range(3).interleave(_inner, num_parallel_calls=1.5)
