"""`IndexLookup`, the base of `StringLookup` and `IntegerLookup` (keras/src/layers/preprocessing/index_lookup.py).

A vocabulary maps tokens to indices laid out as Keras lays them out:
`[mask_token (output_mode="int" only)] + [oov_token] * num_oov_indices + tokens`.
Tokens are `bytes` (strings) or Python ints; lookups run on numpy arrays (each distinct value is looked up
once) and return torch int64 tensors, then Keras's categorical encoding for the other output modes.

`adapt` counts tokens per document (a row of the data; a 1-D batch from a dataset is one document, as
Keras), keeps the `max_tokens` most frequent (ties: the larger token first, Keras's `lexsort` order), and
for `tf_idf` learns `log(1 + documents / (1 + document_frequency))`.
OOV tokens with `num_oov_indices > 1` are spread by FarmHash Fingerprint64 (strings), `floormod` (ints),
or SipHash-2-4 with `salt`, exactly as TF's `to_hash_bucket_fast`/`to_hash_bucket_strong`.
"""

import collections
import os

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.keras import backend
from keraslike._src.keras.layers import added_metrics
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.ops import string_hash
from keraslike._src.keras.layers.preprocessing.categorical import encode_categorical
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.strings import string_ops
from keraslike._src.keras.layers.preprocessing.string_values import (
    as_bytes_array, is_string_value, string_output, to_numpy_values)

_MODES = ("int", "one_hot", "multi_hot", "count", "tf_idf")
_INT64_MAX = np.iinfo(np.int64).max
VOCABULARY_ASSET = "vocabulary.txt"


def _listify(value):
    if isinstance(value, torch.Tensor):
        value = value.detach().cpu().numpy()
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if isinstance(value, (list, tuple)):
        return [v.decode("utf-8") if isinstance(v, bytes) else v for v in value]
    return value


class IndexLookup(Layer):
    """Maps tokens to integer indices from a fixed or adapted vocabulary (see StringLookup/IntegerLookup).

    Args:
        max_tokens: int > 1 or None: the largest vocabulary (mask and OOV indices included).
        num_oov_indices: int >= 0, how many indices out-of-vocabulary tokens share.
        mask_token: the token that maps to index 0 in "int" mode (dropped by the other modes), or None.
        oov_token: the token `invert=True` returns for OOV indices.
        vocabulary_dtype: "string" or "int64".
        vocabulary: list/array of tokens, a path to a text file (one token per line), or None (adapt).
        idf_weights: 1-D weights for `output_mode="tf_idf"` with a given vocabulary.
        invert: map indices back to tokens (only with output_mode "int").
        output_mode: "int", "one_hot", "multi_hot" (alias "binary"), "count" or "tf_idf" (alias "tf-idf").
        sparse: only False (keraslike tensors are dense).
        pad_to_max_tokens: encoded outputs have `max_tokens` columns whatever the vocabulary size.
        oov_method: "floormod" (default; ints) or "farmhash" (ints hashed as their decimal strings).
        salt: int or pair of ints: SipHash key for OOV hashing instead of FarmHash.

    Raises:
        ValueError: for bad argument values or combinations, with Keras's messages.
    """

    # the vocabulary and its tables (thousands of strings) hold no layers: not walked at each step's `losses`
    _attributes_without_layers = frozenset({"input_vocabulary", "_tokens", "_table", "_token_counts",
                                            "_document_counts"})

    def __init__(self, max_tokens, num_oov_indices, mask_token, oov_token, vocabulary_dtype, vocabulary=None,
                 idf_weights=None, invert=False, output_mode="int", sparse=False, pad_to_max_tokens=False,
                 oov_method="floormod", name=None, salt=None, **kwargs):
        if max_tokens is not None and max_tokens <= 1:
            raise ValueError(f"If set, `max_tokens` must be greater than 1. Received: max_tokens={max_tokens}")
        if pad_to_max_tokens and max_tokens is None:
            raise ValueError(f"If pad_to_max_tokens is True, must set `max_tokens`. Received: max_tokens={max_tokens}")
        if num_oov_indices < 0:
            raise ValueError(f"`num_oov_indices` must be greater than or equal to 0. Received: "
                             f"num_oov_indices={num_oov_indices}")
        if oov_method not in ("floormod", "farmhash"):
            raise ValueError(f"Unknown value for `oov_method` argument of layer {type(self).__name__}. Allowed "
                             f"values are: ('floormod', 'farmhash'). Received: oov_method={oov_method}")
        if salt is not None:
            if vocabulary_dtype != "string" and oov_method != "farmhash":
                raise ValueError(f"`salt` can only be used when `oov_method='farmhash'`. Received: "
                                 f"oov_method={oov_method}")
            salt = string_hash.check_salt(salt, "IndexLookup")
        output_mode = {"binary": "multi_hot", "tf-idf": "tf_idf"}.get(output_mode, output_mode)
        if output_mode not in _MODES:
            raise ValueError(f"Unknown value for `output_mode` argument of layer {type(self).__name__}. Allowed "
                             f"values are: {_MODES}. Received: output_mode={output_mode}")
        if invert and output_mode != "int":
            raise ValueError(f"`output_mode` must be `'int'` when `invert` is true. Received: "
                             f"output_mode={output_mode}")
        if sparse:
            raise ValueError(f"`sparse=True` is not supported by keraslike (its tensors are dense); use the dense "
                             f"output (sparse=False). Received: sparse={sparse}")
        if idf_weights is not None and output_mode != "tf_idf":
            raise ValueError(f"`idf_weights` should only be set if `output_mode` is `'tf_idf'`. Received: "
                             f"idf_weights={idf_weights} and output_mode={output_mode}")
        frozen_size = kwargs.pop("vocabulary_size", None)
        has_input_vocabulary = kwargs.pop("has_input_vocabulary", vocabulary is not None)
        kwargs.pop("trainable", None)
        kwargs.pop("dtype", None)
        if kwargs:
            raise ValueError(f"Unrecognized keyword argument(s): {kwargs}")
        # the dtype a symbolic call reports when its stand-in input cannot be looked up (num_oov_indices=0)
        out_dtype = None if invert else ("float32" if output_mode == "tf_idf" else "int64")
        super().__init__(name=name, dtype=out_dtype)
        self.invert, self.max_tokens, self.num_oov_indices = invert, max_tokens, int(num_oov_indices)
        self.mask_token, self.oov_token = mask_token, oov_token
        self.output_mode, self.sparse, self.pad_to_max_tokens = output_mode, sparse, pad_to_max_tokens
        self.vocabulary_dtype, self.oov_method, self.salt = vocabulary_dtype, oov_method, salt
        self.input_vocabulary = None if isinstance(vocabulary, str) else vocabulary
        self.input_idf_weights = idf_weights
        self._has_input_vocabulary = has_input_vocabulary
        self._frozen_vocab_size = frozen_size
        self._tokens, self._table = [], {}
        self.idf_weights = None
        if output_mode == "tf_idf" and has_input_vocabulary and idf_weights is None:
            raise ValueError("When specifying the `vocabulary` argument, in TF-IDF output mode, the `idf_weights` "
                             "argument must also be provided.")
        if vocabulary is not None:
            self.set_vocabulary(vocabulary, idf_weights)
        self.reset_state()
        self.built = True

    # ---- keys ------------------------------------------------------------------------------------
    def _key(self, token):
        """A token as the table stores it: bytes for strings, int for integers."""
        if token is None:
            return None
        if self.vocabulary_dtype == "string":
            return token.encode("utf-8") if isinstance(token, str) else bytes(token)
        return int(token)

    def _keys_array(self, data):
        """Input data as a numpy array of keys (object bytes for strings, int64 for integers)."""
        if self.vocabulary_dtype == "string":
            return as_bytes_array(data)
        arr = to_numpy_values(data)
        if arr.dtype.kind == "f":
            arr = arr.astype(np.int64)
        if arr.dtype.kind not in "iub":
            raise TypeError(f"{type(self).__name__} expects integer inputs. Received: inputs of dtype {arr.dtype}")
        return arr.astype(np.int64)

    def _oov_start_index(self):
        return 1 if self.mask_token is not None and self.output_mode == "int" else 0

    def _token_start_index(self):
        return self._oov_start_index() + self.num_oov_indices

    # ---- vocabulary ------------------------------------------------------------------------------
    def vocabulary_size(self):
        """The number of indices: learned or given tokens plus the mask (int mode) and OOV indices."""
        return len(self._tokens) + self._token_start_index()

    def get_vocabulary(self, include_special_tokens=True):
        """The vocabulary as a list, index order (str for StringLookup, int for IntegerLookup).

        With `include_special_tokens=False` the mask and OOV tokens are left out.
        """
        specials = [self.mask_token] * self._oov_start_index() + [self.oov_token] * self.num_oov_indices
        tokens = [t.decode("utf-8", errors="replace") if isinstance(t, bytes) else t for t in self._tokens]
        return (specials + tokens) if include_special_tokens else tokens

    def set_vocabulary(self, vocabulary, idf_weights=None):
        """Replace the vocabulary (and, for "tf_idf", the idf weights).

        `vocabulary` may start with the special tokens in Keras's order (mask, OOV...), which are then
        skipped; it may be a path to a text file of one token per line.

        Raises:
            ValueError: for repeated tokens, misplaced special tokens, too many tokens, missing or
                mismatched `idf_weights`, a missing file.
        """
        if self.output_mode == "tf_idf":
            if idf_weights is None:
                raise ValueError("`idf_weights` must be set if output_mode is 'tf_idf'.")
        elif idf_weights is not None:
            raise ValueError(f"`idf_weights` should only be set if output_mode is `'tf_idf'`. Received: "
                             f"output_mode={self.output_mode} and idf_weights={idf_weights}")
        if isinstance(vocabulary, (str, os.PathLike)):
            vocabulary = self._read_vocabulary_file(os.fspath(vocabulary))
        values = to_numpy_values(vocabulary).reshape(-1).tolist() if not isinstance(vocabulary, (list, tuple)) \
            else list(vocabulary)
        if not values:
            raise ValueError(f"Cannot set an empty vocabulary. Received: vocabulary={vocabulary}")
        keys = [self._key(v) for v in values]
        token_start = self._token_start_index()
        specials = [self._key(self.mask_token)] * self._oov_start_index() + \
            [self._key(self.oov_token)] * self.num_oov_indices
        found_specials = keys[:token_start] == specials
        tokens = keys[token_start:] if found_specials else keys
        repeated = [t for t, c in collections.Counter(tokens).items() if c > 1]
        if repeated:
            raise ValueError("The passed vocabulary has at least one repeated term. Please uniquify your dataset. "
                             f"The repeated terms are: {_listify(repeated)}")
        for special, label in ((self.mask_token, "mask"), (self.oov_token if self.invert else None, "OOV")):
            if special is not None and self._key(special) in tokens:
                index = len(keys) - 1 - keys[::-1].index(self._key(special))
                raise ValueError(
                    f"Found reserved {label} token at unexpected location in `vocabulary`. Note that passed "
                    "`vocabulary` does not need to include the OOV and mask tokens. Either remove all mask and OOV "
                    "tokens, or include them only at the start of the vocabulary in precisely this order: "
                    f"{_listify(specials)}. Received: {label.lower() if label == 'mask' else 'oov'}_token={special} "
                    f"at vocabulary index {index}")
        if self.max_tokens is not None and token_start + len(tokens) > self.max_tokens:
            raise ValueError(f"Attempted to set a vocabulary larger than the maximum vocab size. Received vocabulary "
                             f"size is {token_start + len(tokens)}; `max_tokens` is {self.max_tokens}.")
        self._set_tokens(tokens)
        if self.output_mode == "tf_idf":
            self._set_idf_weights(idf_weights, len(values), token_start if not found_specials else 0)

    def _read_vocabulary_file(self, path):
        if not os.path.exists(path):
            raise ValueError(f"Vocabulary file {path} does not exist.")
        if self.output_mode == "tf_idf":
            raise ValueError("output_mode `'tf_idf'` does not support loading a vocabulary from file.")
        with open(path, "rb") as f:
            lines = f.read().split(b"\n")
        while lines and lines[-1] == b"":
            lines.pop()
        lines = [line[:-1] if line.endswith(b"\r") else line for line in lines]
        return lines if self.vocabulary_dtype == "string" else [int(line) for line in lines]

    def _set_idf_weights(self, idf_weights, vocab_len, front_padding):
        weights = to_numpy_values(idf_weights)
        if weights.ndim != 1:
            raise ValueError(f"TF-IDF data must be a 1-index array. Received: type(idf_weights)={type(idf_weights)}")
        if len(weights) != vocab_len:
            raise ValueError(f"`idf_weights` must be the same length as vocabulary. len(idf_weights) is "
                             f"{len(weights)}; len(vocabulary) is {vocab_len}")
        front_value = np.average(weights) if front_padding else 0
        back = self.max_tokens - front_padding - len(weights) if self.pad_to_max_tokens else 0
        padded = np.pad(weights.astype(np.float64), (front_padding, back), "constant",
                        constant_values=(front_value, 0))
        self.idf_weights = torch.as_tensor(padded.astype(np.float32))

    def _set_tokens(self, tokens):
        new_size = len(tokens) + self._token_start_index()
        if self.output_mode != "int" and not self.pad_to_max_tokens and self._frozen_vocab_size is not None \
                and new_size != self._frozen_vocab_size:
            raise RuntimeError(f"When using `output_mode={self.output_mode}` and `pad_to_max_tokens=False`, the "
                               f"vocabulary size cannot be changed after the layer is called. Old vocab size is "
                               f"{self._frozen_vocab_size}, new vocab size is {new_size}")
        start = self._token_start_index()
        self._tokens = list(tokens)
        self._table = {t: start + i for i, t in enumerate(self._tokens)}
        self._frozen_vocab_size = self.vocabulary_size()

    # ---- adapt -----------------------------------------------------------------------------------
    def reset_state(self):
        """Forget the counts gathered by `update_state` (not the vocabulary)."""
        self._token_counts = collections.Counter()
        self._document_counts = collections.Counter()
        self._num_documents = 0

    def adapt(self, data, steps=None):
        """Learn the vocabulary (and idf weights) from `data`.

        Args:
            data: an array/list/tensor (a 1-D one is one token per document), a `tf.data.Dataset` or an
                iterable of batches (each batch row is a document; a 1-D batch is one document).
            steps: int or None: how many batches to read.

        Raises:
            ValueError: if the layer was given a vocabulary.
        """
        self.reset_state()
        if isinstance(data, (list, tuple, np.ndarray, torch.Tensor)) or is_string_value(data):
            arr = self._keys_array(data)
            self.update_state(arr[:, None] if arr.ndim == 1 else arr)
        else:
            for i, batch in enumerate(data):
                if steps is not None and i >= steps:
                    break
                self.update_state(batch)
        self.finalize_state()

    def update_state(self, data):
        """Count the tokens of one batch of documents (see `adapt`)."""
        if self._has_input_vocabulary:
            raise ValueError(f"Cannot adapt layer '{self.name}' after setting a static vocabulary via "
                             "`vocabulary` argument or `set_vocabulary()` method.")
        self.update_documents(self._documents(data))

    def _documents(self, data):
        if isinstance(data, list) and data and isinstance(data[0], list):  # ragged rows of keys
            return data
        arr = self._keys_array(data)
        if arr.ndim == 0:
            arr = arr.reshape(1, 1)
        if arr.ndim == 1:
            arr = arr.reshape(1, -1)
        return [row.reshape(-1).tolist() for row in arr]

    def update_documents(self, documents):
        """Count `documents` (a list of lists of keys: bytes or ints)."""
        for doc in documents:
            self._token_counts.update(doc)
            if self.output_mode == "tf_idf":
                self._document_counts.update(set(doc))
        if self.output_mode == "tf_idf":
            self._num_documents += len(documents)

    def finalize_state(self):
        """Build the vocabulary from the counts (most frequent first) and forget the counts."""
        if self._has_input_vocabulary or not self._token_counts:
            return
        counts = self._token_counts
        for special in (self.mask_token, self.oov_token):
            counts.pop(self._key(special), None)
        ordered = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
        if self.max_tokens:
            ordered = ordered[:self.max_tokens - self._token_start_index()]
        tokens = [t for t, _ in ordered]
        self._set_tokens(tokens)
        if self.output_mode == "tf_idf":
            docs = np.array([self._document_counts[t] for t in tokens], dtype=np.float64)
            idf = np.log(1 + self._num_documents / (1 + docs)).astype(np.float32)
            mean = idf.mean(dtype=np.float32) if idf.size else np.float32(0)
            idf = np.concatenate([np.full(self._token_start_index(), mean, np.float32), idf])
            if self.pad_to_max_tokens and self.max_tokens is not None:
                idf = np.pad(idf, (0, self.max_tokens - idf.size))
            self.idf_weights = torch.as_tensor(idf)
        self.reset_state()

    # ---- calling ---------------------------------------------------------------------------------
    def _convert_inputs(self, inputs):
        return inputs  # strings and ragged rows stay as they are; `call` converts

    def _build_for(self, inputs):
        self.built = True

    def call(self, inputs):
        device = inputs.device if isinstance(inputs, torch.Tensor) else backend.current_device()
        if self.output_mode != "int" and not self.pad_to_max_tokens and self._frozen_vocab_size is None:
            raise RuntimeError(f"When using `output_mode={self.output_mode}` and `pad_to_max_tokens=False`, you "
                               "must set the layer's vocabulary before calling it. Either pass a `vocabulary` "
                               "argument to the layer, or call `adapt` with some sample data.")
        if self.invert:
            return self._invert(inputs, device)
        if isinstance(inputs, RaggedTensor):
            return self._call_ragged(inputs, device)
        keys = self._keys_array(inputs)
        original_rank = keys.ndim
        if keys.ndim == 0:
            keys = keys.reshape(1)
        indices = torch.as_tensor(self.lookup_keys(keys), device=device)
        if self.output_mode == "int":
            return indices.reshape(()) if original_rank == 0 else indices
        return self.encode(indices)

    def _call_ragged(self, inputs, device):
        """Ragged rows (`tf.ragged.constant(df["terms"].values)`): "int" keeps the rows ragged; the other modes
        encode each row as Keras does a padded one (a 2-D ragged input gives `(rows, depth)`)."""
        keys = self._keys_array(inputs.flat_values)
        indices = torch.as_tensor(self.lookup_keys(keys), device=device)
        looked_up = inputs.with_flat_values(indices)
        if self.output_mode == "int":
            return looked_up
        return self.encode(looked_up.to_tensor(default_value=_INT64_MAX))

    def encode(self, indices):
        """Keras's categorical encoding of looked-up `indices` (int64 tensor) for a non-"int" output_mode."""
        depth = self.max_tokens if self.pad_to_max_tokens else self._frozen_vocab_size
        if indices.dim() > 2 or (self.output_mode == "one_hot" and indices.dim() == 2 and indices.shape[-1] != 1):
            raise ValueError(f"When output_mode is not `'int'`, maximum supported output rank is 2. Received "
                             f"output_mode {self.output_mode} and input shape {tuple(indices.shape)}.")
        mode = "count" if self.output_mode == "tf_idf" else self.output_mode
        out = encode_categorical(indices, mode, depth, torch.int64)
        if self.output_mode != "tf_idf":
            return out
        if self.idf_weights is None:
            raise ValueError("When `output_mode` is `'tf_idf'`, `idf_weights` must be provided.")
        return out.to(torch.float32) * self.idf_weights.to(out.device)

    def lookup_keys(self, keys):
        """int64 numpy indices of the numpy array `keys` (mask -> 0 / dropped, OOV -> the OOV indices)."""
        uniques, inverse = np.unique(keys.reshape(-1), return_inverse=True)
        found = np.array([self._table.get(u, -1) for u in uniques.tolist()], dtype=np.int64)
        missing = found == -1
        if missing.any():
            if self.num_oov_indices == 0 and added_metrics.in_example_call():
                # a functional model inferring shapes: its example keys are no data (TF traces this symbolically)
                found[missing] = self._oov_start_index()
            elif self.num_oov_indices == 0:
                raise errors.InvalidArgumentError(_oov_message(keys.reshape(-1)[missing[inverse]]))
            else:
                found[missing] = self._oov_indices(uniques[missing]) + self._oov_start_index()
        if self.mask_token is not None:
            is_mask = uniques == self._key(self.mask_token) if self.vocabulary_dtype != "string" else \
                np.array([u == self._key(self.mask_token) for u in uniques.tolist()], dtype=bool)
            found[is_mask] = 0 if self.output_mode == "int" else _INT64_MAX
        return found[inverse].reshape(keys.shape)

    def _oov_indices(self, values):
        if self.num_oov_indices == 1:
            return np.zeros(len(values), dtype=np.int64)
        if self.vocabulary_dtype != "string" and self.oov_method != "farmhash":
            return np.mod(values.astype(np.int64), self.num_oov_indices)
        if self.vocabulary_dtype != "string":
            values = np.array([str(int(v)).encode() for v in values], dtype=object)
        return string_hash.hash_bucket(values, self.num_oov_indices, self.salt)

    def _invert(self, inputs, device):
        arr = to_numpy_values(inputs)
        if arr.dtype.kind not in "iu":
            raise TypeError(f"An inverted {type(self).__name__} expects integer indices. Received: inputs of dtype "
                            f"{arr.dtype}")
        start = self._token_start_index()
        flat = arr.reshape(-1).astype(np.int64)
        oov = self._key(self.oov_token)
        mask = self._key(self.mask_token)
        out = [self._tokens[i - start] if start <= i < start + len(self._tokens) else oov for i in flat.tolist()]
        if self.mask_token is not None:
            out = [mask if i == 0 else t for i, t in zip(flat.tolist(), out)]
        if self.vocabulary_dtype == "string":
            values = np.empty(len(out), dtype=object)
            values[:] = out
            return string_output(values.reshape(arr.shape))
        return torch.as_tensor(np.asarray(out, dtype=np.int64).reshape(arr.shape), device=device)

    def compute_output_shape(self, input_shape):
        if self.output_mode == "int":
            return tuple(input_shape)
        depth = self.max_tokens if self.pad_to_max_tokens else self._frozen_vocab_size
        input_shape = tuple(input_shape)
        if self.output_mode == "one_hot":
            if len(input_shape) > 1 and input_shape[-1] == 1:
                return input_shape[:-1] + (depth,)
            return input_shape + (depth,)
        return input_shape[:-1] + (depth,)

    # ---- saving ----------------------------------------------------------------------------------
    def get_config(self):
        return {**super().get_config(), "invert": self.invert, "max_tokens": self.max_tokens,
                "num_oov_indices": self.num_oov_indices, "oov_token": self.oov_token,
                "mask_token": self.mask_token, "output_mode": self.output_mode, "sparse": self.sparse,
                "pad_to_max_tokens": self.pad_to_max_tokens, "vocabulary_dtype": self.vocabulary_dtype,
                "idf_weights": _listify(self.input_idf_weights), "vocabulary": _listify(self.input_vocabulary),
                "vocabulary_size": self._frozen_vocab_size, "oov_method": self.oov_method, "salt": self.salt}

    def save_own_variables(self, store):
        """Keras's state entries: `idf_weights` for "tf_idf" (the vocabulary goes to the assets)."""
        if self.output_mode == "tf_idf" and self.idf_weights is not None:
            store["idf_weights"] = self.idf_weights.numpy()

    def load_own_variables(self, store):
        if self.output_mode == "tf_idf" and "idf_weights" in store:
            self.idf_weights = torch.as_tensor(np.asarray(store["idf_weights"], dtype=np.float32))

    def save_assets(self, dir_path):
        """Write the adapted vocabulary to `dir_path/vocabulary.txt` (Keras's asset), one token a line."""
        if self.input_vocabulary is not None:
            return
        lines = [self._key(t) if self.vocabulary_dtype == "string" else str(t).encode()
                 for t in self.get_vocabulary(include_special_tokens=True)]
        with open(os.path.join(dir_path, VOCABULARY_ASSET), "wb") as f:
            f.write(b"\n".join(lines))

    def load_assets(self, dir_path):
        if self.input_vocabulary is not None:
            return
        path = os.path.join(dir_path, VOCABULARY_ASSET)
        if not os.path.exists(path):
            return
        idf = self.idf_weights
        mode_is_idf = self.output_mode == "tf_idf"
        if mode_is_idf:  # the file read refuses tf_idf; read it here and pass the stored weights along
            with open(path, "rb") as f:
                lines = [line for line in f.read().split(b"\n")]
            while lines and lines[-1] == b"":
                lines.pop()
            values = lines if self.vocabulary_dtype == "string" else [int(v) for v in lines]
            self.set_vocabulary(values, idf_weights=idf.numpy() if idf is not None else None)
        else:
            self.set_vocabulary(path)


def _oov_message(oov_keys):
    """TF's text for keys out of a vocabulary without OOV indices: every such key in input order, as
    `tf.strings.format` prints a tensor (`["zz" "yy" "zz"]`, `[9 11]`, the first and last 3 of a longer one)."""
    template = ("When `num_oov_indices=0` all inputs should be in vocabulary, found OOV values {}, consider "
                "setting `num_oov_indices=1`.")
    return string_ops.format(template, [oov_keys]).numpy().decode("utf-8", "surrogateescape")
