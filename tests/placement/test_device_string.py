"""`tensor.device` answers TF's string methods (the customization-basics tutorial:
`print(x.device.endswith('GPU:0'))`), on TF's name of the device; torch's own attributes are unchanged."""

import torch

import keraslike as tf


def test_basics_tutorial_device_check():
    x = tf.random.uniform([3, 3])
    assert x.device.endswith("GPU:0") is False  # TF on a CPU-only machine prints False
    assert x.device.endswith("CPU:0")
    assert x.device.tf_name == "/job:localhost/replica:0/task:0/device:CPU:0"
    assert x.device.split(":")[-2:] == ["CPU", "0"]
    assert "cpu" in x.device.lower()


def test_torch_attributes_of_the_device_are_torchs():
    x = tf.constant([1.0])
    assert x.device.type == "cpu" and x.device.index is None and str(x.device) == "cpu"
    assert torch.device(str(x.device)) == x.device


def test_variables_and_placed_tensors():
    with tf.device("/cpu:0"):
        v = tf.Variable(1.0)
        y = tf.matmul(tf.ones([1, 1]), tf.ones([1, 1]))
    assert v.device.startswith("/job:localhost") and y.device.endswith("CPU:0")
