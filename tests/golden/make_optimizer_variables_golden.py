"""Write `tests/golden/optimizer_variables.json`: what real TF 2.21 (Keras 3) gives for
`optimizer_variables_cases.py`.

    /work/tfvenv/bin/python tests/golden/make_optimizer_variables_golden.py
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import keras  # noqa: E402

import optimizer_variables_cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "optimizer_variables.json")


def main():
    results = {name: optimizer_variables_cases.facts(keras, name) for name in optimizer_variables_cases.CASES}
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    os.replace(tmp, OUT)
    print(f"wrote {len(results)} cases to {OUT}")


if __name__ == "__main__":
    main()
