"""What is supported: the README's generated table of TF namespaces, and the error a missing name raises.

The names come from real TensorFlow 2.21 (`tests/golden/tf_namespaces.json`, made by
`tests/golden/make_tf_namespaces.py`); `scripts/api_coverage.py` renders the table. The table may lag
behind keraslike (regenerate it), but it must never claim a name keraslike does not have.
"""

import importlib.util
import json

import pytest

import keraslike as tf
from tests.conftest import REPO

NAMES = json.loads((REPO / "tests" / "golden" / "tf_namespaces.json").read_text())


def _coverage_script():
    spec = importlib.util.spec_from_file_location("api_coverage", REPO / "scripts" / "api_coverage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_golden_names_are_tf_2_21():
    assert NAMES["versions"]["tensorflow"].startswith("2.21") and NAMES["versions"]["keras"].startswith("3.15")
    spaces = NAMES["namespaces"]
    assert {"Dense", "Conv2D", "LSTM"} <= set(spaces["tf.keras.layers"])
    assert {"reduce_sum", "GradientTape", "function"} <= set(spaces["tf"]) | set(spaces["tf.math"])
    assert "MirroredStrategy" in spaces["tf.distribute"] and "Session" in spaces["tf.compat.v1"]


def test_readme_table_never_claims_more_than_keraslike_has(capsys):
    script = _coverage_script()
    script.main(["--check"])
    assert "no namespace claims more" in capsys.readouterr().out
    claimed = script.readme_counts((REPO / "README.md").read_text())
    assert claimed["tf.keras.layers"] > 50 and claimed["tf.distribute"] > 5, claimed
    doc = (REPO / "API_COVERAGE.md").read_text()
    for path in NAMES["namespaces"]:
        assert f"## `{path}`:" in doc, path


def test_coverage_counts_what_keraslike_reaches():
    cov = _coverage_script().coverage(tf, {"tf.keras.layers": ["Dense", "NoSuchLayer"], "tf.nolib": ["x"]})
    assert cov["tf.keras.layers"] == (["Dense"], ["NoSuchLayer"])
    assert cov["tf.nolib"] == ([], ["x"])


@pytest.mark.parametrize("path", ["tf.lite", "tf.math.no_such_op", "tf.keras.layers.NoSuchLayer",
                                  "tf.compat.no_such_name"])
def test_missing_name_says_keraslike_lacks_it_and_where_the_table_is(path):
    parts = path.split(".")
    module = tf
    for part in parts[1:-1]:
        module = getattr(module, part)
    with pytest.raises(AttributeError) as info:
        getattr(module, parts[-1])
    text = str(info.value)
    assert f"keraslike does not have `{path}`" in text, text
    assert "What is supported" in text and "README.md" in text and "API_COVERAGE.md" in text
    assert info.value.name == parts[-1] and info.value.obj is module   # Python's "Did you mean" hint
    assert not hasattr(module, parts[-1])


def test_a_real_tf_name_keraslike_lacks_and_the_rest_of_attribute_lookup():
    missing = next(n for n in NAMES["namespaces"]["tf.nn"] if not hasattr(tf.nn, n))
    with pytest.raises(AttributeError, match=f"keraslike does not have `tf.nn.{missing}`"):
        getattr(tf.nn, missing)
    with pytest.raises(AttributeError) as info:
        _ = tf.__no_such_dunder__
    assert "What is supported" not in str(info.value)      # probes of underscore names stay plain
    assert tf.compat.v2 is tf                               # a module's own __getattr__ still answers first
    with pytest.raises(ImportError):
        from keraslike import no_such_name  # noqa: F401
