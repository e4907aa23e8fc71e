"""Atomic, chief-only file writes (keras/src/utils/file_utils.py and TF's multi-worker saving rule).

Every file keraslike writes goes through `atomic_write`: the bytes go to a
temporary file in the destination directory, then `os.replace` swaps it in, so
a reader (or a restarted run after SIGKILL) sees the old file or the new one,
never half of one. Under a multi-replica strategy only the chief writes to the
requested path; other replicas write to a throw-away temporary directory, as
TensorFlow does, so the code path is identical on every replica.
"""

import contextlib
import os
import shutil
import tempfile


def is_chief(model=None):
    """Whether this process is the chief (rank 0) for `model`'s strategy (or the current one)."""
    strategy = getattr(model, "_distribute_strategy", None) if model is not None else None
    if strategy is None:
        from keraslike._src.distribute import context

        strategy = context.get_strategy()
    return bool(getattr(strategy, "_is_chief", True))


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write(path, write_fn, binary=True):
    """Write `path` atomically: `write_fn(tmp_path)` fills a temp file next to `path`, then `os.replace`.

    Args:
        path: destination file path.
        write_fn: callable taking the temporary path and writing the full content there.
        binary: unused marker kept for readability at call sites.

    Returns:
        `path`.
    """
    path = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp", dir=directory)
    os.close(fd)
    try:
        write_fn(tmp)
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; a saved model gets the usual file mode
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise
    return path


def atomic_write_text(path, text):
    """Write the string `text` to `path` atomically (UTF-8)."""

    def write(tmp):
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)

    return atomic_write(path, write)


@contextlib.contextmanager
def chief_path(path, model=None):
    """Yield the path this replica should write to: `path` on the chief, a temp path elsewhere.

    Non-chief replicas write into a temporary directory that is deleted
    afterwards (TensorFlow's multi-worker rule), so they run the same code.
    When the block ends without error, every replica waits until the chief's
    write is done, so a `load_model` that follows works on every replica.
    """
    if is_chief(model):
        yield os.fspath(path)
    else:
        tmp_dir = tempfile.mkdtemp(prefix="keraslike_worker_")
        try:
            yield os.path.join(tmp_dir, os.path.basename(os.fspath(path)) or "file")
        finally:
            shutil.rmtree(tmp_dir, ignore_errors=True)
    _wait_for_chief(model)


def _wait_for_chief(model):
    """Saves are collective: every replica returns once the chief's file is in place (a barrier)."""
    from keraslike._src.distribute import collectives, context

    strategy = getattr(model, "_distribute_strategy", None) if model is not None else None
    strategy = strategy or context.get_strategy()
    if getattr(strategy, "num_replicas_in_sync", 1) > 1:
        collectives.barrier()
