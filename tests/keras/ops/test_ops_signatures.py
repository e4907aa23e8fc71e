"""Every `keras.ops` function keraslike has takes the parameters real Keras 3.15 names (so keyword calls such as
`keras.ops.bitwise_and(x=..., y=...)` work, and saved op nodes' arguments line up). Golden:
tests/golden/keras_ops_signatures.json (make_keras_ops_signatures.py, under TF 2.21)."""

import inspect
import json
from pathlib import Path

import keraslike as tf

KERAS = json.loads((Path(__file__).parents[2] / "golden" / "keras_ops_signatures.json").read_text())


def test_keras_ops_functions_take_keras_parameter_names():
    differ = {}
    for key, params in KERAS.items():
        family, _, name = key.rpartition(".")
        fn = getattr(getattr(tf.keras.ops, family) if family else tf.keras.ops, name, None)
        if fn is not None and list(inspect.signature(fn).parameters) != params:
            differ[key] = (params, list(inspect.signature(fn).parameters))
    assert not differ


def test_bitwise_ops_take_x_and_y():
    x = tf.constant([6, 3], dtype=tf.int32)
    assert tf.keras.ops.bitwise_and(x=x, y=x * 0 + 2).tolist() == [2, 2]
    assert tf.keras.ops.left_shift(x=x, y=x * 0 + 1).tolist() == [12, 6]
