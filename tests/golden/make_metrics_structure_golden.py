"""Write `tests/golden/metrics_structure.json`: the programs of `metrics_structure_cases.py` under real Keras 3.15.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_metrics_structure_golden.py
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import metrics_structure_cases as cases  # noqa: E402
import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "metrics_structure.json")

if __name__ == "__main__":
    result = {name: fn(tf) for name, fn in cases.CASES.items()}
    result["_versions"] = {"tensorflow": tf.__version__, "keras": tf.keras.__version__}
    with open(OUT, "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
    print(f"wrote {OUT}")
