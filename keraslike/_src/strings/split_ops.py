"""`tf.strings.split`, `bytes_split` and `ngrams`: ops whose rows have data-dependent lengths.

Mirrors `tensorflow/python/ops/ragged/ragged_string_ops.py` (`string_split_v2`, `string_bytes_split`,
`ngrams`). A scalar input gives a 1-D string tensor; an input of rank N >= 1 gives a RaggedTensor of
rank N + 1 (the outer N dimensions uniform); a RaggedTensor input gets one more ragged dimension.

Example:
    >>> tf.strings.split(["hello world", "a b c"])     # <tf.RaggedTensor [[b'hello', b'world'], [b'a', b'b', b'c']]>
    >>> tf.strings.ngrams(["A", "B", "C", "D"], 2)    # [b'A B' b'B C' b'C D']
"""

import numbers

import numpy as np
import torch

from keraslike._src.ops.string_tensor import StringTensor
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.strings.string_ops import strings_of, wrap


def ragged_from_lists(shape, lists, make_values, empty_values):
    """Rows `lists` (one list per element of an input of `shape`) as TF's split-like result.

    Args:
        shape: the input's shape (rank 0 gives the single row as a dense tensor).
        lists: one Python list per input element (row-major).
        make_values: builds the flat values tensor from a flat Python list.
        empty_values: the flat values tensor of no elements.
    """
    flat = [item for row in lists for item in row]
    values = make_values(flat) if flat else empty_values
    if not shape:
        return values
    lengths = torch.tensor([len(row) for row in lists], dtype=torch.int64)
    result = RaggedTensor.from_row_lengths(values, lengths)
    for dim in reversed(shape[1:]):
        result = RaggedTensor.from_uniform_row_length(result, int(dim))
    return result


def _string_values(flat):
    return wrap(np.asarray(flat + [None], dtype=object)[:-1])


_EMPTY_STRINGS = StringTensor.from_bytes_array(np.empty(0, dtype=object))


def _split_rows(input, row_fn):
    """`row_fn(bytes) -> list of bytes` for every string; ragged inputs gain a ragged dimension."""
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(_split_rows(input.flat_values, row_fn))
    array = strings_of(input)
    lists = [row_fn(b) for b in array.flat]
    return ragged_from_lists(array.shape, lists, _string_values, _EMPTY_STRINGS)


def split(input, sep=None, maxsplit=-1, name=None):
    """`tf.strings.split(input, sep=None, maxsplit=-1)`: tokens of each string, as Python's `bytes.split`.

    With `sep` None or "" runs of ASCII whitespace separate and no empty tokens are made; with a
    `sep` every occurrence separates (empty tokens kept). `maxsplit > 0` limits the splits.

    Returns:
        A 1-D string tensor for a scalar input, else a RaggedTensor of rank N + 1.

    Raises:
        ValueError: if `sep` is not a string.
    """
    if sep is not None:
        try:
            sep_array = strings_of(sep, "sep")
        except TypeError:
            raise ValueError(f"sep must be a string. Received: sep={sep!r}") from None
        if sep_array.ndim:
            raise ValueError(f"sep must be a scalar string. Received: sep with shape={list(sep_array.shape)}")
        sep = sep_array[()] or None
    limit = int(maxsplit)
    limit = -1 if limit <= 0 else limit
    return _split_rows(input, lambda b: b.split(sep, limit))


def bytes_split(input, name=None):
    """`tf.strings.bytes_split(input)`: each string as its list of one-byte strings (not characters)."""
    return _split_rows(input, lambda b: [b[i:i + 1] for i in range(len(b))])


def _widths(ngram_width):
    widths = list(ngram_width) if isinstance(ngram_width, (list, tuple)) else [ngram_width]
    for w in widths:
        if not isinstance(w, numbers.Integral) or isinstance(w, bool) or w <= 0:
            raise ValueError(f"ngram_width must be a positive Python int (or list of them). "
                             f"Received: ngram_width={ngram_width!r}")
    return [int(w) for w in widths]


def _pads(pad_values):
    if pad_values is None:
        return None
    if isinstance(pad_values, (str, bytes)):
        pad_values = (pad_values, pad_values)
    if not isinstance(pad_values, (list, tuple)) or len(pad_values) != 2:
        raise ValueError(f"pad_values must be a string, a tuple of two strings, or None. "
                         f"Received: pad_values={pad_values!r}")
    return tuple(p.encode("utf-8") if isinstance(p, str) else bytes(p) for p in pad_values)


def _row_ngrams(tokens, widths, sep, pads, padding_width, preserve):
    out = []
    for w in widths:
        pad = 0 if pads is None or w == 1 else (w - 1 if padding_width is None else padding_width)
        seq = [pads[0]] * pad + tokens + [pads[1]] * pad if pad else tokens
        grams = [sep.join(seq[i:i + w]) for i in range(len(seq) - w + 1)]
        if not grams and preserve and tokens:
            grams = [sep.join(seq)]
        out.extend(grams)
    return out


def ngrams(data, ngram_width, separator=" ", pad_values=None, padding_width=None, preserve_short_sequences=False,
           name=None):
    """`tf.strings.ngrams`: the strings of every window of `ngram_width` adjacent tokens, joined by `separator`.

    Args:
        data: string tensor of rank >= 1 or RaggedTensor; n-grams are made along the innermost axis.
        ngram_width: positive int, or a list of them (all widths, in list order, per row).
        separator: joins the tokens of an n-gram.
        pad_values: None, one string, or `(left, right)` strings padded around each row.
        padding_width: pads per side (default `width - 1`; 1-grams are never padded).
        preserve_short_sequences: make one n-gram of a non-empty row too short for any.

    Returns:
        Same kind as `data` (dense for a dense input), with the innermost axis replaced by the n-grams.

    Raises:
        ValueError: for a scalar `data`, a bad width, `padding_width` without `pad_values` or < 1.
    """
    widths = _widths(ngram_width)
    pads = _pads(pad_values)
    if padding_width is not None:
        if pads is None:
            raise ValueError(f"pad_values must be set when padding_width is set. Received: "
                             f"padding_width={padding_width}")
        if int(padding_width) < 1:
            raise ValueError(f"padding_width must be greater than 0. Received: padding_width={padding_width}")
        padding_width = int(padding_width)
    sep = strings_of(separator, "separator")[()]

    def grams(tokens):
        return _row_ngrams(tokens, widths, sep, pads, padding_width, bool(preserve_short_sequences))

    if isinstance(data, RaggedTensor):
        if isinstance(data.values, RaggedTensor):
            return data.with_values(ngrams(data.values, ngram_width, separator, pad_values, padding_width,
                                           preserve_short_sequences))
        flat = strings_of(data.values, "data").tolist()
        splits = data.row_splits.tolist()
        lists = [grams(flat[splits[i]:splits[i + 1]]) for i in range(len(splits) - 1)]
        values = _string_values([g for row in lists for g in row])
        return RaggedTensor.from_row_lengths(values, torch.tensor([len(r) for r in lists], dtype=torch.int64))
    array = strings_of(data, "data")
    if array.ndim == 0:
        raise ValueError("ngrams requires `data` of rank >= 1. Received: data with shape=()")
    rows = array.reshape(-1, array.shape[-1])
    lists = [grams(row.tolist()) for row in rows]
    width = len(lists[0]) if lists else 0
    if any(len(r) != width for r in lists):  # cannot happen for dense rows of one length; kept as a guard
        raise ValueError("ngrams of a dense tensor made rows of different lengths; pass a RaggedTensor. "
                         "Received: data of a dense shape")
    out = np.asarray([g for r in lists for g in r] + [None], dtype=object)[:-1]
    return wrap(out.reshape(array.shape[:-1] + (width,)))
