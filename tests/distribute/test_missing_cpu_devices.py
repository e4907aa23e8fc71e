"""MirroredStrategy given a CPU device that does not exist (`/cpu:5` with no logical CPU devices configured).

TF 2.21 accepts the name silently (`tests/golden/bad_inputs.json`, case `mirrored_cpu5_without_logical_devices`:
one replica named CPU:5). keraslike runs the replica on the host CPU and says so; with soft placement off the
error names the device, as for missing GPUs.
"""

import warnings

import pytest

import keraslike as tf


def test_missing_cpu_device_warns_where_the_replica_runs():
    with pytest.warns(UserWarning, match=r"CPU device\(s\) \['/cpu:5'\] .* do not exist .* run on the host CPU"):
        strategy = tf.distribute.MirroredStrategy(["/cpu:5"])
    assert strategy.num_replicas_in_sync == 1
    assert list(strategy.extended.worker_devices) == ["/job:localhost/replica:0/task:0/device:CPU:0"]


def test_missing_cpu_device_is_an_error_without_soft_placement():
    tf.config.set_soft_device_placement(False)
    try:
        with pytest.raises(ValueError, match=r"\['/cpu:5'\], which do not exist.*Received: devices=\['/cpu:5'\]"):
            tf.distribute.MirroredStrategy(["/cpu:5"])
    finally:
        tf.config.set_soft_device_placement(True)


def test_existing_cpu_device_is_quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        strategy = tf.distribute.MirroredStrategy(["/cpu:0"])
    assert strategy.num_replicas_in_sync == 1
