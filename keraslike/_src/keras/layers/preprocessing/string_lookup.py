"""`StringLookup` (keras/src/layers/preprocessing/string_lookup.py): strings -> vocabulary indices."""

from keraslike._src.keras.layers.preprocessing.index_lookup import IndexLookup
from keraslike._src.keras.layers.preprocessing.string_values import check_encoding


class StringLookup(IndexLookup):
    """Map strings to integer indices (or encodings) through a vocabulary; `invert=True` maps back.

    Args:
        max_tokens: int > 1 or None, the largest vocabulary (mask and OOV indices included).
        num_oov_indices: int >= 0, default 1: indices shared by out-of-vocabulary strings (FarmHash-spread).
        mask_token: str or None (default): the string that maps to index 0 in "int" mode.
        oov_token: str, default "[UNK]": what `invert=True` returns for OOV indices.
        vocabulary: list/array of strings, a text-file path (one token a line), or None (use `adapt`).
        idf_weights: weights for "tf_idf" with a given vocabulary.
        invert: bool: indices -> strings (a `tf.string` tensor).
        output_mode: "int" (default), "one_hot", "multi_hot", "count", "tf_idf".
        pad_to_max_tokens: bool: encodings have `max_tokens` columns.
        sparse: only False.
        encoding: "utf-8" (the text encoding of str inputs and of `get_vocabulary`).
        salt: int or pair of ints: SipHash OOV hashing instead of FarmHash.

    Output: int64 indices of the input's shape ("int"), int64 encodings `(batch, depth)` (float32 for
    "tf_idf"), or strings (`invert=True`).

    Raises:
        ValueError: for bad arguments (see `IndexLookup`), OOV inputs with `num_oov_indices=0`.
    """

    def __init__(self, max_tokens=None, num_oov_indices=1, mask_token=None, oov_token="[UNK]", vocabulary=None,
                 idf_weights=None, invert=False, output_mode="int", pad_to_max_tokens=False, sparse=False,
                 encoding="utf-8", name=None, salt=None, **kwargs):
        check_encoding(encoding, "StringLookup")
        self.encoding = encoding
        super().__init__(max_tokens=max_tokens, num_oov_indices=num_oov_indices, mask_token=mask_token,
                         oov_token=oov_token, vocabulary=vocabulary, idf_weights=idf_weights, invert=invert,
                         output_mode=output_mode, pad_to_max_tokens=pad_to_max_tokens, sparse=sparse, name=name,
                         salt=salt, vocabulary_dtype="string", **kwargs)

    def get_config(self):
        config = super().get_config()
        del config["vocabulary_dtype"]
        return {**config, "encoding": self.encoding}
