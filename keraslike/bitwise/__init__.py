"""`tf.bitwise`: element-wise bit operations on integer tensors (see `keraslike/_src/ops/bitwise_ops.py`)."""

# ruff: noqa: F401
from keraslike._src.ops.bitwise_ops import bitwise_and, bitwise_or, bitwise_xor, invert, left_shift, right_shift
