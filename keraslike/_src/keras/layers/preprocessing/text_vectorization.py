"""`TextVectorization` (keras/src/layers/preprocessing/text_vectorization.py): strings -> token indices/encodings.

Each string goes through Keras's TF pipeline, done here on bytes with the same results:
1. standardize: "lower_and_strip_punctuation" (default), "lower", "strip_punctuation", None or a callable.
   Lowercasing is ASCII-only and the punctuation stripped is ASCII's (what `tf.strings.lower` and Keras's
   `regex_replace` pattern do); a callable gets a `tf.string` tensor and returns one.
2. split: "whitespace" (ASCII whitespace, `tf.strings.split`), "character" (Unicode characters,
   `tf.strings.unicode_split`), None (the whole string is the token) or a callable (rank-1 `tf.string` in,
   ragged or dense rows of tokens out).
3. ngrams: None, an int n (1..n-grams) or a tuple of sizes: each row gets its n-grams joined by " ", sizes
   in the given order, after the unigrams (`tf.strings.ngrams`).
4. a `StringLookup` with mask token "" and one OOV index ("[UNK]"); "int" output is padded with 0 to the
   longest row or cut/padded to `output_sequence_length`.
"""

import re

import numpy as np
import torch

from keraslike._src.keras import backend
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.layers.preprocessing.index_lookup import _INT64_MAX, _listify
from keraslike._src.keras.layers.preprocessing.string_lookup import StringLookup
from keraslike._src.keras.layers.preprocessing.string_values import (
    as_bytes_array, check_encoding, is_string_value, ragged_output, string_output)
from keraslike._src.keras.saving import serialization_lib

_PUNCTUATION = re.compile(rb'[!"#$%&()\*\+,\-\./:;<=>?@\[\\\]^_`{|}~\']')
_STANDARDIZE = ("lower_and_strip_punctuation", "lower", "strip_punctuation")
_SPLIT = ("whitespace", "character")
_MODES = ("int", "one_hot", "multi_hot", "count", "tf_idf")


def _check_choice(value, allowed, arg):
    if value is None or callable(value) or value in allowed:
        return
    raise ValueError(f"Unknown value for `{arg}` argument of layer TextVectorization. If restoring a model, note "
                     f"that custom functions must be registered. Allowed values are: {allowed}, None, or a "
                     f"callable. Received: {arg}={value}")


def _rows(value):
    """Rows of tokens (lists of bytes) from a callable split's result: ragged tensor, nested lists or 2-D array."""
    if hasattr(value, "to_list"):
        value = value.to_list()
    if isinstance(value, (list, tuple)):
        return [as_bytes_array(row).reshape(-1).tolist() for row in value]
    arr = as_bytes_array(value)
    if arr.ndim != 2:
        raise ValueError(f"The `split` callable must return one row of tokens per input string (a ragged or "
                         f"2-D string tensor). Received: a value of shape {arr.shape}")
    return [row.tolist() for row in arr]


def _ngrams(tokens, widths):
    out = []
    for width in widths:
        out.extend(b" ".join(tokens[i:i + width]) for i in range(len(tokens) - width + 1))
    return out


class TextVectorization(Layer):
    """Turn strings into sequences of token indices or into bag-of-token encodings.

    Args:
        max_tokens: int or None: the largest vocabulary (incl. the "" mask and "[UNK]" OOV tokens).
        standardize: "lower_and_strip_punctuation" (default), "lower", "strip_punctuation", None or a callable.
        split: "whitespace" (default), "character", None or a callable.
        ngrams: None, int or tuple of ints.
        output_mode: "int" (default), "multi_hot" (alias "binary"), "count", "tf_idf" (alias "tf-idf"),
            "one_hot" (only with `split=None`).
        output_sequence_length: int or None ("int" only): pad/cut each row to this length.
        pad_to_max_tokens: bool: encodings have `max_tokens` columns.
        vocabulary: list of strings or a text-file path (one token a line), or None (use `adapt`).
        idf_weights: 1-D weights for "tf_idf" with `vocabulary`.
        sparse: only False (keraslike tensors are dense).
        ragged: bool ("int" only): return a `tf.RaggedTensor` of the rows instead of padding.
        encoding: "utf-8".

    Input shape: `(batch,)` or `(batch, 1)` strings (a scalar string gives one row without the batch axis).
    Output: int64 `(batch, sequence_length)` ("int"), int64 `(batch, depth)` encodings, float32 for "tf_idf".

    Raises:
        ValueError: for bad argument values/combinations (Keras's checks), inputs of rank > 1 whose last
            axis is not 1 when splitting, `sparse=True`.
    """

    def __init__(self, max_tokens=None, standardize="lower_and_strip_punctuation", split="whitespace", ngrams=None,
                 output_mode="int", output_sequence_length=None, pad_to_max_tokens=False, vocabulary=None,
                 idf_weights=None, sparse=False, ragged=False, encoding="utf-8", name=None, **kwargs):
        if sparse:
            raise ValueError("`sparse=True` is not supported by keraslike (its tensors are dense); use sparse=False. "
                             f"Received: sparse={sparse}")
        check_encoding(encoding, "TextVectorization")
        _check_choice(standardize, _STANDARDIZE, "standardize")
        _check_choice(split, _SPLIT, "split")
        output_mode = {"binary": "multi_hot", "tf-idf": "tf_idf"}.get(output_mode, output_mode)
        if output_mode not in _MODES:
            raise ValueError(f"Unknown value for `output_mode` argument of layer TextVectorization. Allowed values "
                             f"are: {_MODES}. Received: output_mode={output_mode}")
        if not (ngrams is None or isinstance(ngrams, int) or isinstance(ngrams, tuple)
                and all(isinstance(item, int) for item in ngrams)):
            raise ValueError(f"`ngrams` must be None, an integer, or a tuple of integers. Received: ngrams={ngrams}")
        if output_mode == "int" and not (isinstance(output_sequence_length, int) or output_sequence_length is None):
            raise ValueError("`output_sequence_length` must be either None or an integer when `output_mode` is 'int'. "
                             f"Received: output_sequence_length={output_sequence_length}")
        if output_mode != "int" and output_sequence_length is not None:
            raise ValueError("`output_sequence_length` must not be set if `output_mode` is not 'int'. Received "
                             f"output_sequence_length={output_sequence_length}.")
        if ragged and output_mode != "int":
            raise ValueError(f"`ragged` must not be true if `output_mode` is `'int'`. Received: ragged={ragged} and "
                             f"output_mode={output_mode}")
        has_input_vocabulary = kwargs.pop("has_input_vocabulary", vocabulary is not None)
        vocabulary_size = kwargs.pop("vocabulary_size", None)
        kwargs.pop("dtype", None)
        super().__init__(name=name, **kwargs)
        self._max_tokens, self._standardize, self._split = max_tokens, standardize, split
        self._ngrams_arg = ngrams
        self._ngrams = tuple(range(1, ngrams + 1)) if isinstance(ngrams, int) else ngrams
        self._ragged, self._output_mode = ragged, output_mode
        self._output_sequence_length, self._encoding = output_sequence_length, encoding
        self._has_input_vocabulary = has_input_vocabulary
        lookup = StringLookup(max_tokens=max_tokens, vocabulary=vocabulary, idf_weights=idf_weights,
                              pad_to_max_tokens=pad_to_max_tokens, mask_token="", output_mode=output_mode,
                              has_input_vocabulary=has_input_vocabulary, encoding=encoding,
                              vocabulary_size=vocabulary_size)
        self._lookup_layer = lookup  # a tracked sublayer: Keras saves its state at both paths
        self.built = True

    # ---- vocabulary ------------------------------------------------------------------------------
    def adapt(self, data, batch_size=None, steps=None):
        """Learn the vocabulary (and idf weights) from strings: an array/list/tensor, a dataset or batches.

        Args:
            data: strings of shape `(n,)` or `(n, 1)`, a `tf.data.Dataset` of string batches, or an iterable.
            batch_size: as in Keras 3, the vocabulary does not depend on it (counts add up over any batching;
                "tf_idf" documents are rows), so an array is counted in one pass.
            steps: int or None: how many batches of a dataset/iterable to read.
        """
        self.reset_state()
        if isinstance(data, (list, tuple, np.ndarray)) or is_string_value(data):
            arr = as_bytes_array(data)
            self.update_state(arr[:, None] if arr.ndim == 1 else arr)
        else:
            for i, batch in enumerate(data):
                if steps is not None and i >= steps:
                    break
                self.update_state(batch)
        self.finalize_state()

    def update_state(self, data):
        if self._lookup_layer._has_input_vocabulary:
            raise ValueError(f"Cannot adapt layer '{self.name}' after setting a static vocabulary via `vocabulary` "
                             "argument or `set_vocabulary()` method.")
        tokens = self._preprocess(data)
        if isinstance(tokens, list):
            self._lookup_layer.update_documents(tokens)
        else:
            self._lookup_layer.update_state(tokens)

    def finalize_state(self):
        self._lookup_layer.finalize_state()

    def reset_state(self):
        self._lookup_layer.reset_state()

    def get_vocabulary(self, include_special_tokens=True):
        """The vocabulary as a list of str: "" (mask, "int" mode), "[UNK]", then tokens by frequency."""
        return self._lookup_layer.get_vocabulary(include_special_tokens)

    def vocabulary_size(self):
        return self._lookup_layer.vocabulary_size()

    def set_vocabulary(self, vocabulary, idf_weights=None):
        """Set the vocabulary (list or file path) and, for "tf_idf", its idf weights (see StringLookup)."""
        self._lookup_layer.set_vocabulary(vocabulary, idf_weights=idf_weights)

    @property
    def idf_weights(self):
        return self._lookup_layer.idf_weights

    # ---- preprocessing ---------------------------------------------------------------------------
    def _standardized(self, inputs):
        values = as_bytes_array(inputs)
        if self._standardize is None:
            return values
        if callable(self._standardize):
            return as_bytes_array(self._standardize(string_output(values)))
        flat = values.reshape(-1).tolist()
        if self._standardize in ("lower", "lower_and_strip_punctuation"):
            flat = [s.lower() for s in flat]
        if self._standardize in ("strip_punctuation", "lower_and_strip_punctuation"):
            flat = [_PUNCTUATION.sub(b"", s) for s in flat]
        out = np.empty(len(flat), dtype=object)
        out[:] = flat
        return out.reshape(values.shape)

    def _preprocess(self, inputs):
        """Standardize, split and n-gram `inputs`: an object array (no split) or a list of token rows."""
        values = self._standardized(inputs)
        if self._split is None:
            if self._ngrams is None:
                return values
            rows = [[s] for s in values.reshape(-1).tolist()]
        else:
            if values.ndim > 1:
                if values.shape[-1] != 1:
                    raise ValueError("When using `TextVectorization` to tokenize strings, the input rank must be 1 "
                                     "or the last shape dimension must be 1. Received: "
                                     f"inputs.shape={values.shape} with rank={values.ndim}")
                values = values.reshape(values.shape[:-1])
            if values.ndim > 1:
                raise ValueError(f"TextVectorization splits rank-1 batches of strings. Received: inputs.shape="
                                 f"{values.shape}")
            strings = values.reshape(-1).tolist()
            if self._split == "whitespace":
                rows = [s.split() for s in strings]
            elif self._split == "character":
                rows = [[c.encode("utf-8") for c in s.decode("utf-8", errors="replace")] for s in strings]
            else:
                rows = _rows(self._split(string_output(values.reshape(-1))))
        if self._ngrams is not None:
            rows = [_ngrams(row, self._ngrams) for row in rows]
        return rows

    # ---- calling ---------------------------------------------------------------------------------
    def _convert_inputs(self, inputs):
        return inputs

    def _build_for(self, inputs):
        self.built = True

    def call(self, inputs):
        device = inputs.device if isinstance(inputs, torch.Tensor) else backend.current_device()
        lookup = self._lookup_layer
        scalar = as_bytes_array(inputs).ndim == 0 if self._split is not None else False
        tokens = self._preprocess(inputs)
        if not isinstance(tokens, list):  # no split: one token per string
            out = lookup(tokens)
            if self._output_mode == "int" and self._output_sequence_length is not None:
                out = self._fit_length(out)
            return out.to(device)
        lengths = [len(row) for row in tokens]
        flat = np.empty(sum(lengths), dtype=object)
        flat[:] = [t for row in tokens for t in row]
        indices = lookup.lookup_keys(flat) if flat.size else np.zeros(0, np.int64)
        if self._output_mode == "int" and self._ragged:
            return self._ragged_output(indices, lengths)
        width = max(lengths, default=0)
        if self._output_mode == "int" and self._output_sequence_length is not None:
            width = self._output_sequence_length
        pad = 0 if self._output_mode == "int" else _INT64_MAX
        dense = np.full((len(lengths), max(width, max(lengths, default=0))), pad, dtype=np.int64)
        starts = np.cumsum([0] + lengths)
        for r, n in enumerate(lengths):
            dense[r, :n] = indices[starts[r]:starts[r + 1]]
        dense = dense[:, :width] if self._output_mode == "int" else dense
        out = torch.as_tensor(dense, device=device)
        if scalar:
            out = out[0]
        if self._output_mode == "int":
            return out
        return lookup.encode(out)

    def _fit_length(self, out):
        length = self._output_sequence_length
        out = out[..., :length]
        if out.shape[-1] < length:
            out = torch.nn.functional.pad(out, (0, length - out.shape[-1]))
        return out

    def _ragged_output(self, indices, lengths):
        if self._output_sequence_length is not None:
            starts = np.cumsum([0] + lengths)
            keep = [np.arange(starts[r], starts[r] + min(n, self._output_sequence_length))
                    for r, n in enumerate(lengths)]
            indices = indices[np.concatenate(keep)] if keep else indices
            lengths = [min(n, self._output_sequence_length) for n in lengths]
        return ragged_output(torch.as_tensor(indices, dtype=torch.int64), lengths)

    def compute_output_shape(self, input_shape):
        if self._output_mode == "int":
            return (input_shape[0], self._output_sequence_length)
        if self._split is None:
            input_shape = tuple(input_shape) + ((1,) if len(input_shape) <= 1 else ())
        else:
            input_shape = tuple(input_shape) + (None,)
        return self._lookup_layer.compute_output_shape(input_shape)

    # ---- saving ----------------------------------------------------------------------------------
    def get_config(self):
        lookup = self._lookup_layer
        return {**super().get_config(), "max_tokens": lookup.max_tokens, "standardize": _serialize(self._standardize),
                "split": _serialize(self._split), "ngrams": self._ngrams_arg, "output_mode": self._output_mode,
                "output_sequence_length": self._output_sequence_length, "pad_to_max_tokens": lookup.pad_to_max_tokens,
                "sparse": lookup.sparse, "ragged": self._ragged, "vocabulary": _listify(lookup.input_vocabulary),
                "idf_weights": _listify(lookup.input_idf_weights), "encoding": self._encoding,
                "vocabulary_size": self.vocabulary_size()}

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        for key in ("standardize", "split"):
            if config.get(key) is not None and not isinstance(config[key], str):
                config[key] = serialization_lib.deserialize_keras_object(config[key])
        if isinstance(config.get("ngrams"), list):
            config["ngrams"] = tuple(config["ngrams"])
        return cls(**config)

    def save_own_variables(self, store):
        self._lookup_layer.save_own_variables(store)

    def load_own_variables(self, store):
        self._lookup_layer.load_own_variables(store)

    def save_assets(self, dir_path):
        self._lookup_layer.save_assets(dir_path)

    def load_assets(self, dir_path):
        self._lookup_layer.load_assets(dir_path)


def _serialize(value):
    if value is None or isinstance(value, str):
        return value
    return serialization_lib.serialize_keras_object(value)
