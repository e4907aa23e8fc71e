"""`Dataset.interleave(..., num_parallel_calls=n)`: the open datasets produce on threads.

Mirrors TF's `ParallelInterleaveDatasetV4` (`tensorflow/core/kernels/data/parallel_interleave_dataset_op.cc`):
`cycle_length` datasets are open at once and up to `num_parallel_calls` of them produce elements ahead
at the same time (file reads and torch ops release the GIL, so readers of several files overlap). With
`deterministic=True` the output order is exactly the sequential interleave's; with `False` an element
that is ready is taken from another open dataset when the one whose turn it is has none ready yet.

What runs where:
- `map_func` itself and the input dataset run on the consumer's thread, in input order (so seeds that
  datasets draw when they are made, e.g. an unseeded `shuffle`, are drawn in the same order as without
  threads, on every replica);
- an open dataset is produced on a thread only when producing it runs no user code (no `map`, `filter`,
  `flat_map`/`interleave` or generator inside it): user functions may draw from torch's global random
  generator or touch outside state, whose order must not depend on thread timing. Such datasets are
  produced on the consumer's thread when their turn comes, as without `num_parallel_calls`.

Each producer keeps at most `buffer_size` elements ahead (TF's `buffer_output_elements`, default
`block_length`), runs torch ops with one intra-op thread, and stops when the consumer stops iterating.
Errors are raised at the consumer where the element would have been.
"""

import collections
import threading

import torch

_USER_CODE = ("MapDataset", "FilterDataset", "FlatMapDataset", "InterleaveDataset", "GeneratorDataset")
_END = object()


def runs_user_code(dataset):
    """Whether producing `dataset`'s elements calls user Python code (a map, filter, generator, ...)."""
    stack, seen = [dataset], set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if any(cls.__name__ in _USER_CODE for cls in type(node).__mro__):
            return True
        stack.extend(getattr(node, "_inputs", ()))
    return False


class _Inline:
    """An open dataset produced on the consumer's thread."""

    def __init__(self, iterator):
        self._iterator = iterator

    def ready(self):
        return True

    def take(self):
        return next(self._iterator, _END)

    def stop(self):
        close = getattr(self._iterator, "close", None)
        if close is not None:
            close()


class _Threaded:
    """An open dataset produced on its own daemon thread into a bounded buffer."""

    def __init__(self, iterator, buffer_size, gate, wakeup):
        self._items = collections.deque()
        self._done = False
        self._error = None
        self._stopped = False
        self._buffer_size = buffer_size
        self._cond = threading.Condition()
        self._wakeup = wakeup  # shared by all slots: set when any of them has something new
        consumer_threads = torch.get_num_threads()
        started = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(iterator, gate, started), daemon=True,
                                        name="tf.data.interleave")
        self._thread.start()
        started.wait()
        torch.set_num_threads(consumer_threads)  # torch keeps the last setting as new threads' default

    def _run(self, iterator, gate, started):
        try:
            torch.set_num_threads(1)
        finally:
            started.set()
        try:
            while True:
                with self._cond:
                    while len(self._items) >= self._buffer_size and not self._stopped:
                        self._cond.wait()
                    if self._stopped:
                        return
                with gate:
                    item = next(iterator, _END)
                with self._cond:
                    if item is _END:
                        self._done = True
                    else:
                        self._items.append(item)
                    self._cond.notify_all()
                self._notify()
                if item is _END:
                    return
        except BaseException as error:  # noqa: BLE001 - handed to the consumer, raised there
            with self._cond:
                self._error, self._done = error, True
                self._cond.notify_all()
            self._notify()

    def _notify(self):
        with self._wakeup:
            self._wakeup.notify_all()

    def ready(self):
        with self._cond:
            return bool(self._items) or self._done

    def take(self):
        with self._cond:
            while not self._items and not self._done:
                self._cond.wait()
            if self._items:
                item = self._items.popleft()
                self._cond.notify_all()
                return item
            if self._error is not None:
                error, self._error = self._error, None
                raise error
            return _END

    def stop(self):
        with self._cond:
            self._stopped = True
            self._cond.notify_all()


def parallel_interleave(inputs, dataset_for, cycle_length, block_length, num_parallel, deterministic,
                        buffer_size=None):
    """The interleaved elements of the datasets `dataset_for(element)` for each element of `inputs`.

    Args:
        inputs: iterator of input elements.
        dataset_for: element -> `Dataset` (the user's `map_func`, checked).
        cycle_length, block_length: positive ints, as in `Dataset.interleave`.
        num_parallel: positive int, how many open datasets may produce at the same time.
        deterministic: bool, keep the sequential interleave's order.
        buffer_size: elements each open dataset produces ahead; default `block_length`.
    """
    gate = threading.BoundedSemaphore(num_parallel)
    wakeup = threading.Condition()
    ahead = max(1, buffer_size or block_length)

    def open_slot(element):
        dataset = dataset_for(element)
        if runs_user_code(dataset):
            return _Inline(dataset._elements())
        return _Threaded(dataset._elements(), ahead, gate, wakeup)

    slots = [None] * cycle_length
    state = {"open": 0, "input_done": False}

    def fill(index):
        # an empty slot takes the next input element at once (TF opens the whole cycle up front); the
        # input elements go to the slots in the order the sequential interleave gives them out
        if state["input_done"]:
            return
        element = next(inputs, _END)
        if element is _END:
            state["input_done"] = True
            return
        slots[index] = open_slot(element)
        state["open"] += 1

    def close(index):
        slots[index] = None
        state["open"] -= 1
        fill(index)

    slot, taken = 0, 0
    try:
        for index in range(cycle_length):
            fill(index)
        while state["open"]:
            current = slots[slot]
            if current is not None:
                if not deterministic and not current.ready():
                    other = _ready_slot(slots, slot, wakeup)
                    if other is not None:
                        item = slots[other].take()
                        if item is _END:
                            close(other)
                        else:
                            yield item
                        continue
                item = current.take()
                if item is not _END:
                    yield item
                    taken += 1
                    if taken < block_length:
                        continue
                else:
                    close(slot)
            slot, taken = (slot + 1) % cycle_length, 0
    finally:
        for open_one in slots:
            if open_one is not None:
                open_one.stop()


def _ready_slot(slots, current, wakeup):
    """Another open slot with an element (or its end) ready, waiting briefly for one; else None."""
    for _ in range(2):
        for index, candidate in enumerate(slots):
            if index != current and candidate is not None and candidate.ready():
                return index
        if slots[current].ready():
            return None
        with wakeup:
            wakeup.wait(0.01)
    return None
