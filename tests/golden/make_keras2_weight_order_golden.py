"""Writes tests/golden/keras2_weight_order.json under real TF 2.21: the weight orders of
`keras2_weight_order_cases.py` under Keras 2 (TF_USE_LEGACY_KERAS=1, tf_keras) and Keras 3, one process each.

    /work/tfvenv/bin/python tests/golden/make_keras2_weight_order_golden.py
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
    from keras2_weight_order_cases import orders
    print(json.dumps(orders(tf, np)))


def main():
    out = {}
    for mode, legacy in (("keras2", "1"), ("keras3", "0")):
        env = dict(os.environ, TF_USE_LEGACY_KERAS=legacy, TF_CPP_MIN_LOG_LEVEL="3")
        result = subprocess.run([sys.executable, __file__, "--child"], env=env, capture_output=True, text=True,
                                check=True)
        out[mode] = json.loads(result.stdout.strip().splitlines()[-1])
    with open(os.path.join(HERE, "keras2_weight_order.json"), "w") as f:
        json.dump(out, f, indent=1)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    child() if "--child" in sys.argv else main()
