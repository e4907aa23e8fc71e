"""`tf.io.decode_proto`: fields of serialized protobuf messages as tensors.

Mirrors the DecodeProtoV2 kernel (`tensorflow/core/kernels/decode_proto_op.cc`) for the Python caller: each
message of `bytes` (any batch shape) is parsed as `message_type`; for each of `field_names` the result has
the count of values each message holds (`sizes`, int32, `batch + [fields]`) and the values, padded with
the field's default to the largest count in the batch, at least 1 (`batch + [max(1, max count)]`).
Message-typed fields come out as their serialized bytes (`tf.string`), enums as int32.

`message_type` is looked up in keraslike's own TF messages (`tf.train.Example`, `tf.compat.v1.Summary`,
...: `descriptor_source="local://"`, the default), then in the protobuf package's default pool (messages
the program imported), or in a `FileDescriptorSet` given as a file path or as `"bytes://" + serialized`.

Example:
    >>> sizes, [values] = tf.io.decode_proto(blobs, "tensorflow.Summary.Value", ["simple_value"], [tf.float32])
"""

import numpy as np
import torch
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory, text_format
from google.protobuf.message import DecodeError

from keraslike._src.errors import DataLossError, InvalidArgumentError, NotFoundError
from keraslike._src.io import protos, string_values
from keraslike._src.ops import dtypes

_FD = descriptor_pb2.FieldDescriptorProto
_FLOATS = (_FD.TYPE_FLOAT, _FD.TYPE_DOUBLE)
_STRINGS = (_FD.TYPE_STRING, _FD.TYPE_BYTES, _FD.TYPE_MESSAGE, _FD.TYPE_GROUP)
# The output dtypes each field type may be read as (the kernel's compatibility check)
_ACCEPTED = {
    _FD.TYPE_DOUBLE: (torch.float64,), _FD.TYPE_FLOAT: (torch.float32, torch.float64),
    _FD.TYPE_INT64: (torch.int64,), _FD.TYPE_SINT64: (torch.int64,), _FD.TYPE_SFIXED64: (torch.int64,),
    _FD.TYPE_UINT64: (torch.uint64, torch.int64), _FD.TYPE_FIXED64: (torch.uint64, torch.int64),
    _FD.TYPE_INT32: (torch.int32, torch.int64), _FD.TYPE_SINT32: (torch.int32, torch.int64),
    _FD.TYPE_SFIXED32: (torch.int32, torch.int64), _FD.TYPE_ENUM: (torch.int32,),
    _FD.TYPE_UINT32: (torch.uint32, torch.int64), _FD.TYPE_FIXED32: (torch.uint32, torch.int64),
    _FD.TYPE_BOOL: (torch.bool,),
}

_NUMPY = {torch.float32: np.float32, torch.float64: np.float64, torch.int32: np.int32, torch.int64: np.int64,
          torch.uint32: np.uint32, torch.uint64: np.uint64, torch.bool: np.bool_}


def _pool(descriptor_source):
    source = descriptor_source.decode("latin-1") if isinstance(descriptor_source, bytes) else str(descriptor_source)
    if source == "local://":
        return None
    if source.startswith("bytes://"):
        data = source[len("bytes://"):].encode("latin-1")
    else:
        try:
            with open(source, "rb") as f:
                data = f.read()
        except OSError as err:
            raise NotFoundError(None, None, f"descriptor_source names no readable FileDescriptorSet ({err}). "
                                f"Received: descriptor_source={source!r}") from None
    files = descriptor_pb2.FileDescriptorSet()
    try:
        files.ParseFromString(data)
    except DecodeError:
        raise InvalidArgumentError(None, None, "descriptor_source is not a serialized FileDescriptorSet. "
                                   f"Received: descriptor_source={source[:60]!r}") from None
    pool = descriptor_pool.DescriptorPool()
    for file in files.file:
        pool.Add(file)
    return pool


def _message_class(message_type, descriptor_source):
    pool = _pool(descriptor_source)
    for candidate in ([pool] if pool is not None else [protos.POOL, descriptor_pool.Default()]):
        try:
            return message_factory.GetMessageClass(candidate.FindMessageTypeByName(message_type))
        except KeyError:
            continue
    raise InvalidArgumentError(None, None, f"No descriptor found for message type {message_type}. Received: "
                        f"message_type={message_type!r}, descriptor_source={descriptor_source!r}")


def _repeated(field):
    # protobuf 6 has `is_repeated` (and no `label` in its upb build); older versions only `label`
    flag = getattr(field, "is_repeated", None)
    return flag if flag is not None else field.label == _FD.LABEL_REPEATED


def _field_values(message, field):
    if _repeated(field):
        values = list(getattr(message, field.name))
    elif field.message_type is not None or field.containing_oneof is not None or field.has_presence:
        values = [getattr(message, field.name)] if message.HasField(field.name) else []
    else:  # proto3 scalar without presence: on the wire only when not the default
        value = getattr(message, field.name)
        values = [] if value == field.default_value else [value]
    if field.type in (_FD.TYPE_MESSAGE, _FD.TYPE_GROUP):
        return [v.SerializeToString() for v in values]
    if field.type == _FD.TYPE_STRING:
        return [v.encode("utf-8") for v in values]
    return values


def _default(field):
    if field.type in (_FD.TYPE_MESSAGE, _FD.TYPE_GROUP):
        return b""
    value = field.default_value
    if _repeated(field) or value is None or isinstance(value, list):
        return b"" if field.type in _STRINGS else (False if field.type == _FD.TYPE_BOOL else 0)
    return value.encode("utf-8") if isinstance(value, str) else value


def decode_proto(bytes, message_type, field_names, output_types, descriptor_source="local://",  # noqa: A002
                 message_format="binary", sanitize=False, name=None):
    """`tf.io.decode_proto(bytes, message_type, field_names, output_types)`: `(sizes, values)`.

    Args:
        bytes: serialized messages, a string tensor of any shape.
        message_type: the message's full name (`"tensorflow.Summary.Value"`).
        field_names: the fields to read; `output_types`: one dtype per field (string for string, bytes and
            message fields; a float field as float32/float64, integer fields as their integer types, bool).
        descriptor_source: "local://", a FileDescriptorSet file path, or "bytes://" + a serialized one.
        message_format: "binary" or "text" (protobuf text format).
        sanitize: accepted (TF's graph-side sanitizing; the values are the same).

    Returns:
        `sizes` (int32, `bytes.shape + [len(field_names)]`) and a list of tensors, one per field, of shape
        `bytes.shape + [max count]`, padded with the field's default.

    Raises:
        tf.errors.InvalidArgumentError: `field_names` and `output_types` of different lengths, an unknown
            `message_format` or message type, an unknown field, an output type the field cannot be read as, or
            no message at all.
        tf.errors.DataLossError: a message that does not parse.
        tf.errors.NotFoundError: a `descriptor_source` file that cannot be read.
    """
    field_names, output_types = list(field_names), list(output_types)
    if len(field_names) != len(output_types):
        raise InvalidArgumentError(None, None, "field_names and output_types must have the same length. Received: "
                         f"field_names={field_names}, output_types={output_types}")
    if message_format not in ("binary", "text"):
        raise InvalidArgumentError(None, None, "message_format must be one of binary or text. Received: "
                                   f"message_format={message_format!r}")
    cls = _message_class(str(message_type), descriptor_source)
    fields = []
    for field_name, output_type in zip(field_names, output_types):
        field = cls.DESCRIPTOR.fields_by_name.get(field_name)
        if field is None:
            raise InvalidArgumentError(None, None, f"Unknown field: {field_name} in message type {message_type}. "
                                       f"Received: field_names={field_names}")
        dtype = dtypes.as_dtype(output_type)
        accepted = (dtypes.string,) if field.type in _STRINGS else _ACCEPTED.get(field.type, ())
        if dtype not in accepted:
            raise InvalidArgumentError(None, None, f"Unexpected output type for {field.full_name}: the field "
                                       f"cannot be read as {output_type!r}. Received: output_types={output_types}")
        fields.append((field, dtype))
    array = string_values.as_bytes_array(bytes, "bytes")
    if not array.size:
        raise InvalidArgumentError(None, None, "Bufs argument must contain at least one value. Received: "
                                   f"bytes of shape {list(array.shape)}")
    counts = np.zeros(array.shape + (len(fields),), dtype=np.int32)
    collected = [np.empty(array.shape, dtype=object) for _ in fields]
    for index, blob in np.ndenumerate(array):
        message = cls()
        try:
            if message_format == "text":
                text_format.Parse(blob.decode("utf-8"), message)
            else:
                message.ParseFromString(blob)
        except (DecodeError, text_format.ParseError, UnicodeDecodeError) as err:
            raise DataLossError(None, None, f"Unable to parse a {message_type} message ({err}). "
                                       f"Received: bytes[{', '.join(map(str, index))}]={blob[:40]!r}") from None
        for i, (field, _) in enumerate(fields):
            values = _field_values(message, field)
            counts[index + (i,)] = len(values)
            collected[i][index] = values
    outputs = []
    for i, (field, dtype) in enumerate(fields):
        width = max(1, int(counts[..., i].max()))  # at least one column (the default) even when no message has it
        fill = _default(field)
        rows = [list(v) + [fill] * (width - len(v)) for v in collected[i].reshape(-1)]
        if dtype is dtypes.string:
            out = np.empty((len(rows), width), dtype=object)
            for r, row in enumerate(rows):
                out[r, :] = row
            outputs.append(string_values.string_output(out.reshape(array.shape + (width,))))
        else:
            outputs.append(torch.from_numpy(np.array(rows, dtype=_NUMPY[dtype]).reshape(array.shape + (width,))))
    return torch.from_numpy(counts), outputs
