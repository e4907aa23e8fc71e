"""Writes tests/golden/variable_updates.json under real TF 2.21: `assign`/`assign_add`/`assign_sub` of a value
whose shape differs from the variable's (TF never broadcasts: it raises, and the variable keeps its value).

    /work/tfvenv/bin/python tests/golden/make_variable_update_golden.py
"""

import json
import os

import numpy as np
import tensorflow as tf

out = []
for shape in [(), (2, 1), (3,), (1, 3)]:
    for method in ("assign", "assign_add", "assign_sub"):
        v = tf.Variable(np.zeros((2, 3), "float32"))
        try:
            getattr(v, method)(np.ones(shape, "float32"))
            error = None
        except Exception as err:  # noqa: BLE001 - recording what TF raises
            error = type(err).__name__
        out.append({"shape": list(shape), "method": method, "error": error, "after": v.numpy().tolist()})
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "variable_updates.json"), "w") as f:
    json.dump(out, f, indent=1)
print(json.dumps(out))
