"""Write the `keras.ops` parity goldens: outputs and dtypes of real Keras 3 ops on fixed inputs.

Run under real TensorFlow 2.21 / Keras 3.15 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_ops_golden.py

It writes `tests/golden/ops.npz`: for each case `NAME` of `tests/golden/ops_cases.py`,
`NAME/y0, y1, ...` hold the flattened outputs and `NAME/dtypes` their Keras dtype names (JSON);
`result_type/table` maps `"a,b"` to `keras.backend.result_type(a, b)` ("int"/"float" are Python's);
a case that real Keras rejects stores `NAME/error` instead. `tests/keras/ops/test_ops_golden.py`
reads it.
"""

import json
import os
import sys

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import ops_cases  # noqa: E402


def _result_types():
    """`keras.backend.result_type` for every pair of Keras dtypes and the weak Python types."""
    table = {}
    kinds = list(ops_cases.PROMOTION_DTYPES) + ["int", "float"]
    for a in kinds:
        for b in kinds:
            args = [int if k == "int" else float if k == "float" else k for k in (a, b)]
            try:
                table[f"{a},{b}"] = keras.backend.result_type(*args)
            except ValueError:
                table[f"{a},{b}"] = "error"
    return table


def main():
    out = {}
    for name, (path, args, kwargs) in ops_cases.CASES.items():
        fn = ops_cases.resolve(keras.ops, path)
        try:
            result = fn(*ops_cases.build_args(keras.ops, args), **kwargs)
        except Exception as err:  # noqa: BLE001 - record what Keras rejects
            out[f"{name}/error"] = np.array(type(err).__name__)
            continue
        leaves = ops_cases.flatten(result)
        names = []
        for i, leaf in enumerate(leaves):
            if isinstance(leaf, (int, float, bool)) and not hasattr(leaf, "dtype"):
                names.append("python")
                out[f"{name}/y{i}"] = np.asarray(leaf)
                continue
            names.append(keras.backend.standardize_dtype(leaf.dtype))
            value = keras.ops.convert_to_numpy(leaf)
            if value.dtype == np.complex64 or value.dtype == np.complex128:
                value = np.stack([value.real, value.imag], axis=-1)
            out[f"{name}/y{i}"] = value
        out[f"{name}/dtypes"] = np.array(json.dumps(names))
    out["result_type/table"] = np.array(json.dumps(_result_types()))
    np.savez_compressed(os.path.join(HERE, "ops.npz"), **out)
    print(f"wrote {len(ops_cases.CASES)} cases")


if __name__ == "__main__":
    main()
