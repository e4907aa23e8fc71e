"""Python scalars as operands of Keras ops convert in the other operand's dtype exactly as through numpy
(`ops/scalar_constants.py` builds them with one `torch.full`): integers wrap, floats round once. Expected values are TF
2.21's (Keras 3 ops on the TensorFlow backend, checked by hand: `ops.add(tf.constant([1, 2], tf.int8), 300)` is
[45 46], `ops.add(tf.constant([1, 2], tf.uint8), -1)` is [0 1], `ops.convert_to_tensor(300, "int8")` is 44)."""

import itertools

import numpy as np
import torch

import keraslike as tf
from keraslike._src.ops import scalar_constants
from keraslike.keras import ops


def test_integer_scalars_wrap_into_narrow_operands_as_tf_does():
    np.testing.assert_array_equal(ops.add(tf.constant([1, 2], tf.int8), 300).numpy(), np.array([45, 46], np.int8))
    np.testing.assert_array_equal(ops.add(tf.constant([1, 2], tf.uint8), -1).numpy(), np.array([0, 1], np.uint8))
    assert ops.convert_to_tensor(300, "int8").numpy() == 44
    assert ops.convert_to_tensor(True, "float32").numpy() == 1.0
    got = ops.add(tf.constant([1.0], tf.float32), 0.1).numpy()
    assert got.tobytes() == np.array([1.1], np.float32).tobytes()  # 0x3f8ccccd: rounded once, as TF


def test_full_path_equals_the_numpy_cast_for_every_scalar_and_dtype():
    values = [True, False, 0, 1, -1, 127, 128, 255, 256, 300, -129, 2**31, -2**31 - 1, 2**63 - 1, -2**63, 2**24 + 1,
              2**53 + 1, 2**11 + 1, 2**70, 0.0, -0.0, 0.5, 1.1, 3.4e38, 3.5e38, 1e308, -1e40, float("inf"),
              float("nan"), 1 + 2j]
    kinds = [torch.bool, torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64, torch.float16,
             torch.bfloat16, torch.float32, torch.float64, torch.complex64, torch.complex128]
    for value, dtype in itertools.product(values, kinds):
        exact = scalar_constants.scalar_value(value, dtype)
        if exact is None:
            continue
        want = torch.as_tensor(np.asarray(value)).to(dtype)
        got = torch.full((), exact, dtype=dtype)
        assert got.dtype == want.dtype
        assert torch.equal(got, want) or (torch.isnan(want).item() and torch.isnan(got).item()), (value, dtype)
        if want.is_floating_point() and want.item() == 0:
            assert torch.signbit(got) == torch.signbit(want), (value, dtype)
