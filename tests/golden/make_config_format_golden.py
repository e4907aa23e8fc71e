"""Write `tests/golden/config_format.json` (Keras 3.15, TF 2.21's `tf.keras`) and
`tests/golden/config_format_keras2.json` (tf_keras, `TF_USE_LEGACY_KERAS=1`) under real TF 2.21:

    /work/tfvenv/bin/python tests/golden/make_config_format_golden.py

Each mode runs in its own process (TF reads `TF_USE_LEGACY_KERAS` once). Cases: `config_format_cases.py`;
compared by `tests/keras/saving/test_config_format.py`. Dict key order is kept (not sorted): it shows when
users print configs.
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = {"3": os.path.join(HERE, "config_format.json"), "2": os.path.join(HERE, "config_format_keras2.json")}


def _write(mode):
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    if mode == "2":
        os.environ["TF_USE_LEGACY_KERAS"] = "1"
    sys.path.insert(0, HERE)
    import tensorflow as tf

    import config_format_cases

    keras = tf.keras
    with open(OUT[mode], "w") as f:
        json.dump(config_format_cases.run(keras, tf), f, indent=1)
    print("wrote", OUT[mode])


if __name__ == "__main__":
    if len(sys.argv) > 1:
        _write(sys.argv[1])
    else:
        for mode in ("3", "2"):
            subprocess.run([sys.executable, __file__, mode], check=True)
