"""`tf.io.decode_csv(records, record_defaults, field_delim=",", use_quote_delim=True, na_value="", select_cols=None)`.

Mirrors `tensorflow/python/ops/parsing_ops.py` (`decode_csv_v2`) and the DecodeCSV kernel: each string of
`records` (any shape) is one CSV record; the result is one tensor per (selected) column, shaped like
`records`. Fields are split with Python's `csv` module (quotes group fields when `use_quote_delim`).
"""

import csv

import numpy as np
import torch

from keraslike._src.data.tensor_spec import string
from keraslike._src.errors import InvalidArgumentError
from keraslike._src.io import string_values

_DTYPES = (torch.float32, torch.float64, torch.int32, torch.int64, string)
_NAMES = {torch.float32: "float", torch.float64: "double", torch.int32: "int32", torch.int64: "int64"}


def _column(default, index):
    """(dtype, default value or None for a required column) of one `record_defaults` entry."""
    if string_values.is_string_value(default):
        array = string_values.as_bytes_array(default, f"record_defaults[{index}]").reshape(-1)
        return string, (bytes(array[0]) if array.size else None)
    tensor = default if isinstance(default, torch.Tensor) else None
    if tensor is None:
        array = np.asarray(default.numpy() if hasattr(default, "numpy") else default)
        if array.dtype == np.float64 and not isinstance(default, np.ndarray):
            array = array.astype(np.float32)
        elif array.dtype.kind == "i" and not isinstance(default, np.ndarray):
            array = array.astype(np.int32)
        tensor = torch.from_numpy(np.ascontiguousarray(array))
    if tensor.dtype not in _DTYPES:
        raise TypeError(f"Expected record_defaults[{index}] of type float32, float64, int32, int64 or string. "
                        f"Received: {default!r}")
    if tensor.numel() > 1:
        raise ValueError(f"Expected record_defaults[{index}] to hold at most one value. Received: {default!r}")
    return tensor.dtype, (tensor.reshape(-1)[0].item() if tensor.numel() else None)


def _parse(text, dtype, default, column, record, na_value):
    if text == "" or text == na_value:
        if default is None:
            raise InvalidArgumentError(f"Field {column} is required but missing in record {record}!")
        return default
    if dtype is string:
        return text.encode("utf-8")
    try:
        return float(text) if dtype.is_floating_point else int(text)
    except ValueError:
        raise InvalidArgumentError(f"Field {column} in record {record} is not a valid {_NAMES[dtype]}: "
                                   f"{text}") from None


def decode_csv(records, record_defaults, field_delim=",", use_quote_delim=True, name=None, na_value="",
               select_cols=None):
    """Convert CSV records to tensors, one per column.

    Args:
        records: a string tensor (any shape); each element one CSV line.
        record_defaults: one entry per (selected) column: a one-element list/tensor giving the column's
            dtype and default (`[0]`, `[0.0]`, `[""]`, `tf.constant([0], tf.int64)`) or an empty tensor of
            the dtype for a required column (`tf.constant([], tf.float32)`).
        field_delim: the one-character separator.
        use_quote_delim: double quotes group fields (and `""` escapes a quote); False takes quotes literally.
        na_value: the field text that means missing.
        select_cols: sorted column indices to keep.

    Returns:
        A list of tensors (string values for string columns), each shaped like `records`.

    Raises:
        ValueError: a bad `field_delim` or unsorted `select_cols`.
        TypeError: a `record_defaults` entry of another dtype.
        tf.errors.InvalidArgumentError: a record with the wrong number of fields, a missing required field,
            or a field that does not parse as its column's type.
    """
    if len(field_delim) != 1:
        raise ValueError(f"field_delim should be only 1 char. Received: field_delim={field_delim!r}")
    if select_cols is not None:
        select_cols = [int(c) for c in select_cols]
        if select_cols != sorted(set(select_cols)) or any(c < 0 for c in select_cols):
            raise ValueError(f"select_cols is not strictly increasing. Received: select_cols={select_cols}")
        if len(select_cols) != len(record_defaults):
            raise ValueError(f"Length of select_cols and record_defaults do not match. Received: "
                             f"{len(select_cols)} and {len(record_defaults)}")
    columns = [_column(d, i) for i, d in enumerate(record_defaults)]
    array = string_values.as_bytes_array(records, "records")
    quoting = csv.QUOTE_MINIMAL if use_quote_delim else csv.QUOTE_NONE
    out = [np.empty(array.shape, dtype=object) for _ in columns]
    for position, (index, record) in enumerate(np.ndenumerate(array)):
        text = record.decode("utf-8")
        fields = next(csv.reader([text], delimiter=field_delim, quoting=quoting, quotechar='"'), [""]) if text else [""]
        if select_cols is not None:
            if select_cols and select_cols[-1] >= len(fields):
                raise InvalidArgumentError(f"Expect {select_cols[-1] + 1} fields but have {len(fields)} in record "
                                           f"{position}")
            fields = [fields[c] for c in select_cols]
        if len(fields) != len(columns):
            raise InvalidArgumentError(f"Expect {len(columns)} fields but have {len(fields)} in record {position}")
        for column, (field, (dtype, default)) in enumerate(zip(fields, columns)):
            out[column][index] = _parse(field, dtype, default, column, position, na_value)
    result = []
    for values, (dtype, _) in zip(out, columns):
        if dtype is string:
            result.append(string_values.string_output(values))
        else:
            result.append(torch.tensor(values.tolist(), dtype=dtype).reshape(array.shape))
    return result
