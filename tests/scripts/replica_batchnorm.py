"""Worker: `BatchNormalization(synchronized=False)` trained under 2 replicas, Keras 3 then Keras 2 (issue 21 item 4).

Usage:
    python tests/scripts/replica_batchnorm.py OUTDIR

Builds the model and data of `tests/golden/make_replica_batchnorm_golden.py` (its `case()`), trains with
`fit(batch_size=8, shuffle=False)`, then records `get_weights()`, `evaluate` and `predict`, and `save` +
`load_model`'s weights. It does this twice in one launched job: with TF 2.21's default Keras 3, then with
`TF_USE_LEGACY_KERAS=1` set (Keras 2; keraslike reads the switch where the Kerases differ, so a test can flip
it mid-script). Every replica writes OUTDIR/rank<r>.json.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden"))

from make_replica_batchnorm_golden import case  # noqa: E402

import keraslike as tf  # noqa: E402

out = sys.argv[1]
cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
x, y, weights = case()
results = {}
for key, legacy in (("keras3", "0"), ("keras2", "1")):
    os.environ["TF_USE_LEGACY_KERAS"] = legacy
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3),
                                     tf.keras.layers.BatchNormalization(momentum=0.9), tf.keras.layers.Dense(1)])
        model.set_weights(weights)
        model.compile(tf.keras.optimizers.SGD(0.05), "mse")
    model.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0)
    trained = [w.tolist() for w in model.get_weights()]
    evaluate = float(model.evaluate(x, y, batch_size=8, verbose=0))
    predict = model.predict(x, batch_size=8, verbose=0).tolist()
    path = os.path.join(out, f"{key}.keras")
    model.save(path)
    loaded = [w.tolist() for w in tf.keras.models.load_model(path).get_weights()]
    results[key] = {"weights": trained, "evaluate": evaluate, "predict": predict, "loaded": loaded,
                    "after": [w.tolist() for w in model.get_weights()]}
with open(os.path.join(out, f"rank{strategy._rank}.json"), "w") as f:
    json.dump(results, f)
