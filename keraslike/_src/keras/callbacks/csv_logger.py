"""`keras.callbacks.CSVLogger` (keras/src/callbacks/csv_logger.py)."""

import collections.abc
import csv
import io
import os

import numpy as np

from keraslike._src.keras.callbacks.callback import Callback
from keraslike._src.keras.saving import file_io


class CSVLogger(Callback):
    """Stream epoch results to a CSV file: an `epoch` column then the sorted log keys.

    Only the chief writes. The whole file is rewritten atomically after every
    epoch (it is small), so a killed run never leaves a torn row.

    Args:
        filename: path of the CSV file.
        separator: column separator, default ",".
        append: append to an existing file (no second header) instead of overwriting it.
    """

    def __init__(self, filename, separator=",", append=False):
        super().__init__()
        self.sep = separator
        self.filename = os.fspath(filename)
        self.append = append
        self.keys = None
        self.append_header = True
        self._text = ""

    def on_train_begin(self, logs=None):
        self.keys = None
        self._text = ""
        self.append_header = True
        if self.append and os.path.exists(self.filename):
            with open(self.filename, encoding="utf-8") as f:
                self._text = f.read()
            self.append_header = not bool(self._text.split("\n", 1)[0])

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        if self.keys is None:
            self.keys = sorted(logs.keys())
            if self.keys and not any(k.startswith("val_") for k in self.keys):
                self.keys.extend(["val_" + k for k in self.keys])
        buffer = io.StringIO()

        class Dialect(csv.excel):
            delimiter = self.sep

        writer = csv.DictWriter(buffer, fieldnames=["epoch"] + self.keys, dialect=Dialect)
        if self.append_header:
            writer.writeheader()
            self.append_header = False
        row = {"epoch": epoch}
        row.update((key, _handle_value(logs.get(key, "NA"))) for key in self.keys)
        writer.writerow(row)
        self._text += buffer.getvalue()
        if file_io.is_chief(self.model):
            file_io.atomic_write_text(self.filename, self._text)

    def on_train_end(self, logs=None):
        self.keys = None


def _handle_value(value):
    is_zero_dim = isinstance(value, np.ndarray) and value.ndim == 0
    if isinstance(value, str):
        return value
    if isinstance(value, collections.abc.Iterable) and not is_zero_dim:
        return f"\"[{', '.join(map(str, value))}]\""
    return value
