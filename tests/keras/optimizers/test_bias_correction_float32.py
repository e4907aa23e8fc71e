"""The Adam family's bias corrections are computed in float32, as Keras does in the variable's dtype.

keraslike computed `beta ** t` and the step size in Python's float64: `1 - 0.999` is 0.001 there but 0.00099998713
in float32, so the first Adam step was 6.4e-6 (relative) larger than TF's, and seeded training drifted from TF's
after a few dozen steps. Goldens: `tests/golden/bias_correction.json` (made by
`tests/golden/make_bias_correction_golden.py` under TF 2.21; cases in `tests/golden/bias_correction_cases.py`).
"""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN_DIR)
import bias_correction_cases as cases  # noqa: E402

with open(os.path.join(GOLDEN_DIR, "bias_correction.json")) as f:
    GOLDEN = json.load(f)


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_three_steps_equal_tfs_to_float32_rounding(name):
    cls, kwargs = cases.CASES[name]
    var = tf.Variable(np.array(cases.INITIAL, np.float32))
    opt = getattr(tf.keras.optimizers, cls)(**kwargs)
    for step, grad in enumerate(cases.GRADS):
        opt.apply_gradients([(tf.constant(np.array(grad, np.float32)), var)])
        # float64 bias corrections were off by up to 7e-7 here; what is left is the last bit of the update's order
        np.testing.assert_allclose(var.numpy(), GOLDEN[name][step], rtol=0, atol=3e-8, err_msg=f"step {step + 1}")
