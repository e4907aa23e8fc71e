"""`tf.compat.v1.logging`: TF1's logging functions over Python's "tensorflow" logger (`tf.get_logger()`).

Mirrors `tensorflow/python/platform/tf_logging.py`: the level constants are Python's (`INFO == logging.INFO`),
`set_verbosity` sets the logger's level, `warn` is `warning`, and the `*_n` / `log_if` helpers count per call site.
"""

import logging
import sys
import traceback

from keraslike._src import tf_logger

DEBUG = logging.DEBUG
ERROR = logging.ERROR
FATAL = logging.FATAL
INFO = logging.INFO
WARN = logging.WARN

_counts = {}


def _logger():
    return tf_logger.get_logger()


def _at_caller(kwargs, depth=2):
    """`kwargs` with the `stacklevel` that makes the record name the user's line (absl's handler prints it), as
    TF's logger finds its caller outside tf_logging."""
    kwargs.setdefault("stacklevel", depth)
    return kwargs


def log(level, msg, *args, **kwargs):
    """`tf.compat.v1.logging.log(level, msg, *args)`."""
    _logger().log(level, msg, *args, **_at_caller(kwargs))


def debug(msg, *args, **kwargs):
    """`tf.compat.v1.logging.debug`."""
    _logger().debug(msg, *args, **_at_caller(kwargs))


def info(msg, *args, **kwargs):
    """`tf.compat.v1.logging.info`."""
    _logger().info(msg, *args, **_at_caller(kwargs))


def warning(msg, *args, **kwargs):
    """`tf.compat.v1.logging.warning` (also spelled `warn`)."""
    _logger().warning(msg, *args, **_at_caller(kwargs))


warn = warning


def error(msg, *args, **kwargs):
    """`tf.compat.v1.logging.error`."""
    _logger().error(msg, *args, **_at_caller(kwargs))


def fatal(msg, *args, **kwargs):
    """`tf.compat.v1.logging.fatal`: logs at FATAL (TF's does not exit either)."""
    _logger().fatal(msg, *args, **_at_caller(kwargs))


def vlog(level, msg, *args, **kwargs):
    """`tf.compat.v1.logging.vlog(level, msg)`: `log` at `level`."""
    _logger().log(level, msg, *args, **_at_caller(kwargs))


def _site():
    frame = traceback.extract_stack(limit=3)[0]
    return frame.filename, frame.lineno


def log_every_n(level, msg, n, *args):
    """`tf.compat.v1.logging.log_every_n(level, msg, n)`: log on the 1st, (n+1)-th, ... call from this line."""
    site = _site()
    count = _counts.get(site, 0)
    _counts[site] = count + 1
    _log_if(level, msg, not count % n, args, 3)


def log_first_n(level, msg, n, *args):
    """`tf.compat.v1.logging.log_first_n(level, msg, n)`: log the first `n` calls from this line."""
    site = _site()
    count = _counts.get(site, 0)
    _counts[site] = count + 1
    _log_if(level, msg, count < n, args, 3)


def log_if(level, msg, condition, *args):
    """`tf.compat.v1.logging.log_if(level, msg, condition)`."""
    _log_if(level, msg, condition, args, 3)


def _log_if(level, msg, condition, args, stacklevel):
    if condition:
        _logger().log(level, msg, *args, stacklevel=stacklevel)


def flush():
    """`tf.compat.v1.logging.flush()`: flush the logger's handlers."""
    for handler in _logger().handlers:
        handler.flush()
    sys.stderr.flush()


def get_verbosity():
    """`tf.compat.v1.logging.get_verbosity()`: the "tensorflow" logger's effective level."""
    return _logger().getEffectiveLevel()


def set_verbosity(v):
    """`tf.compat.v1.logging.set_verbosity(v)`: the "tensorflow" logger's level (e.g. `tf.logging.ERROR`)."""
    _logger().setLevel(v)


class TaskLevelStatusMessage:
    """`tf.compat.v1.logging.TaskLevelStatusMessage(msg)`: logs `msg` at ERROR (TF's platform status message)."""

    def __init__(self, msg):
        error(msg)
