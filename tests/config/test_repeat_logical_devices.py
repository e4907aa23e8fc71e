"""Setting the CPU's logical devices again after they were initialised: TF 2.21 accepts the configuration the
device already has (a program or notebook cell run twice, several programs in one process) and raises only for
a different one. Golden: tests/golden/make_repeat_logical_devices_golden.py (real TF 2.21)."""

import json

import keraslike as tf
from tests.conftest import REPO
from tests.golden.repeat_logical_devices_cases import STEPS

GOLDEN = json.loads((REPO / "tests" / "golden" / "repeat_logical_devices.json").read_text())


def test_repeating_the_same_logical_devices_after_initialisation_is_accepted_as_in_tf():
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
    assert found == GOLDEN


def test_configurations_compare_by_their_fields():
    config = tf.config.LogicalDeviceConfiguration
    assert config(memory_limit=512) == config(512) and hash(config(512)) == hash(config(512))
    assert config(memory_limit=512) != config(memory_limit=1024)
    assert config() != config(experimental_priority=1) and config() != "LogicalDeviceConfiguration()"
