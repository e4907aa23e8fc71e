"""`Functional.layers` is Keras's list: the InputLayers included, Keras 3's `keras.ops` nodes left out (tf_keras,
under `TF_USE_LEGACY_KERAS=1`, lists its op layers), in Keras's order; `get_layer(index=)`, `_flatten_layers`,
`operations` and `summary()` follow. Goldens: `tests/golden/make_functional_layers_golden.py` under real TF 2.21.
"""

import json
import os

import pytest

import keraslike as tf
from keraslike._src.keras.saving import checkpoint_tracking
from tests.golden import functional_layers_cases as cases

with open(os.path.join(os.path.dirname(__file__), "..", "golden", "functional_layers.json")) as _f:
    GOLDEN = json.load(_f)


def _keras3(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    return cases.run_all(tf, legacy=False)


@pytest.mark.parametrize("case", sorted(GOLDEN["keras3"]["cases"]))
def test_layers_match_keras3(case, monkeypatch):
    got, want = _keras3(monkeypatch)[case], GOLDEN["keras3"]["cases"][case]
    for key in ("names", "classes", "index_0", "index_last", "weight_shapes", "flatten", "operations"):
        assert got.get(key) == want.get(key), key


@pytest.mark.parametrize("case", sorted(c for c, v in GOLDEN["keras3"]["cases"].items() if "summary" in v))
def test_summary_rows_match_keras3(case, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    assert _keras3(monkeypatch)[case]["summary"] == GOLDEN["keras3"]["cases"][case]["summary"]


def _tf_keras_view(description):
    """tf_keras's `TFOpLambda` layers are keraslike's op layers: compare the classes, and the other names."""
    names = [n if c not in ("TFOpLambda", "OpLayer") else "<op>" for n, c in zip(description["names"],
                                                                              description["classes"])]
    classes = ["<op>" if c in ("TFOpLambda", "OpLayer") else c for c in description["classes"]]
    return {**description, "names": names, "classes": classes,
            "flatten": [n for n in description["flatten"] if n in names]}


@pytest.mark.parametrize("case", sorted(GOLDEN["tf_keras"]["cases"]))
def test_layers_match_tf_keras_under_legacy_keras(case, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    got = cases.run_all(tf, legacy=False)[case]  # keraslike builds its op nodes with keras.ops in both modes
    want = GOLDEN["tf_keras"]["cases"][case]
    got.pop("summary", None), got.pop("operations", None)
    assert _tf_keras_view(got) == _tf_keras_view(want)


def test_freezing_all_but_the_last_layer_freezes_what_keras_freezes(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    model = cases._mlp(tf)
    for layer in model.layers[:-1]:
        layer.trainable = False
    assert [w.name for w in model.trainable_weights] == ["kernel", "bias"]
    assert model.trainable_weights[0] is model.get_layer("head").kernel


def test_checkpoint_operations_indices_match_keras3(tmp_path):
    """Keras 3 restores `_operations/<i>` by position in `model.operations` (inputs interleaved, ops counted):
    keraslike's `_operations` children are those positions, holding the layers Keras 3 holds there."""
    golden = GOLDEN["keras3"]["checkpoint_keys"]
    got = cases.checkpoint_keys(tf, str(tmp_path / "ckpt"))
    assert got["operations"] == golden["operations"]
    weighted = {int(key.split("/")[2]) for key in golden["keys"]}
    a, b = tf.keras.Input((4,), name="a"), tf.keras.Input((3,), name="b")
    h = tf.keras.layers.Concatenate(name="cat")([tf.keras.layers.Dense(2, name="da")(a), b])
    model = tf.keras.Model([a, b], tf.keras.layers.Dense(1, name="out")(tf.keras.ops.relu(h)))
    operations = dict(dict(checkpoint_tracking.layer_children(model))["_operations"]._trackable_children())
    assert {int(i) for i, layer in operations.items() if layer.weights} == weighted
    assert [operations[str(i)].name for i in sorted(weighted)] == [golden["operations"][i] for i in sorted(weighted)]
