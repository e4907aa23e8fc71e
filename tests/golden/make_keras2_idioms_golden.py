"""Writes tests/golden/keras2_idioms.json under real TF 2.21: `keras2_idioms_cases.run` under Keras 2
(TF_USE_LEGACY_KERAS=1, tf_keras), in a process of its own.

    /work/tfvenv/bin/python tests/golden/make_keras2_idioms_golden.py
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
    from keras2_idioms_cases import run
    print("JSON" + json.dumps(run(tf, np)))


def main():
    env = dict(os.environ, TF_USE_LEGACY_KERAS="1", TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    result = subprocess.run([sys.executable, __file__, "--child"], env=env, capture_output=True, text=True)
    if result.returncode:
        sys.exit(result.stderr)
    out = json.loads(result.stdout.split("JSON")[-1])
    with open(os.path.join(HERE, "keras2_idioms.json"), "w") as f:
        json.dump(out, f, indent=1)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    child() if "--child" in sys.argv else main()
