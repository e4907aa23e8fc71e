"""`tf.io.decode_raw`, `decode_compressed`, `encode_base64`, `decode_base64`, `decode_json_example`.

Mirrors `tensorflow/core/kernels/decode_raw_op.cc`, `decode_compressed_op.cc`, `base64_ops.cc` and
`decode_json_example` (`tensorflow/python/ops/parsing_ops.py`). String inputs of any shape are mapped
element by element; TF's base64 is the URL-safe alphabet (`-`, `_`).
"""

import base64
import binascii
import gzip
import zlib

import numpy as np
import torch
from google.protobuf import json_format

from keraslike._src.errors import InvalidArgumentError
from keraslike._src.io import protos, string_values
from keraslike._src.ops.tensor_spec import as_spec_dtype, dtype_repr
from keraslike._src.ragged.ragged_dispatch import on_flat_values

_RAW_TYPES = {torch.float16: np.float16, torch.float32: np.float32, torch.float64: np.float64,
              torch.int32: np.int32, torch.uint16: np.uint16, torch.uint8: np.uint8, torch.int16: np.int16,
              torch.int8: np.int8, torch.int64: np.int64, torch.complex64: np.complex64,
              torch.complex128: np.complex128, torch.bool: np.bool_, torch.bfloat16: np.uint16}


def _map_strings(values, function, arg):
    array = string_values.as_bytes_array(values, arg)
    out = np.empty(array.shape, dtype=object)
    for index, item in np.ndenumerate(array):
        out[index] = function(item)
    return string_values.string_output(out)


def decode_raw(input_bytes, out_type, little_endian=True, fixed_length=None, name=None):
    """`tf.io.decode_raw(input_bytes, out_type, little_endian=True, fixed_length=None)`: bytes -> numbers.

    Args:
        input_bytes: a string tensor of any shape; every element the same length unless `fixed_length`.
        out_type: half, bfloat16, float, double, int8/16/32/64, uint8/16, complex64/128 or bool.
        little_endian: the byte order of the input.
        fixed_length: if given, each element is cut or zero-padded to this many bytes.

    Returns:
        A tensor of shape `input_bytes.shape + [n]`, n = element length / size of `out_type`.

    Raises:
        TypeError: an unsupported `out_type`.
        tf.errors.InvalidArgumentError: elements of different lengths, or a length that is no multiple of
            the type's size.
    """
    dtype = as_spec_dtype(out_type)
    if dtype not in _RAW_TYPES:
        raise TypeError(f"Expected out_type of half, bfloat16, float, double, int8/16/32/64, uint8/16, complex64/128 "
                        f"or bool. Received: out_type={out_type!r}")
    storage = np.dtype(_RAW_TYPES[dtype]).newbyteorder("<" if little_endian else ">")
    array = string_values.as_bytes_array(input_bytes, "input_bytes")
    items = list(array.reshape(-1))
    if fixed_length is not None:
        fixed_length = int(fixed_length)
        if fixed_length % storage.itemsize:
            raise InvalidArgumentError(f"fixed_length ({fixed_length}) must be a multiple of the size of out_type "
                                       f"({storage.itemsize})")
        items = [item[:fixed_length].ljust(fixed_length, b"\x00") for item in items]
    width = len(items[0]) if items else 0
    for i, item in enumerate(items):
        if len(item) != width:
            raise InvalidArgumentError(f"DecodeRaw requires input strings to all be the same size, but element {i} "
                                       f"has size {len(item)} != {width}")
    if width % storage.itemsize:
        raise InvalidArgumentError(f"Input to DecodeRaw has length {width} that is not a multiple of "
                                   f"{storage.itemsize}, the size of {dtype_repr(dtype)[3:]}")
    flat = np.frombuffer(b"".join(items), dtype=storage).astype(storage.newbyteorder("="))
    tensor = torch.from_numpy(flat.reshape(array.shape + (width // storage.itemsize,)).copy())
    return tensor.view(torch.bfloat16) if dtype == torch.bfloat16 else tensor


def decode_compressed(bytes, compression_type="", name=None):  # noqa: A002 - TF's argument name
    """`tf.io.decode_compressed(bytes, compression_type="")`: decompress each string ("", "ZLIB", "GZIP").

    Raises:
        ValueError: another `compression_type`.
        tf.errors.InvalidArgumentError: data that does not decompress.
    """
    kind = (compression_type or "").upper()
    if kind not in ("", "ZLIB", "GZIP"):
        raise ValueError(f"Expected compression_type '', 'ZLIB' or 'GZIP'. Received: compression_type="
                         f"{compression_type!r}")

    def decompress(data):
        try:
            return data if not kind else zlib.decompress(data) if kind == "ZLIB" else gzip.decompress(data)
        except (zlib.error, OSError, EOFError) as error:
            raise InvalidArgumentError(f"Could not decompress {kind} input: {error}") from None

    return _map_strings(bytes, decompress, "bytes")


def encode_base64(input, pad=False, name=None):  # noqa: A002 - TF's argument name
    """`tf.io.encode_base64(input, pad=False)`: web-safe base64 of each string (no `=` padding unless `pad`)."""
    def encode(data):
        text = base64.urlsafe_b64encode(data)
        return text if pad else text.rstrip(b"=")

    return _map_strings(input, encode, "input")


def decode_base64(input, name=None):  # noqa: A002 - TF's argument name
    """`tf.io.decode_base64(input)`: decode web-safe base64 strings (padding optional).

    Raises:
        tf.errors.InvalidArgumentError: a string that is not web-safe base64.
    """
    def decode(data):
        if not set(data) <= set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_="):
            raise InvalidArgumentError(f"Invalid character found in base64: {data[:50]!r}")
        try:
            return base64.urlsafe_b64decode(data.rstrip(b"=") + b"=" * (-len(data.rstrip(b"=")) % 4))
        except (binascii.Error, ValueError):
            raise InvalidArgumentError(f"Invalid base64 input: {data[:50]!r}") from None

    return _map_strings(input, decode, "input")


def decode_json_example(json_examples, name=None):
    """`tf.io.decode_json_example(json_examples)`: JSON `tf.train.Example`s (proto3 JSON) -> serialized protos.

    Raises:
        tf.errors.InvalidArgumentError: text that is not an Example in JSON.
    """
    def decode(text):
        try:
            return json_format.Parse(text.decode("utf-8"), protos.Example()).SerializeToString()
        except (json_format.ParseError, UnicodeDecodeError, ValueError) as error:
            raise InvalidArgumentError(f"Error while parsing JSON: {error}") from None

    return _map_strings(json_examples, decode, "json_examples")


# TF's ragged dispatch: these ops run on a RaggedTensor's flat values (ragged/ragged_dispatch.py)
encode_base64 = on_flat_values(encode_base64)
decode_base64 = on_flat_values(decode_base64)
decode_compressed = on_flat_values(decode_compressed)
