"""`tf.data.experimental.make_csv_dataset`: batches of `{column name: values}` (and labels) read from CSV files.

Mirrors `tensorflow/python/data/experimental/ops/readers.py` (`make_csv_dataset_v2`): column names come from the
header, column types are inferred from the first rows (int32, int64, float32, float64 or string: the narrowest
that holds every value seen; a missing field reads as 0 or ""), files are read through `CsvDataset`, interleaved
`num_parallel_reads` at a time, shuffled, repeated `num_epochs` times (forever by default, when the last partial
batch is dropped, as TF) and batched. The rows go through that pipeline as tuples of Python values (parsed a chunk
of records at a time, column by column) and each batch makes one tensor per column (`_CsvBatchDataset`), not one
tensor per field.
"""

import collections
import csv
import functools
import gzip
import itertools

import numpy as np
import torch

from keraslike._src.data import cardinality as card
from keraslike._src.data.cardinality import UNKNOWN
from keraslike._src.data.csv_dataset import CsvDataset
from keraslike._src.data.dataset import Dataset
from keraslike._src.data.options import AUTOTUNE
from keraslike._src.io import gfile
from keraslike._src.ops.string_tensor import StringTensor
from keraslike._src.ops.tensor_spec import TensorSpec, string

_NUMPY = {torch.int32: np.int32, torch.int64: np.int64, torch.float32: np.float32, torch.float64: np.float64}
_INFERRED = (torch.int32, torch.int64, torch.float32, torch.float64, string)  # narrowest first


def _fits(text, dtype):
    if dtype is string:
        return True
    try:
        if dtype in (torch.int32, torch.int64):
            value = int(text)
            bits = 32 if dtype == torch.int32 else 64
            return -(2 ** (bits - 1)) <= value < 2 ** (bits - 1)
        with np.errstate(over="ignore"):
            value = np.float32(text) if dtype == torch.float32 else np.float64(text)
        return bool(value < np.inf)
    except (ValueError, OverflowError):
        return False


def _widen(text, na_value, previous):
    """The narrowest CSV dtype holding `text` and every value behind `previous`."""
    if text in ("", na_value):
        return previous
    start = 0 if previous is None else _INFERRED.index(previous)
    return next(dtype for dtype in _INFERRED[start:] if _fits(text, dtype))


def _file_names(file_pattern):
    patterns = list(file_pattern) if isinstance(file_pattern, (list, tuple)) else [file_pattern]
    if not patterns:
        raise ValueError("Expected a non-empty `file_pattern`. Received: file_pattern=[]")
    names = [name for pattern in patterns for name in gfile.glob(pattern)]
    if not names:
        raise ValueError(f"No files match `file_pattern`. Received: file_pattern={file_pattern!r}")
    return names


class _Reader:
    def __init__(self, field_delim, use_quote_delim, compression_type, encoding):
        if compression_type not in (None, "", "GZIP"):
            raise ValueError("Expected compression_type None, '' or 'GZIP' to probe the columns (ZLIB is not "
                             f"supported). Received: compression_type={compression_type!r}")
        self._gzip, self._encoding = compression_type == "GZIP", encoding
        self._kwargs = {"delimiter": field_delim, "quoting": csv.QUOTE_MINIMAL if use_quote_delim else csv.QUOTE_NONE}

    def open(self, name):
        if self._gzip:
            return gzip.open(name, "rt", encoding=self._encoding, newline="")
        return open(name, encoding=self._encoding, newline="")  # noqa: SIM115 - used in `with`

    def rows(self, name):
        with self.open(name) as f:
            yield from csv.reader(f, **self._kwargs)


def _column_names(names, reader):
    headers = []
    for name in names:
        row = next(reader.rows(name), None)
        if row is None:
            raise ValueError(f"Failed to read the header line of {name}: is it empty? Received: file={name}")
        headers.append(row)
    if any(h != headers[0] for h in headers[1:]):
        raise ValueError("All CSV files must have the same header row. Received: headers "
                         f"{[h for h in headers if h != headers[0]][0]} and {headers[0]}")
    return headers[0]


def _selected_indices(select_columns, column_names):
    index_of = {n: i for i, n in enumerate(column_names)}
    indices = []
    for column in select_columns:
        if isinstance(column, int):
            if not 0 <= column < len(column_names):
                raise ValueError(f"Expected column indices in `select_columns` within [0, {len(column_names)}). "
                                 f"Received: {column}")
            indices.append(column)
        elif column not in index_of:
            raise ValueError(f"Expected `select_columns` names among {column_names}. Received: {column!r}")
        else:
            indices.append(index_of[column])
    if len(set(indices)) != len(indices):
        raise ValueError(f"`select_columns` names a column twice. Received: select_columns={select_columns!r}")
    return sorted(indices)


def _inferred_defaults(names, reader, num_cols, header, na_value, num_rows, indices):
    types = [None] * len(indices)
    seen = 0
    for name in names:
        for line, row in enumerate(reader.rows(name)):
            if header and line == 0:
                continue
            if num_rows is not None and seen >= num_rows:
                break
            if len(row) != num_cols:
                raise ValueError(f"Problem inferring types: CSV row {line + 1} of {name} has {len(row)} fields. "
                                 f"Expected: {num_cols}.")
            types = [_widen(row[i], na_value, t) for i, t in zip(indices, types)]
            seen += 1
    return [torch.tensor([0], dtype=t) if t not in (None, string) else [""] for t in types]


def make_csv_dataset(file_pattern, batch_size, column_names=None, column_defaults=None, label_name=None,
                     select_columns=None, field_delim=",", use_quote_delim=True, na_value="", header=True,
                     num_epochs=None, shuffle=True, shuffle_buffer_size=10000, shuffle_seed=None,
                     prefetch_buffer_size=None, num_parallel_reads=None, sloppy=False, num_rows_for_inference=100,
                     compression_type=None, ignore_errors=False, encoding="utf-8"):
    """Reads CSV files into a dataset of `(features, label)` batches (`features` alone without `label_name`).

    Args:
        file_pattern: a glob or a list of globs.
        batch_size: rows per batch.
        column_names: the columns' names (default: the header row, which then must exist).
        column_defaults: one entry per (selected) column, as `CsvDataset`'s `record_defaults` (a dtype makes the
            column required); default: inferred from the first `num_rows_for_inference` rows.
        label_name: the column returned apart as the label.
        select_columns: names or indices of the columns to keep.
        field_delim, use_quote_delim, na_value, header, compression_type: as `CsvDataset`.
        num_epochs: passes over the data (None: forever, and the last partial batch is dropped).
        shuffle, shuffle_buffer_size, shuffle_seed: shuffle the files and the rows.
        prefetch_buffer_size: batches to prefetch (default autotuned).
        num_parallel_reads: files read at once, their rows interleaved (default 1).
        sloppy: allow non-deterministic order (keraslike keeps the order; the results are the same set).
        num_rows_for_inference: rows read to infer the column types (None: all).
        ignore_errors: skip rows that do not parse instead of raising.
        encoding: the files' text encoding.

    Returns:
        A `tf.data.Dataset` of `OrderedDict`s of `(batch,)` tensors, paired with the label batch when `label_name`
        is given.

    Raises:
        ValueError: no file matches, no header nor `column_names`, duplicate or unknown columns, a `label_name`
            that is not a column, or `column_defaults` and `select_columns` of different lengths.
    """
    if isinstance(batch_size, bool) or not isinstance(batch_size, (int, np.integer)) or batch_size < 1:
        raise ValueError(f"Expected `batch_size` to be a positive integer. Received: batch_size={batch_size!r}")
    names = _file_names(file_pattern)
    reader = _Reader(field_delim, use_quote_delim, compression_type, encoding)
    if column_names is None:
        if not header:
            raise ValueError("Expected `column_names` or `header=True` (a header row to read them from). "
                             "Received: neither")
        column_names = _column_names(names, reader)
    column_names = list(column_names)
    if len(set(column_names)) != len(column_names):
        raise ValueError(f"The column names (`column_names` or the header) repeat a name. Received: {column_names}")
    indices = None if select_columns is None else _selected_indices(select_columns, column_names)
    if column_defaults is not None:
        defaults = list(column_defaults)  # dtypes (required columns) or default values, as CsvDataset takes
    else:
        defaults = _inferred_defaults(names, reader, len(column_names), header, na_value, num_rows_for_inference,
                                      indices if indices is not None else list(range(len(column_names))))
    if indices is not None and len(defaults) != len(indices):
        raise ValueError("Expected `column_defaults` and `select_columns` of the same length. Received: "
                         f"{len(defaults)} column_defaults, {len(indices)} select_columns")
    if indices is not None:
        column_names = [column_names[i] for i in indices]
    if label_name is not None and label_name not in column_names:
        raise ValueError(f"Expected `label_name` among the columns {column_names}. Received: label_name={label_name!r}")

    def read(filename):
        name = filename.numpy().decode("utf-8") if hasattr(filename, "numpy") else str(filename)
        return _CsvRecords(CsvDataset(name, defaults, compression_type=compression_type, header=header,
                                      field_delim=field_delim, use_quote_delim=use_quote_delim, na_value=na_value,
                                      select_cols=indices), ignore_errors)

    files = Dataset.from_tensor_slices(names)
    if shuffle:
        files = files.shuffle(len(names), seed=shuffle_seed)
    records = files.interleave(read, cycle_length=num_parallel_reads or 1, block_length=1)
    if shuffle:
        records = records.shuffle(shuffle_buffer_size, seed=shuffle_seed)
    if num_epochs != 1:
        records = records.repeat(num_epochs)
    dataset = _CsvBatchDataset(records, int(batch_size), num_epochs is None, column_names, label_name)
    return dataset.prefetch(AUTOTUNE if prefetch_buffer_size is None else prefetch_buffer_size)


class _CsvRecords(Dataset):
    """One file's `CsvDataset` records as lists of Python values, the rows `_CsvBatchDataset` batches by column."""

    def __init__(self, csv_dataset, skip_errors):
        super().__init__(csv_dataset.element_spec)
        self._csv, self._skip_errors = csv_dataset, bool(skip_errors)

    def _cardinality(self):
        return UNKNOWN

    def _generic_elements(self):
        return self._csv._records(self._skip_errors)


class _CsvBatchDataset(Dataset):
    """Batches of CSV records as `OrderedDict`s of `(batch,)` tensors (and the label), one tensor per column.

    `make_csv_dataset`'s `batch` + `map(to features)`: the rows travel through interleave, shuffle and repeat as
    Python values and each column of a batch becomes one tensor, instead of one tensor per field stacked later.
    """

    def __init__(self, records, batch_size, drop_remainder, column_names, label_name):
        dtypes = [spec.dtype for spec in records.element_spec]
        batch_dim = batch_size if drop_remainder else None
        specs = collections.OrderedDict((n, TensorSpec((batch_dim,), d)) for n, d in zip(column_names, dtypes))
        label_spec = None if label_name is None else specs.pop(label_name)
        super().__init__(specs if label_name is None else (specs, label_spec), [records])
        self._input, self._batch_size, self._drop_remainder = records, batch_size, drop_remainder
        self._names, self._dtypes, self._label = list(column_names), dtypes, label_name

    def _cardinality(self):
        return card.batched(self._input._cardinality(), self._batch_size, self._drop_remainder)

    def _generic_elements(self):
        rows = self._input._elements()
        makers = [_string_column if dtype is string else functools.partial(_number_column, _NUMPY[dtype])
                  for dtype in self._dtypes]
        while True:
            batch = list(itertools.islice(rows, self._batch_size))
            if not batch or (self._drop_remainder and len(batch) < self._batch_size):
                return
            columns = [make(column) for make, column in zip(makers, zip(*batch))]
            features = collections.OrderedDict(zip(self._names, columns))
            yield features if self._label is None else (features, features.pop(self._label))


def _number_column(dtype, values):
    return torch.from_numpy(np.array(values, dtype=dtype))  # a fresh array: 3x faster than torch.tensor(values)


def _string_column(values):
    array = np.empty(len(values), dtype=object)
    array[:] = values
    return StringTensor.from_bytes_array(array)
