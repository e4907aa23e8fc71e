"""Write goldens for AutoGraph's control flow in `ConcreteFunction.graph` (`autograph.json`).

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_autograph_golden.py

The cases (`autograph_cases.py`) are the tf.function and intro_to_graphs guides' functions with Python control
flow on tensors. Per case it keeps the graph's nodes `[name, op type, inputs]`, the names of `graph.inputs` and
`graph.outputs`, and what the case printed while the concrete function was traced (Python `print`s happen
once per trace, each branch and loop body traced once).
"""

import contextlib
import io
import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow as tf  # noqa: E402
from autograph_cases import CASES, describe, run_case  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "autograph.json")


def main():
    golden = {}
    for name in CASES:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            namespace = run_case(name, tf)
        golden[name] = describe(namespace["concrete"])
        golden[name]["printed"] = out.getvalue()
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=1)
    print(f"wrote {len(golden)} cases to {OUT}")


if __name__ == "__main__":
    main()
