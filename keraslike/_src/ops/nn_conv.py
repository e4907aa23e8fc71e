"""`tf.nn.conv2d`, `tf.nn.max_pool2d`, `tf.nn.avg_pool2d` with TF layouts and padding.

Mirrors `tensorflow/python/ops/nn_ops.py`. Images are `NHWC` by default (run on
torch with the channels_last memory format, no copies); filters are
`[kh, kw, in, out]`. `"SAME"` padding puts the odd extra row/column at the
bottom/right, as TF does; average pooling divides by the number of real
(non-padding) entries in each window.
"""

import torch
import torch.nn.functional as F

from keraslike._src.ops.conv_workarounds import pointwise_as_slice
from keraslike._src.ops.conversion import binary_operands, to_tensor
from keraslike._src.ops.math import _require_float


def _pair(value, name, data_format="NHWC"):
    if isinstance(value, int):
        return value, value
    values = [int(v) for v in value]
    if len(values) == 1:
        return values[0], values[0]
    if len(values) == 2:
        return values[0], values[1]
    if len(values) == 4:
        return (values[1], values[2]) if data_format == "NHWC" else (values[2], values[3])
    raise ValueError(f"Expected `{name}` as an int or a list of 1, 2 or 4 ints. Received: {name}={value!r}")


def _same_pads(size, kernel, stride, dilation):
    effective = (kernel - 1) * dilation + 1
    out = -(-size // stride)
    total = max((out - 1) * stride + effective - size, 0)
    return total // 2, total - total // 2


def _to_nchw(x, data_format):
    if data_format not in ("NHWC", "NCHW"):
        raise ValueError(f"Expected `data_format` 'NHWC' or 'NCHW'. Received: data_format={data_format!r}")
    if x.dim() != 4:
        raise ValueError(f"Expected a 4-D input. Received: input with shape={list(x.shape)}")
    return x.permute(0, 3, 1, 2) if data_format == "NHWC" else x


def _from_nchw(y, data_format):
    return y.permute(0, 2, 3, 1) if data_format == "NHWC" else y


def _padding(x, padding, kernel, strides, dilations, value=0.0):
    """Apply TF padding to an NCHW tensor; returns the padded tensor."""
    if isinstance(padding, str):
        mode = padding.upper()
        if mode == "VALID":
            return x
        if mode != "SAME":
            raise ValueError(
                f"Expected `padding` 'SAME', 'VALID' or explicit pads. Received: padding={padding!r}"
            )
        top, bottom = _same_pads(x.shape[2], kernel[0], strides[0], dilations[0])
        left, right = _same_pads(x.shape[3], kernel[1], strides[1], dilations[1])
    else:  # explicit [[0, 0], [top, bottom], [left, right], [0, 0]] in NHWC order
        rows = [list(map(int, p)) for p in padding]
        (top, bottom), (left, right) = rows[1], rows[2]
    if top or bottom or left or right:
        x = F.pad(x, [left, right, top, bottom], value=value)
    return x


def conv2d(input, filters, strides, padding, data_format="NHWC", dilations=None, name=None):
    """`tf.nn.conv2d(input, filters, strides, padding)`: 2-D cross-correlation.

    Args:
        input: `[batch, h, w, in]` (`NHWC`) or `[batch, in, h, w]` (`NCHW`).
        filters: `[kh, kw, in, out]`.
        strides, dilations: int or list of 1, 2 or 4 ints.
        padding: "SAME", "VALID" or explicit `[[0, 0], [t, b], [l, r], [0, 0]]`.

    Returns:
        `[batch, out_h, out_w, out]` (`NHWC`).
    """
    x, w = binary_operands(input, filters, "tf.nn.conv2d", "input", "filters")
    _require_float(x, "tf.nn.conv2d", "input")
    stride = _pair(strides, "strides", data_format)
    dilation = _pair(1 if dilations is None else dilations, "dilations", data_format)
    xc = _to_nchw(x, data_format)
    groups = xc.shape[1] // w.shape[2]
    xc = _padding(xc, padding, (w.shape[0], w.shape[1]), stride, dilation)
    xc, stride = pointwise_as_slice(xc, (w.shape[0], w.shape[1]), stride)  # torch CPU heap-corruption path
    y = F.conv2d(xc, w.permute(3, 2, 0, 1), stride=stride, dilation=dilation, groups=groups)
    return _from_nchw(y, data_format)


def max_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):
    """`tf.nn.max_pool2d`: window maxima; "SAME" pads with -inf so padding never wins."""
    x = to_tensor(input, None, "input")
    k, s = _pair(ksize, "ksize", data_format), _pair(strides, "strides", data_format)
    xc = _padding(_to_nchw(x, data_format), padding, k, s, (1, 1), value=float("-inf"))
    return _from_nchw(F.max_pool2d(xc, k, s), data_format)


def avg_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):
    """`tf.nn.avg_pool2d`: window means over real entries (padding is not counted)."""
    x = to_tensor(input, None, "input")
    _require_float(x, "tf.nn.avg_pool2d", "input")
    k, s = _pair(ksize, "ksize", data_format), _pair(strides, "strides", data_format)
    xc = _to_nchw(x, data_format)
    ones = torch.ones_like(xc[:1, :1])
    summed = F.avg_pool2d(_padding(xc, padding, k, s, (1, 1)), k, s, divisor_override=1)
    counts = F.avg_pool2d(_padding(ones, padding, k, s, (1, 1)), k, s, divisor_override=1)
    return _from_nchw(summed / counts, data_format)
