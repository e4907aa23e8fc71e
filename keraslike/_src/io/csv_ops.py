"""`tf.io.decode_csv`: CSV records (a string tensor) into one tensor per column.

Mirrors `tensorflow/python/ops/parsing_ops.py` (`decode_csv_v2`) and the `DecodeCSV` kernel: RFC 4180
quoting (a doubled quote inside a quoted field is one quote) unless `use_quote_delim=False`; empty
fields and `na_value` take the column's default; a column with an empty default is required.

Example:
    >>> tf.io.decode_csv(["1,a,2.5", "3,,"], record_defaults=[[0], ["x"], [0.0]])
    ... # [int32 [1 3], string [b'a' b'x'], float32 [2.5 0.]]
"""

import csv

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ops.string_tensor import StringTensor, as_string_array

_TYPES = (torch.float32, torch.float64, torch.int32, torch.int64, dtypes.string)


def _default(spec, index):
    """`(dtype, default value or None for a required column)` of one `record_defaults` entry."""
    value = spec if isinstance(spec, (torch.Tensor, StringTensor)) else convert_to_tensor(spec)
    if value.dtype not in _TYPES:
        raise TypeError(f"Expected record_defaults[{index}] of type float32, float64, int32, int64 or string. "
                        f"Received: record_defaults[{index}] with dtype={dtypes.dtype_name(value.dtype)}")
    if isinstance(value, StringTensor):
        flat = as_string_array(value).reshape(-1).tolist()
    else:
        flat = value.reshape(-1).tolist()
    if len(flat) > 1:
        raise ValueError(f"Expected record_defaults[{index}] to hold one value, or none for a required column. "
                         f"Received: record_defaults[{index}] with {len(flat)} values")
    return value.dtype, (flat[0] if flat else None)


def _parse_field(text, col, record, dtype, default, na_value):
    if text == "" or text == na_value:
        if default is None:
            raise errors.InvalidArgumentError(f"Field {col} is required but missing in record {record}! "
                                              f"Received: record {record}")
        return default
    if dtype is dtypes.string:
        return text.encode("utf-8", "surrogateescape")
    try:
        value = float(text) if dtype.is_floating_point else int(text)
    except ValueError:
        raise errors.InvalidArgumentError(f"Field {col} in record {record} is not a valid "
                                          f"{dtypes.dtype_name(dtype)}: {text}. Received: field={text!r}") from None
    if not dtype.is_floating_point:
        info = torch.iinfo(dtype)
        if not info.min <= value <= info.max:
            raise errors.InvalidArgumentError(f"Field {col} in record {record} is not a valid "
                                              f"{dtypes.dtype_name(dtype)}: {text}. Received: field={text!r}")
    return value


def _fields(line, delimiter, quote):
    reader = csv.reader([line], delimiter=delimiter, quoting=csv.QUOTE_MINIMAL if quote else csv.QUOTE_NONE,
                        quotechar='"', strict=True)
    try:
        return next(reader, [""])
    except csv.Error as err:
        raise errors.InvalidArgumentError(f"Quote error in record: {line!r} ({err}). Received: record={line!r}") \
            from None


def decode_csv(records, record_defaults, field_delim=",", use_quote_delim=True, na_value="", select_cols=None,
               name=None):
    """`tf.io.decode_csv`: parse CSV `records` into a list of tensors, one per (selected) column.

    Args:
        records: string tensor of any shape; each element is one CSV line.
        record_defaults: one entry per column: a scalar (or one-element list/tensor) default whose dtype
            (float32, float64, int32, int64, string) is the column's, or an empty tensor for a required column.
        field_delim: one-character separator. use_quote_delim: RFC 4180 double quotes (else `"` is text).
        na_value: text that also means "missing". select_cols: sorted column indices to keep.

    Returns:
        list of tensors with `records`' shape (string columns as `StringTensor`s).

    Raises:
        errors.InvalidArgumentError: a record with the wrong number of fields, a required field missing,
            or a field that does not parse as its column's dtype.
        ValueError: a bad `field_delim`, unsorted `select_cols`, or `record_defaults` of the wrong length.
    """
    delimiter = field_delim.decode() if isinstance(field_delim, bytes) else field_delim
    if len(delimiter) != 1:
        raise ValueError(f"field_delim should be only 1 char. Received: field_delim={field_delim!r}")
    na = na_value.decode() if isinstance(na_value, bytes) else na_value
    columns = [_default(spec, i) for i, spec in enumerate(record_defaults)]
    if select_cols is not None:
        select = [int(c) for c in select_cols]
        if select != sorted(set(select)) or (select and select[0] < 0):
            raise ValueError(f"select_cols is not strictly increasing. Received: select_cols={select_cols!r}")
        if len(select) != len(columns):
            raise ValueError(f"Length of select_cols and record_defaults do not match. Received: "
                             f"{len(select)} select_cols and {len(columns)} record_defaults")
    else:
        select = None
    array = as_string_array(records)
    parsed = [[] for _ in columns]
    for record, raw in enumerate(array.reshape(-1).tolist()):
        fields = _fields(raw.decode("utf-8", "surrogateescape"), delimiter, use_quote_delim)
        if select is not None:
            if select and select[-1] >= len(fields):
                raise errors.InvalidArgumentError(f"Expect at least {select[-1] + 1} fields but have {len(fields)} "
                                                  f"in record {record}. Received: record={raw!r}")
            fields = [fields[i] for i in select]
        if len(fields) != len(columns):
            raise errors.InvalidArgumentError(f"Expect {len(columns)} fields but have {len(fields)} in record "
                                              f"{record}. Received: record={raw!r}")
        for col, (text, (dtype, default)) in enumerate(zip(fields, columns)):
            parsed[col].append(_parse_field(text, col, record, dtype, default, na))
    out = []
    for values, (dtype, _) in zip(parsed, columns):
        if dtype is dtypes.string:
            flat = np.asarray(values + [None], dtype=object)[:-1]
            out.append(StringTensor.from_bytes_array(flat.reshape(array.shape)))
        else:
            out.append(torch.tensor(values, dtype=dtype).reshape(array.shape))
    return out
