"""`tf.bitwise`: element-wise bit operations on integer tensors.

Mirrors `tensorflow/python/ops/bitwise_ops.py` (generated kernels). Both operands have one integer dtype
(int8 ... int64, uint8 ...; a non-tensor operand takes the tensor's dtype); `right_shift` is arithmetic for
signed types. Shifting by a negative amount or by the bit width or more is implementation defined, as in TF.

Example:
    >>> tf.bitwise.bitwise_and(tf.constant([0, 5, 3, 14]), tf.constant([5, 0, 7, 11]))   # [0 0 3 10]
"""

import torch

from keraslike._src import errors
from keraslike._src.ops.conversion import binary_operands, to_tensor
from keraslike._src.ragged.ragged_dispatch import on_flat_values, on_flat_values_binary


def _check_int(t, op_name, arg_name="x"):
    if t.is_floating_point() or t.is_complex() or t.dtype == torch.bool:
        raise errors.InvalidArgumentError(f"`{op_name}` takes integer tensors. Received: {arg_name}.dtype="
                                          f"{t.dtype.name}")


def _binary(op_name, fn):
    def op(x, y, name=None):
        if isinstance(x, torch.Tensor) and isinstance(y, torch.Tensor) and x.dtype != y.dtype:
            raise errors.InvalidArgumentError(f"`{op_name}` takes two tensors of one dtype. Received: "
                                              f"x.dtype={x.dtype.name}, y.dtype={y.dtype.name}")
        x, y = binary_operands(x, y, op_name)
        _check_int(x, op_name)
        return fn(x, y)

    op.__name__ = op.__qualname__ = op_name.rsplit(".", 1)[-1]
    op.__doc__ = (f"`{op_name}(x, y)`: element-wise, broadcast.\n\nRaises:\n    tf.errors.InvalidArgumentError: "
                  "non-integer tensors or two dtypes.\n")
    return op


bitwise_and = _binary("tf.bitwise.bitwise_and", torch.bitwise_and)
bitwise_or = _binary("tf.bitwise.bitwise_or", torch.bitwise_or)
bitwise_xor = _binary("tf.bitwise.bitwise_xor", torch.bitwise_xor)
left_shift = _binary("tf.bitwise.left_shift", torch.bitwise_left_shift)
right_shift = _binary("tf.bitwise.right_shift", torch.bitwise_right_shift)


def invert(x, name=None):
    """`tf.bitwise.invert(x)`: flips every bit (`~x`) of an integer tensor.

    Raises:
        tf.errors.InvalidArgumentError: a non-integer tensor.
    """
    t = to_tensor(x, None, "x")
    _check_int(t, "tf.bitwise.invert")
    return torch.bitwise_not(t)


# TF's ragged dispatch: these ops run on a RaggedTensor's flat values (ragged/ragged_dispatch.py)
invert = on_flat_values(invert)
bitwise_and = on_flat_values_binary(bitwise_and)
bitwise_or = on_flat_values_binary(bitwise_or)
bitwise_xor = on_flat_values_binary(bitwise_xor)
left_shift = on_flat_values_binary(left_shift)
right_shift = on_flat_values_binary(right_shift)
