"""Atomic, chief-only file writes (keras/src/utils/file_utils.py and TF's multi-worker saving rule).

Every file keraslike writes goes through `atomic_write`: the bytes go to a
temporary file in the destination directory, then `os.replace` swaps it in, so
a reader (or a restarted run after SIGKILL) sees the old file or the new one,
never half of one. Under a multi-replica strategy only the chief writes to the
requested path; other replicas write to a throw-away temporary directory, as
TensorFlow does, so the code path is identical on every replica.

Temporary files are named `.<name>.keraslike-tmp.<host>.<pid>.<random>.tmp`. A process
killed during a save leaves one behind; the next save into that directory, and every
`load_model`/`load_weights` from it, removes the ones whose writer is gone
(`remove_stale_temp_files`): on this host, a dead pid or a file older than the
process now holding that pid; from another host (a shared filesystem), files older
than a day.
"""

import contextlib
import os
import re
import shutil
import socket
import tempfile
import time

from keraslike._src.distribute import context

_TMP_TAG = "keraslike-tmp"
_TMP_RE = re.compile(r"^\..*\." + _TMP_TAG + r"\.(?P<host>[A-Za-z0-9-]+)\.(?P<pid>\d+)\.[^.]+\.tmp$")
_FOREIGN_HOST_STALE_S = 24 * 3600


def _host():
    return re.sub(r"[^A-Za-z0-9-]", "-", socket.gethostname())[:64] or "host"


def _process_start_time(pid):
    """Wall-clock start time of `pid` (Linux /proc), or None when unknown."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/stat", encoding="ascii") as f:
            boot = next(int(line.split()[1]) for line in f if line.startswith("btime"))
        return boot + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return None


def _writer_gone(pid, mtime):
    if pid == os.getpid():
        start = _process_start_time(pid)
        return start is not None and mtime < start - 1.0
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OSError):
        pass
    start = _process_start_time(pid)  # alive: stale only if the file predates that process (pid reused)
    return start is not None and mtime < start - 1.0


def remove_stale_temp_files(directory):
    """Delete temporary files of interrupted keraslike saves in `directory` whose writer is gone.

    Returns:
        The list of removed paths. Errors (a read-only or vanished directory) are ignored.
    """
    removed = []
    host = _host()
    try:
        entries = list(os.scandir(directory or "."))
    except OSError:
        return removed
    for entry in entries:
        match = _TMP_RE.match(entry.name)
        if match is None:
            continue
        try:
            mtime = entry.stat(follow_symlinks=False).st_mtime
            if not entry.is_file(follow_symlinks=False):
                continue
            if match["host"] == host:
                stale = _writer_gone(int(match["pid"]), mtime)
            else:
                stale = time.time() - mtime > _FOREIGN_HOST_STALE_S
            if stale:
                os.remove(entry.path)
                removed.append(entry.path)
        except OSError:
            continue
    return removed


def is_chief(model=None):
    """Whether this process is the chief (rank 0) for `model`'s strategy (or the current one)."""
    strategy = getattr(model, "_distribute_strategy", None) if model is not None else None
    if strategy is None:
        strategy = context.get_strategy()
    return bool(strategy.is_chief)


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write(path, write_fn, binary=True):
    """Write `path` atomically: `write_fn(tmp_path)` fills a temp file next to `path`, then `os.replace`.

    Stale temporary files of earlier interrupted saves in the same directory are removed first.

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
    remove_stale_temp_files(directory)
    prefix = f".{os.path.basename(path)}.{_TMP_TAG}.{_host()}.{os.getpid()}."
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=directory)
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
    strategy = getattr(model, "_distribute_strategy", None) if model is not None else None
    strategy = strategy or context.get_strategy()
    strategy.barrier()
