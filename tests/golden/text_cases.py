"""Cases for the text/categorical preprocessing layers, run the same way under real Keras 3.15 (golden)
and keraslike (test): `run(case, layers)` builds `layers.<cls>(**kwargs)`, adapts it if asked, calls it
and returns JSON values (outputs as nested lists, bytes decoded, dtype name, vocabulary).

A case is `(cls, kwargs, adapt, inputs)`; `adapt` is None, an array/list (adapted at once) or
`("iter", [batch, ...])` (an iterator of numpy batches: Keras's "each batch row is a document" path).
"""

import numpy as np

CORPUS = np.array([
    "The cat sat on the mat.", "The DOG ate my homework!", "A cat, a dog; and a bird?",
    "Ünïcode Café stays: naïve", "the the the end", "Tabs\tand\nnewlines  here", "", "don't stop-believing (now)",
])
QUERIES = np.array(["the cat", "a dog ate the bird", "unknown words only", "Café naïve", ""])
WORDS = np.array(["a", "b", "b", "c", "c", "c", "d", "d", "d", "d", "[UNK]"])
INTS = np.array([[7, 7, 3], [3, 11, 12], [12, 12, 12], [0, 5, 7]], dtype="int64")
BATCHES = ("iter", [np.array(["a b", "b c"]), np.array(["c c d"]), np.array(["a", "e e e", "b"])])

CASES = {
    # Hashing: FarmHash Fingerprint64 / SipHash of the values' strings
    "hashing_str": ("Hashing", {"num_bins": 3}, None, [["a"], ["b"], ["hello world"], [""]]),
    "hashing_str_big": ("Hashing", {"num_bins": 1 << 30}, None, ["a", "b", "Ünïcode", "x" * 70]),
    "hashing_mask": ("Hashing", {"num_bins": 5, "mask_value": ""}, None, [["a", ""], ["", "q"]]),
    "hashing_salt_int": ("Hashing", {"num_bins": 1000, "salt": 133}, None, ["a", "b", "hello"]),
    "hashing_salt_pair": ("Hashing", {"num_bins": 1000, "salt": [7, 42]}, None, ["a", "b", "hello"]),
    "hashing_ints": ("Hashing", {"num_bins": 1000}, None, np.array([[0, 1, -5, 123456789012]], dtype="int64")),
    "hashing_int32": ("Hashing", {"num_bins": 97, "dtype": "int32"}, None, np.array([1, 2, 3], dtype="int32")),
    "hashing_int_mask": ("Hashing", {"num_bins": 10, "mask_value": 0}, None, np.array([0, 1, 2, 0], dtype="int64")),
    "hashing_floats": ("Hashing", {"num_bins": 1000}, None, np.array([1.9, -2.5, 3.0], dtype="float32")),
    "hashing_bools": ("Hashing", {"num_bins": 1000}, None, np.array([True, False])),
    "hashing_one_hot": ("Hashing", {"num_bins": 4, "output_mode": "one_hot"}, None, [["a"], ["b"], ["c"]]),
    "hashing_multi_hot": ("Hashing", {"num_bins": 4, "output_mode": "multi_hot"}, None, [["a", "b"], ["c", "c"]]),
    "hashing_count": ("Hashing", {"num_bins": 4, "output_mode": "count"}, None, [["a", "a"], ["c", "b"]]),
    # HashedCrossing: tf.sparse.cross_hashed
    "cross_str_int": ("HashedCrossing", {"num_bins": 1 << 30}, None,
                      [[["a"], ["b"], ["hello"]], np.array([[1], [2], [-3]], dtype="int64")]),
    "cross_str_str_1d": ("HashedCrossing", {"num_bins": 5}, None, [["a", "b", "c"], ["x", "y", "x"]]),
    "cross_three": ("HashedCrossing", {"num_bins": 1 << 20}, None,
                    [np.array([1, 2], dtype="int64"), ["p", "q"], np.array([5, 5], dtype="int64")]),
    "cross_one_hot": ("HashedCrossing", {"num_bins": 4, "output_mode": "one_hot"}, None,
                      [[["a"], ["b"]], [["x"], ["y"]]]),
    # StringLookup
    "str_vocab": ("StringLookup", {"vocabulary": ["a", "b", "c"]}, None, [["a", "c", "z"], ["b", "b", "q"]]),
    "str_adapt": ("StringLookup", {}, WORDS, ["d", "c", "a", "zz", "[UNK]"]),
    "str_adapt_max": ("StringLookup", {"max_tokens": 3}, WORDS, ["d", "c", "a"]),
    "str_oov2": ("StringLookup", {"vocabulary": ["a", "b"], "num_oov_indices": 2}, None, ["a", "x", "y", "z", "w"]),
    "str_oov3_salt": ("StringLookup", {"vocabulary": ["a"], "num_oov_indices": 3, "salt": 9}, None,
                      ["a", "x", "y", "z", "w"]),
    "str_oov0": ("StringLookup", {"vocabulary": ["a", "b"], "num_oov_indices": 0}, None, ["b", "a"]),
    "str_mask": ("StringLookup", {"vocabulary": ["a", "b"], "mask_token": "[M]"}, None, ["[M]", "a", "z", "b"]),
    "str_specials_in_vocab": ("StringLookup", {"vocabulary": ["[M]", "[UNK]", "a", "b"], "mask_token": "[M]"}, None,
                              ["a", "b", "c", "[M]"]),
    "str_invert": ("StringLookup", {"vocabulary": ["a", "b", "c"], "invert": True}, None,
                   np.array([[1, 2, 3], [0, 9, 1]], dtype="int64")),
    "str_invert_mask": ("StringLookup", {"vocabulary": ["a", "b"], "invert": True, "mask_token": "[M]"}, None,
                        np.array([0, 1, 2, 3, 4], dtype="int64")),
    "str_one_hot": ("StringLookup", {"vocabulary": ["a", "b", "c"], "output_mode": "one_hot"}, None,
                    [["a"], ["c"], ["z"]]),
    "str_multi_hot": ("StringLookup", {"vocabulary": ["a", "b", "c"], "output_mode": "multi_hot"}, None,
                      [["a", "z"], ["b", "b"]]),
    "str_multi_hot_1d": ("StringLookup", {"vocabulary": ["a", "b", "c"], "output_mode": "multi_hot"}, None,
                         ["a", "c", "c"]),
    "str_count_mask": ("StringLookup", {"vocabulary": ["a", "b", "c"], "output_mode": "count", "mask_token": ""},
                       None, [["a", ""], ["b", "b"]]),
    "str_count_pad": ("StringLookup", {"vocabulary": ["a", "b"], "output_mode": "count", "max_tokens": 6,
                                       "pad_to_max_tokens": True}, None, [["a", "b", "b"]]),
    "str_tfidf_given": ("StringLookup", {"vocabulary": ["a", "b", "c"], "output_mode": "tf_idf",
                                         "idf_weights": [0.5, 1.0, 2.0]}, None, [["a", "z", "c"], ["b", "b", "a"]]),
    "str_tfidf_adapt": ("StringLookup", {"output_mode": "tf_idf"},
                        np.array([["a", "b", "b"], ["b", "c", "c"], ["d", "a", "a"]]), [["a", "b", "d", "q"]]),
    "str_tfidf_batches": ("StringLookup", {"output_mode": "tf_idf"}, ("iter", [np.array([["a", "b"], ["b", "c"]]),
                                                                               np.array([["c", "c"]])]),
                          [["a", "b", "c", "c"]]),
    "str_adapt_batches": ("StringLookup", {}, ("iter", [np.array(["a", "b", "b"]), np.array(["c", "b"])]),
                          ["a", "b", "c", "d"]),
    "str_scalar": ("StringLookup", {"vocabulary": ["a", "b"]}, None, "b"),
    # IntegerLookup
    "int_vocab": ("IntegerLookup", {"vocabulary": [12, 36, 1138, 42]}, None, np.array([[12, 1138, 42],
                                                                                        [42, 1000, 36]])),
    "int_adapt": ("IntegerLookup", {}, INTS, np.array([[12, 7, 3, 99]], dtype="int64")),
    "int_oov2": ("IntegerLookup", {"vocabulary": [1, 2], "num_oov_indices": 2}, None,
                 np.array([1, 2, 3, 4, 5, -7], dtype="int64")),
    "int_oov3_farmhash": ("IntegerLookup", {"vocabulary": [1, 2], "num_oov_indices": 3, "oov_method": "farmhash"},
                          None, np.array([1, 3, 4, 5, 6, -7], dtype="int64")),
    "int_mask": ("IntegerLookup", {"vocabulary": [12, 36], "mask_token": 0}, None,
                 np.array([0, 12, 36, 5], dtype="int64")),
    "int_invert": ("IntegerLookup", {"vocabulary": [12, 36, 1138], "invert": True}, None,
                   np.array([[1, 2, 3], [0, 4, 1]], dtype="int64")),
    "int_multi_hot": ("IntegerLookup", {"vocabulary": [12, 36, 1138], "output_mode": "multi_hot"}, None,
                      np.array([[12, 1138, 5], [36, 36, 36]], dtype="int64")),
    "int_tfidf_adapt": ("IntegerLookup", {"output_mode": "tf_idf"}, INTS, np.array([[7, 3, 3, 100]], dtype="int64")),
    "int_max_tokens": ("IntegerLookup", {"max_tokens": 4}, INTS, np.array([12, 7, 3, 0], dtype="int64")),
    # TextVectorization
    "tv_default": ("TextVectorization", {}, CORPUS, QUERIES),
    "tv_seq4": ("TextVectorization", {"output_sequence_length": 4}, CORPUS, QUERIES),
    "tv_seq12": ("TextVectorization", {"output_sequence_length": 12}, CORPUS, QUERIES),
    "tv_max_tokens": ("TextVectorization", {"max_tokens": 6}, CORPUS, QUERIES),
    "tv_ngrams2": ("TextVectorization", {"ngrams": 2}, CORPUS, QUERIES),
    "tv_ngrams13": ("TextVectorization", {"ngrams": (1, 3)}, CORPUS, QUERIES),
    "tv_character": ("TextVectorization", {"split": "character", "output_sequence_length": 10}, CORPUS, QUERIES),
    "tv_no_standardize": ("TextVectorization", {"standardize": None}, CORPUS, QUERIES),
    "tv_lower": ("TextVectorization", {"standardize": "lower"}, CORPUS, QUERIES),
    "tv_strip": ("TextVectorization", {"standardize": "strip_punctuation"}, CORPUS, QUERIES),
    "tv_no_split": ("TextVectorization", {"split": None}, np.array(["red", "blue", "red", "Green!"]),
                    [["red"], ["green"], ["purple"], [""]]),
    "tv_no_split_seq": ("TextVectorization", {"split": None, "output_sequence_length": 3},
                        np.array(["red", "blue", "red"]), [["red"], ["blue"]]),
    "tv_multi_hot": ("TextVectorization", {"output_mode": "multi_hot"}, CORPUS, QUERIES),
    "tv_count": ("TextVectorization", {"output_mode": "count", "max_tokens": 8}, CORPUS, QUERIES),
    "tv_tfidf": ("TextVectorization", {"output_mode": "tf_idf"}, CORPUS, QUERIES),
    "tv_tfidf_pad": ("TextVectorization", {"output_mode": "tf_idf", "max_tokens": 30, "pad_to_max_tokens": True},
                     CORPUS, QUERIES),
    "tv_multi_hot_ngrams": ("TextVectorization", {"output_mode": "multi_hot", "ngrams": 2, "max_tokens": 10},
                            CORPUS, QUERIES),
    "tv_vocab": ("TextVectorization", {"vocabulary": ["cat", "dog", "the"], "output_sequence_length": 5}, None,
                 QUERIES),
    "tv_tfidf_vocab": ("TextVectorization", {"vocabulary": ["cat", "dog", "the"], "output_mode": "tf_idf",
                                             "idf_weights": [1.5, 2.0, 0.25]}, None, QUERIES),
    "tv_adapt_2d": ("TextVectorization", {}, CORPUS[:, None], QUERIES[:, None]),
    "tv_adapt_batches": ("TextVectorization", {"output_mode": "tf_idf"}, BATCHES, ["a b c d e", "e"]),
    "tv_scalar": ("TextVectorization", {"vocabulary": ["cat", "dog"]}, None, "the cat and dog"),
    "tv_ragged": ("TextVectorization", {"ragged": True}, CORPUS, QUERIES),
    "tv_ragged_seq": ("TextVectorization", {"ragged": True, "output_sequence_length": 3, "ngrams": 2}, CORPUS,
                      QUERIES),
}


def _plain(value):
    if hasattr(value, "to_list"):  # a RaggedTensor
        return _plain(value.to_list())
    if hasattr(value, "numpy"):
        value = value.numpy()
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, np.ndarray):
        if value.dtype == object or value.dtype.kind == "S":
            return _plain(value.tolist())
        return value.tolist()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def _dtype_name(out):
    dtype = str(getattr(out, "dtype", type(out).__name__))
    return dtype.replace("torch.", "").replace("<dtype: '", "").replace("'>", "")


def run(case, layers):
    """Run `case` with the layer classes of `layers`; returns {"output", "dtype", "vocabulary"}."""
    cls, kwargs, adapt, inputs = case
    layer = getattr(layers, cls)(**kwargs)
    if adapt is not None:
        layer.adapt(iter(adapt[1]) if isinstance(adapt, tuple) else adapt)
    out = layer(inputs)
    result = {"output": _plain(out), "dtype": _dtype_name(out)}
    if hasattr(layer, "get_vocabulary"):
        result["vocabulary"] = _plain(layer.get_vocabulary())
        result["vocabulary_no_special"] = _plain(layer.get_vocabulary(include_special_tokens=False))
    return result
