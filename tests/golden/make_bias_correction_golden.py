"""Goldens for tests/keras/optimizers/test_bias_correction_float32.py, from real TF 2.21 (Keras 3).

Keras computes the Adam-family bias corrections (`beta ** t`, `alpha`) in the variable's dtype (float32). Three
steps of each optimizer on a small variable with a large learning rate, so the step size's rounding shows in the
variable: run `/path/to/tf-venv/bin/python tests/golden/make_bias_correction_golden.py`.
"""

import json
import pathlib

import numpy as np

import tensorflow as tf

from bias_correction_cases import CASES, GRADS, INITIAL

OUT = pathlib.Path(__file__).with_name("bias_correction.json")


def main():
    result = {}
    for name, (cls, kwargs) in CASES.items():
        var = tf.Variable(np.array(INITIAL, np.float32))
        opt = getattr(tf.keras.optimizers, cls)(**kwargs)
        values = []
        for grad in GRADS:
            opt.apply_gradients([(tf.constant(np.array(grad, np.float32)), var)])
            values.append([float(x) for x in var.numpy()])
        result[name] = values
    OUT.write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
