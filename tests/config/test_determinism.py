"""tf.config.experimental.enable_op_determinism and the TensorFloat-32 pair drive torch's real switches."""

import pytest
import torch

import keraslike as tf
from keraslike._src.config import determinism


def test_enable_op_determinism_sets_torch_flags():
    was = torch.are_deterministic_algorithms_enabled()
    try:
        tf.config.experimental.enable_op_determinism()
        assert torch.are_deterministic_algorithms_enabled() and determinism.op_determinism_enabled()
        assert torch.backends.cudnn.deterministic and not torch.backends.cudnn.benchmark
        # a deterministic run of a seeded model is bit-identical
        outs = []
        for _ in range(2):
            tf.keras.utils.set_random_seed(3)
            m = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3), tf.keras.layers.Dropout(0.5)])
            outs.append(m(torch.ones(2, 4), training=True))
        assert torch.equal(outs[0], outs[1])
    finally:
        determinism.disable_op_determinism()
        torch.use_deterministic_algorithms(was)
    assert torch.are_deterministic_algorithms_enabled() == was


def test_tensor_float_32_pair():
    saved = (torch.backends.cuda.matmul.fp32_precision, torch.backends.cudnn.fp32_precision,
             torch.backends.cudnn.conv.fp32_precision, torch.backends.cudnn.rnn.fp32_precision)
    try:
        tf.config.experimental.enable_tensor_float_32_execution(True)
        assert tf.config.experimental.tensor_float_32_execution_enabled()
        assert torch.backends.cuda.matmul.fp32_precision == "tf32"
        assert torch.backends.cudnn.conv.fp32_precision == "tf32"
        tf.config.experimental.enable_tensor_float_32_execution(False)
        assert not tf.config.experimental.tensor_float_32_execution_enabled()
        assert torch.backends.cuda.matmul.fp32_precision == "ieee"
        with pytest.raises(TypeError, match="enabled"):
            tf.config.experimental.enable_tensor_float_32_execution("yes")
    finally:
        (torch.backends.cuda.matmul.fp32_precision, torch.backends.cudnn.fp32_precision,
         torch.backends.cudnn.conv.fp32_precision, torch.backends.cudnn.rnn.fp32_precision) = saved
