"""Write `tests/golden/variable_names.json`: what real TF 2.21 gives for `variable_names_cases.py`.

    /work/tfvenv/bin/python tests/golden/make_variable_names_golden.py
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow as tf  # noqa: E402

import variable_names_cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "variable_names.json")


def main():
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        json.dump(variable_names_cases.facts(tf), f, indent=1, sort_keys=True)
    os.replace(tmp, OUT)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
