"""`tf.data.experimental.copy_to_device` / `prefetch_to_device`: same elements, in order, on the named device."""

import numpy as np
import pytest
import torch

import keraslike as tf


def test_prefetch_to_device_keeps_elements_and_order():
    ds = tf.data.Dataset.from_tensor_slices([1, 2, 3]).apply(tf.data.experimental.prefetch_to_device("/cpu:0"))
    got = list(ds)
    assert [int(t) for t in got] == [1, 2, 3]
    assert all(t.device.type == "cpu" and t.dtype == torch.int32 for t in got)
    assert ds.element_spec == tf.TensorSpec([], tf.int32)


def test_copy_to_device_keeps_structure():
    ds = tf.data.Dataset.from_tensor_slices(({"a": [1, 2]}, [3.0, 4.0])).batch(2)
    ds = ds.apply(tf.data.experimental.copy_to_device("/cpu:0")).apply(
        tf.data.experimental.prefetch_to_device("/device:CPU:0", buffer_size=1))
    (features, label), = list(ds)
    np.testing.assert_array_equal(features["a"].numpy(), [1, 2])
    np.testing.assert_array_equal(label.numpy(), [3.0, 4.0])


@pytest.mark.parametrize("fn, arg", [(tf.data.experimental.prefetch_to_device, "target_device"),
                                     (tf.data.experimental.copy_to_device, "target_device")])
def test_bad_device_name_raises_naming_it(fn, arg):
    with pytest.raises(ValueError, match=f"Received: {arg}='nowhere'"):
        fn("nowhere")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_prefetch_to_gpu_puts_elements_on_it():
    ds = tf.data.Dataset.range(3).apply(tf.data.experimental.prefetch_to_device("/gpu:0"))
    assert all(t.device.type == "cuda" for t in ds)
