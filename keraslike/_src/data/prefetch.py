"""`Dataset.prefetch(n)`: elements produced ahead on a background thread, when that is safe.

Mirrors `tensorflow/python/data/ops/prefetch_op.py`: up to `buffer_size` elements are produced
ahead of the consumer (`AUTOTUNE`: `AUTOTUNE_BUFFER`). Elements, their order and the errors raised
are the same as without `prefetch`; an error is raised where its element would have been.

When is producing ahead on another thread safe? When producing runs no user code whose results
depend on when or where it runs. So the background thread is used only for in-memory pipelines
(an `IndexPlan`: slices/range, shuffle, repeat, take, ..., batch) whose element-wise maps are all
vectorized (`vectorized_map.py`: no random ops, no writes to outside state). Anything else (maps
that draw random numbers from torch's global generator, `filter`/generator/`flat_map` user code)
is produced on the consumer's thread exactly as without `prefetch`, so a `tf.random.set_seed`
run draws the same numbers in the same order as training. Shuffles use their own seeded generators
and are safe.

The first element is always produced on the consumer's thread (that is when a map is verified).
Leaving a loop early stops the producer: it waits on a bounded queue and checks a stop flag.

The producer's torch ops run with `Options.threading.max_intra_op_parallelism` threads (default 1,
as each tf.data op is small and runs beside the training step; torch's thread count is per thread,
so the consumer's own setting is kept).
"""

import queue
import threading

import torch

from keraslike._src.data.vectorized_map import MappedSource

AUTOTUNE_BUFFER = 2
_ITEM, _END, _ERROR = 0, 1, 2
_POLL_S = 0.05


def runs_no_stateful_code(source):
    """Whether producing from `source` calls only pure, vectorized functions."""
    while isinstance(source, MappedSource):
        if not source._vectorizer.vectorized:
            return False
        source = source.source
    return True


def prefetched(plan, buffer_size, intra_op_threads=None):
    """The elements of `plan`, produced up to `buffer_size` ahead on a thread when safe.

    Args:
        plan: an `IndexPlan`.
        buffer_size: positive int.
        intra_op_threads: torch intra-op threads of the producer; `None` means 1.

    Returns:
        A generator of the plan's elements.
    """
    elements = plan.elements()
    sentinel = object()
    first = next(elements, sentinel)
    if first is sentinel:
        return
    yield first
    if not runs_no_stateful_code(plan.source):
        yield from elements
        return
    yield from _Producer(elements, buffer_size, intra_op_threads or 1).items()


class _Producer:
    """Runs an iterator on a daemon thread into a bounded queue."""

    def __init__(self, iterator, buffer_size, threads):
        self._queue = queue.Queue(buffer_size)
        self._stop = threading.Event()
        configured = threading.Event()
        consumer_threads = torch.get_num_threads()
        self._thread = threading.Thread(target=self._run, args=(iterator, threads, configured), daemon=True,
                                        name="tf.data.prefetch")
        self._thread.start()
        configured.wait()
        # torch also records the last setting as the default of threads started later: restore it
        torch.set_num_threads(consumer_threads)

    def _run(self, iterator, threads, configured):
        try:
            torch.set_num_threads(threads)
        finally:
            configured.set()
        try:
            for item in iterator:
                if not self._put((_ITEM, item)):
                    return
            self._put((_END, None))
        except BaseException as error:  # noqa: BLE001 - handed to the consumer, raised there
            self._put((_ERROR, error))

    def _put(self, entry):
        while not self._stop.is_set():
            try:
                self._queue.put(entry, timeout=_POLL_S)
                return True
            except queue.Full:
                continue
        return False

    def items(self):
        try:
            while True:
                kind, value = self._queue.get()
                if kind == _END:
                    return
                if kind == _ERROR:
                    raise value
                yield value
        finally:
            self._stop.set()
