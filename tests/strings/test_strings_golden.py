"""tf.strings (and string tensors, ragged strings) against real TF 2.21: tests/golden/strings.json.

The goldens are made by `tests/golden/make_strings_golden.py` from `tests/golden/strings_cases.py`;
strings and integers compare exactly, floats with rtol 1e-5.
"""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "golden"))
import strings_cases  # noqa: E402

with open(os.path.join(os.path.dirname(__file__), "..", "golden", "strings.json")) as _f:
    GOLDEN = json.load(_f)["cases"]


def _same(expected, actual, path="result"):
    if isinstance(expected, float) or isinstance(actual, float):
        assert isinstance(actual, (int, float)) and isinstance(expected, (int, float)), f"{path}: {actual!r}"
        np.testing.assert_allclose(actual, expected, rtol=1e-5, err_msg=path)
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), f"{path}: {actual!r} != {expected!r}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            _same(e, a, f"{path}[{i}]")
    elif isinstance(expected, dict):
        assert isinstance(actual, dict) and sorted(actual) == sorted(expected), f"{path}: {actual!r} != {expected!r}"
        for k in expected:
            _same(expected[k], actual[k], f"{path}.{k}")
    else:
        assert actual == expected, f"{path}: {actual!r} != {expected!r}"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_case_matches_real_tf(name):
    _same(GOLDEN[name], strings_cases.run(getattr(strings_cases, "case_" + name), tf))


def test_every_tf_strings_name_is_present():
    names = ["as_string", "bytes_split", "format", "join", "length", "lower", "ngrams", "reduce_join",
             "regex_full_match", "regex_replace", "split", "strip", "substr", "to_hash_bucket", "to_hash_bucket_fast",
             "to_hash_bucket_strong", "to_number", "unicode_decode", "unicode_decode_with_offsets", "unicode_encode",
             "unicode_script", "unicode_split", "unicode_split_with_offsets", "unicode_transcode",
             "unsorted_segment_join", "upper"]  # dir(tf.strings) of TF 2.21
    assert [n for n in names if not hasattr(tf.strings, n)] == []
