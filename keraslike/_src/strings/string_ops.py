"""`tf.strings` element-wise ops, joins, regular expressions, conversions and hash buckets.

Mirrors `tensorflow/python/ops/string_ops.py` and the string kernels of `tensorflow/core/kernels/`
(`string_lower_op`, `string_strip_op`, `string_length_op`, `string_join_op`, `reduce_join_op`,
`unsorted_segment_join_op`, `regex_full_match_op`, `regex_replace_op`, `substr_op`,
`string_to_number_op`, `as_string_op`, `string_to_hash_bucket_op`, `string_format_op`).
Inputs are string tensors (`StringTensor`, str/bytes or lists of them); the element-wise ops also take
RaggedTensors and apply to their flat values. Strings are bytes (str is UTF-8 encoded); regular
expressions use Python's `re` on bytes (RE2's syntax for the common constructs).

Example:
    >>> tf.strings.lower("CamelCase")                     # b'camelcase'
    >>> tf.strings.reduce_join([["abc", "123"], ["def", "456"]], axis=-1, separator=" ")
    ... # [b'abc 123' b'def 456']
"""

import functools
import re

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes, string_hash
from keraslike._src.ops.conversion import convert_to_tensor, normalize_axis
from keraslike._src.ops.printing import format_value
from keraslike._src.ops.string_tensor import StringTensor, as_string_array, looks_like_strings
from keraslike._src.ragged import ragged_ops
from keraslike._src.ragged.ragged_tensor import RaggedTensor

_MASK64 = (1 << 64) - 1
_MURMUR_MUL = 0xC6A4A7935BD1E995
_HASH64_SEED = 0xDECAFCAFFE


def strings_of(value, arg_name="input"):
    """The object ndarray of bytes of a string argument.

    Raises:
        TypeError: naming `arg_name` when `value` is not string data (e.g. a numeric tensor).
    """
    if isinstance(value, torch.Tensor):
        raise TypeError(f"Expected a string tensor for `{arg_name}`; got a {dtypes.dtype_name(value.dtype)} tensor "
                        f"(tf.strings.as_string converts numbers). Received: {arg_name} with dtype="
                        f"{dtypes.dtype_name(value.dtype)}")
    try:
        return as_string_array(value)
    except TypeError as err:
        raise TypeError(f"Expected a string tensor for `{arg_name}`. {err}") from None


def wrap(array):
    """A `StringTensor` over an object ndarray of bytes."""
    return StringTensor.from_bytes_array(array)


def map_bytes(array, fn):
    """`fn(bytes) -> bytes` over every element, as a `StringTensor` of the same shape."""
    out = np.fromiter((fn(b) for b in array.flat), dtype=object, count=array.size).reshape(array.shape)
    return wrap(out)


def map_numbers(array, fn, dtype):
    """`fn(bytes) -> number` over every element, as a torch tensor of `dtype`."""
    values = [fn(b) for b in array.flat]
    return torch.tensor(values, dtype=dtype).reshape(array.shape)


def elementwise(input, fn, arg_name="input"):
    """`fn(object ndarray) -> tensor` on a string tensor, or on the flat values of a RaggedTensor."""
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(elementwise(input.flat_values, fn, arg_name))
    return fn(strings_of(input, arg_name))


# ---- case, whitespace, length ---------------------------------------------------------------------
def _check_encoding(encoding):
    if encoding not in ("", "utf-8", "UTF-8", "utf8"):
        raise errors.InvalidArgumentError(f"Invalid encoding: expected '' (ASCII) or 'utf-8'. "
                                          f"Received: encoding={encoding!r}")
    return encoding != ""


def lower(input, encoding="", name=None):
    """`tf.strings.lower`: ASCII letters lower-cased (all of Unicode with `encoding="utf-8"`).

    Raises:
        errors.InvalidArgumentError: for an encoding other than "" or "utf-8".
    """
    utf8 = _check_encoding(encoding)
    fn = (lambda b: b.decode("utf-8", "surrogateescape").lower().encode("utf-8", "surrogateescape")) if utf8 else (
        lambda b: b.lower())
    return elementwise(input, lambda a: map_bytes(a, fn))


def upper(input, encoding="", name=None):
    """`tf.strings.upper`: ASCII letters upper-cased (all of Unicode with `encoding="utf-8"`).

    Raises:
        errors.InvalidArgumentError: for an encoding other than "" or "utf-8".
    """
    utf8 = _check_encoding(encoding)
    fn = (lambda b: b.decode("utf-8", "surrogateescape").upper().encode("utf-8", "surrogateescape")) if utf8 else (
        lambda b: b.upper())
    return elementwise(input, lambda a: map_bytes(a, fn))


def strip(input, name=None):
    """`tf.strings.strip`: leading and trailing ASCII whitespace removed."""
    return elementwise(input, lambda a: map_bytes(a, bytes.strip))


def _utf8_length(b):
    return sum(1 for c in b if c & 0xC0 != 0x80)


def length(input, unit="BYTE", name=None):
    """`tf.strings.length`: int32 lengths in bytes (`unit="BYTE"`) or code points (`"UTF8_CHAR"`).

    Raises:
        ValueError: for another `unit`.
    """
    if unit not in ("BYTE", "UTF8_CHAR"):
        raise ValueError(f"Expected `unit` 'BYTE' or 'UTF8_CHAR'. Received: unit={unit!r}")
    fn = len if unit == "BYTE" else _utf8_length
    return elementwise(input, lambda a: map_numbers(a, fn, torch.int32))


# ---- joins ----------------------------------------------------------------------------------------
def join(inputs, separator="", name=None):
    """`tf.strings.join(inputs, separator="")`: element-wise concatenation of string tensors (scalars broadcast).

    Raises:
        errors.InvalidArgumentError: if the shapes do not broadcast.
    """
    if isinstance(inputs, StringTensor):
        inputs = list(inputs) if inputs.ndim else [inputs]
    if any(isinstance(x, RaggedTensor) for x in inputs):  # same-partition RaggedTensors (and scalars): joined values
        return ragged_ops.map_flat_values(lambda *values: join(list(values), separator), *inputs)
    arrays = [strings_of(x, f"inputs[{i}]") for i, x in enumerate(inputs)]
    sep = strings_of(separator, "separator")[()]
    if not arrays:
        return wrap(np.asarray(b"", dtype=object))
    try:
        shape = np.broadcast_shapes(*(a.shape for a in arrays))
    except ValueError:
        raise errors.InvalidArgumentError(f"Input shapes do not match: {[list(a.shape) for a in arrays]}. "
                                          f"Received: inputs with shapes {[list(a.shape) for a in arrays]}") from None
    columns = [np.broadcast_to(a, shape).reshape(-1) for a in arrays]
    out = np.fromiter((sep.join(parts) for parts in zip(*columns)), dtype=object, count=int(np.prod(shape)))
    return wrap(out.reshape(shape))


def reduce_join(inputs, axis=None, keepdims=False, separator="", name=None):
    """`tf.strings.reduce_join`: join the strings along `axis` (all of them when None) with `separator`.

    With several axes the first listed varies fastest (TF's ReduceJoin order); `axis=None` joins in
    row-major order. A RaggedTensor is joined along its last (ragged) axis, or whole (`axis=None`).

    Raises:
        ValueError: for an out-of-range axis.
        NotImplementedError: for a RaggedTensor joined along another axis.
    """
    sep = strings_of(separator, "separator")[()]
    if isinstance(inputs, RaggedTensor) and axis is None and not keepdims:  # TF: all values, row-major order
        return reduce_join(inputs.flat_values, None, False, separator)
    if isinstance(inputs, RaggedTensor):
        last = inputs.ndim - 1
        first = axis[0] if isinstance(axis, (list, tuple)) and len(axis) == 1 else axis
        if first is None or isinstance(first, (list, tuple)) or normalize_axis(first, inputs.ndim) != last:
            raise NotImplementedError(f"tf.strings.reduce_join of a RaggedTensor joins along its last axis only in "
                                      f"keraslike. Received: axis={axis!r}")
        if isinstance(inputs.values, RaggedTensor):
            return inputs.with_values(reduce_join(inputs.values, -1, keepdims, separator))
        flat = strings_of(inputs.values)
        splits = inputs.row_splits.tolist()
        out = np.fromiter((sep.join(flat[splits[i]:splits[i + 1]].tolist()) for i in range(len(splits) - 1)),
                          dtype=object, count=len(splits) - 1)
        return wrap(out)
    array = strings_of(inputs, "inputs")
    rank = array.ndim
    if axis is None:
        axes = list(range(rank - 1, -1, -1))
    else:
        listed = axis.tolist() if isinstance(axis, torch.Tensor) else axis
        listed = listed if isinstance(listed, (list, tuple)) else [listed]
        axes = [normalize_axis(a, rank) for a in listed]
    kept = [d for d in range(rank) if d not in axes]
    moved = array.transpose(kept + axes[::-1]) if rank else array
    rows = moved.reshape([array.shape[d] for d in kept] + [-1])
    out = np.empty(rows.shape[:-1], dtype=object)
    for index in np.ndindex(*out.shape):
        out[index] = sep.join(rows[index].tolist())
    if keepdims:
        out = out.reshape([1 if d in axes else array.shape[d] for d in range(rank)])
    return wrap(out)


def unsorted_segment_join(inputs, segment_ids, num_segments, separator="", name=None):
    """`tf.strings.unsorted_segment_join`: `output[i]` joins the `inputs` rows whose segment id is `i`.

    `segment_ids`' shape is a prefix of `inputs`' shape; rows join in row-major order.

    Raises:
        errors.InvalidArgumentError: for negative ids, ids >= `num_segments` or mismatched shapes.
    """
    array = strings_of(inputs, "inputs")
    ids = convert_to_tensor(segment_ids)
    n = int(num_segments)
    sep = strings_of(separator, "separator")[()]
    k = ids.dim()
    if tuple(array.shape[:k]) != tuple(ids.shape):
        raise errors.InvalidArgumentError(f"segment_ids.shape must be a prefix of inputs.shape. Received: "
                                          f"segment_ids.shape={list(ids.shape)}, inputs.shape={list(array.shape)}")
    flat_ids = ids.reshape(-1).tolist()
    if any(i < 0 or i >= n for i in flat_ids):
        raise errors.InvalidArgumentError(f"segment_ids must be in [0, {n}). Received: segment_ids={flat_ids[:10]}")
    rows = array.reshape((len(flat_ids),) + array.shape[k:])
    inner = array.shape[k:]
    out = np.empty((n,) + inner, dtype=object)
    for index in np.ndindex(*inner):
        groups = [[] for _ in range(n)]
        for row, seg in enumerate(flat_ids):
            groups[seg].append(rows[(row,) + index])
        for seg in range(n):
            out[(seg,) + index] = sep.join(groups[seg])
    return wrap(out)


def format(template, inputs, placeholder="{}", summarize=3, name=None):
    """`tf.strings.format`: `template` with each `placeholder` replaced by the next input's text.

    Tensors print as `tf.print` does (the first and last `summarize` entries of each dimension;
    -1 prints all); string tensors quote their elements; RaggedTensors print as nested lists, as TF.

    Raises:
        ValueError: if the number of placeholders differs from the number of inputs.
    """
    if not isinstance(inputs, (list, tuple)):
        inputs = [inputs]
    text = template.decode("utf-8") if isinstance(template, bytes) else str(template)
    pieces = text.split(placeholder)
    if len(pieces) - 1 != len(inputs):
        raise ValueError(f"num placeholders in template and num inputs must match: {len(pieces) - 1} vs. "
                         f"{len(inputs)}. Received: template={template!r}")
    out = [pieces[0]]
    for value, piece in zip(inputs, pieces[1:]):
        out.append(_format_item(value, summarize))
        out.append(piece)
    return wrap(np.asarray("".join(out).encode("utf-8", "surrogateescape"), dtype=object))


def _as_formattable(value):
    if isinstance(value, (torch.Tensor, StringTensor)):
        return value
    return convert_to_tensor(value)


def _format_item(value, summarize):
    """Text of one input of `format`: a RaggedTensor as TF prints one (`[[1, 2], []]`, floats `%f`, bools
    `true`, strings quoted, each list cut to its first and last `summarize` entries), else as `tf.print`."""
    if not isinstance(value, RaggedTensor):
        return format_value(_as_formattable(value), summarize)
    return _format_nested(value.to_list(), str(value.dtype), summarize)


def _format_nested(item, dtype_name, summarize):
    if isinstance(item, list):
        parts = [_format_nested(x, dtype_name, summarize) for x in item]
        if 0 <= summarize and len(parts) > 2 * summarize:
            parts = parts[:summarize] + ["..."] + parts[-summarize:]
        return "[" + ", ".join(parts) + "]"
    if isinstance(item, bytes):
        return repr(item.decode("utf-8", "surrogateescape"))
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, float):
        return f"{item:f}"
    return str(item)


# ---- regular expressions --------------------------------------------------------------------------
@functools.lru_cache(maxsize=256)
def _compile(pattern):
    try:
        return re.compile(pattern)
    except re.error as err:
        raise errors.InvalidArgumentError(f"Invalid pattern: {pattern!r}, error: {err}. Received: "
                                          f"pattern={pattern!r}") from None


def _pattern(pattern, arg_name="pattern"):
    array = strings_of(pattern, arg_name)
    if array.ndim != 0:
        raise ValueError(f"Expected a scalar `{arg_name}`. Received: {arg_name} with shape={list(array.shape)}")
    return _compile(array[()])


def regex_full_match(input, pattern, name=None):
    """`tf.strings.regex_full_match`: bool tensor, True where the whole string matches `pattern`.

    Raises:
        errors.InvalidArgumentError: for an invalid pattern.
    """
    compiled = _pattern(pattern)
    return elementwise(input, lambda a: map_numbers(a, lambda b: compiled.fullmatch(b) is not None, torch.bool))


@functools.lru_cache(maxsize=256)
def _rewriter(rewrite):
    """RE2's rewrite string (`\\0`-`\\9` groups, `\\\\` a backslash) as a function of a match."""
    parts, i = [], 0
    while i < len(rewrite):
        c = rewrite[i:i + 1]
        if c == b"\\":
            nxt = rewrite[i + 1:i + 2]
            if nxt.isdigit():
                parts.append(int(nxt))
            elif nxt == b"\\":
                parts.append(b"\\")
            else:
                raise errors.InvalidArgumentError(f"Invalid rewrite pattern: {rewrite!r} (use \\\\ for a backslash, "
                                                  f"\\0-\\9 for groups). Received: rewrite={rewrite!r}")
            i += 2
            continue
        parts.append(c)
        i += 1
    if all(isinstance(p, bytes) for p in parts):
        literal = b"".join(parts)
        return lambda m: literal
    return lambda m: b"".join(p if isinstance(p, bytes) else (m.group(p) or b"") for p in parts)


def regex_replace(input, pattern, rewrite, replace_global=True, name=None):
    """`tf.strings.regex_replace`: replace matches of `pattern` by `rewrite` (`\\1`-`\\9` insert groups).

    Raises:
        errors.InvalidArgumentError: for an invalid pattern or rewrite.
    """
    compiled = _pattern(pattern)
    rewrite = strings_of(rewrite, "rewrite")
    if rewrite.ndim != 0:
        raise ValueError(f"Expected a scalar `rewrite`. Received: rewrite with shape={list(rewrite.shape)}")
    fn = _rewriter(rewrite[()])
    count = 0 if replace_global else 1
    return elementwise(input, lambda a: map_bytes(a, lambda b: compiled.sub(fn, b, count=count)))


# ---- substrings -----------------------------------------------------------------------------------
def _char_starts(b):
    return [i for i, c in enumerate(b) if c & 0xC0 != 0x80] + [len(b)]


def _substr_one(b, pos, size, unit):
    if unit == "UTF8_CHAR":
        starts = _char_starts(b)
        n = len(starts) - 1
    else:
        n = len(b)
    if pos > n or pos < -n:
        raise errors.InvalidArgumentError(f"pos {pos} out of range for string b'{b[:40]!r}' at index 0. "
                                          f"Received: pos={pos}")
    start = pos + n if pos < 0 else pos
    stop = n if size < 0 else min(n, start + size)
    if unit == "UTF8_CHAR":
        return b[starts[start]:starts[stop]]
    return b[start:stop]


def substr(input, pos, len, unit="BYTE", name=None):
    """`tf.strings.substr(input, pos, len, unit="BYTE")`: `len` bytes (or UTF-8 characters) from `pos`.

    A negative `pos` counts from the end; a `len` past the end (or negative) takes the rest. `pos`
    and `len` broadcast with `input`.

    Raises:
        errors.InvalidArgumentError: if `pos` is out of range for a string.
        ValueError: if `pos` and `len` differ in shape, or for another `unit`.
    """
    if unit not in ("BYTE", "UTF8_CHAR"):
        raise ValueError(f"Expected `unit` 'BYTE' or 'UTF8_CHAR'. Received: unit={unit!r}")
    positions, sizes = (np.asarray(convert_to_tensor(v).tolist()) for v in (pos, len))
    if positions.shape != sizes.shape:
        raise ValueError(f"pos and len should have the same shape. Received: pos.shape={list(positions.shape)}, "
                         f"len.shape={list(sizes.shape)}")

    def run(array):
        shape = np.broadcast_shapes(array.shape, positions.shape)
        a, p, s = (np.broadcast_to(x, shape).reshape(-1) for x in (array, positions, sizes))
        out = np.fromiter((_substr_one(b, int(i), int(k), unit) for b, i, k in zip(a, p, s)), dtype=object,
                          count=a.size)
        return wrap(out.reshape(shape))

    return elementwise(input, run)


# ---- numbers <-> strings --------------------------------------------------------------------------
_NUMBER_TYPES = (torch.float32, torch.float64, torch.int32, torch.int64)


def _parse_number(b, is_float, dtype):
    text = b.decode("ascii", "replace")
    try:
        if "_" in text:
            raise ValueError(text)
        value = float(text) if is_float else int(text)
    except ValueError:
        raise errors.InvalidArgumentError(f"StringToNumberOp could not correctly convert string: {text}. "
                                          f"Received: input={b!r}") from None
    if not is_float:
        info = torch.iinfo(dtype)
        if not info.min <= value <= info.max:
            raise errors.InvalidArgumentError(f"StringToNumberOp could not correctly convert string: {text} (out of "
                                              f"range for {dtypes.dtype_name(dtype)}). Received: input={b!r}")
    return value


def to_number(input, out_type=torch.float32, name=None):
    """`tf.strings.to_number(input, out_type=tf.float32)`: parse each string as a number.

    Raises:
        errors.InvalidArgumentError: for a string that is not a number, or an integer out of range.
        TypeError: for an `out_type` other than float32/float64/int32/int64.
    """
    dtype = dtypes.as_dtype(out_type)
    if dtype not in _NUMBER_TYPES:
        raise TypeError(f"Expected `out_type` float32, float64, int32 or int64. Received: out_type={out_type!r}")
    is_float = dtype.is_floating_point
    return elementwise(input, lambda a: map_numbers(a, lambda b: _parse_number(b, is_float, dtype), dtype))


def _format_spec(fill, width, precision, conversion):
    spec = "%" + fill + (str(width) if width > -1 else "") + (f".{precision}" if precision > -1 else "")
    return spec + conversion


def as_string(input, precision=-1, scientific=False, shortest=False, width=-1, fill="", name=None):
    """`tf.strings.as_string`: numbers and bools as strings, formatted as C's printf does.

    Args:
        input: numeric or bool tensor (a string tensor passes through, padded to `width`).
        precision: digits after the point for floats (-1: printf's default of 6).
        scientific: `%e` notation for floats. shortest: `%g` notation for floats.
        width: pad to this width (-1: none). fill: pad character ("" is spaces; "0" pads with zeros).

    Raises:
        errors.InvalidArgumentError: for both `scientific` and `shortest`, a `fill` longer than one
            character, or float-only options on integers/bools.
    """
    if scientific and shortest:
        raise errors.InvalidArgumentError("Cannot select both scientific and shortest notation. "
                                          "Received: scientific=True, shortest=True")
    if len(fill) > 1 or fill not in ("", "0", " ", "-", "+", "#"):
        raise errors.InvalidArgumentError(f"Fill string must be one or fewer characters (one of '0', ' ', '-', '+', "
                                          f"'#'). Received: fill={fill!r}")
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(as_string(input.flat_values, precision, scientific, shortest, width, fill))
    if isinstance(input, StringTensor) or looks_like_strings(input):
        spec = _format_spec(fill, width, -1, "s")
        return map_bytes(as_string_array(input), lambda b: (spec % b.decode("utf-8", "surrogateescape")).encode(
            "utf-8", "surrogateescape"))
    t = convert_to_tensor(input)
    array = t.detach().cpu().numpy()
    if t.is_floating_point() or t.is_complex():
        spec = _format_spec(fill, width, precision, "e" if scientific else "g" if shortest else "f")
        if t.is_complex():
            return map_values(array, lambda v: f"({spec % v.real},{spec % v.imag})")
        return map_values(array, lambda v: spec % v)
    if precision > -1 or scientific or shortest:
        raise errors.InvalidArgumentError("precision, scientific and shortest apply to floating point input only. "
                                          f"Received: input with dtype={dtypes.dtype_name(t.dtype)}")
    if t.dtype == torch.bool:
        return map_values(array, lambda v: _format_spec(fill, width, -1, "s") % ("true" if v else "false"))
    spec = _format_spec(fill, width, -1, "d")
    return map_values(array, lambda v: spec % int(v))


def map_values(array, fn):
    """`fn(value) -> str` over a numeric numpy array, as a `StringTensor`."""
    out = np.fromiter((fn(v).encode("ascii") for v in array.reshape(-1)), dtype=object, count=array.size)
    return wrap(out.reshape(array.shape))


# ---- hash buckets ---------------------------------------------------------------------------------
def _check_buckets(num_buckets):
    n = int(num_buckets)
    if n < 1:
        raise errors.InvalidArgumentError(f"num_buckets must be >= 1. Received: num_buckets={num_buckets}")
    return n


def _hash64(data, seed=_HASH64_SEED):
    """TF's legacy `Hash64` (a MurmurHash64A variant, `tensorflow/core/platform/hash.cc`)."""
    n = len(data)
    h = (seed ^ (n * _MURMUR_MUL)) & _MASK64
    end = n - n % 8
    for i in range(0, end, 8):
        k = (int.from_bytes(data[i:i + 8], "little") * _MURMUR_MUL) & _MASK64
        k = ((k ^ (k >> 47)) * _MURMUR_MUL) & _MASK64
        h = ((h ^ k) * _MURMUR_MUL) & _MASK64
    if n % 8:
        h = ((h ^ int.from_bytes(data[end:], "little")) * _MURMUR_MUL) & _MASK64
    h = ((h ^ (h >> 47)) * _MURMUR_MUL) & _MASK64
    return h ^ (h >> 47)


def _buckets(array, fn, n):
    flat = array.reshape(-1)
    uniques, inverse = (np.unique(flat, return_inverse=True) if flat.size else (flat, np.zeros(0, np.int64)))
    table = np.asarray([fn(u) % n for u in uniques.tolist()], dtype=np.int64)
    return torch.from_numpy(table[inverse.reshape(-1)].reshape(array.shape) if flat.size else
                            np.zeros(array.shape, np.int64))


def to_hash_bucket(input, num_buckets, name=None):
    """`tf.strings.to_hash_bucket` (deprecated in TF): TF's legacy Hash64 of each string mod `num_buckets` (int64).

    Raises:
        errors.InvalidArgumentError: if `num_buckets` < 1.
    """
    n = _check_buckets(num_buckets)
    return elementwise(input, lambda a: _buckets(a, _hash64, n))


def to_hash_bucket_fast(input, num_buckets, name=None):
    """`tf.strings.to_hash_bucket_fast`: FarmHash Fingerprint64 of each string mod `num_buckets` (int64).

    Raises:
        errors.InvalidArgumentError: if `num_buckets` < 1.
    """
    n = _check_buckets(num_buckets)
    return elementwise(input, lambda a: torch.from_numpy(string_hash.hash_bucket(a, n).astype(np.int64)))


def to_hash_bucket_strong(input, num_buckets, key, name=None):
    """`tf.strings.to_hash_bucket_strong`: SipHash-2-4 keyed by `key` (two ints) mod `num_buckets` (int64).

    Raises:
        errors.InvalidArgumentError: if `num_buckets` < 1.
        ValueError: if `key` is not a list of two integers.
    """
    n = _check_buckets(num_buckets)
    key = list(key.tolist() if isinstance(key, torch.Tensor) else key)
    if len(key) != 2:
        raise ValueError(f"Expected `key` to be a list of two integers. Received: key={key!r}")
    salt = [int(k) for k in key]
    return elementwise(input, lambda a: torch.from_numpy(string_hash.hash_bucket(a, n, salt=salt).astype(np.int64)))
