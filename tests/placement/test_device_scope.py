"""tf.device: spellings, creation and computation placement, soft placement, errors."""

import threading
import warnings

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.placement import scope


@pytest.mark.parametrize("name, spec", [
    ("/cpu:0", "/device:CPU:0"), ("/CPU:0", "/device:CPU:0"), ("cpu", "/device:CPU:0"),
    ("/device:CPU:0", "/device:CPU:0"), ("CPU:0", "/device:CPU:0"),
    ("/job:localhost/replica:0/task:0/device:CPU:0", "/device:CPU:0"),
    ("/gpu:1", "/device:GPU:1"), ("/device:GPU:1", "/device:GPU:1"), ("GPU:1", "/device:GPU:1"),
    ("gpu", "/device:GPU:0"), ("/job:localhost/replica:0/task:0/device:GPU:3", "/device:GPU:3"),
])
def test_every_tf_spelling_sets_the_scope(name, spec):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with tf.device(name):
            assert scope.current_device_name() == spec
    assert scope.current_device_name() == ""


def test_bad_names_raise_value_error_with_received():
    with pytest.raises(ValueError, match=r"Received: device='/tpu_nope:0'"):
        tf.device("/tpu_nope:0")
    with pytest.raises(RuntimeError, match="does not support functions"):
        tf.device(lambda op: "/cpu:0")


def test_nesting_none_and_job_only_specs():
    with tf.device("/cpu:0"):
        with tf.device("/job:localhost"):  # no device part: keeps the outer device
            assert scope.current_device_name() == "/device:CPU:0"
        with tf.device(None):  # clears it
            assert scope.current_device_name() == ""
            assert scope.current_torch_device() is None
        assert scope.current_device_name() == "/device:CPU:0"


def test_scopes_are_per_thread():
    seen = []
    with tf.device("/cpu:0"):
        t = threading.Thread(target=lambda: seen.append(scope.current_device_name()))
        t.start()
        t.join()
    assert seen == [""]


def test_created_tensors_and_values_on_cpu_scope():
    with tf.device("/cpu:0"):
        a = tf.Variable(tf.constant([1.0, 2.0], shape=[2]), name="a")
        z = tf.zeros([2, 3])
        r = tf.range(4)
        u = tf.random.uniform([3], seed=1)
    assert a.device.type == z.device.type == r.device.type == u.device.type == "cpu"
    np.testing.assert_array_equal(a.numpy(), [1.0, 2.0])
    np.testing.assert_array_equal(r.numpy(), [0, 1, 2, 3])


def test_creation_and_ops_go_to_the_scope_device(meta_gpu):
    a = tf.constant([[1.0, 2.0], [3.0, 4.0]])  # CPU, outside any scope
    b = tf.constant([[1.0], [1.0]])
    with tf.device("/gpu:0"):
        c = tf.constant([1.0, 2.0])
        v = tf.Variable([1.0, 2.0])
        z, o = tf.zeros([2]), tf.ones([2])
        prod = tf.matmul(a, b)  # inputs copied to the device, as TF does
        s = tf.add(a, 1.0)
        n = tf.add_n([a, a])
        r = tf.reduce_sum(a)
        py = a + a  # Python operator: torch placement (stays with its inputs)
    for t in (c, v, z, o, prod, s, n, r):
        assert t.device == meta_gpu, t
    assert py.device.type == "cpu"
    assert a.device.type == "cpu"  # the input itself is untouched


def test_keras_weights_are_created_in_the_scope(meta_gpu):
    layer = tf.keras.layers.Dense(3)
    with tf.device("/gpu:0"):
        layer.build((None, 4))
    assert layer.kernel.device == meta_gpu


def test_missing_gpu_soft_placement_warns_once_and_falls_back():
    if torch.cuda.is_available() and torch.cuda.device_count() > 7:
        pytest.skip("machine has a GPU:7")
    with pytest.warns(RuntimeWarning, match=r"'/device:GPU:7' does not exist.*device:CPU:0"):
        with tf.device("/gpu:7"):
            c = tf.matmul(tf.constant([[1.0, 2.0]]), tf.constant([[3.0], [4.0]]))
    assert c.device.type == "cpu"
    np.testing.assert_allclose(c.numpy(), [[11.0]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the second use does not warn again
        with tf.device("/gpu:7"):
            tf.constant(1.0)


def test_missing_gpu_without_soft_placement_raises_invalid_argument():
    tf.config.set_soft_device_placement(False)
    assert tf.config.get_soft_device_placement() is False
    with tf.device("/device:GPU:7"):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.constant([1.0, 2.0])
    err = info.value
    assert isinstance(err, ValueError)
    text = str(err)
    assert "Cannot assign a device for operation Const" in text
    assert "Could not satisfy explicit device specification '/device:GPU:7'" in text
    assert "available devices: /job:localhost/replica:0/task:0/device:CPU:0" in text
    assert text.endswith("Received: device='/device:GPU:7'")
    with tf.device("/cpu:0"):  # existing devices still work
        assert tf.constant(1.0).item() == 1.0


def test_logical_cpus_after_split_and_missing_cpu():
    cpu = tf.config.list_physical_devices("CPU")[0]
    with pytest.warns(RuntimeWarning, match="CPU:1"):
        with tf.device("/cpu:1"):
            tf.constant(1.0)
    from keraslike._src.config import devices

    devices._state.initialized = False
    tf.config.set_logical_device_configuration(
        cpu, [tf.config.LogicalDeviceConfiguration(), tf.config.LogicalDeviceConfiguration()])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with tf.device("/cpu:1"):
            assert tf.constant(1.0).device.type == "cpu"


def test_model_parallel_layers_train_across_scopes():
    """Seed 003's model parallelism: layers in different device scopes; gradients flow across copies."""
    tf.random.set_seed(0)
    inputs = tf.keras.Input(shape=(4,))
    with tf.device("/cpu:0"):
        hidden = tf.keras.layers.Dense(8, activation="relu")(inputs)
    with tf.device("/cpu:0"):
        outputs = tf.keras.layers.Dense(1)(hidden)
    model = tf.keras.Model(inputs, outputs)
    model.compile(optimizer="sgd", loss="mse")
    x = np.random.default_rng(0).normal(size=(64, 4)).astype("float32")
    y = x.sum(axis=1, keepdims=True)
    history = model.fit(x, y, epochs=3, batch_size=16, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0]
