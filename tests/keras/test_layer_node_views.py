"""`layer.input`/`layer.output` of a layer called several times are its FIRST call's (node 0), as Keras 3 and
tf_keras; Keras 2's `get_input_at`/`get_output_at`/`get_*_shape_at(node_index)` exist under TF_USE_LEGACY_KERAS=1
only. Checked against TF 2.21 and tf_keras with tests/golden/check_layer_node_views.py (same program, prints)."""

import pytest

from keraslike import keras


def _shared():
    dense = keras.layers.Dense(2, name="shared")
    a, b = keras.Input((3,), name="a"), keras.Input((3,), name="b")
    return dense, a, b, dense(a), dense(b)


@pytest.mark.parametrize("legacy", ["0", "1"])
def test_input_and_output_are_the_first_calls(legacy, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", legacy)
    dense, a, b, out_a, out_b = _shared()
    assert dense.input is a and dense.output is out_a and dense.output is not out_b


def test_keras2_node_getters_under_legacy_keras(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    dense, a, b, out_a, out_b = _shared()
    assert dense.get_output_at(1) is out_b and dense.get_input_at(1) is b and dense.get_output_at(0) is out_a
    assert dense.get_output_shape_at(1) == (None, 2) and dense.get_input_shape_at(0) == (None, 3)
    with pytest.raises(ValueError, match="node_index=2"):
        dense.get_output_at(2)


def test_keras3_layers_have_no_node_getters(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    dense, *_ = _shared()
    assert not hasattr(dense, "get_output_at")
    with pytest.raises(AttributeError, match="get_input_at"):
        dense.get_input_at(0)
