"""Cases for a `tf.Variable` created with a `shape` that leaves dimensions unknown (`shape=tf.TensorShape(None)`,
`[None]`): `assign` may change its value's shape to any compatible one, updates keep TF's exact-shape rule.
`run(tf)` gives {case: result} under real TF 2.21 (make_variable_declared_shape_golden.py) or keraslike
(tests/ops/test_variable_declared_shape.py). No TF import here."""

import numpy as np

# (name, declared shape (None = unknown rank), initial value, [(method, value), ...])
CASES = [
    ("unknown_rank_assign_matrix", None, 1.0, [("assign", [[1.0]]), ("assign_add", [[2.0]])]),
    ("unknown_rank_assign_vector", None, [1.0, 2.0], [("assign", [5.0, 6.0, 7.0])]),
    ("unknown_rank_add_other_shape", None, 1.0, [("assign", [[1.0]]), ("assign_add", [[1.0, 2.0]])]),
    ("none_dim_grows", [None], [1.0, 2.0], [("assign", [1.0, 2.0, 3.0])]),
    ("none_dim_refuses_rank_2", [None], [1.0, 2.0], [("assign", [[1.0]])]),
    ("none_dim_refuses_scalar", [None], [1.0, 2.0], [("assign", 3.0)]),
    ("partial_dims", [None, 2], [[1.0, 2.0]], [("assign", [[1.0, 2.0], [3.0, 4.0]]), ("assign_sub", [[1.0, 1.0]] * 2)]),
    ("partial_dims_refuse", [None, 2], [[1.0, 2.0]], [("assign", [[1.0, 2.0, 3.0]])]),
    ("full_shape_same", [2], [1.0, 2.0], [("assign", [3.0, 4.0])]),
    ("incompatible_initial", [3], [1.0, 2.0], []),
]


def run(tf):
    out = {}
    for name, declared, initial, updates in CASES:
        steps = []
        try:
            shape = tf.TensorShape(None) if declared is None else declared
            v = tf.Variable(initial, shape=shape)
        except Exception as err:  # noqa: BLE001 - the golden records the exception type
            out[name] = f"raises {type(err).__name__}"
            continue
        for method, value in updates:
            try:
                getattr(v, method)(value)
                steps.append(np.asarray(v.numpy()).tolist())
            except Exception as err:  # noqa: BLE001
                steps.append(f"raises {type(err).__name__}")
        text = repr(v)
        out[name] = {"steps": steps, "shape_text": text[text.index("shape="):text.index(" dtype=")]}
    return out
