"""Write goldens for the nested-structure rules under real TensorFlow 2.21.

    /work/tfvenv/bin/python tests/golden/make_nest_golden.py

It writes `tests/golden/nest.json`: case name -> described result or "raises <ExceptionType>", for the cases of
`tests/golden/nest_cases.py`; `tests/nest/test_nest_rules.py` compares keraslike's results.
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow as tf  # noqa: E402

import nest_cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "nest.json")


def main():
    results = {name: nest_cases.run(tf, fn) for name, fn in nest_cases.CASES.items()}
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    os.replace(tmp, OUT)
    print(f"wrote {len(results)} cases to {OUT}")


if __name__ == "__main__":
    main()
