"""Write what TF 2.21 does when a program sets the CPU's logical devices again, after they were initialised.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_repeat_logical_devices_golden.py

It writes `tests/golden/repeat_logical_devices.json` ({step: "ok" or the error message, plus whether two fresh
`LogicalDeviceConfiguration()` compare equal and the logical CPUs at the end}) for
`tests/config/test_repeat_logical_devices.py`; the steps are in `repeat_logical_devices_cases.py`.
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow as tf  # noqa: E402
from repeat_logical_devices_cases import STEPS  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "repeat_logical_devices.json")


def main():
    cpu = tf.config.list_physical_devices("CPU")[0]
    found = {}
    for name, count, limit in STEPS:
        try:
            if name == "init":
                tf.config.list_logical_devices()
            else:
                tf.config.set_logical_device_configuration(
                    cpu, [tf.config.LogicalDeviceConfiguration(memory_limit=limit) for _ in range(count)])
            found[name] = "ok"
        except RuntimeError as error:
            found[name] = str(error)
    found["equal_configs"] = tf.config.LogicalDeviceConfiguration() == tf.config.LogicalDeviceConfiguration()
    found["logical_cpus"] = [d.name for d in tf.config.list_logical_devices("CPU")]
    with open(OUT, "w") as f:
        json.dump(found, f, indent=1, sort_keys=True)
    print(json.dumps(found, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
