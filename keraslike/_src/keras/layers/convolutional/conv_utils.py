"""Argument normalisation and TF padding arithmetic shared by conv and pooling layers.

Mirrors `keras/src/utils/argument_validation.py` (`standardize_tuple`) and
`keras/src/ops/operation_utils.py` (output lengths). TF's 'same' padding pads
`total = max((ceil(n / s) - 1) * s + k_eff - n, 0)` along a dimension of length
`n`, with `total // 2` before and the rest after (more at the bottom/right).
"""

import math

import torch
import torch.nn.functional as F

from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.layers.input_spec import fixed_axis


def normalize_tuple(value, n, name, allow_zero=False):
    """`3` -> `(3, 3)` for n=2; a tuple/list of n ints is returned as a tuple.

    Raises:
        ValueError: if `value` is not an int or a sequence of `n` ints, or has values < 1
            (< 0 when `allow_zero`).
    """
    if isinstance(value, int) and not isinstance(value, bool):
        values = (value,) * n
    else:
        try:
            values = tuple(int(v) for v in value)
        except (TypeError, ValueError):
            values = ()
        if len(values) != n:
            raise ValueError(f"The `{name}` argument must be a tuple of {n} integers. Received: {name}={value!r}")
    low = 0 if allow_zero else 1
    if any(v < low for v in values):
        raise ValueError(
            f"The `{name}` argument must be a tuple of {n} integers >= {low}. Received: {name}={value!r}"
        )
    return values


def normalize_padding(padding):
    """'valid' or 'same' (case-insensitive); Conv1D also allows 'causal'."""
    value = str(padding).lower()
    if value not in ("valid", "same", "causal"):
        raise ValueError(
            f"The `padding` argument must be one of 'valid', 'same' (or 'causal' for Conv1D). "
            f"Received: padding={padding!r}"
        )
    return value


def normalize_data_format(data_format):
    value = keras_config.image_data_format() if data_format is None else str(data_format).lower()
    if value not in ("channels_last", "channels_first"):
        raise ValueError(
            "The `data_format` argument must be one of 'channels_first', 'channels_last'. "
            f"Received: data_format={data_format!r}"
        )
    return value


def same_pads(size, kernel, stride, dilation=1):
    """TF 'same' (before, after) padding of one spatial dimension of length `size`."""
    k_eff = (kernel - 1) * dilation + 1
    total = max((math.ceil(size / stride) - 1) * stride + k_eff - size, 0)
    return total // 2, total - total // 2


def conv_output_length(size, kernel, padding, stride, dilation=1):
    """Output length of a conv/pool along one dimension (None stays None)."""
    if size is None:
        return None
    k_eff = (kernel - 1) * dilation + 1
    if padding == "valid":
        return (size - k_eff) // stride + 1  # <= 0 when the window is larger than the input
    if padding == "causal":
        return (size - 1) // stride + 1
    return math.ceil(size / stride)


def deconv_output_length(size, kernel, padding, stride, output_padding=None, dilation=1):
    """Output length of a transposed conv (Keras's `compute_conv_transpose_output_shape`)."""
    if size is None:
        return None
    k_eff = (kernel - 1) * dilation + 1
    if output_padding is None:
        if padding == "valid":
            return size * stride + max(k_eff - stride, 0)
        return size * stride
    pad = k_eff // 2 if padding == "same" else 0
    return (size - 1) * stride + k_eff - 2 * pad + output_padding


def torch_padding(spatial, kernel, strides, dilation, padding):
    """Torch conv `padding` argument plus an optional explicit `F.pad` spec for TF 'same'.

    Args:
        spatial: tuple of input spatial sizes (channels-first order of dims).
        kernel, strides, dilation: tuples of the same length.
        padding: 'valid', 'same' or 'causal'.

    Returns:
        `(conv_padding, pad_spec)`: `conv_padding` is a tuple for the torch op;
        `pad_spec` is None or the `F.pad` tuple (last dimension first) when TF
        pads asymmetrically.
    """
    n = len(spatial)
    if padding == "valid":
        return (0,) * n, None
    if padding == "causal":
        left = (kernel[0] - 1) * dilation[0]
        return (0,), (left, 0)
    pads = [same_pads(s, k, st, d) for s, k, st, d in zip(spatial, kernel, strides, dilation)]
    if all(b == a for b, a in pads):
        return tuple(b for b, _ in pads), None
    spec = []
    for before, after in reversed(pads):
        spec += [before, after]
    return (0,) * n, tuple(spec)


def pad_if_needed(x, pad_spec, value=0.0):
    return x if pad_spec is None else F.pad(x, pad_spec, value=value)


_TORCH_MAX_POOL = {1: F.max_pool1d, 2: F.max_pool2d, 3: F.max_pool3d}


def max_pool(x, pad_spec, size, strides, conv_pad):
    """Max pool of a channels-first `(N, C, *spatial)` tensor, explicit `pad_spec` padding never winning (-inf, or
    an integer dtype's minimum: integer inputs keep their dtype, as TF's); torch's 1-D kernel has no integer
    version, so integer 1-D pools run as 2-D ones over a unit axis."""
    lowest = float("-inf") if x.is_floating_point() else torch.iinfo(x.dtype).min
    x = pad_if_needed(x, pad_spec, value=lowest)
    if x.dim() == 3 and not x.is_floating_point():
        return F.max_pool2d(x.unsqueeze(2), (1, size[0]), (1, strides[0]), (0, conv_pad[0])).squeeze(2)
    return _TORCH_MAX_POOL[x.dim() - 2](x, size, strides, conv_pad)


def to_channels_first(x, data_format):
    """`(N, *spatial, C)` -> `(N, C, *spatial)` as a view (channels_last memory format for 4D/5D)."""
    if data_format == "channels_first":
        return x
    return x.movedim(-1, 1)


def from_channels_first(x, data_format):
    if data_format == "channels_first":
        return x
    return x.movedim(1, -1)


def check_input_rank(layer, input_shape, rank):
    """A conv/pool layer of spatial `rank` takes `(batch, *spatial, channels)`: exactly `rank + 2` dims.

    Raises:
        ValueError: Keras's "incompatible with the layer" error (torch would treat a 3-D input to a 2-D
            layer as one unbatched image and a 5-D one not at all).
    """
    if input_shape is None or len(input_shape) == rank + 2:
        return
    bound = "min_ndim" if len(input_shape) < rank + 2 else "ndim"
    raise ValueError(f"Input 0 of layer '{layer.name}' is incompatible with the layer: expected {bound}={rank + 2}, "
                     f"found ndim={len(input_shape)}. Received: input_shape={tuple(input_shape)}")


def fix_channels(layer, input_shape, rank):
    """After build: inputs must keep rank `rank + 2` and the channel count the kernel was made for."""
    axis = -1 if layer.data_format == "channels_last" else 1
    spec = fixed_axis(input_shape, axis, min_ndim=rank + 2)
    spec.max_ndim = rank + 2
    layer.input_spec = spec


def check_output_size(layer, input_shape, output_shape, window, window_name="kernel shape"):
    """Raise Keras's error when a known output dimension of a conv/pool would be zero or negative."""
    spatial = output_shape[1:-1] if layer.data_format == "channels_last" else output_shape[2:]
    if any(d is not None and d <= 0 for d in spatial):
        raise ValueError(
            f"Computed output size would be zero or negative. Received `inputs shape={tuple(input_shape)}`, "
            f"`{window_name}={tuple(window)}`, `dilation_rate={tuple(getattr(layer, 'dilation_rate', ()))}`, "
            f"`strides={tuple(layer.strides)}`, `padding={layer.padding}`. Received: layer={layer.name!r}")


# Keras 3's config key order of the depthwise and separable convolutions (printing a config shows it)
SEPARABLE_CONFIG_ORDER = (
    "name", "trainable", "dtype", "depth_multiplier", "filters", "kernel_size", "strides", "padding", "data_format",
    "dilation_rate", "activation", "use_bias", "depthwise_initializer", "pointwise_initializer", "bias_initializer",
    "depthwise_regularizer", "pointwise_regularizer", "bias_regularizer", "activity_regularizer",
    "depthwise_constraint", "pointwise_constraint", "bias_constraint")
