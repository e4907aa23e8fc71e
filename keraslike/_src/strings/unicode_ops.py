"""`tf.strings.unicode_*`: decode strings to code points, encode code points, split into characters, transcode.

Mirrors `tensorflow/python/ops/ragged/ragged_string_ops.py` and `tensorflow/core/kernels/unicode_ops.cc`.
UTF-8 is decoded here with the Unicode "maximal subpart" rule for ill-formed input (each maximal
invalid subsequence becomes one `replacement_char`, as ICU does); other input encodings go through
Python's codecs. Output encodings are "UTF-8", "UTF-16-BE" and "UTF-32-BE", as in TF.

`errors` is "replace" (default: invalid input becomes `replacement_char`), "ignore" (dropped) or
"strict" (InvalidArgumentError).

Example:
    >>> tf.strings.unicode_decode([b"G\\xc3\\xb6", b"\\xf0\\x9f\\x98\\x8a"], "UTF-8").to_list()  # [[71, 246], [128522]]
"""

import codecs

import numpy as np
import torch

from keraslike._src import errors as tf_errors
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.strings.split_ops import ragged_from_lists
from keraslike._src.strings import unicode_script_table
from keraslike._src.strings.string_ops import elementwise, map_bytes, strings_of, wrap

_OUTPUT_ENCODINGS = {"UTF-8": "utf-8", "UTF-16-BE": "utf-16-be", "UTF-32-BE": "utf-32-be"}
_UNIT = {"utf-16-be": 2, "utf-16-le": 2, "utf-16": 2, "utf-32-be": 4, "utf-32-le": 4, "utf-32": 4}
# Second-byte ranges and lengths of well-formed UTF-8 sequences by lead byte (Unicode Table 3-7).
_LEAD = {}
for _b in range(0xC2, 0xE0):
    _LEAD[_b] = (2, 0x80, 0xBF)
for _b in range(0xE0, 0xF0):
    _LEAD[_b] = (3, 0xA0 if _b == 0xE0 else 0x80, 0x9F if _b == 0xED else 0xBF)
for _b in range(0xF0, 0xF5):
    _LEAD[_b] = (4, 0x90 if _b == 0xF0 else 0x80, 0x8F if _b == 0xF4 else 0xBF)


def _codec(encoding, arg_name="input_encoding"):
    name = encoding.decode() if isinstance(encoding, bytes) else str(encoding)
    key = name.strip().upper().replace("_", "-")
    if key in ("UTF-8", "UTF8"):
        return "utf-8"
    try:
        return codecs.lookup(key.replace(" ", "-").replace("US-ASCII", "ascii")).name
    except LookupError:
        raise tf_errors.InvalidArgumentError(f"Could not create converter for {arg_name} encoding: {name}. "
                                             f"Received: {arg_name}={encoding!r}") from None


def _check_errors(errors):
    if errors not in ("replace", "ignore", "strict"):
        raise ValueError(f"Expected `errors` 'replace', 'ignore' or 'strict'. Received: errors={errors!r}")


def _utf8_width(cp):
    return 1 if cp < 0x80 else 2 if cp < 0x800 else 3 if cp < 0x10000 else 4


def _decode_utf8(b, errors, repl):
    """Code points and byte offsets of UTF-8 `b` (ill-formed subparts per `errors`)."""
    try:
        text = b.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    if text is not None:
        cps = [ord(c) for c in text]
        offsets = np.concatenate([[0], np.cumsum([_utf8_width(c) for c in cps])[:-1]]).tolist() if cps else []
        return cps, offsets
    cps, offsets, i, n = [], [], 0, len(b)
    while i < n:
        c = b[i]
        if c < 0x80:
            cps.append(c)
            offsets.append(i)
            i += 1
            continue
        size, lo, hi = _LEAD.get(c, (0, 0, 0))
        j = 1
        while size and j < size and i + j < n and (lo <= b[i + j] <= hi if j == 1 else 0x80 <= b[i + j] <= 0xBF):
            j += 1
        if size and j == size:
            cps.append(ord(b[i:i + size].decode("utf-8")))
            offsets.append(i)
            i += size
            continue
        if errors == "strict":
            raise tf_errors.InvalidArgumentError(f"Invalid formatting on input string at byte {i}. "
                                                 f"Received: input={b[:40]!r}")
        if errors == "replace":
            cps.append(repl)
            offsets.append(i)
        i += j
    return cps, offsets


def _decode_codec(b, codec, errors, repl):
    try:
        text = b.decode(codec, "strict")
    except UnicodeDecodeError:
        if errors == "strict":
            raise tf_errors.InvalidArgumentError(f"Invalid formatting on input string for encoding {codec}. "
                                                 f"Received: input={b[:40]!r}") from None
        text = b.decode(codec, errors)
        if errors == "replace" and repl != 0xFFFD:
            text = text.replace("\ufffd", chr(repl))
    cps = [ord(c) for c in text]
    unit = _UNIT.get(codec, 1)
    widths = [unit * (2 if unit == 2 and c > 0xFFFF else 1) for c in cps]
    start = 2 if codec in ("utf-16",) and b[:2] in (b"\xfe\xff", b"\xff\xfe") else (
        4 if codec == "utf-32" and b[:4] in (b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00") else 0)
    offsets = (start + np.concatenate([[0], np.cumsum(widths)[:-1]])).tolist() if cps else []
    return cps, offsets


def decode_one(b, codec, errors, repl, replace_control):
    """Code points and start offsets of one string."""
    cps, offsets = _decode_utf8(b, errors, repl) if codec == "utf-8" else _decode_codec(b, codec, errors, repl)
    if replace_control:
        cps = [repl if c < 0x20 else c for c in cps]
    return cps, offsets


def _valid_scalar(cp):
    return 0 <= cp <= 0x10FFFF and not 0xD800 <= cp <= 0xDFFF


def encode_one(cps, codec, errors, repl):
    """The string of code points `cps` in `codec` (invalid code points per `errors`)."""
    chars = []
    for cp in cps:
        if _valid_scalar(cp):
            chars.append(chr(cp))
        elif errors == "strict":
            raise tf_errors.InvalidArgumentError(f"Invalid code point {cp} (not a Unicode scalar value). "
                                                 f"Received: input containing {cp}")
        elif errors == "replace":
            chars.append(chr(repl))
    return "".join(chars).encode(codec)


def _decode(input, input_encoding, errors, replacement_char, replace_control_characters, with_offsets):
    _check_errors(errors)
    codec = _codec(input_encoding)
    repl = int(replacement_char)
    if isinstance(input, RaggedTensor):
        inner = _decode(input.flat_values, input_encoding, errors, replacement_char, replace_control_characters,
                        with_offsets)
        if with_offsets:
            return input.with_flat_values(inner[0]), input.with_flat_values(inner[1])
        return input.with_flat_values(inner)
    array = strings_of(input)
    decoded = [decode_one(b, codec, errors, repl, replace_control_characters) for b in array.flat]
    shape = array.shape
    cps = ragged_from_lists(shape, [d[0] for d in decoded], lambda flat: torch.tensor(flat, dtype=torch.int32),
                            torch.zeros(0, dtype=torch.int32))
    if not with_offsets:
        return cps
    offsets = ragged_from_lists(shape, [d[1] for d in decoded], lambda flat: torch.tensor(flat, dtype=torch.int64),
                                torch.zeros(0, dtype=torch.int64))
    return cps, offsets


def unicode_decode(input, input_encoding, errors="replace", replacement_char=65533, replace_control_characters=False,
                   name=None):
    """`tf.strings.unicode_decode`: int32 code points of each string.

    Returns:
        1-D int32 tensor for a scalar input, else a RaggedTensor of rank N + 1.

    Raises:
        errors.InvalidArgumentError: for an unknown encoding, or ill-formed input with `errors="strict"`.
    """
    return _decode(input, input_encoding, errors, replacement_char, replace_control_characters, False)


def unicode_decode_with_offsets(input, input_encoding, errors="replace", replacement_char=65533,
                                replace_control_characters=False, name=None):
    """`tf.strings.unicode_decode_with_offsets`: `(codepoints int32, start byte offsets int64)`."""
    return _decode(input, input_encoding, errors, replacement_char, replace_control_characters, True)


def _chars(codepoints, codec):
    """Each code point as a string in `codec` (the split characters)."""
    if isinstance(codepoints, RaggedTensor):
        return codepoints.with_flat_values(_chars(codepoints.flat_values, codec))
    flat = codepoints.reshape(-1).tolist()
    out = np.asarray([chr(c).encode(codec) for c in flat] + [None], dtype=object)[:-1]
    return wrap(out.reshape(tuple(codepoints.shape)))


def _split_codec(codec):
    return {"utf-16": "utf-16-be", "utf-32": "utf-32-be"}.get(codec, codec)


def unicode_split(input, input_encoding, errors="replace", replacement_char=65533, name=None):
    """`tf.strings.unicode_split`: each string as its characters (each re-encoded in `input_encoding`)."""
    cps = unicode_decode(input, input_encoding, errors, replacement_char)
    return _chars(cps, _split_codec(_codec(input_encoding)))


def unicode_split_with_offsets(input, input_encoding, errors="replace", replacement_char=65533, name=None):
    """`tf.strings.unicode_split_with_offsets`: `(characters, start byte offsets int64)`."""
    cps, offsets = unicode_decode_with_offsets(input, input_encoding, errors, replacement_char)
    return _chars(cps, _split_codec(_codec(input_encoding))), offsets


def _output_codec(output_encoding):
    if output_encoding not in _OUTPUT_ENCODINGS:
        raise ValueError(f"Expected `output_encoding` one of {sorted(_OUTPUT_ENCODINGS)}. "
                         f"Received: output_encoding={output_encoding!r}")
    return _OUTPUT_ENCODINGS[output_encoding]


def unicode_encode(input, output_encoding, errors="replace", replacement_char=65533, name=None):
    """`tf.strings.unicode_encode`: rows of int code points (innermost axis) -> strings.

    Args:
        input: int tensor of rank N + 1 or RaggedTensor; each innermost row becomes one string.
        output_encoding: "UTF-8", "UTF-16-BE" or "UTF-32-BE".

    Returns:
        A string tensor of rank N (a RaggedTensor when `input` has more than one ragged dimension).

    Raises:
        ValueError: for another output encoding or a scalar input.
        errors.InvalidArgumentError: for a code point that is not a Unicode scalar value with `errors="strict"`.
    """
    _check_errors(errors)
    codec = _output_codec(output_encoding)
    repl = int(replacement_char)
    if isinstance(input, RaggedTensor):
        if isinstance(input.values, RaggedTensor):
            return input.with_values(unicode_encode(input.values, output_encoding, errors, replacement_char))
        flat = convert_to_tensor(input.values).tolist()
        splits = input.row_splits.tolist()
        out = [encode_one(flat[splits[i]:splits[i + 1]], codec, errors, repl) for i in range(len(splits) - 1)]
        return wrap(np.asarray(out + [None], dtype=object)[:-1])
    t = convert_to_tensor(input)
    if t.dim() == 0:
        raise ValueError("unicode_encode requires an input of rank >= 1. Received: input with shape=()")
    rows = t.reshape(-1, t.shape[-1]).tolist() if t.shape[-1] else [[] for _ in range(int(np.prod(t.shape[:-1])))]
    out = np.asarray([encode_one(r, codec, errors, repl) for r in rows] + [None], dtype=object)[:-1]
    return wrap(out.reshape(tuple(t.shape[:-1])))


def unicode_transcode(input, input_encoding, output_encoding, errors="replace", replacement_char=65533,
                      replace_control_characters=False, name=None):
    """`tf.strings.unicode_transcode`: each string decoded from `input_encoding`, encoded to `output_encoding`.

    A byte order mark is consumed for "UTF-16"/"UTF-32" input without endianness, kept otherwise.

    Raises:
        ValueError: for an output encoding other than UTF-8 / UTF-16-BE / UTF-32-BE.
        errors.InvalidArgumentError: for an unknown input encoding or ill-formed input with `errors="strict"`.
    """
    _check_errors(errors)
    codec_in = _codec(input_encoding)
    codec_out = _output_codec(output_encoding)
    repl = int(replacement_char)

    def one(b):
        cps, _ = decode_one(b, codec_in, errors, repl, replace_control_characters)
        return encode_one(cps, codec_out, "replace", repl)

    return elementwise(input, lambda a: map_bytes(a, one))


_SCRIPT_STARTS = np.asarray(unicode_script_table.STARTS, dtype=np.int64)
_SCRIPT_CODES = np.asarray(unicode_script_table.CODES, dtype=np.int32)


def unicode_script(input, name=None):
    """`tf.strings.unicode_script`: the ICU script code (UScriptCode) of each int32 code point.

    The table is Unicode's Scripts.txt as ICU numbers it (read off TensorFlow once by
    `scripts/make_unicode_script_table.py`); code points outside [0, 0x10FFFF] give -1.

    Raises:
        TypeError: for a non-int32 input.
    """
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(unicode_script(input.flat_values))
    t = convert_to_tensor(input, dtype_hint=torch.int32)
    if t.dtype != torch.int32:
        raise TypeError(f"Expected int32 code points. Received: input with dtype={t.dtype}")
    cps = t.detach().cpu().numpy().astype(np.int64)
    codes = _SCRIPT_CODES[np.clip(np.searchsorted(_SCRIPT_STARTS, cps, side="right") - 1, 0, None)]
    codes = np.where((cps < 0) | (cps > 0x10FFFF), -1, codes).astype(np.int32)
    return torch.from_numpy(codes).reshape(tuple(t.shape))
