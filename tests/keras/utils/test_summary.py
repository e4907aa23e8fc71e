"""`model.summary()` prints exactly Keras 3's table (golden files printed by real Keras 3.15 on an 80-column
terminal)."""

from pathlib import Path

import numpy as np
import pytest

import keraslike as tf

keras = tf.keras
DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True)
def _eighty_columns(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    keras.backend.clear_session()  # default layer names as in a fresh Keras session


def _convnet():
    return keras.Sequential([
        keras.Input((28, 28, 1)), keras.layers.Conv2D(32, 3, activation="relu"), keras.layers.MaxPooling2D(2),
        keras.layers.Conv2D(64, 3, activation="relu"), keras.layers.MaxPooling2D(2), keras.layers.Flatten(),
        keras.layers.Dropout(0.5), keras.layers.Dense(10, activation="softmax")])


def _functional():
    a, b = keras.Input((4,), name="a"), keras.Input((3,), name="b")
    h = keras.layers.Dense(5, activation="relu", name="d1")(a)
    c = keras.layers.Concatenate()([h, b])
    out = keras.layers.Dense(2, name="out")(keras.layers.BatchNormalization()(c))
    return keras.Model([a, b], out, name="func")


def _text(model, **kwargs):
    out = []
    model.summary(print_fn=out.append, **kwargs)
    assert len(out) == 1  # Keras 3 hands the whole table to print_fn at once
    return out[0]


def test_convnet_summary_matches_keras3(capsys):
    model = _convnet()
    assert _text(model) == (DATA / "keras3_summary_convnet.txt").read_text()
    model.summary()
    printed = capsys.readouterr().out
    assert " Total params: 34,826 (136.04 KB)\n" in printed and printed.startswith('Model: "sequential"\n┏')


def test_functional_summary_matches_keras3():
    model = _functional()
    assert _text(model) == (DATA / "keras3_summary_functional.txt").read_text()
    assert _text(model, line_length=100) == (DATA / "keras3_summary_functional_100.txt").read_text()


def test_summary_line_length_and_optimizer_params():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    lines = _text(model, line_length=65).splitlines()
    assert len(lines[1]) == 65 and lines[1].count("┳") == 2
    model.compile(optimizer="adam", loss="mse")
    model.fit(np.array([[0.0, 1.0, 2.0]]), np.array([[1.0, 2.0]]), verbose=0)
    text = _text(model)
    assert " Trainable params: 8 (32.00 B)\n" in text
    assert " Optimizer params: 18 (" in text  # iterations, learning_rate, 2 slots x 8
    with pytest.raises(ValueError, match="Insufficient console width"):
        model.summary(line_length=8)
