"""Where Keras's messages go (keras/src/utils/io_utils.py): stdout, or the "keras" logger.

With interactive logging enabled (the default, `keras.config.enable_interactive_logging()`) messages
and progress bars are written to stdout. Disabled, they go to the Python logger named "keras" at
INFO level, one record per line (Keras sends them to absl logging); a progress bar's in-place
redraws (`\\r`) leave only their last state in the record.
"""

import logging
import sys

from keraslike._src.keras.backend import config as keras_config

LOGGER = logging.getLogger("keras")


def print_msg(message, line_break=True):
    """Print `message` (with a newline unless `line_break=False`) to stdout or the "keras" logger."""
    message = str(message)
    if keras_config.is_interactive_logging_enabled():
        sys.stdout.write(f"{message}\n" if line_break else message)
        sys.stdout.flush()
    else:
        LOGGER.info(message)


class _LoggingStream:
    """A text stream that sends each completed line to the "keras" logger (what tqdm writes, redraws folded)."""

    def __init__(self):
        self._pending = ""

    def write(self, text):
        self._pending += str(text)
        while "\n" in self._pending:
            line, self._pending = self._pending.split("\n", 1)
            line = line.rsplit("\r", 1)[-1].strip("\x1b[A")
            if line.strip():
                LOGGER.info(line)
        return len(text)

    def flush(self):
        pass

    def isatty(self):
        return False


LOGGING_STREAM = _LoggingStream()
