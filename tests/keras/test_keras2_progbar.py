"""Keras 2's progress lines (`TF_USE_LEGACY_KERAS=1`): `fit`/`evaluate` with `verbose=1` and `verbose=2` print what
real TF 2.21's tf_keras prints (tests/golden/keras2_progbar.json, written by make_keras2_progbar_golden.py), times
aside: `2/2 [==============================] - 0s 3ms/step - loss: ...` and `2/2 - 0s - loss: ... - 26ms/epoch -
13ms/step`."""

import json
import os
import sys

import numpy as np

import keraslike as tf

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden")
sys.path.insert(0, HERE)
from keras2_progbar_cases import printed  # noqa: E402

with open(os.path.join(HERE, "keras2_progbar.json")) as f:
    GOLDEN = json.load(f)


def test_keras2_progress_lines_match_tf(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    assert printed(tf, np) == GOLDEN


def test_keras2_progbar_redraws_over_the_previous_line(monkeypatch, capsys):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    bar = tf.keras.utils.Progbar(3, interval=0)
    bar.update(1, [("loss", 2.0)])
    bar.update(3, [("loss", 1.0)])
    out = capsys.readouterr().out
    first, second = out.split("\r")[1:]
    drawn = first.rstrip("\b")
    assert drawn.startswith("1/3 [=========>....................] - ETA: ") and drawn.endswith(" - loss: 2.0000")
    assert first.count("\b") == len(drawn)  # the second draw erases the first
    assert second.startswith("3/3 [==============================] - ")
    assert second.endswith(" - loss: 1.3333\n")  # averaged over the steps (weighted by steps), as tf_keras
