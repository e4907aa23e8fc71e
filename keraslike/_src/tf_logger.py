"""The "tensorflow" Python logger as TF's `tf_logging` sets it up (`tf.get_logger()`, `tf.compat.v1.logging`).

When keraslike is imported and the root logger has no handler yet, the "tensorflow" logger gets its own stderr
handler printing `LEVEL:tensorflow:message`, as TF's does: `tf.compat.v1.logging.info` after
`set_verbosity(INFO)` prints `INFO:tensorflow:...` in a plain script. In an interactive interpreter TF sends it
to stdout and lowers the level to INFO; so does keraslike. A root handler configured before the import (absl's,
`logging.basicConfig`) is left to print the records alone.
"""

import logging
import sys

_LOGGER_NAME = "tensorflow"


def _interactive():
    """Whether Python runs interactively: a REPL prompt exists (`sys.ps1`) or `python -i`."""
    return hasattr(sys, "ps1") or bool(sys.flags.interactive)


def _configure(logger):
    if logging.getLogger().handlers or getattr(logger, "_keraslike_configured", False):
        return
    logger._keraslike_configured = True
    if _interactive():
        logger.setLevel(logging.INFO)
        stream = sys.stdout
    else:
        stream = sys.stderr
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(levelname)s:%(name)s:%(message)s"))
    logger.addHandler(handler)


def get_logger():
    """`tf.get_logger()`: the "tensorflow" `logging.Logger` (with TF's stderr handler, see the module doc)."""
    return logging.getLogger(_LOGGER_NAME)


_configure(get_logger())
