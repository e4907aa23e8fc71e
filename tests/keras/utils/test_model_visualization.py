"""`keras.utils.model_to_dot` / `plot_model`: the pydot graph has one node per layer (plus inputs) and one edge
per tensor passed between layers; without pydot or graphviz the errors are Keras's."""

import numpy as np
import pytest

import keraslike as tf
from keraslike._src.keras.utils import model_visualization

L = tf.keras.layers
pydot = pytest.importorskip("pydot")


def _branched():
    inputs = tf.keras.Input((8,), name="x")
    a = L.Dense(4, activation="relu", name="a")(inputs)
    b = L.Dense(4, name="b")(inputs)
    out = L.Dense(2, name="out")(L.Add(name="sum")([a, b]))
    return tf.keras.Model(inputs, out, name="branched")


def _labels(dot):
    return {n.get_name().strip('"'): n.get("label") for n in dot.get_nodes() if n.get("label")}


def _edges(dot, names):
    return sorted((names[e.get_source().strip('"')], names[e.get_destination().strip('"')]) for e in dot.get_edges())


def _names(dot):
    out = {}
    for key, label in _labels(dot).items():
        out[key] = label.split("<b>")[1].split("</b>")[0]
    return out


def test_functional_graph_nodes_and_edges():
    model = _branched()
    dot = tf.keras.utils.model_to_dot(model, show_shapes=True, show_dtype=True, show_layer_activations=True,
                                      show_trainable=True)
    names = _names(dot)
    assert sorted(names.values()) == ["a", "b", "out", "sum", "x"]
    assert _edges(dot, names) == [("a", "sum"), ("b", "sum"), ("sum", "out"), ("x", "a"), ("x", "b")]
    label_a = _labels(dot)[next(k for k, v in names.items() if v == "a")]
    assert "(Dense)" in label_a and "Activation: <b>relu</b>" in label_a and "Trainable" in label_a
    assert "Input shape: <b>(None, 8)</b>" in label_a and "Output shape: <b>(None, 4)</b>" in label_a
    assert "Output dtype: <b>float32</b>" in label_a
    assert dot.get("rankdir") == "TB" and str(dot.get("dpi")) == "200"
    plain = tf.keras.utils.model_to_dot(model, show_layer_names=False, rankdir="LR")
    assert all("(Dense)" not in v for v in _labels(plain).values()) and plain.get("rankdir") == "LR"


def test_sequential_and_nested_expansion():
    inner = tf.keras.Sequential([L.Dense(3, name="i1"), L.Dense(3, name="i2")], name="inner")
    seq = tf.keras.Sequential([tf.keras.Input((5,)), L.Dense(3, name="s1"), L.Dense(1, name="s2")])
    names = _names(tf.keras.utils.model_to_dot(seq))
    assert _edges(tf.keras.utils.model_to_dot(seq), names) == [("s1", "s2")]
    inputs = tf.keras.Input((3,), name="x")
    outer = tf.keras.Model(inputs, L.Dense(1, name="head")(inner(inputs)))
    flat = tf.keras.utils.model_to_dot(outer)
    assert sorted(_names(flat).values()) == ["head", "inner", "x"]
    expanded = tf.keras.utils.model_to_dot(outer, expand_nested=True)
    clusters = expanded.get_subgraphs()
    assert len(clusters) == 1 and sorted(_names(clusters[0]).values()) == ["i1", "i2"]
    all_names = {**_names(expanded), **_names(clusters[0])}
    assert _edges(expanded, all_names) == [("i2", "head"), ("x", "i1")]


def test_errors_as_keras(monkeypatch, tmp_path):
    model = _branched()
    with pytest.raises(ValueError, match="layer_range"):
        tf.keras.utils.model_to_dot(model, layer_range=["a", "b"])
    with pytest.raises(ValueError, match="Unrecognized keyword arguments"):
        tf.keras.utils.model_to_dot(model, show_colors=True)
    unbuilt = tf.keras.Sequential([L.Dense(2)])
    with pytest.raises(ValueError, match="not yet been built"):
        tf.keras.utils.plot_model(unbuilt)
    monkeypatch.setattr(model_visualization, "pydot", None)
    with pytest.raises(ImportError, match=r"You must install pydot \(`pip install pydot`\) for model_to_dot"):
        tf.keras.utils.model_to_dot(model)
    with pytest.raises(ImportError, match="for `plot_model` to work"):
        tf.keras.utils.plot_model(model, to_file=str(tmp_path / "m.png"))


def test_plot_model_writes_the_picture(tmp_path):
    model = _branched()
    model(np.zeros((1, 8), "float32"))
    if not model_visualization.check_graphviz():
        with pytest.raises(ImportError, match="You must install graphviz"):
            tf.keras.utils.plot_model(model, to_file=str(tmp_path / "m.png"))
        return
    path = tmp_path / "m.png"
    tf.keras.utils.plot_model(model, to_file=str(path), show_shapes=True)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    tf.keras.utils.plot_model(model, to_file=str(tmp_path / "m.dot"))
    assert "digraph" in (tmp_path / "m.dot").read_text()
