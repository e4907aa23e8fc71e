"""Write `tests/golden/dtype_report.json`: what real TF 2.21 (Keras 3) gives for `dtype_report_cases.py`.

    /work/tfvenv/bin/python tests/golden/make_dtype_report_golden.py
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402

import dtype_report_cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dtype_report.json")


def main():
    results = {name: case(tf, keras) for name, case in dtype_report_cases.CASES.items()}
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    os.replace(tmp, OUT)
    print(f"wrote {len(results)} cases to {OUT}")


if __name__ == "__main__":
    main()
