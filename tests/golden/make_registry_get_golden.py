"""Write `tests/golden/registry_get.json` under real Keras 3.15 (TF 2.21's):

    /work/tfvenv/bin/python tests/golden/make_registry_get_golden.py

Cases: `tests/golden/registry_get_cases.py`; compared by `tests/keras/saving/test_registry_get.py`.
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import keras  # noqa: E402

import registry_get_cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "registry_get.json")


def main():
    results = registry_get_cases.run(keras)
    with open(OUT + ".tmp", "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    os.replace(OUT + ".tmp", OUT)
    print(f"wrote {len(results)} cases to {OUT}")


if __name__ == "__main__":
    main()
