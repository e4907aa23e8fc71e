"""`keras.utils.pad_sequences` (also `keras.preprocessing.sequence.pad_sequences`).

Mirrors `keras/src/utils/sequence_utils.py`: pads (or truncates) a list of sequences to one
length and returns a numpy array.
"""

import numpy as np


def pad_sequences(sequences, maxlen=None, dtype="int32", padding="pre", truncating="pre", value=0.0):
    """Pad sequences to the same length: `(num_samples, maxlen, *feature_shape)` numpy array.

    Args:
        sequences: list of sequences (lists or arrays; elements may be arrays of one shared shape).
        maxlen: optional int; default the longest sequence.
        dtype: output dtype, default "int32" (strings need an object or "str" dtype).
        padding: "pre" (default) or "post": where the padding goes.
        truncating: "pre" (default) or "post": which end of a long sequence is cut.
        value: the padding value, default 0.

    Returns:
        numpy array.

    Raises:
        ValueError: for another `padding`/`truncating`, a non-iterable element, inconsistent element
            shapes, or a string `value` with a numeric `dtype`.
    """
    if not hasattr(sequences, "__len__"):
        raise ValueError("`sequences` must be iterable.")
    if padding not in ("pre", "post"):
        raise ValueError(f'Padding type "{padding}" not understood. Expected "pre" or "post".')
    if truncating not in ("pre", "post"):
        raise ValueError(f'Truncating type "{truncating}" not understood. Expected "pre" or "post".')
    lengths, sample_shape, found_shape = [], (), False
    for x in sequences:
        try:
            lengths.append(len(x))
        except TypeError as err:
            raise ValueError(f"`sequences` must be a list of iterables. Found non-iterable: {x!r}") from err
        if not found_shape and len(x):
            sample_shape = np.asarray(x).shape[1:]
            found_shape = True
    if maxlen is None:
        maxlen = max(lengths) if lengths else 0
    is_str = np.issubdtype(np.dtype(dtype), np.str_) or np.issubdtype(np.dtype(dtype), np.object_)
    if isinstance(value, str) and dtype is not object and not is_str:
        raise ValueError(f"`dtype` {dtype} is not compatible with `value`'s type: {type(value)}\n"
                         "You should set `dtype=object` for variable length strings.")
    out = np.full((len(sequences), maxlen) + sample_shape, value, dtype=dtype)
    for i, seq in enumerate(sequences):
        if not len(seq) or maxlen == 0:
            continue
        trunc = seq[-maxlen:] if truncating == "pre" else seq[:maxlen]
        trunc = np.asarray(trunc, dtype=dtype)
        if trunc.shape[1:] != sample_shape:
            raise ValueError(f"Shape of sample {trunc.shape[1:]} of sequence at position {i} is different from "
                             f"expected shape {sample_shape}")
        if padding == "post":
            out[i, :len(trunc)] = trunc
        else:
            out[i, -len(trunc):] = trunc
    return out
