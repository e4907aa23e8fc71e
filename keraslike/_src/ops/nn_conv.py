"""TF's convolutions and pools (`tf.nn.conv2d`, `convolution`, `conv1d/3d`, the transposed, depthwise and
separable convolutions, `pool`, `max/avg_pool1d/2d/3d`) with TF layouts and padding.

Mirrors `tensorflow/python/ops/nn_ops.py`. Images are `NHWC` by default (run on
torch with the channels_last memory format, no copies); filters are
`[kh, kw, in, out]`. `"SAME"` padding puts the odd extra row/column at the
bottom/right, as TF does; average pooling divides by the number of real
(non-padding) entries in each window.
"""

import torch
import torch.nn.functional as F

from keraslike._src.ops import conv1d_route
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


def _lowest(x):
    """The value a max pool pads with so padding never wins: -inf, or an integer dtype's minimum."""
    return float("-inf") if x.is_floating_point() else torch.iinfo(x.dtype).min


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
    xc = _padding(_to_nchw(x, data_format), padding, k, s, (1, 1), value=_lowest(x))
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


# ---- N-D convolutions, transposed convolutions and pools (1, 2 or 3 spatial dims) -----------------------------

_CHANNELS_LAST = {1: "NWC", 2: "NHWC", 3: "NDHWC"}
_CHANNELS_FIRST = {1: "NCW", 2: "NCHW", 3: "NCDHW"}
_CONV = {1: conv1d_route.conv1d, 2: F.conv2d, 3: F.conv3d}
_CONV_T = {1: conv1d_route.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}
_MAX_POOL = {1: F.max_pool1d, 2: F.max_pool2d, 3: F.max_pool3d}
_AVG_POOL = {1: F.avg_pool1d, 2: F.avg_pool2d, 3: F.avg_pool3d}


def _layout(data_format, n, name):
    """True for channels-last; raises for a data_format that is not TF's for `n` spatial dims."""
    fmt = _CHANNELS_LAST[n] if data_format is None else str(data_format)
    if fmt == _CHANNELS_LAST[n] or (n == 1 and fmt == "NHWC"):
        return True
    if fmt == _CHANNELS_FIRST[n] or (n == 1 and fmt == "NCHW"):
        return False
    raise ValueError(f"`data_format` for {name} must be {_CHANNELS_LAST[n]!r} or {_CHANNELS_FIRST[n]!r}. "
                     f"Received: data_format={data_format!r}")


def _ints(value, n, name, channels_last):
    """TF's int / list of 1, n or n + 2 ints -> n spatial values."""
    if isinstance(value, int):
        return (int(value),) * n
    values = [int(v) for v in value]
    if len(values) == 1:
        return (values[0],) * n
    if len(values) == n:
        return tuple(values)
    if len(values) == n + 2:
        return tuple(values[1:-1]) if channels_last else tuple(values[2:])
    raise ValueError(f"Expected `{name}` as an int or a list of 1, {n} or {n + 2} ints. Received: {name}={value!r}")


def _first(x, n, channels_last, name):
    if x.dim() != n + 2:
        raise ValueError(f"{name} expects a {n + 2}-D input. Received: input with shape={list(x.shape)}")
    return x.movedim(-1, 1).contiguous() if channels_last else x  # a copy: conv never sees a permuted view


def _last(y, channels_last):
    return y.movedim(1, -1) if channels_last else y


def _pads(x, padding, kernel, strides, dilations, channels_last, value=0.0):
    """TF padding ("SAME", "VALID", explicit pairs in the input's layout) applied to a channels-first tensor."""
    n = x.dim() - 2
    if isinstance(padding, str):
        mode = padding.upper()
        if mode == "VALID":
            return x
        if mode != "SAME":
            raise ValueError(f"Expected `padding` 'SAME', 'VALID' or explicit pads. Received: padding={padding!r}")
        pairs = [_same_pads(x.shape[2 + i], kernel[i], strides[i], dilations[i]) for i in range(n)]
    else:
        rows = [tuple(int(v) for v in p) for p in padding]
        if len(rows) != n + 2:
            raise ValueError(f"Explicit `padding` needs {n + 2} [before, after] pairs. Received: padding={padding!r}")
        pairs = rows[1:-1] if channels_last else rows[2:]
    flat = [v for pair in reversed(pairs) for v in pair]
    return F.pad(x, flat, value=value) if any(flat) else x


def convolution(input, filters, strides=None, padding="VALID", data_format=None, dilations=None, name=None):
    """`tf.nn.convolution(input, filters, strides=None, padding="VALID", data_format=None, dilations=None)`:
    N-D cross-correlation (1, 2 or 3 spatial dims).

    Args:
        input: `[batch, *spatial, in]` (channels last, the default) or `[batch, in, *spatial]`.
        filters: `[*k, in // groups, out]`; `in // filters.shape[-2]` groups.
        strides, dilations: int or a list of 1, N or N + 2 ints.
        padding: "SAME", "VALID" or explicit `[[0, 0], [b, a], ..., [0, 0]]`.

    Raises:
        ValueError: for a wrong rank, layout, padding or channel count.
    """
    x, w = binary_operands(input, filters, "tf.nn.convolution", "input", "filters")
    _require_float(x, "tf.nn.convolution", "input")
    n = w.dim() - 2
    if n not in _CONV:
        raise ValueError(f"tf.nn.convolution supports 1, 2 or 3 spatial dims. Received: filters.shape={list(w.shape)}")
    channels_last = _layout(data_format, n, "tf.nn.convolution")
    stride = _ints(1 if strides is None else strides, n, "strides", channels_last)
    dilation = _ints(1 if dilations is None else dilations, n, "dilations", channels_last)
    xc = _first(x, n, channels_last, "tf.nn.convolution")
    if xc.shape[1] % w.shape[-2]:
        raise ValueError(f"The input's {xc.shape[1]} channels are not a multiple of the filters' {w.shape[-2]}. "
                         f"Received: filters.shape={list(w.shape)}")
    kernel = tuple(w.shape[:n])
    xc = _pads(xc, padding, kernel, stride, dilation, channels_last)
    weight = w.permute(n + 1, n, *range(n)).contiguous()
    y = _CONV[n](xc, weight, None, stride, 0, dilation, xc.shape[1] // w.shape[-2])
    return _last(y, channels_last)


def conv1d(input, filters, stride, padding, data_format="NWC", dilations=None, name=None):
    """`tf.nn.conv1d(input, filters, stride, padding, data_format="NWC", dilations=None)`; filters `[w, in, out]`."""
    return convolution(input, filters, stride, padding, data_format, dilations)


def conv3d(input, filters, strides, padding, data_format="NDHWC", dilations=None, name=None):
    """`tf.nn.conv3d(input, filters, strides, padding, data_format="NDHWC", dilations=None)`; filters
    `[d, h, w, in, out]`."""
    return convolution(input, filters, strides, padding, data_format, dilations)


def atrous_conv2d(value, filters, rate, padding, name=None):
    """`tf.nn.atrous_conv2d(value, filters, rate, padding)`: `conv2d` with dilation `rate` (NHWC)."""
    return convolution(value, filters, 1, padding, "NHWC", rate)


def conv_transpose(input, filters, output_shape, strides, padding="SAME", data_format=None, dilations=None,
                   name=None):
    """`tf.nn.conv_transpose(input, filters, output_shape, strides, padding="SAME", ...)`: the gradient of
    `convolution` with respect to its input, for an input of `output_shape`.

    `filters` are `[*k, out_channels, in_channels]`. The full transposed convolution is cropped (or
    zero-extended) to `output_shape` at the offsets the forward convolution's padding implies.

    Raises:
        ValueError: when `output_shape` does not have the batch and channels the input and filters give.
    """
    x, w = binary_operands(input, filters, "tf.nn.conv_transpose", "input", "filters")
    _require_float(x, "tf.nn.conv_transpose", "input")
    n = w.dim() - 2
    channels_last = _layout(data_format, n, "tf.nn.conv_transpose")
    stride = _ints(strides, n, "strides", channels_last)
    dilation = _ints(1 if dilations is None else dilations, n, "dilations", channels_last)
    shape = [int(v) for v in (output_shape.tolist() if hasattr(output_shape, "tolist") else output_shape)]
    if len(shape) != n + 2:
        raise ValueError(f"`output_shape` must have {n + 2} entries. Received: output_shape={shape}")
    out_spatial = shape[1:-1] if channels_last else shape[2:]
    out_channels = shape[-1] if channels_last else shape[1]
    if out_channels != w.shape[-2]:
        raise ValueError(f"`output_shape` has {out_channels} channels but the filters make {w.shape[-2]}. "
                         f"Received: output_shape={shape}")
    xc = _first(x, n, channels_last, "tf.nn.conv_transpose")
    weight = w.permute(n + 1, n, *range(n)).contiguous()  # (in, out, *k) for torch's conv_transpose
    full = _CONV_T[n](xc, weight, None, stride, 0, 0, 1, dilation)
    if isinstance(padding, str) and padding.upper() == "SAME":
        before = [_same_pads(out_spatial[i], w.shape[i], stride[i], dilation[i])[0] for i in range(n)]
    elif isinstance(padding, str) and padding.upper() == "VALID":
        before = [0] * n
    elif isinstance(padding, str):
        raise ValueError(f"Expected `padding` 'SAME', 'VALID' or explicit pads. Received: padding={padding!r}")
    else:
        rows = [tuple(int(v) for v in p) for p in padding]
        before = [r[0] for r in (rows[1:-1] if channels_last else rows[2:])]
    y = full
    for i in range(n):
        dim, start, size = 2 + i, before[i], out_spatial[i]
        y = y.narrow(dim, start, min(size, y.shape[dim] - start))
        if y.shape[dim] < size:
            pad = [0, 0] * (n - 1 - i) + [0, size - y.shape[dim]]
            y = F.pad(y, pad)
    return _last(y, channels_last)


def conv1d_transpose(input, filters, output_shape, strides, padding="SAME", data_format="NWC", dilations=None,
                     name=None):
    """`tf.nn.conv1d_transpose`; filters `[w, out, in]` (see `conv_transpose`)."""
    return conv_transpose(input, filters, output_shape, strides, padding, data_format, dilations)


def conv2d_transpose(input, filters, output_shape, strides, padding="SAME", data_format="NHWC", dilations=None,
                     name=None):
    """`tf.nn.conv2d_transpose`; filters `[h, w, out, in]` (see `conv_transpose`)."""
    return conv_transpose(input, filters, output_shape, strides, padding, data_format, dilations)


def conv3d_transpose(input, filters, output_shape, strides, padding="SAME", data_format="NDHWC", dilations=None,
                     name=None):
    """`tf.nn.conv3d_transpose`; filters `[d, h, w, out, in]` (see `conv_transpose`)."""
    return conv_transpose(input, filters, output_shape, strides, padding, data_format, dilations)


def depthwise_conv2d(input, filter, strides, padding, data_format=None, dilations=None, name=None):
    """`tf.nn.depthwise_conv2d(input, filter, strides, padding, data_format=None, dilations=None)`.

    `filter` is `[kh, kw, in, multiplier]`; output channel `c * multiplier + m` is input channel `c`
    convolved with `filter[..., c, m]`, as TF. `strides` is a list of 4 (TF requires equal H/W strides).
    """
    x, w = binary_operands(input, filter, "tf.nn.depthwise_conv2d", "input", "filter")
    kh, kw, cin, mult = w.shape
    grouped = w.reshape(kh, kw, 1, cin * mult)  # conv with groups=cin, out channel c*mult+m
    return convolution(x, grouped, strides, padding, data_format or "NHWC", dilations)


def separable_conv2d(input, depthwise_filter, pointwise_filter, strides, padding, data_format=None, dilations=None,
                     name=None):
    """`tf.nn.separable_conv2d`: `depthwise_conv2d` then a 1x1 `conv2d` with `pointwise_filter`
    `[1, 1, in * multiplier, out]`."""
    depthwise = depthwise_conv2d(input, depthwise_filter, strides, padding, data_format, dilations)
    return convolution(depthwise, pointwise_filter, 1, "VALID", data_format or "NHWC")


def pool(input, window_shape, pooling_type, strides=None, padding="VALID", data_format=None, dilations=None,
         name=None):
    """`tf.nn.pool(input, window_shape, pooling_type, strides=None, padding="VALID", ...)`: "MAX" or "AVG" over
    1-3 spatial dims; "SAME" pads max pools with -inf and averages over real entries only, as TF.

    Raises:
        ValueError: for another pooling type, or dilations with strides other than 1.
    """
    x = to_tensor(input, None, "input")
    n = len(window_shape) if not isinstance(window_shape, int) else x.dim() - 2
    channels_last = _layout(data_format, n, "tf.nn.pool")
    kind = str(pooling_type).upper()
    if kind not in ("MAX", "AVG"):
        raise ValueError(f"`pooling_type` must be 'MAX' or 'AVG'. Received: pooling_type={pooling_type!r}")
    k = _ints(window_shape, n, "window_shape", channels_last)
    s = _ints(1 if strides is None else strides, n, "strides", channels_last)
    d = _ints(1 if dilations is None else dilations, n, "dilations", channels_last)
    xc = _first(x, n, channels_last, "tf.nn.pool")
    if kind == "MAX":
        padded = _pads(xc, padding, k, s, d, channels_last, value=_lowest(x))
        if n == 1 and not padded.is_floating_point():  # torch's 1-D max pool has no integer kernel; its 2-D one has
            y = F.max_pool2d(padded.unsqueeze(2), (1, k[0]), (1, s[0]), 0, (1, d[0])).squeeze(2)
        else:
            y = _MAX_POOL[n](padded, k, s, 0, d)
    else:
        _require_float(x, "tf.nn.pool", "input")
        if any(v != 1 for v in d):
            raise ValueError(f"AVG pooling with dilations is not supported. Received: dilations={dilations!r}")
        ones = torch.ones_like(xc[:1, :1])
        summed = _AVG_POOL[n](_pads(xc, padding, k, s, d, channels_last), k, s, 0, False, True) * float(
            torch.tensor(k).prod())
        counts = _AVG_POOL[n](_pads(ones, padding, k, s, d, channels_last), k, s, 0, False, True) * float(
            torch.tensor(k).prod())
        y = summed / counts
    return _last(y, channels_last)


def max_pool1d(input, ksize, strides, padding, data_format="NWC", name=None):
    """`tf.nn.max_pool1d(input, ksize, strides, padding, data_format="NWC")`."""
    return pool(input, _ints(ksize, 1, "ksize", data_format != "NCW"), "MAX", _ints(strides, 1, "strides", True),
                padding, data_format)


def max_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None):
    """`tf.nn.max_pool3d(input, ksize, strides, padding, data_format="NDHWC")`."""
    last = data_format != "NCDHW"
    return pool(input, _ints(ksize, 3, "ksize", last), "MAX", _ints(strides, 3, "strides", last), padding,
                data_format)


def max_pool(input, ksize, strides, padding, data_format=None, name=None):
    """`tf.nn.max_pool(input, ksize, strides, padding, data_format=None)`: `max_pool1d/2d/3d` by the rank of
    `input` (3, 4 or 5), as TF 2's N-D `max_pool` dispatches.

    Raises:
        ValueError: for an input of another rank.
    """
    return _pool_nd(input, ksize, strides, padding, data_format, "MAX", "tf.nn.max_pool")


def avg_pool(input, ksize, strides, padding, data_format=None, name=None):
    """`tf.nn.avg_pool(input, ksize, strides, padding, data_format=None)`: `avg_pool1d/2d/3d` by the rank of
    `input` (3, 4 or 5), as TF 2's N-D `avg_pool` dispatches.

    Raises:
        ValueError: for an input of another rank.
    """
    return _pool_nd(input, ksize, strides, padding, data_format, "AVG", "tf.nn.avg_pool")


def _pool_nd(input, ksize, strides, padding, data_format, pooling_type, api):
    x = to_tensor(input, None, "input")
    n = x.dim() - 2
    if n not in (1, 2, 3):
        raise ValueError(f"`input` must have rank 3, 4 or 5 (1-3 spatial dimensions). "
                         f"Received: input with shape={list(x.shape)}")
    last = _layout(data_format, n, api)
    return pool(x, _ints(ksize, n, "ksize", last), pooling_type, _ints(strides, n, "strides", last), padding,
                data_format)


def avg_pool1d(input, ksize, strides, padding, data_format="NWC", name=None):
    """`tf.nn.avg_pool1d(input, ksize, strides, padding, data_format="NWC")`."""
    return pool(input, _ints(ksize, 1, "ksize", data_format != "NCW"), "AVG", _ints(strides, 1, "strides", True),
                padding, data_format)


def avg_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None):
    """`tf.nn.avg_pool3d(input, ksize, strides, padding, data_format="NDHWC")`."""
    last = data_format != "NCDHW"
    return pool(input, _ints(ksize, 3, "ksize", last), "AVG", _ints(strides, 3, "strides", last), padding,
                data_format)
