"""Golden for partial last global batches under MirroredStrategy (fit, evaluate, predict, custom loops).

Run under real TensorFlow 2.21 from the repository root:

    /work/tfvenv/bin/python tests/golden/make_partial_batch_golden.py

Two logical CPUs; every case of `partial_batch_cases.py` (next to this script) runs under
`OneDeviceStrategy("/cpu:0")` ("one") and `MirroredStrategy(["/cpu:0", "/cpu:1"])` ("mirrored"), with
TF 2.21's Keras 3 ("keras3") and, in a second process with `TF_USE_LEGACY_KERAS=1`, tf_keras ("keras2").
It writes `tests/golden/partial_batch.json` ({keras: {strategy: {case: records}}}), which
`tests/distribute/test_mirrored_fit.py` reads.
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "partial_batch.json")


def _run_tf():
    sys.path.insert(0, HERE)
    import tensorflow as tf
    from partial_batch_cases import run_all

    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    return {"one": run_all(tf, tf.distribute.OneDeviceStrategy("/cpu:0")),
            "mirrored": run_all(tf, tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"]))}


def main():
    if len(sys.argv) > 1:
        print("RESULT " + json.dumps(_run_tf()))
        return
    golden = {}
    for key, legacy in (("keras3", "0"), ("keras2", "1")):
        env = dict(os.environ, TF_USE_LEGACY_KERAS=legacy, TF_CPP_MIN_LOG_LEVEL="3")
        proc = subprocess.run([sys.executable, __file__, "run"], env=env, capture_output=True, text=True, check=True)
        line = next(line for line in proc.stdout.splitlines() if line.startswith("RESULT "))
        golden[key] = json.loads(line[len("RESULT "):])
    with open(OUT, "w") as f:
        json.dump(golden, f)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
