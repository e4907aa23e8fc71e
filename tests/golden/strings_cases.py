"""Cases for `tf.strings`, string tensors, `tf.ragged` of strings and `tf.lookup` (issue 11).

Each `case_*` function takes the `tf` module (real TensorFlow when `make_strings_golden.py` runs,
keraslike in `tests/strings/test_strings_golden.py`) and returns tensors, ragged tensors and Python
values; `encode` turns them into JSON (bytes as latin-1 text marked `"b"`). A case that raises is
recorded by the TF error class it raises. Most cases are the examples of TF's own docstrings.
No TensorFlow import here: both sides share this file.
"""

import numpy as np

_ERRORS = ("InvalidArgumentError", "UnimplementedError", "NotFoundError", "OutOfRangeError", "FailedPreconditionError")


def _plain(value):
    if isinstance(value, bytes):
        return {"b": value.decode("latin-1")}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (np.generic,)):
        return value.item()
    if isinstance(value, float) and value != value:
        return "nan"
    return value


def encode(value):
    """JSON-able form of a result: tensors as dtype + shape + nested values, ragged as nested lists."""
    if type(value).__name__ == "RaggedTensor":
        return {"ragged": _plain(value.to_list()), "dtype": value.dtype.name, "ragged_rank": value.ragged_rank}
    if hasattr(value, "numpy") and hasattr(value, "dtype") and not isinstance(value, np.ndarray):
        array = np.asarray(value.numpy(), dtype=object if value.dtype.name == "string" else None)
        if array.dtype.kind == "f":
            array = np.where(np.isnan(array), 0.125e-300, array)  # NaN-safe JSON; compared with rtol
        return {"dtype": value.dtype.name, "shape": list(array.shape), "value": _plain(array.tolist())}
    if isinstance(value, np.ndarray):
        return {"ndarray": str(value.dtype), "value": _plain(value.tolist())}
    if isinstance(value, dict):
        return {"dict": {str(k): encode(v) for k, v in value.items()}}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    return _plain(value)


def run(case, tf):
    try:
        return encode(case(tf))
    except Exception as err:  # noqa: BLE001 - the error class is the expected outcome
        names = [c.__name__ for c in type(err).__mro__]
        tf_name = next((n for n in names if n in _ERRORS), None)
        return {"error": tf_name or ("ValueError" if "ValueError" in names else "TypeError" if "TypeError" in names
                                     else type(err).__name__)}


# ---- case and whitespace -------------------------------------------------------------------------
def case_lower_upper(tf):
    s = "CamelCase string and ALL CAPS"
    return [tf.strings.lower(s), tf.strings.upper(s), tf.strings.lower(["ÀB"], encoding="utf-8"),
            tf.strings.upper(["àb"]), tf.strings.upper(["àb"], encoding="utf-8")]


def case_strip(tf):
    return tf.strings.strip(["\nTensorFlow", "     The python library    ", "\t x \r\n"])


def case_length(tf):
    strings = tf.constant(["Hello", "TensorFlow", "\U0001F642"])
    return [tf.strings.length(strings), tf.strings.length(strings, unit="UTF8_CHAR"), tf.strings.length("")]


# ---- joins --------------------------------------------------------------------------------------
def case_join(tf):
    return [tf.strings.join(["abc", "def"]), tf.strings.join([["abc", "123"], ["def", "456"], ["ghi", "789"]]),
            tf.strings.join([["abc", "123"], ["def", "456"]], separator=" "),
            tf.strings.join([tf.constant(["a", "b"]), "x"], separator="-")]


def case_reduce_join(tf):
    x = [["abc", "123"], ["def", "456"]]
    return [tf.strings.reduce_join(x), tf.strings.reduce_join(x, axis=-1),
            tf.strings.reduce_join(x, axis=-1, separator=" "), tf.strings.reduce_join(x, axis=0, separator="+"),
            tf.strings.reduce_join(x, axis=1, keepdims=True), tf.strings.reduce_join(tf.constant([], tf.string)),
            tf.strings.reduce_join([["a", "b"], ["c", "d"]], axis=[0, 1], separator="."),
            tf.strings.reduce_join(tf.constant("solo"))]


def case_reduce_join_ragged(tf):
    return tf.strings.reduce_join(tf.ragged.constant([["a", "b"], [], ["c"]]), axis=-1, separator=",")


def case_unsorted_segment_join(tf):
    return [tf.strings.unsorted_segment_join(["this", "a", "test", "is"], [0, 1, 1, 0], 2, " "),
            tf.strings.unsorted_segment_join([["Y", "q", "c"], ["Y", "6", "6"], ["p", "G", "a"]], [1, 0, 1], 2,
                                             separator=":"),
            tf.strings.unsorted_segment_join(["a", "b"], [0, 0], 3)]


def case_format(tf):
    return [tf.strings.format("tensor: {}, suffix", tf.range(5)),
            tf.strings.format("a: {}, b: {}, suffix", (tf.range(2), tf.range(1, 4, 2))),
            tf.strings.format("{}", tf.range(10)), tf.strings.format("{}", tf.range(10), summarize=-1),
            tf.strings.format("x=<>", tf.constant([[1.5, 2.0], [3.25, 4.0]]), placeholder="<>"),
            tf.strings.format("s={}", tf.constant(["a", "b"])), tf.strings.format("s={}", tf.constant("q")),
            tf.strings.format("no placeholders", [])]


def case_format_mismatch(tf):
    return tf.strings.format("{} {}", tf.range(2))


# ---- regular expressions ------------------------------------------------------------------------
def case_regex_full_match(tf):
    return [tf.strings.regex_full_match(["TF lib", "lib TF"], ".*lib$"),
            tf.strings.regex_full_match(["TF lib", "lib TF"], ".*TF$"),
            tf.strings.regex_full_match("abc123", "[a-z]+\\d+")]


def case_regex_replace(tf):
    return [tf.strings.regex_replace("Text with tags.<br /><b>contains html</b>", "<[^>]+>", " "),
            tf.strings.regex_replace(["aaa", "bab"], "a", "x", replace_global=False),
            tf.strings.regex_replace(["john smith", "ann lee"], "(\\w+) (\\w+)", "\\2, \\1"),
            tf.strings.regex_replace("a.b.c", "\\.", "\\\\"),
            tf.strings.regex_replace("I love TF!", "[^a-z ]", ""),
            tf.strings.regex_replace("hello", "l+", "<\\0>")]


# ---- splits and n-grams -------------------------------------------------------------------------
def case_split(tf):
    return [tf.strings.split("hello world"), tf.strings.split(["hello world", "a b c"]),
            tf.strings.split(["1<>2<><>3"], sep="<>"), tf.strings.split(["  a  b "]),
            tf.strings.split(["a,b,c,d"], sep=",", maxsplit=2), tf.strings.split([["a b", "c"], ["d", ""]]),
            tf.strings.split(tf.constant([], dtype=tf.string)), tf.strings.split(["a\tb\nc"])]


def case_split_ragged_input(tf):
    return tf.strings.split(tf.ragged.constant([["a b", "c"], ["d e f"]]))


def case_bytes_split(tf):
    return [tf.strings.bytes_split("hello"), tf.strings.bytes_split(["hello", "123"]),
            tf.strings.bytes_split(["é", ""])]


def case_ngrams(tf):
    return [tf.strings.ngrams(["A", "B", "C", "D"], 2), tf.strings.ngrams(["TF", "and", "keras"], 1),
            tf.strings.ngrams(tf.ragged.constant([["a", "b", "c"], ["d"]]), 2),
            tf.strings.ngrams(tf.ragged.constant([["a", "b", "c"], ["d"]]), (1, 2), separator="_"),
            tf.strings.ngrams(["a", "b"], 3, pad_values=("<s>", "</s>")),
            tf.strings.ngrams(["a", "b", "c"], 2, pad_values="#", padding_width=1),
            tf.strings.ngrams(tf.ragged.constant([["a", "b"], ["c"], []]), 3, preserve_short_sequences=True),
            tf.strings.ngrams([["a", "b", "c"], ["d", "e", "f"]], 2)]


# ---- conversions --------------------------------------------------------------------------------
def case_to_number(tf):
    return [tf.strings.to_number("1.55"), tf.strings.to_number("3", tf.int32),
            tf.strings.to_number(["1e3", "-2.5", " 7"], tf.float64), tf.strings.to_number(["12", "-4"], tf.int64),
            tf.strings.to_number(["inf", "-inf", "nan"])]


def case_to_number_invalid(tf):
    return tf.strings.to_number(["12a"], tf.int32)


def case_to_number_overflow(tf):
    return tf.strings.to_number(["3000000000"], tf.int32)


def case_as_string(tf):
    return [tf.strings.as_string([3, 2]), tf.strings.as_string([3.1415926, 2.71828], precision=2),
            tf.strings.as_string([3.1415926]), tf.strings.as_string([1234.5], scientific=True),
            tf.strings.as_string([0.00001234, 123456789.0], shortest=True),
            tf.strings.as_string([7, -3], width=4), tf.strings.as_string([7], width=3, fill="0"),
            tf.strings.as_string([True, False]), tf.strings.as_string(tf.constant([1.5], tf.float64)),
            tf.strings.as_string(tf.constant([2**40], tf.int64))]


def case_substr(tf):
    words = [[b"ten", b"eleven", b"twelve"], [b"thirteen", b"fourteen", b"fifteen"],
             [b"sixteen", b"seventeen", b"eighteen"]]
    return [tf.strings.substr([b"Hello", b"World"], 1, 3),
            tf.strings.substr(words, [[1, 2, 3], [1, 2, 3], [1, 2, 3]], [[2, 3, 4], [4, 3, 2], [5, 5, 5]]),
            tf.strings.substr(words + [[b"nineteen", b"twenty", b"twentyone"]], [1, 2, 3], [1, 2, 3]),
            tf.strings.substr(b"thirteen", [1, 5, 7], [3, 2, 1]), tf.strings.substr("hello", -3, 2),
            tf.strings.substr("hello", 2, -1), tf.strings.substr("héllo", 1, 2, unit="UTF8_CHAR"),
            tf.strings.substr("hello", 5, 2)]


def case_substr_out_of_range(tf):
    return tf.strings.substr("hello", 6, 1)


# ---- hashing ------------------------------------------------------------------------------------
def case_hash_buckets(tf):
    words = ["Hello", "TensorFlow", "2.x", "", "é"]
    return [tf.strings.to_hash_bucket(words, 3), tf.strings.to_hash_bucket_fast(words, 3),
            tf.strings.to_hash_bucket_strong(words, 3, [1, 2]), tf.strings.to_hash_bucket_fast(words, 1000003),
            tf.strings.to_hash_bucket(["a" * 21, "xyzzy"], 2**40), tf.strings.to_hash_bucket_strong(["ab"], 97, [5, 7])]


# ---- unicode ------------------------------------------------------------------------------------
_GOOD = ["G\xf6\xf6dnight", "\U0001f60a"]


def case_unicode_decode(tf):
    inp = [s.encode("utf8") for s in _GOOD]
    return [tf.strings.unicode_decode(inp, "UTF-8"), tf.strings.unicode_decode_with_offsets(inp, "UTF-8"),
            tf.strings.unicode_decode("abc", "UTF-8"),
            tf.strings.unicode_decode(["a\x01b"], "UTF-8", replace_control_characters=True),
            tf.strings.unicode_decode([b"\x00A\x00\xe9"], "UTF-16-BE"),
            tf.strings.unicode_decode([[b"ab"], [b"c"]], "UTF-8")]


def case_unicode_decode_invalid(tf):
    bad = [b"a\xffb", b"\xe2\x82", b"x\xc3"]
    return [tf.strings.unicode_decode(bad, "UTF-8"), tf.strings.unicode_decode(bad, "UTF-8", errors="ignore"),
            tf.strings.unicode_decode(bad, "UTF-8", replacement_char=63),
            tf.strings.unicode_decode_with_offsets(bad, "UTF-8")]


def case_unicode_decode_strict(tf):
    return tf.strings.unicode_decode([b"a\xffb"], "UTF-8", errors="strict")


def case_unicode_split(tf):
    inp = [s.encode("utf8") for s in _GOOD]
    return [tf.strings.unicode_split(inp, "UTF-8"), tf.strings.unicode_split_with_offsets(inp, "UTF-8"),
            tf.strings.unicode_split("héllo", "UTF-8"), tf.strings.unicode_split([b"a\xffb"], "UTF-8")]


def case_unicode_encode(tf):
    ragged = tf.ragged.constant([[71, 246, 246, 100, 110, 105, 103, 104, 116], [128522]])
    return [tf.strings.unicode_encode(ragged, "UTF-8"), tf.strings.unicode_encode(ragged, "UTF-16-BE"),
            tf.strings.unicode_encode(ragged, "UTF-32-BE"), tf.strings.unicode_encode([72, 105], "UTF-8"),
            tf.strings.unicode_encode([[72, 105], [104, 111]], "UTF-8"),
            tf.strings.unicode_encode([72, 0xD800, 105], "UTF-8"),
            tf.strings.unicode_encode([72, 0xD800, 105], "UTF-8", errors="ignore"),
            tf.strings.unicode_encode([72, 0x110000], "UTF-8", replacement_char=63)]


def case_unicode_transcode(tf):
    return [tf.strings.unicode_transcode(["Hello", "TensorFlow", "2.x"], "UTF-8", "UTF-16-BE"),
            tf.strings.unicode_transcode(["A", "B", "C"], "US ASCII", "UTF-8"),
            tf.strings.unicode_transcode([b"\xfe\xff\x00A"], "UTF-16", "UTF-8"),
            tf.strings.unicode_transcode([b"a\xffb"], "UTF-8", "UTF-8"),
            tf.strings.unicode_transcode([b"a\xffb"], "UTF-8", "UTF-8", errors="ignore"),
            tf.strings.unicode_transcode(["\U0001f60a"], "UTF-8", "UTF-32-BE")]


def case_unicode_script(tf):
    return [tf.strings.unicode_script([1, 31, 38]),
            tf.strings.unicode_script([65, 0x416, 0x5d0, 0x627, 0x4e2d, 0x3042, 0x30a2, 0xac00, 0x0915, 0x0e01, 0x300,
                                       0x10ffff, -1, 0x1f60a, 0x3b1, 0x0531])]


# ---- string tensors in other ops -----------------------------------------------------------------
def case_string_tensor_ops(tf):
    t = tf.constant([["a", "b"], ["c", "d"]])
    return [tf.reshape(t, [4]), tf.concat([t, t], 0), tf.stack([t[0], t[1]], axis=1), tf.gather(t, [1, 0]),
            tf.where([[True, False], [False, True]], t, "z"), tf.boolean_mask(t, [False, True]), tf.transpose(t),
            tf.tile(t, [1, 2]), tf.expand_dims(t, 0), tf.squeeze(tf.constant([["x"]])), tf.fill([2], "f"),
            tf.shape(t), tf.size(t), tf.rank(t), tf.equal(t, "a"), t + "!", tf.zeros([2], tf.string),
            tf.unstack(t, axis=1), tf.identity(t)]


def case_ragged_strings(tf):
    rt = tf.ragged.constant([["a", "b"], [], ["c"]])
    return [rt, rt.to_tensor(), rt.to_tensor(default_value="_"), rt.row_lengths(), rt[0], rt[1:],
            tf.ragged.map_flat_values(tf.strings.upper, rt), tf.strings.length(rt), tf.strings.upper(rt),
            tf.strings.split(tf.constant([["a b"]]))]


def case_ragged_cross(tf):
    a, b = tf.ragged.constant([["a", "b"], ["c"]]), tf.constant([["x"], ["y"]])
    return [tf.ragged.cross([a, b]), tf.ragged.cross([a, b, tf.ragged.constant([["1", "2"], ["3"]])]),
            tf.ragged.cross_hashed([a, b], num_buckets=100), tf.ragged.cross_hashed([a, b]),
            tf.ragged.cross_hashed([a, b], num_buckets=100, hash_key=7),
            tf.ragged.cross([a, tf.ragged.constant([[1], [2]], dtype=tf.int64)]),
            tf.ragged.cross([a, tf.ragged.constant([["1", "2"], []])]),
            tf.ragged.stack_dynamic_partitions(["a", "b", "c", "d", "e"], [3, 0, 2, 2, 3], 5)]


def case_ragged_sparse(tf):
    out = []
    for rt in (tf.ragged.constant([[1, 2], [], [3]]), tf.ragged.constant([[[1, 2], [3]], [[4]]]),
               tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)):
        st = rt.to_sparse()
        out.append([st.indices, st.values, st.dense_shape])
    out.append(tf.RaggedTensor.from_sparse(tf.ragged.constant([["a", "b"], [], ["c"]]).to_sparse()))
    return out


def case_string_tensor_ops_more(tf):
    t = tf.constant([["a", "b"], ["c", "d"]])
    return [tf.pad(tf.constant(["a"]), [[1, 1]]), tf.pad(tf.constant(["a"]), [[1, 0]], constant_values="z"),
            tf.pad(tf.constant(["a", "b"]), [[1, 1]], mode="REFLECT"), tf.repeat(tf.constant(["a", "b"]), 2),
            tf.repeat(tf.constant([["a", "b"]]), [1, 2], axis=1), list(tf.unique(tf.constant(["b", "a", "b"]))),
            list(tf.unique_with_counts(tf.constant(["b", "a", "b"]))),
            tf.split(tf.constant(["a", "b", "c", "d"]), [1, 3]),
            tf.split(t, 2, axis=1), tf.slice(tf.constant([["a", "b", "c"]]), [0, 1], [1, -1]),
            tf.gather_nd(t, [[0, 1], [1, 0]]), tf.gather_nd(t, [[1]])]
