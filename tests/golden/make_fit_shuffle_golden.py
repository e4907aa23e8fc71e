"""Writes tests/golden/fit_shuffle.json under real TF 2.21: the sample order of `fit(shuffle=True)` on in-memory
arrays after `keras.utils.set_random_seed`, and the losses of a small seeded model trained that way.

Keras 3 (TF backend) shuffles every epoch with a fresh `tf.random.shuffle` kernel seeded from the global seed (the
same order each epoch); tf_keras (run in a child process under `TF_USE_LEGACY_KERAS=1`) draws one order per epoch
from one kernel. Each case: seed, samples, batch size, initial_epoch, and per `fit` call the orders of its epochs.

    /work/tfvenv/bin/python tests/golden/make_fit_shuffle_golden.py
"""

import json
import os
import subprocess
import sys

LEGACY = os.environ.get("TF_USE_LEGACY_KERAS") == "1"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import fit_shuffle_cases  # noqa: E402

import tensorflow as tf  # noqa: E402,F401

if LEGACY:
    import tf_keras as keras  # noqa: E402
else:
    import keras  # noqa: E402

def main():
    result = {"cases": [[*case, fit_shuffle_cases.orders(keras, *case)] for case in fit_shuffle_cases.CASES],
              "losses": fit_shuffle_cases.losses(keras)}
    if LEGACY:
        json.dump(result, sys.stdout)
        return
    child = subprocess.run([sys.executable, __file__], env={**os.environ, "TF_USE_LEGACY_KERAS": "1"},
                           check=True, capture_output=True, text=True)
    golden = {"keras3": result, "keras2": json.loads(child.stdout), "tf": tf.__version__}
    path = os.path.join(HERE, "fit_shuffle.json")
    with open(path + ".tmp", "w") as f:
        json.dump(golden, f)
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main()
