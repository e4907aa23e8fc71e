"""Write what TF 2.21's `.numpy()` gives for scalar (0-d) tensors and variables, and their reprs.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_scalar_numpy_golden.py

It writes `tests/golden/scalar_numpy.json`: per case, the type name of `.numpy()`, its `repr`, whether it is
hashable, the type of `np.asarray(value)` with its shape, and the variable's `repr` where the case is a variable.
`tests/ops/test_scalar_numpy.py` reads it (the case table is repeated there).
"""

import json
import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scalar_numpy.json")
CASES = {  # case name -> a function giving the value (the same table is in the test)
    "float32": lambda: tf.constant(1.5),
    "int32": lambda: tf.constant(3),
    "bool": lambda: tf.constant(True),
    "float16": lambda: tf.constant(0.5, tf.float16),
    "int64": lambda: tf.constant(7, tf.int64),
    "reduce_mean": lambda: tf.reduce_mean(tf.cast(tf.equal([1, 2, 3, 4], [1, 2, 0, 4]), tf.float32)),
    "vector": lambda: tf.constant([1.0, 2.0]),
    "variable_float": lambda: tf.Variable(2.0),
    "variable_int": lambda: tf.Variable(4),
    "variable_bool": lambda: tf.Variable(False),
    "variable_vector": lambda: tf.Variable([1.0, 2.0]),
    "metric_result": lambda: _metric_result(),
}


def _metric_result():
    metric = tf.keras.metrics.Mean()
    metric.update_state([1.0, 2.0])
    return metric.result()


def describe(value):
    array = value.numpy()
    try:
        hash(array)
        hashable = True
    except TypeError:
        hashable = False
    record = {"type": type(array).__name__, "repr": repr(array), "hashable": hashable,
              "asarray_type": type(np.asarray(value)).__name__, "asarray_shape": list(np.asarray(value).shape)}
    if isinstance(value, tf.Variable):
        record["variable_repr"] = repr(value).replace("Variable:0", "NAME")
    return record


def main():
    golden = {name: describe(make()) for name, make in CASES.items()}
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    print(f"wrote {len(golden)} cases to {OUT}")


if __name__ == "__main__":
    main()
