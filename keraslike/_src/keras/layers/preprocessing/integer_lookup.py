"""`IntegerLookup` (keras/src/layers/preprocessing/integer_lookup.py): integers -> vocabulary indices."""

from keraslike._src.keras.layers.preprocessing.index_lookup import IndexLookup


class IntegerLookup(IndexLookup):
    """Map integers to contiguous indices (or encodings) through a vocabulary; `invert=True` maps back.

    Args:
        max_tokens: int > 1 or None, the largest vocabulary (mask and OOV indices included).
        num_oov_indices: int >= 0, default 1: OOV values go to `value % num_oov_indices` ("floormod") or
            their FarmHash bucket ("farmhash").
        mask_token: int or None (default): maps to index 0 in "int" mode.
        oov_token: int, default -1: what `invert=True` returns for OOV indices.
        vocabulary: list/array of ints, a text-file path, or None (use `adapt`).
        vocabulary_dtype: only "int64".
        idf_weights, invert, output_mode, sparse, pad_to_max_tokens, oov_method, salt: as `StringLookup`.

    Output: int64 indices/values of the input's shape ("int"), int64 encodings (float32 for "tf_idf").

    Raises:
        ValueError: for bad arguments, OOV inputs with `num_oov_indices=0`.
    """

    def __init__(self, max_tokens=None, num_oov_indices=1, mask_token=None, oov_token=-1, vocabulary=None,
                 vocabulary_dtype="int64", idf_weights=None, invert=False, output_mode="int", sparse=False,
                 pad_to_max_tokens=False, oov_method="floormod", salt=None, name=None, **kwargs):
        if max_tokens is not None and max_tokens <= 1:
            raise ValueError(f"If `max_tokens` is set for `IntegerLookup`, it must be greater than 1. Received: "
                             f"max_tokens={max_tokens}")
        if num_oov_indices < 0:
            raise ValueError(f"The value of `num_oov_indices` argument for `IntegerLookup` must >= 0. Received: "
                             f"num_oov_indices={num_oov_indices}")
        if vocabulary_dtype != "int64":
            raise ValueError(f"Only `vocabulary_dtype='int64'` is supported at this time. Received: "
                             f"vocabulary_dtype={vocabulary_dtype}")
        super().__init__(max_tokens=max_tokens, num_oov_indices=num_oov_indices, mask_token=mask_token,
                         oov_token=oov_token, vocabulary=vocabulary, vocabulary_dtype=vocabulary_dtype,
                         idf_weights=idf_weights, invert=invert, output_mode=output_mode, sparse=sparse,
                         pad_to_max_tokens=pad_to_max_tokens, oov_method=oov_method, salt=salt, name=name, **kwargs)

    def get_config(self):
        config = super().get_config()
        for key in ("oov_token", "mask_token"):
            if config[key] is not None:
                config[key] = int(config[key])
        if config["vocabulary"] is not None:
            config["vocabulary"] = [int(v) for v in config["vocabulary"]]
        return config
