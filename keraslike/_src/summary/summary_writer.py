"""`tf.summary` writers: `create_file_writer`, `as_default`, the default step and `record_if`.

Mirrors `tensorflow/python/ops/summary_ops_v2.py`. A file writer appends TensorBoard event files
(`events.out.tfevents.<time>.<host>.<pid>.<n>.v2`) through TensorBoard's own `EventFileWriter`,
the one `torch.utils.tensorboard` uses; TensorBoard and TF's event readers read them.

Under several replicas only the chief (rank 0) writes: elsewhere `create_file_writer` returns a
no-op writer and the summary ops return False (DESIGN §4: only the chief writes files).
State (default writer, step, recording condition) is per thread, as in TF.
"""

import contextlib
import os
import threading

import torch

from keraslike._src.keras.saving import file_io
from keraslike._src.launch import environment
from keraslike._src.ops.name_scope import current_scope, name_scope

_state = threading.local()


def _stack():
    if not hasattr(_state, "writers"):
        _state.writers = []
    return _state.writers


def _event_file_writer_class():
    try:
        from tensorboard.summary.writer.event_file_writer import EventFileWriter  # optional (tensorboard extra)
    except ImportError as err:  # pragma: no cover - tensorboard is in the dev and tensorboard extras
        raise ImportError("tf.summary writes TensorBoard event files with the `tensorboard` package: "
                          "pip install 'keraslike[tensorboard]'") from err
    return EventFileWriter


def _is_chief():
    env = environment.detect(cluster=True)
    return (env is None or env.is_chief) and file_io.is_chief()


class SummaryWriter:
    """`tf.summary.SummaryWriter`: where summaries go. Use `create_file_writer` / `create_noop_writer`."""

    def __init__(self, logdir=None, max_queue=10, flush_millis=120000, filename_suffix=".v2"):
        self._logdir = logdir
        self._writer = None
        if logdir is not None:
            os.makedirs(logdir, exist_ok=True)
            self._writer = _event_file_writer_class()(logdir, max_queue_size=max_queue,
                                                      flush_secs=max(flush_millis / 1000.0, 0.001),
                                                      filename_suffix=filename_suffix)

    @property
    def is_noop(self):
        return self._writer is None

    def set_as_default(self, step=None):
        """Make this the default writer from now on (and set the default step if given)."""
        _stack().append(self)
        if step is not None:
            set_step(step)

    @contextlib.contextmanager
    def as_default(self, step=None):
        """Make this the default writer inside the `with` block (and the step, if given); flushes on exit."""
        previous_step = get_step()
        _stack().append(self)
        if step is not None:
            set_step(step)
        try:
            yield self
        finally:
            _stack().pop()
            if step is not None:
                set_step(previous_step)
            self.flush()

    def init(self):
        """Nothing to initialise eagerly (the event file exists from creation)."""

    def add_event(self, event):
        if self._writer is not None:
            self._writer.add_event(event)

    def flush(self):
        """Write buffered events to disk."""
        if self._writer is not None:
            self._writer.flush()

    def close(self):
        """Flush and close the event file; later writes through this writer are dropped, as TF's."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    def __repr__(self):
        return f"<SummaryWriter logdir={self._logdir!r}{' (no-op)' if self.is_noop else ''}>"


def create_file_writer(logdir, max_queue=None, flush_millis=None, filename_suffix=None, name=None,
                       experimental_trackable=False, experimental_mesh=None):
    """`tf.summary.create_file_writer(logdir, max_queue=10, flush_millis=120000, filename_suffix=".v2")`.

    Args:
        logdir: directory for the event file (created if missing).
        max_queue: events buffered before a write (default 10).
        flush_millis: longest time between flushes, in milliseconds (default 120000).
        filename_suffix: appended to the event file name (default ".v2").
        name, experimental_trackable: TF bookkeeping names; nothing to track here.
        experimental_mesh: DTensor meshes do not exist here; must be None.

    Returns:
        a `SummaryWriter` (a no-op writer on non-chief replicas).

    Raises:
        ValueError: if `logdir` is None/empty or `experimental_mesh` is given.
    """
    if not logdir:
        raise ValueError(f"logdir cannot be None or empty. Received: logdir={logdir!r}")
    if experimental_mesh is not None:
        raise ValueError("experimental_mesh (DTensor) is not supported by keraslike's summary writers. "
                         f"Received: experimental_mesh={experimental_mesh!r}")
    if not _is_chief():
        return SummaryWriter(None)
    return SummaryWriter(os.fspath(logdir), 10 if max_queue is None else int(max_queue),
                         120000 if flush_millis is None else float(flush_millis),
                         ".v2" if filename_suffix is None else filename_suffix)


def create_noop_writer():
    """`tf.summary.create_noop_writer()`: a writer that writes nothing."""
    return SummaryWriter(None)


def default_writer():
    """The innermost default writer, or None."""
    stack = _stack()
    return stack[-1] if stack else None


def set_step(step):
    """`tf.summary.experimental.set_step(step)`: the default step (int, tensor or Variable, read at write time)."""
    _state.step = step


def get_step():
    """`tf.summary.experimental.get_step()`: the default step, or None."""
    return getattr(_state, "step", None)


def resolve_step(step):
    """The int step for a write. Raises ValueError when there is none."""
    if step is None:
        step = get_step()
    if step is None:
        raise ValueError("No step set. Please specify one either through the `step` argument or through "
                         "tf.summary.experimental.set_step()")
    return int(step.item() if isinstance(step, torch.Tensor) else step)


@contextlib.contextmanager
def record_if(condition):
    """`tf.summary.record_if(condition)`: summaries in the block are written only when `condition` holds.

    `condition` is a bool, a scalar bool tensor, or a callable returning one (evaluated at each write).
    """
    previous = getattr(_state, "condition", True)
    _state.condition = condition
    try:
        yield
    finally:
        _state.condition = previous


def should_record_summaries():
    """`tf.summary.should_record_summaries()`: a default (non-no-op) writer exists and `record_if` holds."""
    writer = default_writer()
    if writer is None or writer.is_noop:
        return False
    condition = getattr(_state, "condition", True)
    if callable(condition):
        condition = condition()
    return bool(condition.item() if isinstance(condition, torch.Tensor) else condition)


def flush(writer=None, name=None):
    """`tf.summary.flush(writer=None)`: flush `writer` (default: the default writer)."""
    writer = writer if writer is not None else default_writer()
    if writer is not None:
        writer.flush()


@contextlib.contextmanager
def summary_scope(name, default_name=None, values=None):
    """`tf.summary.experimental.summary_scope(name, default_name=None)`: yields `(tag, scope)`.

    `tag` is the current name scope plus `name`; summaries written inside get `scope` as prefix.
    """
    name = name or default_name
    if not name:
        raise ValueError("summary_scope needs a name or a default_name. Received: name=None, default_name=None")
    tag = current_scope() + name
    with name_scope(name) as scope:
        yield tag, scope
