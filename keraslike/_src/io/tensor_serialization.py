"""`tf.io.serialize_tensor` / `tf.io.parse_tensor`: tensors as serialized `tensorflow.TensorProto` bytes.

Mirrors `tensorflow/core/kernels/serialize_tensor_op` / `parse_tensor_op`: numeric tensors are written as
`dtype`, `tensor_shape` and the raw little-endian bytes in `tensor_content` (as TF's
`Tensor::AsProtoTensorContent`), string tensors with one `string_val` per element, so the bytes equal
TF's and either side reads the other's. `parse_tensor` also reads the typed `*_val` fields (a single
value fills the whole shape, as TF's `MakeNdarray`).
"""

import numpy as np
import torch

from keraslike._src.errors import InvalidArgumentError
from keraslike._src.io import protos, string_values
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ops.tensor_spec import as_spec_dtype, dtype_repr, string

# torch dtype -> (TF DataType enum, numpy storage dtype of its bytes, the TensorProto *_val field)
_TYPES = {
    torch.float32: (1, np.float32, "float_val"), torch.float64: (2, np.float64, "double_val"),
    torch.int32: (3, np.int32, "int_val"), torch.uint8: (4, np.uint8, "int_val"),
    torch.int16: (5, np.int16, "int_val"), torch.int8: (6, np.int8, "int_val"),
    torch.complex64: (8, np.complex64, "scomplex_val"), torch.int64: (9, np.int64, "int64_val"),
    torch.bool: (10, np.bool_, "bool_val"), torch.bfloat16: (14, np.uint16, "half_val"),
    torch.uint16: (17, np.uint16, "int_val"), torch.complex128: (18, np.complex128, "dcomplex_val"),
    torch.float16: (19, np.float16, "half_val"), torch.uint32: (22, np.uint32, "uint32_val"),
    torch.uint64: (23, np.uint64, "uint64_val"),
}
_BY_ENUM = {code: dtype for dtype, (code, _, _) in _TYPES.items()}
_STRING_ENUM = 7
_ENUM_NAMES = {code: name for name, code in protos.DATA_TYPES.items()}


def _tf_type_name(code):
    return _ENUM_NAMES.get(code, str(code)).replace("DT_", "").lower()


def _as_value(tensor):
    """A tensor-like -> torch tensor or object ndarray of bytes (strings)."""
    if string_values.is_string_value(tensor):
        return string_values.as_bytes_array(tensor, "tensor")
    if hasattr(tensor, "read_value") and not isinstance(tensor, torch.Tensor):
        tensor = tensor.read_value()
    value = tensor if isinstance(tensor, torch.Tensor) else convert_to_tensor(tensor)
    return value if isinstance(value, torch.Tensor) else string_values.as_bytes_array(value, "tensor")


def _varint(number):
    out = bytearray()
    while True:
        byte, number = number & 0x7F, number >> 7
        out.append(byte | (0x80 if number else 0))
        if not number:
            return bytes(out)


def _encode_string_list(items):
    """TF's `EncodeStringList` (tensor_coding.cc): every length as a varint, then every string's bytes."""
    return b"".join(_varint(len(item)) for item in items) + b"".join(items)


def _decode_string_list(data, count):
    lengths, position = [], 0
    for _ in range(count):
        shift = length = 0
        while True:
            if position >= len(data):
                raise InvalidArgumentError("Could not parse a TensorProto: truncated string tensor_content")
            byte = data[position]
            position += 1
            length |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
        lengths.append(length)
    out = np.empty(count, dtype=object)
    for i, length in enumerate(lengths):
        out[i] = bytes(data[position:position + length])
        position += length
    if position != len(data):
        raise InvalidArgumentError("Could not parse a TensorProto: string tensor_content does not match its shape")
    return out


def tensor_to_proto(tensor, strings_as_content=False):
    """A `tensorflow.TensorProto` message of `tensor` (numbers in `tensor_content`, strings in `string_val`).

    Args:
        tensor: the value.
        strings_as_content: encode strings in `tensor_content` as TF's `AsProtoTensorContent` does
            (`serialize_sparse`); `serialize_tensor` uses `string_val`, as TF's `AsProtoField`.

    Raises:
        TypeError: a dtype TensorProto has no code for.
    """
    value = _as_value(tensor)
    proto = protos.TensorProto()
    proto.tensor_shape.SetInParent()
    for size in value.shape:
        proto.tensor_shape.dim.add(size=int(size))
    if isinstance(value, np.ndarray):
        proto.dtype = _STRING_ENUM
        if strings_as_content:
            proto.tensor_content = _encode_string_list(list(value.reshape(-1)))
        else:
            proto.string_val.extend(list(value.reshape(-1)))
        return proto
    if value.dtype not in _TYPES:
        raise TypeError(f"Expected a dtype TensorProto can hold. Received: dtype={value.dtype}")
    code, storage, _ = _TYPES[value.dtype]
    proto.dtype = code
    data = value.detach().cpu().contiguous()
    if value.dtype == torch.bfloat16:
        data = data.view(torch.int16)
    proto.tensor_content = np.ascontiguousarray(data.numpy().astype(np.dtype(storage).newbyteorder("<"),
                                                                    copy=False)).tobytes()
    return proto


def serialize_content(tensor):
    """Serialized TensorProto bytes with strings in `tensor_content` (the form TF's sparse serialization writes)."""
    return tensor_to_proto(tensor, strings_as_content=True).SerializeToString()


def serialize_tensor(tensor, name=None):
    """`tf.io.serialize_tensor(tensor)`: a scalar string of `tensor` as serialized `TensorProto` bytes.

    Args:
        tensor: a tensor, array, Python value or string value of any shape and a TF dtype.

    Returns:
        A scalar string value (what `tf.io.parse_tensor` reads back), byte-identical to TF's.

    Raises:
        TypeError: a dtype TF has no DataType for.
    """
    return string_values.string_output(np.array(tensor_to_proto(tensor).SerializeToString(), dtype=object))


def proto_to_tensor(proto, out_type=None):
    """The tensor (or object ndarray of bytes) a `TensorProto` holds.

    Raises:
        tf.errors.InvalidArgumentError: `out_type` differs from the proto's dtype, or the content does not
            match the shape.
    """
    shape = [int(d.size) for d in proto.tensor_shape.dim]
    if out_type is not None:
        wanted = as_spec_dtype(out_type)
        wanted_code = _STRING_ENUM if wanted is string else _TYPES.get(wanted, (None,))[0]
        if wanted_code != proto.dtype:
            raise InvalidArgumentError(f"Type mismatch between parsed tensor ({_tf_type_name(proto.dtype)}) and "
                                       f"dtype ({dtype_repr(wanted)[3:]})")
    count = int(np.prod(shape, dtype=np.int64))
    if proto.dtype == _STRING_ENUM and proto.tensor_content:
        return _decode_string_list(proto.tensor_content, count).reshape(shape)
    if proto.dtype == _STRING_ENUM:
        values = np.empty(len(proto.string_val), dtype=object)
        values[:] = list(proto.string_val)
        return _filled(values, count, shape, proto).reshape(shape)
    if proto.dtype not in _BY_ENUM:
        raise InvalidArgumentError(f"Expected a TensorProto of a numeric or string dtype. Received: dtype "
                                   f"{_tf_type_name(proto.dtype)}")
    dtype = _BY_ENUM[proto.dtype]
    _, storage, field = _TYPES[dtype]
    if proto.tensor_content:
        array = np.frombuffer(proto.tensor_content, dtype=np.dtype(storage).newbyteorder("<"))
        if array.size != count:
            raise InvalidArgumentError(f"Could not parse a TensorProto: tensor_content holds {array.size} values for "
                                       f"shape {shape}")
    else:
        raw = np.asarray(getattr(proto, field))
        if field in ("scomplex_val", "dcomplex_val"):
            raw = raw.reshape(-1, 2) @ np.array([1, 1j])
        array = _filled(raw.astype(storage), count, shape, proto)
    tensor = torch.from_numpy(np.array(array, dtype=storage).reshape(shape))
    return tensor.view(torch.bfloat16) if dtype == torch.bfloat16 else tensor


def _filled(values, count, shape, proto):
    if len(values) == count:
        return values
    if len(values) == 0 and count:
        return np.zeros(count, dtype=values.dtype) if values.dtype != object else np.array([b""] * count, object)
    if 0 < len(values) < count:  # TF repeats the last value to fill the shape
        return np.concatenate([values, np.repeat(values[-1:], count - len(values))])
    raise InvalidArgumentError(f"Could not parse a TensorProto: {len(values)} values for shape {shape}")


def parse_tensor(serialized, out_type, name=None):
    """`tf.io.parse_tensor(serialized, out_type)`: the tensor a serialized `TensorProto` (scalar string) holds.

    Returns:
        A tensor of `out_type` and the stored shape (string values for `tf.string`).

    Raises:
        tf.errors.InvalidArgumentError: bytes that are no TensorProto, or a dtype other than `out_type`.
        ValueError: `serialized` is not a scalar string.
    """
    array = string_values.as_bytes_array(serialized, "serialized")
    if array.ndim != 0:
        raise ValueError(f"Expected a scalar serialized tensor. Received: shape {array.shape}")
    proto = protos.TensorProto()
    try:
        proto.ParseFromString(bytes(array[()]))
    except Exception:  # noqa: BLE001 - protobuf raises DecodeError or RuntimeError by implementation
        raise InvalidArgumentError("Could not parse `serialized` as TensorProto: "
                                   f"'{bytes(array[()])[:100]!r}'") from None
    value = proto_to_tensor(proto, out_type)
    return string_values.string_output(value) if isinstance(value, np.ndarray) else value
