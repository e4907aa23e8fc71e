"""Writes tests/golden/keras2_progbar.json under real TF 2.21: the printed lines of `keras2_progbar_cases.py` under
Keras 2 (TF_USE_LEGACY_KERAS=1, tf_keras), in a process of its own.

    /work/tfvenv/bin/python tests/golden/make_keras2_progbar_golden.py
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def child():
    import numpy as np
    import tensorflow as tf

    sys.path.insert(0, HERE)
    from keras2_progbar_cases import printed
    print("JSON" + json.dumps(printed(tf, np)))


def main():
    env = dict(os.environ, TF_USE_LEGACY_KERAS="1", TF_CPP_MIN_LOG_LEVEL="3")
    result = subprocess.run([sys.executable, __file__, "--child"], env=env, capture_output=True, text=True,
                            check=True)
    out = json.loads(result.stdout.split("JSON")[-1])
    with open(os.path.join(HERE, "keras2_progbar.json"), "w") as f:
        json.dump(out, f, indent=1)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    child() if "--child" in sys.argv else main()
