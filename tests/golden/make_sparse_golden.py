"""Write sparse.json: real TF 2.21's tf.sparse results on the cases of sparse_cases.py.

Run with real TensorFlow: `python tests/golden/make_sparse_golden.py`.
"""

import json
import os
import sys

import tensorflow as tf

sys.path.insert(0, os.path.dirname(__file__))
import records_cases  # noqa: E402
import sparse_cases  # noqa: E402

results, errors = {}, {}
for name, case in sparse_cases.CASES.items():
    results[name] = tf.nest.map_structure(records_cases.as_python, case(tf), expand_composites=False)
for name, case in sparse_cases.ERROR_CASES.items():
    try:
        case(tf)
        errors[name] = None
    except Exception as error:  # noqa: BLE001 - the golden records TF's error class and message
        errors[name] = {"error": type(error).__name__, "message": str(error).split(" [Op:")[0].split("}} ")[-1]}
datasets = {name: [records_cases.as_python(v) for v in case(tf)] for name, case in sparse_cases.DATASET_CASES.items()}
specs = {name: case(tf) for name, case in sparse_cases.SPEC_CASES.items()}
serialized = {name: [[bytes(b).hex() for b in row] if hasattr(row, "__len__") and not isinstance(row, bytes)
                     else bytes(row).hex() for row in case(tf).numpy().tolist()]
              for name, case in sparse_cases.SERIALIZE_CASES.items()}
serialized["deserialized"] = records_cases.as_python(tf.io.deserialize_many_sparse(
    sparse_cases.SERIALIZE_CASES["serialize_many_sparse"](tf), tf.int32))
with open(os.path.join(os.path.dirname(__file__), "sparse.json"), "w") as f:
    json.dump({"tensorflow": tf.__version__, "cases": results, "errors": errors, "datasets": datasets,
               "specs": specs, "serialized": serialized}, f, indent=0)
print("wrote sparse.json with TF", tf.__version__)
