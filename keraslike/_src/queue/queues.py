"""`tf.queue`: FIFOQueue, PaddingFIFOQueue, PriorityQueue and RandomShuffleQueue, eagerly.

Mirrors `tensorflow/python/ops/data_flow_ops.py` as TF 2 runs it (eager): a queue holds
elements, each a tuple of tensors ("components") of the queue's `dtypes` (and `shapes`, when
given). `enqueue`/`enqueue_many` add elements, blocking while the queue is full; `dequeue`,
`dequeue_many(n)` and `dequeue_up_to(n)` remove them, blocking until there are enough. Other
threads may feed or drain the queue meanwhile (a `threading.Condition` guards it). After
`close()`, enqueues raise `tf.errors.CancelledError`, and dequeues that cannot be satisfied
raise `tf.errors.OutOfRangeError`, as TF. A dequeued element is one tensor when the queue has
one component, a list of tensors otherwise, or a dict when the queue has `names`.
"""

import heapq
import itertools
import random as _random
import threading

import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes as dtypes_lib
from keraslike._src.ops.array import pad, stack, unstack
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ops.shape_methods import dims_of, is_compatible
from keraslike._src.ops.tensor_shape import TensorShape, as_shape

_queue_ids = itertools.count()


def _as_list(value):
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _shape_list(shapes, count):
    """TF's reading of `shapes`: None, one shape (for one component) or one shape per component."""
    if shapes is None:
        return [TensorShape(None)] * count
    if isinstance(shapes, TensorShape) or not isinstance(shapes, (list, tuple)) or not shapes or \
            shapes[0] is None or isinstance(shapes[0], int):
        shapes = [shapes]
    shapes = [as_shape(s) for s in shapes]
    if len(shapes) != count:
        raise ValueError(f"Queue shapes must have the same length as dtypes. Received: shapes={shapes}, "
                         f"{count} dtypes")
    return shapes


class QueueBase:
    """Base class of the queues: elements of tensors, enqueued and dequeued in the subclass's order.

    Args:
        capacity: the most elements the queue holds (enqueues block beyond it).
        dtypes: one `tf.DType` or a list, one per component.
        shapes: None, or the shape of each component (one shape for a single component).
        names: None, or one name per component (elements are then dicts).
        shared_name: accepted for TF's signature; queues are never shared across sessions here,
            so only None (or "") is accepted.
        name: the queue's name.
    """

    _kind = "Queue"

    def __init__(self, capacity, dtypes, shapes=None, names=None, shared_name=None, name=None):
        if shared_name:
            raise ValueError("keraslike's queues live in this process only; `shared_name` is not supported. "
                             f"Received: shared_name={shared_name!r}")
        self._dtypes = [dtypes_lib.as_dtype(d) for d in _as_list(dtypes)]
        self._shapes = _shape_list(shapes, len(self._dtypes))
        if names is not None:
            names = _as_list(names)
            if len(names) != len(self._dtypes):
                raise ValueError(f"Queue names must have the same length as dtypes. Received: names={names}")
        self._names = names
        self._capacity = int(capacity)
        self._name = name or self._default_name
        self._id = next(_queue_ids)
        self._closed = False
        self._cond = threading.Condition()
        self._init_storage()

    _default_name = "queue"

    # ---- properties -------------------------------------------------------------------------
    @property
    def dtypes(self):
        """The dtype of each component."""
        return list(self._dtypes)

    @property
    def shapes(self):
        """The shape of each component (`TensorShape(None)` where none was given)."""
        return list(self._shapes)

    @property
    def names(self):
        """The component names, or None."""
        return self._names

    @property
    def name(self):
        """The queue's name."""
        return self._name

    # ---- storage, in the subclass's order ----------------------------------------------------
    def _init_storage(self):
        self._items = []

    def _count(self):
        return len(self._items)

    def _put(self, element):
        self._items.append(element)

    def _take(self):
        return self._items.pop(0)

    def _can_take(self, n):
        return self._count() >= n

    # ---- components ---------------------------------------------------------------------------
    def _components(self, vals, many=False):
        if self._names is not None:
            if not isinstance(vals, dict) or sorted(vals) != sorted(self._names):
                raise ValueError(f"Queue has names {self._names}: enqueue a dict with these keys. "
                                 f"Received: vals={vals!r}")
            vals = [vals[n] for n in self._names]
        else:
            vals = _as_list(vals)
        if len(vals) != len(self._dtypes):
            raise ValueError(f"Expected {len(self._dtypes)} components (dtypes {self._dtypes}). "
                             f"Received: {len(vals)} values")
        tensors = []
        for val, dtype, shape in zip(vals, self._dtypes, self._shapes):
            t = convert_to_tensor(val, dtype=dtype)
            dims = tuple(t.shape)[1:] if many else tuple(t.shape)
            if not is_compatible(dims, dims_of(shape)):
                shown = "(" + ", ".join(str(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"
                raise ValueError(f"Shapes {shown} and {shape} are incompatible")
            tensors.append(t)
        return tensors

    def _result(self, tensors):
        if self._names is not None:
            return dict(zip(self._names, tensors))
        return tensors[0] if len(tensors) == 1 else list(tensors)

    def _closed_error(self, cls, detail=""):
        return cls(f"{self._kind} '{self._id}' is closed{detail}.")

    # ---- enqueue --------------------------------------------------------------------------------
    def _enqueue_elements(self, elements):
        with self._cond:
            for element in elements:
                while not self._closed and self._count() >= self._capacity:
                    self._cond.wait()
                if self._closed:
                    raise self._closed_error(errors.CancelledError)
                self._put(element)
                self._cond.notify_all()

    def enqueue(self, vals, name=None):
        """Adds one element (a tensor, a tuple/list of one per component, or a dict by name).

        Blocks while the queue is full. Raises `tf.errors.CancelledError` once it is closed.
        """
        self._enqueue_elements([tuple(self._components(vals))])

    def enqueue_many(self, vals, name=None):
        """Adds one element per row of `vals` (each component's first dimension, all equal)."""
        tensors = self._components(vals, many=True)
        sizes = {int(t.shape[0]) if len(t.shape) else None for t in tensors}
        if None in sizes or len(sizes) != 1:
            raise ValueError(f"enqueue_many takes components with one equal first dimension. Received "
                             f"shapes: {[tuple(t.shape) for t in tensors]}")
        rows = [unstack(t, axis=0) for t in tensors]
        self._enqueue_elements(list(zip(*rows)) if rows else [])

    # ---- dequeue --------------------------------------------------------------------------------
    def _wait_for(self, n, up_to=False):
        """Waits for `n` elements (or, closed, for what is left when `up_to`); returns the count."""
        with self._cond:
            while not self._can_take(n) and not self._closed:
                self._cond.wait()
            if self._can_take(n):
                count = n
            elif up_to and self._count() > 0:
                count = self._count()
            else:
                raise self._closed_error(
                    errors.OutOfRangeError,
                    f" and has insufficient elements (requested {n}, current size {self._count()})")
            taken = [self._take() for _ in range(count)]
            self._cond.notify_all()
            return taken

    def dequeue(self, name=None):
        """Removes one element; blocks while empty. Closed and empty: `tf.errors.OutOfRangeError`."""
        return self._result(list(self._wait_for(1)[0]))

    def _batched(self, elements):
        return [stack([e[i] for e in elements]) if elements else
                torch.zeros((0, *shape.as_list()), dtype=dtype)
                for i, (shape, dtype) in enumerate(zip(self._shapes, self._dtypes))]

    def dequeue_many(self, n, name=None):
        """Removes `n` elements, stacked per component; blocks until there are `n`.

        Raises:
            tf.errors.OutOfRangeError: if the queue is closed with fewer than `n` elements.
            tf.errors.InvalidArgumentError: if a component's shape is not fully defined.
        """
        self._check_many()
        return self._result(self._batched(self._wait_for(int(n))))

    def dequeue_up_to(self, n, name=None):
        """As `dequeue_many`, but once closed returns the remaining elements when fewer than `n`."""
        self._check_many()
        return self._result(self._batched(self._wait_for(int(n), up_to=True)))

    def _check_many(self):
        for shape in self._shapes:
            if not shape.is_fully_defined():
                raise errors.InvalidArgumentError(
                    f"{self._kind}'s DequeueMany and DequeueUpTo require the components to have specified "
                    f"shapes. Received: shapes={self._shapes}")

    # ---- state ----------------------------------------------------------------------------------
    def close(self, cancel_pending_enqueues=False, name=None):
        """Closes the queue: later enqueues fail; dequeues drain what is left, then fail.

        With `cancel_pending_enqueues`, enqueues blocked on a full queue fail too (they do in any
        case here: a blocked enqueue wakes and finds the queue closed).
        """
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def is_closed(self, name=None):
        """A scalar bool tensor: whether `close()` was called."""
        return torch.tensor(self._closed)

    def size(self, name=None):
        """A scalar int32 tensor: the number of elements in the queue."""
        with self._cond:
            return torch.tensor(self._count(), dtype=torch.int32)


class FIFOQueue(QueueBase):
    """A queue that dequeues elements in the order they were enqueued (`tf.queue.FIFOQueue`)."""

    _kind = "FIFOQueue"
    _default_name = "fifo_queue"


class PaddingFIFOQueue(QueueBase):
    """A FIFO queue whose `dequeue_many` pads components of unknown dimensions with zeros.

    `shapes` is required; a `None` dimension may vary between elements, and `dequeue_many` /
    `dequeue_up_to` pad each batch to the largest size of that dimension.
    """

    _kind = "PaddingFIFOQueue"
    _default_name = "padding_fifo_queue"

    def __init__(self, capacity, dtypes, shapes, names=None, shared_name=None, name=None):
        super().__init__(capacity, dtypes, shapes, names, shared_name, name)
        for shape in self._shapes:
            if shape.rank is None:
                raise ValueError(f"PaddingFIFOQueue needs the rank of every component. Received: shapes={shapes}")

    def _check_many(self):
        pass

    def _batched(self, elements):
        out = []
        for i, dtype in enumerate(self._dtypes):
            parts = [e[i] for e in elements]
            if not parts:
                out.append(torch.zeros((0, *[d or 0 for d in self._shapes[i].as_list()]), dtype=dtype))
                continue
            widest = [max(int(p.shape[d]) for p in parts) for d in range(len(parts[0].shape))]
            out.append(stack([pad(p, [[0, w - int(s)] for s, w in zip(p.shape, widest)]) for p in parts]))
        return out


class PriorityQueue(QueueBase):
    """A queue that dequeues the element of lowest priority first (`tf.queue.PriorityQueue`).

    Each element's first component is its `int64` priority, given before the `types` components;
    elements of equal priority leave in the order they came.
    """

    _kind = "PriorityQueue"
    _default_name = "priority_queue"

    def __init__(self, capacity, types, shapes=None, names=None, shared_name=None, name=None):
        types = _as_list(types)
        count = len(types)
        shapes = None if shapes is None else [()] + [as_shape(s) for s in _shape_list(shapes, count)]
        names = None if names is None else ["priority"] + _as_list(names)
        super().__init__(capacity, [torch.int64] + types, shapes, names, shared_name, name)

    def _init_storage(self):
        self._items = []
        self._order = itertools.count()

    def _put(self, element):
        heapq.heappush(self._items, (int(element[0]), next(self._order), element))

    def _take(self):
        return heapq.heappop(self._items)[2]


class RandomShuffleQueue(QueueBase):
    """A queue that dequeues elements in random order (`tf.queue.RandomShuffleQueue`).

    Dequeues wait until more than `min_after_dequeue` elements would remain (or the queue is
    closed); `seed` makes the order reproducible. The order is keraslike's, not TF's stream.
    """

    _kind = "RandomShuffleQueue"
    _default_name = "random_shuffle_queue"

    def __init__(self, capacity, min_after_dequeue, dtypes, shapes=None, names=None, seed=None,
                 shared_name=None, name=None):
        self._min_after_dequeue = int(min_after_dequeue)
        self._rng = _random.Random(seed)
        super().__init__(capacity, dtypes, shapes, names, shared_name, name)

    def _can_take(self, n):
        floor = 0 if self._closed else self._min_after_dequeue
        return self._count() - n >= floor

    def _take(self):
        return self._items.pop(self._rng.randrange(len(self._items)))
