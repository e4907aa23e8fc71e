"""Issue 25 item 3, against real TF 2.21 / Keras 3: behaviour the docstring runner
(`conformance/docstrings/`) found differing, fixed by class.

The cases are `tests/golden/docstring_cases.py` and `docstring_run2_cases.py` (the runner's second round); the
goldens `tests/golden/docstring.json` and `docstring_run2.json`, written by
`tests/golden/make_docstring_golden.py` under TF 2.21. Values compare with rtol 1e-5 (atol 1e-6), with
equal dtype kinds and shapes; an expected exception must be raised with TF's class.
"""

import json
import math
import os
import sys

import pytest

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))

import conversion_cases  # noqa: E402
import docstring_cases  # noqa: E402
import docstring_run2_cases  # noqa: E402

_SUITES = {}  # golden file -> (cases module, golden): the runner's first and second rounds
for _file, _module in (("docstring.json", docstring_cases), ("docstring_run2.json", docstring_run2_cases)):
    with open(os.path.join(HERE, "..", "golden", _file)) as _handle:
        _SUITES[_file] = (_module, json.load(_handle))


def _close(got, want, path):
    if isinstance(want, float) and isinstance(got, (float, int)) and not isinstance(got, bool):
        if math.isnan(want) or math.isinf(want):
            assert (math.isnan(got) and math.isnan(want)) or got == want, f"{path}: {got} != {want}"
        else:
            assert got == pytest.approx(want, rel=1e-5, abs=1e-6), f"{path}: {got} != {want}"
        return
    if isinstance(want, dict) and isinstance(got, dict):
        assert sorted(got) == sorted(want), f"{path}: {got} != {want}"
        for key in want:
            _close(got[key], want[key], f"{path}.{key}")
        return
    if isinstance(want, list) and isinstance(got, list):
        assert len(got) == len(want), f"{path}: {got} != {want}"
        for i, (g, w) in enumerate(zip(got, want)):
            _close(g, w, f"{path}[{i}]")
        return
    assert got == want, f"{path}: {got!r} != {want!r}"


@pytest.mark.parametrize("suite", sorted(_SUITES))
def test_goldens_cover_every_case(suite):
    module, golden = _SUITES[suite]
    assert sorted(golden["cases"]) == sorted(module.CASES)


@pytest.mark.parametrize("suite,name", [(suite, name) for suite, (module, _) in sorted(_SUITES.items())
                                        for name in sorted(module.CASES)])
def test_case_matches_tensorflow(suite, name):
    module, golden = _SUITES[suite]
    got = conversion_cases.run(module.CASES[name], tf, tf.keras)
    _close(got, golden["cases"][name], name)


@pytest.mark.parametrize("call", ["decode", "adjust"])
def test_fast_idct_raises_naming_the_accurate_one(call):
    """TF 2.21 decodes `dct_method="INTEGER_FAST"` (and its default "") with libjpeg's fast IDCT; torchvision has
    only the accurate one, so the explicit request raises naming "INTEGER_ACCURATE" (TF's pixels exactly)."""
    x = tf.constant(docstring_run2_cases.JPEG_PIXELS, tf.uint8)
    with pytest.raises(ValueError, match="INTEGER_ACCURATE.*Received: dct_method='INTEGER_FAST'"):
        if call == "decode":
            tf.io.decode_jpeg(tf.io.encode_jpeg(x), dct_method="INTEGER_FAST")
        else:
            tf.image.adjust_jpeg_quality(x, 75, dct_method="INTEGER_FAST")
