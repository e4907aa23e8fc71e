"""`tf.DeviceSpec`, values checked against TF 2.21 (probed: the strings in the assertions are TF's output)."""

import pytest

import keraslike as tf


def test_parse_and_print_like_tf():
    s = tf.DeviceSpec.from_string("/job:localhost/replica:0/task:0/device:CPU:0")
    assert (s.job, s.replica, s.task, s.device_type, s.device_index) == ("localhost", 0, 0, "CPU", 0)
    assert s.to_string() == "/job:localhost/replica:0/task:0/device:CPU:0"
    assert repr(s) == "<DeviceSpec(job=localhost, replica=0, task=0, device_type=CPU, device_index=0)>"
    assert tf.DeviceSpec(job="worker", device_type="gpu").to_string() == "/job:worker/device:GPU:*"
    assert tf.DeviceSpec.from_string("/gpu:1").to_string() == "/device:GPU:1"
    assert tf.DeviceSpec.from_string("GPU:*").device_index is None
    gpu1 = tf.DeviceSpec(device_type="GPU", device_index=1)
    assert s.make_merged_spec(gpu1).to_string() == "/job:localhost/replica:0/task:0/device:GPU:1"
    assert s.replace(task=3).to_string() == "/job:localhost/replica:0/task:3/device:CPU:0"
    assert s.parse_from_string("/cpu:0") == tf.DeviceSpec(device_type="CPU", device_index=0)


def test_from_a_tensor_device():
    x = tf.constant([1.0])
    spec = tf.DeviceSpec.from_string(x.device)
    assert spec.device_type == "CPU" and spec.device_index == 0 and spec.job == "localhost"


def test_errors():
    with pytest.raises(ValueError, match="Multiple device types"):
        tf.DeviceSpec.from_string("/cpu:0/gpu:0")
    with pytest.raises(ValueError, match="Unknown attribute 'foo'"):
        tf.DeviceSpec.from_string("/foo:1")
    with pytest.raises(TypeError, match="unexpected keyword"):
        tf.DeviceSpec().replace(index=1)


def test_device_scope_takes_a_spec():
    with tf.device(tf.DeviceSpec(device_type="CPU", device_index=0)):
        y = tf.matmul(tf.ones([1, 1]), tf.ones([1, 1]))
    assert y.device.endswith("CPU:0")
