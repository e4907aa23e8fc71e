"""Write `tests/golden/subclass_order.json`: what real TF 2.21 (Keras 3) gives for `subclass_order_cases.py`.

    /work/tfvenv/bin/python tests/golden/make_subclass_order_golden.py
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import keras  # noqa: E402

import subclass_order_cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "subclass_order.json")
FILES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keras3_files")


def main():
    results = {}
    for name in subclass_order_cases.CASES:
        results[name] = subclass_order_cases.facts(keras, name)
        # the same weights saved by Keras 3 (`model.save_weights`): the saving walk's paths for each layout
        model = subclass_order_cases.CASES[name](keras)
        model(subclass_order_cases.X)
        model.set_weights([subclass_order_cases.pattern(tuple(s), i) for i, s in enumerate(results[name]["shapes"])])
        model.save_weights(os.path.join(FILES, f"subclass_order_{name}.weights.h5"))
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    os.replace(tmp, OUT)
    print(f"wrote {len(results)} cases to {OUT}")


if __name__ == "__main__":
    main()
