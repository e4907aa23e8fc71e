"""The Keras progress output: exact line shapes of verbose=2 and the Epoch header."""

import json
import os
import re

import numpy as np

import keraslike as tf
from keraslike._src.keras.utils.progbar import Progbar, format_time, format_value


def test_format_helpers_match_keras():
    assert format_time(0.004) == "4ms/step"
    assert format_time(2.2) == "2s/step"
    assert format_time(0.0000123) == "12us/step"
    assert format_value(0.51724) == "0.5172"
    assert format_value(0.0001) == "1.0000e-04"


def test_verbose_2_prints_one_keras_line_per_epoch(capsys):
    tf.keras.utils.set_random_seed(0)
    x = np.random.default_rng(0).normal(size=(150, 4)).astype("float32")
    y = (x[:, 0] > 0).astype("int64")
    model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(2, activation="softmax")])
    model.compile("adam", "sparse_categorical_crossentropy", metrics=["accuracy"])
    history = model.fit(x, y, batch_size=8, epochs=2, verbose=2, validation_data=(x[:20], y[:20]))
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Epoch 1/2" and out[2] == "Epoch 2/2"
    pattern = (r"^19/19 - \d+s - \d+(ms|us|s)/step - accuracy: (\d\.\d{4}) - loss: (\d\.\d{4}) "
               r"- val_accuracy: \d\.\d{4} - val_loss: \d\.\d{4}$")
    match = re.match(pattern, out[1])
    assert match, out[1]
    assert float(match.group(3)) == round(history.history["loss"][0], 4)


def test_verbose_1_ends_with_the_full_bar(capsys):
    bar = Progbar(3, verbose=1)
    for step in (1, 2, 3):
        bar.update(step, [("loss", 0.25)])
    text = capsys.readouterr().out
    final = text.replace("\r", "\n").strip().splitlines()[-1]
    assert re.match(r"^3/3 ━{20} \d+s \d+(ms|us|s)/step - loss: 0\.2500$", final), final


def test_evaluate_and_predict_bars_know_their_step_count(capsys):
    x = np.zeros((40, 3), dtype="float32")
    y = np.zeros(40, dtype="int64")
    model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(2)])
    model.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    model.evaluate(x, y, batch_size=16, verbose=1)
    model.predict(x, batch_size=16, verbose=1)
    lines = [line for line in capsys.readouterr().out.replace("\r", "\n").splitlines() if line.strip()]
    final_eval = r"^3/3 ━{20} \d+s \d+(ms|us|s)/step - accuracy: 1\.0000 - loss: 0\.6931$"
    assert any(re.match(final_eval, line.rstrip()) for line in lines), lines
    assert re.match(r"^3/3 ━{20} \d+s \d+(ms|us|s)/step$", lines[-1].rstrip()), lines
    assert not any("Unknown" in line for line in lines)


def _bars(text):
    """Drawn bars of captured output, as `tests/golden/make_progbar_golden.py` records Keras's."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", text).replace("\b", "")
    text = re.sub(r"\d+(ms|us|s)/step", "T/step", re.sub(r" \d+s ", " Ts ", text))
    return [part.strip() for part in re.split(r"[\r\n]", text) if part.strip()]


def test_one_step_bars_are_drawn_as_keras_draws_them(capsys):
    # Keras draws the last batch's bar, then the final bar again (tests/golden/progbar.json, TF 2.21)
    with open(os.path.join(os.path.dirname(__file__), "..", "golden", "progbar.json")) as f:
        golden = json.load(f)
    x = np.zeros((8, 3), dtype="float32")
    y = np.zeros((8, 2), dtype="float32")
    model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(2, kernel_initializer="zeros")])
    model.compile("sgd", "mse")
    capsys.readouterr()
    for name, run in (("predict", lambda: model.predict(x, batch_size=8, verbose=1)),
                      ("evaluate", lambda: model.evaluate(x, y, batch_size=8, verbose=1)),
                      ("fit", lambda: model.fit(x, y, batch_size=8, epochs=1, verbose=1))):
        run()
        assert _bars(capsys.readouterr().out) == golden[name], name


def _unknown_size_fit(verbose):
    """keras-io's miniature GPT: `fit` on a TextLineDataset pipeline, whose size is unknown until an epoch ends."""
    x, y = np.ones((40, 3), "float32"), np.zeros((40, 1), "float32")
    ds = tf.data.Dataset.from_tensor_slices((x, y)).filter(lambda a, b: True).batch(8)
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1, kernel_initializer="zeros")])
    model.compile("sgd", "mse")
    model.fit(ds, epochs=2, verbose=verbose)


def test_unknown_size_epochs_count_their_steps(capsys, monkeypatch):
    # TF 2.21 prints `5/5 - 1s - 276ms/step - loss: 0.0000e+00` for both epochs (keraslike: `0/Unknown - 0s -
    # 0s/step`), and in Keras 2 (TF_USE_LEGACY_KERAS=1) `5/5 - 2s - loss: 0.0000e+00 - 2s/epoch - 418ms/step`
    _unknown_size_fit(2)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" - ")[0] for line in lines] == ["Epoch 1/2", "5/5", "Epoch 2/2", "5/5"]
    assert all(re.match(r"^5/5 - \d+s - \d+(ms|us|s)/step - loss: 0\.0000e\+00$", lines[i]) for i in (1, 3)), lines
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    _unknown_size_fit(2)
    lines = capsys.readouterr().out.splitlines()
    assert all(re.match(r"^5/5 - \d+s - loss: 0\.0000e\+00 - \d+m?s/epoch - \d+(ms|us|s)/step$", lines[i])
               for i in (1, 3)), lines


def test_unknown_size_bar_ends_full_and_later_epochs_know_the_size(capsys):
    # TF 2.21, verbose=1: epoch 1 draws `1/Unknown ...` then ends on `5/5 ━━━...`; epoch 2 draws `1/5 ...` (keraslike
    # ended on `3/Unknown`, the last count it had drawn, and stayed Unknown in epoch 2)
    _unknown_size_fit(1)
    out = capsys.readouterr().out
    epoch1, epoch2 = out.split("Epoch 2/2")
    finals = [chunk.strip().splitlines()[-1].split("\r")[-1] for chunk in (epoch1, epoch2)]
    assert all(final.startswith("5/5 ━") for final in finals), finals
    assert "/Unknown" in epoch1 and "/Unknown" not in epoch2
