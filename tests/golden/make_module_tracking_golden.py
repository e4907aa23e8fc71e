"""Write `tests/golden/module_tracking.json`: what real TF 2.21 reports for `module_tracking_cases.py`.

    /work/tfvenv/bin/python tests/golden/make_module_tracking_golden.py

The cases run with `tf_keras` (Keras 2), whose layers are `tf.Module`s: a `tf.Module` walks the Keras layers
in its attributes and a layer tracks the `tf.Variable`s in its own, which keraslike does in both Keras modes.
TF 2.21's default Keras 3 does neither (its layers are not `tf.Module`s); what it reports is recorded under
"keras3" for the README's "Where keraslike differs" and is not compared.
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402
import tf_keras  # noqa: E402

import module_tracking_cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "module_tracking.json")


def keras3_facts():
    class Net(tf.Module):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(2)

    class Raw(keras.layers.Layer):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(1.0)

    net = Net()
    net.dense(tf.ones((1, 2)))
    return {"module_variables_of_dense": len(net.variables), "layer_weights_of_raw_variable": len(Raw().weights)}


def main():
    results = {}
    for name, case in module_tracking_cases.CASES.items():
        tf_keras.backend.clear_session()
        results[name] = case(tf, tf_keras)
    results["keras3"] = keras3_facts()
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    os.replace(tmp, OUT)
    print(f"wrote {len(results)} cases to {OUT}")


if __name__ == "__main__":
    main()
