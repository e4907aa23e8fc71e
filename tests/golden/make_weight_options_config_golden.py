"""Write `tests/golden/weight_options_config.json` under real Keras 3.15 (TF 2.21's):

    /work/tfvenv/bin/python tests/golden/make_weight_options_config_golden.py

Cases: `tests/golden/weight_options_config_cases.py`; compared by `tests/keras/layers/test_weight_options_config.py`.
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import keras  # noqa: E402

import weight_options_config_cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "weight_options_config.json")

if __name__ == "__main__":
    with open(OUT, "w") as f:
        json.dump(weight_options_config_cases.run(keras), f, indent=1, sort_keys=True)
    print("wrote", OUT)
