"""Result dtypes of `tf.experimental.numpy` and tensor operators in every numpy-behaviour mode against real TF 2.21
(new-user check 4, defects G and H; goldens from tests/golden/make_numpy_dtype_golden.py, one TF process per mode,
cases in tests/golden/numpy_dtype_cases.py).

Under `dtype_conversion_mode="all"/"safe"` tnp's defaults are TF's 32-bit ones (`tnp.array([1, 2])` int32,
`tnp.array([1.5])`, `tnp.zeros`, `tnp.sqrt(int)` float32), `tnp.add(int32, float32)` is float64, a
`tf.constant` of Python values without a dtype is weak (`tf.add(int32, tf.constant([0.5]))` is float64), and once
numpy behaviour is on, `/` of integer tensors is TF's truediv (int32 -> float64) in every mode."""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf
import keraslike.experimental.numpy as tnp
from keraslike._src.numpy.np_config import disable_numpy_behavior

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))
import numpy_dtype_cases  # noqa: E402

GOLD = json.loads(open(os.path.join(HERE, "..", "golden", "numpy_dtype.json")).read())
# Documented differences (README, "plain torch.Tensors"): with numpy behaviour off, operators between tensors and
# with Python scalars are torch's (they promote where TF raises, `int / int` is float32), tnp's math takes ints
# where TF's method lookup fails, and a dtype mismatch in tf.add raises TypeError where TF raises
# InvalidArgumentError. Recorded so a change in them is noticed.
DOCUMENTED = {
    ("off", "f64 * f32"): "float64", ("off", "i32 + 0.5"): "float32", ("off", "i32 + f32"): "float32",
    ("off", "i32 / 2"): "float32", ("off", "i32 / 2.0"): "float32", ("off", "i32 / i32"): "float32",
    ("off", "i64 / i64"): "float32", ("off", "i8 + i64"): "int64", ("off", "u8 + i8"): "int16",
    ("off", "tnp.array([1, 2]) / tnp.array([2, 4])"): "float32", ("off", "tnp.exp(tnp.array([0, 1]))"): "float64",
    ("off", "tnp.sqrt(i32)"): "float64", ("off", "tnp.zeros(2) + i32"): "float64",
    ("off", "i32 + tf.constant([0.5])"): "float32", ("off", "tf.constant(1.2) + f16"): "float32",
    ("off", "tf.constant([1, 2]) + i8"): "int32", ("off", "tf.constant([1.5]) * f64"): "float64",
    ("off", "tf.constant([1]) + tf.constant([0.5])"): "float32",
    **{(mode, case): "raises TypeError" for mode in ("off", "legacy", "legacy_prefer_float32")
       for case in ("tf.add(i32, f32)", "tf.multiply(i32, f32)", "tf.add(i32, tf.constant([0.5]))",
                    "tf.multiply(tf.constant([2]), f32)")},
}


def _ours(mode):
    kwargs = numpy_dtype_cases.MODES[mode]
    try:
        if kwargs is not None:
            tnp.experimental_enable_numpy_behavior(**kwargs)
        return numpy_dtype_cases.run(tf, tnp, np)
    finally:
        disable_numpy_behavior()


@pytest.mark.filterwarnings("ignore:Enabling the new type promotion")
@pytest.mark.parametrize("mode", sorted(GOLD))
def test_matches_tf(mode):
    ours = _ours(mode)
    for case, want in GOLD[mode].items():
        expected = DOCUMENTED.get((mode, case), want)
        assert ours[case] == expected, (mode, case, want)
