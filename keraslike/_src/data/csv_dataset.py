"""`tf.data.experimental.CsvDataset` and `tf.data.experimental.Counter`.

Mirrors `tensorflow/python/data/experimental/ops/readers.py` (`CsvDatasetV2`) and `counter.py`.
CSV files are read line by line (bounded memory) with Python's `csv` module; every element is a
tuple with one scalar per selected column: a tensor of the column's dtype (a `StringTensor` for a
`tf.string` column, as in `from_tensor_slices`).
"""

import csv
import gzip
import io
import itertools
import operator

import numpy as np
import torch

from keraslike._src.data import error_skipping
from keraslike._src.data.cardinality import INFINITE, UNKNOWN
from keraslike._src.data.dataset import Dataset
from keraslike._src.errors import InvalidArgumentError
from keraslike._src.ops.string_tensor import StringTensor
from keraslike._src.ops.tensor_spec import TensorSpec, as_spec_dtype, string

_CSV_DTYPES = (torch.float32, torch.float64, torch.int32, torch.int64, string)
_CHUNK = 512  # records converted at a time
_INT_RANGES = {dtype: (torch.iinfo(dtype).min, torch.iinfo(dtype).max) for dtype in (torch.int32, torch.int64)}


def _column_default(spec, index):
    """`(dtype, default or None)` of one `record_defaults` entry (a dtype, a scalar, or an empty tensor)."""
    try:
        dtype = as_spec_dtype(spec)
        return _check_dtype(dtype, spec, index), None
    except (TypeError, ValueError):
        pass
    if isinstance(spec, (str, bytes)):
        return string, spec.encode() if isinstance(spec, str) else spec
    if isinstance(spec, np.ndarray) and spec.dtype.kind in "SUO":
        values = spec.reshape(-1)
        return string, (None if values.size == 0 else (values[0].encode() if isinstance(values[0], str)
                                                         else bytes(values[0])))
    if isinstance(spec, (list, tuple)) and len(spec) <= 1:
        if not spec:
            raise ValueError(f"record_defaults[{index}] is an empty list; give a dtype or an empty tensor for a "
                             f"required column. Received: record_defaults[{index}]={spec!r}")
        return _column_default(spec[0], index)
    if isinstance(spec, bool) or not isinstance(spec, (int, float, np.generic, torch.Tensor)):
        raise TypeError(f"Expected record_defaults[{index}] to be a dtype, a scalar or a tensor of float32, "
                        f"float64, int32, int64 or string. Received: {spec!r}")
    value = spec if isinstance(spec, torch.Tensor) else torch.as_tensor(
        spec, dtype=torch.float32 if isinstance(spec, float) else torch.int32 if isinstance(spec, int) else None)
    dtype = _check_dtype(value.dtype, spec, index)
    if value.numel() > 1:
        raise ValueError(f"Expected record_defaults[{index}] to hold at most one value. Received: shape "
                         f"{tuple(value.shape)}")
    return dtype, (value.reshape(()).clone() if value.numel() == 1 else None)


def _check_dtype(dtype, spec, index):
    if dtype not in _CSV_DTYPES:
        raise TypeError(f"Expected record_defaults[{index}] of type float32, float64, int32, int64 or string. "
                        f"Received: {spec!r}")
    return dtype


class CsvDataset(Dataset):
    """`tf.data.experimental.CsvDataset(filenames, record_defaults, ...)`: one tuple of scalars per CSV record.

    Args:
        filenames: a file name or a list of them, read in order.
        record_defaults: one entry per (selected) column: a dtype (`tf.float32`, `tf.int64`, `tf.string`, ...)
            or an empty tensor for a required column, or a default value (`0.0`, `""`, `tf.constant([0])`)
            used when the field is empty or equals `na_value`.
        compression_type: None/"" (plain text) or "GZIP".
        buffer_size: read buffer in bytes (default the system's).
        header: skip each file's first line.
        field_delim: the one-character field separator, default ",".
        use_quote_delim: double quotes group fields holding the delimiter (default True); False treats
            quotes as ordinary characters.
        na_value: the field value that means "missing" (default "").
        select_cols: sorted column indices to keep (then `record_defaults` has one entry per kept column).
        exclude_cols: column indices to drop instead (not with `select_cols`).

    Raises:
        ValueError: bad arguments (`select_cols` unsorted or with `exclude_cols`, an unknown compression).
        TypeError: a `record_defaults` entry that is not a CSV dtype or value.
        tf.errors.InvalidArgumentError (when iterating): a record with the wrong number of fields, a field
            that does not parse as its column's type, or a missing required field.
    """

    def __init__(self, filenames, record_defaults, compression_type=None, buffer_size=None, header=False,
                 field_delim=",", use_quote_delim=True, na_value="", select_cols=None, exclude_cols=None,
                 name=None):
        if isinstance(filenames, (str, bytes)):
            filenames = [filenames]
        self._filenames = [f.decode() if isinstance(f, bytes) else str(f) for f in np.asarray(filenames).reshape(-1)]
        if compression_type not in (None, "", "GZIP"):
            raise ValueError("Expected compression_type None, '' or 'GZIP' (ZLIB streams are not supported; "
                             f"decompress the file first). Received: compression_type={compression_type!r}")
        if select_cols is not None and exclude_cols is not None:
            raise ValueError("Either select_cols or exclude_cols should be empty. Received: both")
        for arg, cols in (("select_cols", select_cols), ("exclude_cols", exclude_cols)):
            if cols is not None and (list(cols) != sorted(set(cols)) or any(c < 0 for c in cols)):
                raise ValueError(f"Expected {arg} to be sorted, distinct and non-negative. Received: {arg}={cols!r}")
        if len(field_delim) != 1:
            raise ValueError(f"Expected a one-character field_delim. Received: field_delim={field_delim!r}")
        self._columns = [_column_default(spec, i) for i, spec in enumerate(record_defaults)]
        if select_cols is not None and len(select_cols) != len(self._columns):
            raise ValueError(f"Expected one record_defaults entry per selected column ({len(select_cols)}). "
                             f"Received: {len(self._columns)} record_defaults")
        self._compression, self._buffer = compression_type or "", buffer_size
        self._header, self._delim, self._quote, self._na = header, field_delim, use_quote_delim, na_value
        self._select = list(select_cols) if select_cols is not None else None
        self._exclude = set(exclude_cols) if exclude_cols is not None else None
        super().__init__(tuple(TensorSpec((), dtype) for dtype, _ in self._columns))

    def _cardinality(self):
        return UNKNOWN

    def _open(self, filename):
        raw = open(filename, "rb", buffering=self._buffer or -1)  # noqa: SIM115 - closed by the wrapper
        stream = gzip.GzipFile(fileobj=raw) if self._compression == "GZIP" else raw
        return io.TextIOWrapper(stream, encoding="utf-8", newline="")

    def _generic_elements(self):
        makers = [StringTensor if dtype is string else _scalar_maker(dtype) for dtype, _ in self._columns]
        for values in self._records():
            yield tuple(make(value) for make, value in zip(makers, values))

    def _records(self, skip_errors=False):
        """Yields each record as a tuple of Python values (`float`, `int` or `bytes`), one per selected column.

        Records are read `_CHUNK` at a time and converted column by column; a chunk holding a record that does
        not parse goes record by record, so the records before it come out first. That record raises
        `InvalidArgumentError`, or, with `skip_errors` or under an `ignore_errors()` pulling this dataset, is
        dropped and reading goes on with the next record (TF's reader has moved past it, so
        `make_csv_dataset(ignore_errors=True)` keeps every good row of the file).
        """
        quoting = csv.QUOTE_MINIMAL if self._quote else csv.QUOTE_NONE
        converters = [_column_converter(dtype, default, self._na) for dtype, default in self._columns]
        for filename in self._filenames:
            with self._open(filename) as text:
                numbered = enumerate(csv.reader(text, delimiter=self._delim, quoting=quoting, quotechar='"'))
                if self._header:
                    next(numbered, None)
                while True:
                    chunk = list(itertools.islice(numbered, _CHUNK))
                    if not chunk:
                        break
                    rows = self._converted_chunk([fields for _, fields in chunk if fields], converters)
                    if rows is not None:
                        yield from rows
                        continue
                    for line, fields in chunk:
                        if not fields:
                            continue
                        try:
                            values = self._record(fields, filename, line)
                        except InvalidArgumentError as error:
                            if not (skip_errors or error_skipping.active()):
                                raise
                            error_skipping.dropped(error)
                            continue
                        yield values

    def _converted_chunk(self, rows, converters):
        """The records of `rows` converted column by column, or None when one of them does not parse."""
        if not rows or not self._columns or self._exclude is not None:
            return [] if not rows else None
        if self._select is not None:
            if min(map(len, rows)) <= self._select[-1]:
                return None
            if len(self._select) == 1:
                index = self._select[0]
                rows = [(fields[index],) for fields in rows]
            else:
                rows = list(map(operator.itemgetter(*self._select), rows))
        if any(len(fields) != len(self._columns) for fields in rows):
            return None
        try:
            columns = [convert(texts) for convert, texts in zip(converters, zip(*rows))]
        except (ValueError, OverflowError):
            return None
        return list(zip(*columns))

    def _record(self, fields, filename, line):
        """One record's values, field by field: raises `InvalidArgumentError` naming what does not parse."""
        if self._select is not None:
            if self._select and self._select[-1] >= len(fields):
                raise InvalidArgumentError(f"Expect at least {self._select[-1] + 1} fields but have {len(fields)} "
                                           f"in record {line} of {filename}")
            fields = [fields[i] for i in self._select]
        elif self._exclude is not None:
            fields = [f for i, f in enumerate(fields) if i not in self._exclude]
        if len(fields) != len(self._columns):
            raise InvalidArgumentError(f"Expect {len(self._columns)} fields but have {len(fields)} in record {line} "
                                       f"of {filename}")
        return tuple(self._parse(value, col, dtype, default, filename, line)
                     for col, (value, (dtype, default)) in enumerate(zip(fields, self._columns)))

    def _parse(self, value, col, dtype, default, filename, line):
        if value == "" or value == self._na:
            if default is None:
                raise InvalidArgumentError(f"Field {col} is required but missing in record {line} of {filename}")
            return _python_value(default)
        if dtype is string:
            return value.encode()
        kind = "float" if dtype.is_floating_point else str(dtype).replace("torch.", "")
        try:
            number = float(value) if dtype.is_floating_point else int(value)
        except ValueError:
            raise InvalidArgumentError(f"Field {col} in record {line} of {filename} is not a valid {kind}: "
                                       f"{value}") from None
        if not dtype.is_floating_point and not _INT_RANGES[dtype][0] <= number <= _INT_RANGES[dtype][1]:
            raise InvalidArgumentError(f"Field {col} in record {line} of {filename} is not a valid {kind}: {value}")
        return number


def _python_value(default):
    """A column default (a scalar tensor or `bytes`) as the Python value records hold."""
    return default.item() if isinstance(default, torch.Tensor) else default


def _column_converter(dtype, default, na_value):
    """`texts -> values` of one column's fields; raises ValueError (or OverflowError) where `_parse` would raise
    for one of them."""
    missing = None if default is None else _python_value(default)
    parse = str.encode if dtype is string else float if dtype.is_floating_point else int
    bounds = None if dtype is string or dtype.is_floating_point else _INT_RANGES[dtype]

    def convert(texts):
        if "" in texts or na_value in texts:
            if missing is None:
                raise ValueError("a required field is missing")
            values = [missing if text == "" or text == na_value else parse(text) for text in texts]
        else:
            values = list(map(parse, texts))
        if bounds is not None and not (bounds[0] <= min(values) and max(values) <= bounds[1]):
            raise OverflowError("an integer out of the column's range")
        return values
    return convert


def _scalar_maker(dtype):
    return lambda value: torch.tensor(value, dtype=dtype)


class Counter(Dataset):
    """`tf.data.experimental.Counter(start=0, step=1, dtype=tf.int64)`: `start, start + step, ...` without end.

    Raises:
        TypeError: a string dtype.
    """

    def __init__(self, start=0, step=1, dtype=torch.int64, name=None):
        dtype = as_spec_dtype(dtype)
        if dtype is string:
            raise TypeError(f"Expected a numeric dtype for Counter. Received: dtype={dtype!r}")
        self._start, self._step, self._dtype = start, step, dtype
        super().__init__(TensorSpec((), dtype))

    def _cardinality(self):
        return INFINITE

    def _generic_elements(self):
        for i in itertools.count():
            yield torch.tensor(self._start + i * self._step, dtype=self._dtype)
