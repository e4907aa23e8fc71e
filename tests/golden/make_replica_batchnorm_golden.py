"""Golden for `BatchNormalization(synchronized=False)` trained under 2 replicas (issue 21 item 4).

Run under real TensorFlow 2.21 from the repository root (it runs itself twice: Keras 3, then Keras 2 through
`TF_USE_LEGACY_KERAS=1` / tf_keras):

    /work/tfvenv/bin/python tests/golden/make_replica_batchnorm_golden.py

Two logical CPUs, `MirroredStrategy(["/cpu:0", "/cpu:1"])`, a Dense -> BatchNormalization -> Dense model with
fixed initial weights, SGD, `fit(batch_size=8, shuffle=False)` on data whose two half-batches (one per
replica) differ in scale, then `get_weights()`, `evaluate` and `predict`. It writes
`tests/golden/replica_batchnorm.json` ({"keras3": {...}, "keras2": {...}});
`tests/distribute/test_replica_batchnorm.py` reads it (the worker `tests/scripts/replica_batchnorm.py`
builds the same model and data with `case()` below, which it imports).
"""

import json
import os
import subprocess
import sys

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "replica_batchnorm.json")


def case():
    """(x, y, initial weights) shared by this script and the keraslike worker."""
    rng = np.random.RandomState(21)
    x = rng.normal(size=(32, 4)).astype("float32")
    x[np.arange(32) % 8 >= 4] *= 3.0  # replica 1's rows of every global batch have 3x the scale
    x[np.arange(32) % 8 >= 4] += 1.5
    y = (x[:, :1] * 0.5 - x[:, 1:2] + 0.25).astype("float32")
    weights = [rng.normal(scale=0.5, size=(4, 3)).astype("float32"), np.zeros(3, "float32"),
               np.ones(3, "float32"), np.zeros(3, "float32"), np.zeros(3, "float32"), np.ones(3, "float32"),
               rng.normal(scale=0.5, size=(3, 1)).astype("float32"), np.zeros(1, "float32")]
    return x, y, weights


def _run_tf():
    import tensorflow as tf

    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    x, y, weights = case()
    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3),
                                     tf.keras.layers.BatchNormalization(momentum=0.9),
                                     tf.keras.layers.Dense(1)])
        model.set_weights(weights)
        model.compile(tf.keras.optimizers.SGD(0.05), "mse")
    model.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0)
    return {"weights": [w.tolist() for w in model.get_weights()],
            "evaluate": float(model.evaluate(x, y, batch_size=8, verbose=0)),
            "predict": model.predict(x, batch_size=8, verbose=0).tolist()}


def main():
    if len(sys.argv) > 1:
        print("RESULT " + json.dumps(_run_tf()))
        return
    out = {}
    for key, legacy in (("keras3", "0"), ("keras2", "1")):
        env = dict(os.environ, TF_USE_LEGACY_KERAS=legacy, TF_CPP_MIN_LOG_LEVEL="3")
        proc = subprocess.run([sys.executable, os.path.abspath(__file__), "run"], env=env, capture_output=True,
                              text=True, check=True)
        line = next(s for s in proc.stdout.splitlines() if s.startswith("RESULT "))
        out[key] = json.loads(line[len("RESULT "):])
    with open(OUT, "w") as f:
        json.dump(out, f)
    for key, result in out.items():
        print(key, "evaluate", result["evaluate"], "moving_mean", result["weights"][4])


if __name__ == "__main__":
    main()
