"""`keras.ops.nn`: activations, convolutions, pooling, normalisation, losses and attention on torch.

Mirrors `keras/src/ops/nn.py`. Layouts are Keras's: `data_format="channels_last"` by default
(`(batch, *spatial, channels)`), conv kernels `(*kernel_size, in_channels // groups, out_channels)`,
transposed-conv kernels `(*kernel_size, out_channels, in_channels)`, depthwise kernels
`(*kernel_size, in_channels, multiplier)`; "same" padding is TF's (the odd extra row at the
bottom/right). Attention tensors are `(batch, seq, heads, head_dim)`.
"""

import math
import numbers

import torch
import torch.nn.functional as F

from keraslike._src.keras.backend import config as keras_config
from keraslike._src.distribute.strategy import get_replica_context
from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.ops import dtypes
from keraslike._src.keras.ops.tensors import convert, floatx, promote, to_float
from keraslike._src.ops import conv1d_route, masked_attention
from keraslike._src.ops.cached_logits import cache_logits, logits_for_loss
from keraslike._src.ops.conv_workarounds import pointwise_as_slice
from keraslike._src.ops.nn import selu_as_tf
from keraslike._src.ops.softmax_cross_entropy import pick_labels, softmax_cross_entropy, sparse_softmax_cross_entropy


def _probability_bounds():
    """`(epsilon, 1 - epsilon)` with `keras.config.epsilon()`, the clipping of probabilities."""
    eps = keras_config.epsilon()
    return eps, 1.0 - eps




def _name(fn, name, doc):
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return fn


# ---- activations ----------------------------------------------------------------------------------------------


def relu(x):
    """`keras.ops.relu(x)`: `max(x, 0)`; integer inputs keep their dtype."""
    x = convert(x)
    return torch.relu(x) if x.dtype != torch.bool else x


def relu6(x):
    """`keras.ops.relu6(x)`: `min(max(x, 0), 6)`."""
    x = convert(x)
    return torch.clamp(x, 0, 6)


def sigmoid(x):
    """`keras.ops.sigmoid(x)`: `1 / (1 + exp(-x))`; the output carries `x` as its logits (ops/cached_logits.py)."""
    x = to_float(x)
    return cache_logits(torch.sigmoid(x), x)


def sparse_sigmoid(x):
    """`keras.ops.sparse_sigmoid(x)`: 0 for `x <= -1`, 1 for `x >= 1`, `(x + 1) / 2` between."""
    return torch.clamp((to_float(x) + 1) / 2, 0, 1)


def softplus(x):
    """`keras.ops.softplus(x)`: `log(exp(x) + 1)`."""
    return F.softplus(to_float(x))


def softsign(x):
    """`keras.ops.softsign(x)`: `x / (|x| + 1)`."""
    return F.softsign(to_float(x))


def soft_shrink(x, threshold=0.5):
    """`keras.ops.soft_shrink(x, threshold=0.5)`: `sign(x) * max(|x| - threshold, 0)`."""
    x = to_float(x)
    return torch.where(x > threshold, x - threshold, torch.where(x < -threshold, x + threshold, torch.zeros_like(x)))


def sparse_plus(x):
    """`keras.ops.sparse_plus(x)`: 0 for `x <= -1`, `x` for `x >= 1`, `(x + 1)**2 / 4` between."""
    x = to_float(x)
    return torch.where(x <= -1, torch.zeros_like(x), torch.where(x >= 1, x, (x + 1) ** 2 / 4))


def silu(x):
    """`keras.ops.silu(x)`: `x * sigmoid(x)` (also `swish`)."""
    return F.silu(to_float(x))


swish = _name(lambda x: silu(x), "swish", "`keras.ops.swish(x)`: `x * sigmoid(x)`.")


def squareplus(x, b=4):
    """`keras.ops.squareplus(x, b=4)`: `(x + sqrt(x**2 + b)) / 2`."""
    x = to_float(x)
    return (x + torch.sqrt(x * x + b)) / 2


def log_sigmoid(x):
    """`keras.ops.log_sigmoid(x)`: `log(sigmoid(x))`, computed stably."""
    return F.logsigmoid(to_float(x))


def leaky_relu(x, negative_slope=0.2):
    """`keras.ops.leaky_relu(x, negative_slope=0.2)`: `x` if positive else `negative_slope * x`."""
    return F.leaky_relu(to_float(x), negative_slope)


def hard_sigmoid(x):
    """`keras.ops.hard_sigmoid(x)`: `relu6(x + 3) / 6`."""
    x = to_float(x)
    return torch.clamp(x + 3, 0, 6) / 6


def hard_silu(x):
    """`keras.ops.hard_silu(x)`: `x * relu6(x + 3) / 6` (also `hard_swish`)."""
    x = to_float(x)
    return x * hard_sigmoid(x)


hard_swish = _name(lambda x: hard_silu(x), "hard_swish", "`keras.ops.hard_swish(x)`: alias of `hard_silu`.")


def elu(x, alpha=1.0):
    """`keras.ops.elu(x, alpha=1.0)`: `x` if positive else `alpha * (exp(x) - 1)`."""
    return F.elu(to_float(x), alpha)


def selu(x):
    """`keras.ops.selu(x)`: scaled ELU (scale 1.0507..., alpha 1.6732...)."""
    return selu_as_tf(to_float(x))


def celu(x, alpha=1.0):
    """`keras.ops.celu(x, alpha=1.0)`: `max(0, x) + min(0, alpha * (exp(x / alpha) - 1))`."""
    return F.celu(to_float(x), alpha)


def gelu(x, approximate=True):
    """`keras.ops.gelu(x, approximate=True)`: Gaussian error linear unit (tanh approximation by default)."""
    return F.gelu(to_float(x), approximate="tanh" if approximate else "none")


def glu(x, axis=-1):
    """`keras.ops.glu(x, axis=-1)`: `a * sigmoid(b)` where `a, b` are the halves of `x` along `axis`.

    Raises:
        ValueError: if that axis has an odd length.
    """
    x = to_float(x)
    if x.shape[axis] % 2:
        raise ValueError(f"axis size must be divisible by 2. Received: x.shape={tuple(x.shape)} with axis={axis}")
    a, b = torch.chunk(x, 2, dim=axis)
    return a * torch.sigmoid(b)


def hard_tanh(x):
    """`keras.ops.hard_tanh(x)`: `clip(x, -1, 1)`."""
    return torch.clamp(to_float(x), -1, 1)


def hard_shrink(x, threshold=0.5):
    """`keras.ops.hard_shrink(x, threshold=0.5)`: `x` where `|x| > threshold`, else 0."""
    x = to_float(x)
    return torch.where(torch.abs(x) > threshold, x, torch.zeros_like(x))


def tanh_shrink(x):
    """`keras.ops.tanh_shrink(x)`: `x - tanh(x)`."""
    x = to_float(x)
    return x - torch.tanh(x)


def threshold(x, threshold, default_value):
    """`keras.ops.threshold(x, threshold, default_value)`: `x` where `x > threshold`, else `default_value`."""
    x = to_float(x)
    return torch.where(x > threshold, x, torch.full_like(x, default_value))


def _softmax_axes(x, axis):
    if axis is None:
        return tuple(range(x.dim()))
    return (axis,) if isinstance(axis, numbers.Integral) else tuple(axis)


def softmax(x, axis=-1):
    """`keras.ops.softmax(x, axis=-1)`: `exp(x) / sum(exp(x))` along `axis` (an int or a tuple)."""
    x = to_float(x)
    axes = _softmax_axes(x, axis)
    if len(axes) == 1:
        return cache_logits(torch.softmax(x, dim=axes[0]), x)
    return cache_logits(torch.exp(x - torch.logsumexp(x, dim=axes, keepdim=True)), x)


def log_softmax(x, axis=-1):
    """`keras.ops.log_softmax(x, axis=-1)`: `x - logsumexp(x)` along `axis`."""
    x = to_float(x)
    axes = _softmax_axes(x, axis)
    if len(axes) == 1:
        return torch.log_softmax(x, dim=axes[0])
    return x - torch.logsumexp(x, dim=axes, keepdim=True)


def sparsemax(x, axis=-1):
    """`keras.ops.sparsemax(x, axis=-1)`: Euclidean projection onto the simplex (sparse softmax)."""
    x = to_float(x)
    z = torch.movedim(x, axis, -1)
    srt = torch.sort(z, dim=-1, descending=True).values
    k = torch.arange(1, z.shape[-1] + 1, dtype=z.dtype, device=z.device)
    cums = torch.cumsum(srt, dim=-1)
    support = (1 + k * srt) > cums
    k_z = support.sum(dim=-1, keepdim=True).clamp(min=1)
    tau = (torch.gather(cums, -1, k_z - 1) - 1) / k_z.to(z.dtype)
    return torch.movedim(torch.clamp(z - tau, min=0), -1, axis)


# ---- one-hot --------------------------------------------------------------------------------------------------


def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    """`keras.ops.one_hot(x, num_classes, axis=-1, dtype=None, sparse=False)`: one-hot encode int labels.

    Out-of-range labels (e.g. -1) give an all-zero vector, as TF; `floatx()` by default.

    Raises:
        ValueError: for `sparse=True`.
    """
    if sparse:
        raise ValueError("`sparse=True` is not supported: keraslike tensors are dense. Received: sparse=True")
    x = convert(x).to(torch.int64)
    n = int(num_classes)
    index, valid = _valid_index(x, n)
    out = torch.zeros((*x.shape, n), dtype=floatx() if dtype is None else dtypes.to_torch_dtype(dtype),
                      device=x.device)
    out.scatter_(-1, index.unsqueeze(-1), valid.unsqueeze(-1).to(out.dtype))  # one write per position
    return torch.movedim(out, -1, axis) if axis != -1 else out


def _valid_index(x, n):
    """`(index, valid)`: `x` with out-of-range entries (which encode to all zeros) sent to 0, and where it is valid."""
    valid = (x >= 0) & (x < n)
    return torch.where(valid, x, torch.zeros_like(x)), valid


def hot_counts(x, n, dtype, weights=None, reduce="sum"):
    """Per sample (the last axis holds a sample's labels), the sum (or "amax") over its labels of their one-hot
    vectors (times `weights`): `(*x.shape[:-1], n)`, scattered without the `(..., labels, n)` one-hot tensor."""
    if dtype == torch.bool:
        return hot_counts(x, n, torch.uint8, weights, reduce).to(torch.bool)
    x = x.to(torch.int64)
    index, valid = _valid_index(x, n)
    values = valid.to(dtype) if weights is None else torch.where(valid, weights.to(dtype), 0)
    out = torch.zeros((*x.shape[:-1], n), dtype=dtype, device=x.device)
    if reduce == "amax":
        return out.scatter_reduce_(-1, index, values, reduce="amax")
    return out.scatter_add_(-1, index, values)


def multi_hot(inputs, num_classes=None, axis=-1, dtype=None, sparse=False, **kwargs):
    """`keras.ops.multi_hot(inputs, num_classes=None, axis=-1, dtype=None, sparse=False)`.

    Encodes each sample's integer labels as one vector with 1 at every present label (the last
    axis holds a sample's labels; a 1-D input is one sample).

    Raises:
        ValueError: without `num_classes`, for `sparse=True` or unknown keyword arguments.
    """
    if "num_tokens" in kwargs:
        num_classes = kwargs.pop("num_tokens")
    if kwargs:
        raise ValueError(f"Unrecognized keyword arguments: {sorted(kwargs)}")
    if num_classes is None:
        raise ValueError("Argument `num_classes` must be specified.")
    x = convert(inputs)
    squeeze = x.dim() == 1
    if squeeze:
        x = x.unsqueeze(0)
    if sparse:
        raise ValueError("`sparse=True` is not supported: keraslike tensors are dense. Received: sparse=True")
    out = hot_counts(x, int(num_classes), floatx() if dtype is None else dtypes.to_torch_dtype(dtype), reduce="amax")
    if squeeze:
        out = out[0]
    return torch.movedim(out, -1, axis) if axis != -1 else out


# ---- normalisation ------------------------------------------------------------------------------------------


def moments(x, axes, keepdims=False, synchronized=False):
    """`keras.ops.moments(x, axes, keepdims=False, synchronized=False)`: `(mean, variance)` along `axes`.

    float16/bfloat16 inputs are reduced in float32 and cast back. With `synchronized=True` and
    several replicas, the statistics are those of the global batch (a differentiable all-reduce).
    """
    x = to_float(x)
    dims = (axes,) if isinstance(axes, numbers.Integral) else tuple(axes)
    xf = x.float() if x.dtype in (torch.float16, torch.bfloat16) else x
    replica = get_replica_context() if synchronized else None  # TF: synchronized within a replica context
    if replica is not None and replica.num_replicas_in_sync > 1:
        import torch.distributed.nn.functional as dist_fn  # noqa: PLC0415 - torch's optional module

        count = torch.tensor(float(math.prod(x.shape[d] for d in dims)), dtype=xf.dtype, device=x.device)
        s = torch.sum(xf, dim=dims, keepdim=True)
        sq = torch.sum(xf * xf, dim=dims, keepdim=True)
        s, sq, count = dist_fn.all_reduce(s), dist_fn.all_reduce(sq), dist_fn.all_reduce(count)
        mean = s / count
        var = torch.clamp(sq / count - mean * mean, min=0)
        if not keepdims:
            mean, var = mean.squeeze(dims), var.squeeze(dims)
    else:
        var, mean = torch.var_mean(xf, dim=dims, keepdim=keepdims, correction=0)
    return mean.to(x.dtype), var.to(x.dtype)


def batch_normalization(x, mean, variance, axis, offset=None, scale=None, epsilon=1e-3):
    """`keras.ops.batch_normalization(x, mean, variance, axis, offset=None, scale=None, epsilon=0.001)`.

    `(x - mean) / sqrt(variance + epsilon) * scale + offset` with 1-D statistics along `axis`.
    """
    x = to_float(x)
    shape = [1] * x.dim()
    shape[axis] = x.shape[axis]

    def vec(v):
        return None if v is None else convert(v, x.dtype, x.device).reshape(shape)

    y = (x - vec(mean)) * torch.rsqrt(vec(variance) + epsilon)
    if scale is not None:
        y = y * vec(scale)
    if offset is not None:
        y = y + vec(offset)
    return y


def layer_normalization(x, gamma=None, beta=None, axis=-1, epsilon=None, **kwargs):
    """`keras.ops.layer_normalization(x, gamma=None, beta=None, axis=-1, epsilon=None)`.

    Normalises over `axis` (int or tuple) with the biased variance; `epsilon` defaults to
    `keras.config.epsilon()` (1e-7). `rms_scaling=True` (a keyword) divides by the RMS only.

    Raises:
        ValueError: for unknown keyword arguments.
    """
    rms = kwargs.pop("rms_scaling", False)
    if kwargs:
        raise ValueError(f"Unrecognized keyword arguments: {sorted(kwargs)}")
    x = to_float(x)
    eps = keras_config.epsilon() if epsilon is None else epsilon
    dims = (axis,) if isinstance(axis, numbers.Integral) else tuple(axis)
    xf = x.float() if x.dtype in (torch.float16, torch.bfloat16) else x
    if rms:
        y = xf * torch.rsqrt(torch.mean(xf * xf, dim=dims, keepdim=True) + eps)
    else:
        var, mean = torch.var_mean(xf, dim=dims, keepdim=True, correction=0)
        y = (xf - mean) * torch.rsqrt(var + eps)
    shape = [x.shape[d] if d in [a % x.dim() for a in dims] else 1 for d in range(x.dim())]
    if gamma is not None:
        y = y * convert(gamma, y.dtype, x.device).reshape(shape)
    if beta is not None and not rms:
        y = y + convert(beta, y.dtype, x.device).reshape(shape)
    return y.to(x.dtype)


def rms_normalization(x, scale=None, axis=-1, epsilon=None):
    """`keras.ops.rms_normalization(x, scale=None, axis=-1, epsilon=None)`: `x / rms(x) * scale`.

    `epsilon` defaults to `keras.config.epsilon()` (1e-7).
    """
    x = to_float(x)
    eps = keras_config.epsilon() if epsilon is None else epsilon
    dims = (axis,) if isinstance(axis, numbers.Integral) else tuple(axis)
    y = x * torch.rsqrt(torch.mean(x * x, dim=dims, keepdim=True) + eps)
    if scale is not None:
        y = y * convert(scale, x.dtype, x.device)
    return y


def normalize(x, axis=-1, order=2, epsilon=None):
    """`keras.ops.normalize(x, axis=-1, order=2, epsilon=None)`: `x / max(norm(x), epsilon)` along `axis`.

    Raises:
        ValueError: if `order` is not a positive int.
    """
    if not isinstance(order, numbers.Integral) or order < 1:
        raise ValueError(f"Argument `order` must be an int >= 1. Received: order={order}")
    x = to_float(x)
    eps = keras_config.epsilon() if epsilon is None else epsilon
    if order == 2:
        sq = torch.sum(x * x, dim=axis, keepdim=True)
        return x * torch.rsqrt(torch.clamp(sq, min=eps * eps))
    norm = torch.linalg.vector_norm(x, ord=order, dim=axis, keepdim=True)
    return x / torch.clamp(norm, min=eps)


def psnr(x1, x2, max_val):
    """`keras.ops.psnr(x1, x2, max_val)`: peak signal-to-noise ratio `20 log10(max_val) - 10 log10(mse)`.

    Raises:
        ValueError: if the shapes differ.
    """
    a, b = promote(x1, x2, extra=(float,))
    if a.shape != b.shape:
        raise ValueError(f"Input shapes must match. Received: x1.shape={tuple(a.shape)}, x2.shape={tuple(b.shape)}")
    mse = torch.mean((a - b) ** 2)
    return 20 * math.log10(max_val) - 10 * torch.log10(mse)


# ---- losses -------------------------------------------------------------------------------------------------


def binary_crossentropy(target, output, from_logits=False):
    """`keras.ops.binary_crossentropy(target, output, from_logits=False)`: element-wise BCE.

    Probabilities are clipped to `[1e-7, 1 - 1e-7]`, as Keras; a sigmoid's output is taken from its logits.
    """
    output, from_logits = logits_for_loss(output, from_logits, "sigmoid", "binary_crossentropy")
    t, o = promote(target, output, extra=(float,))
    if from_logits:
        return F.binary_cross_entropy_with_logits(o, t, reduction="none")
    o = torch.clamp(o, *_probability_bounds())
    return -(t * torch.log(o) + (1 - t) * torch.log(1 - o))


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """`keras.ops.categorical_crossentropy(target, output, from_logits=False, axis=-1)`: per-sample CCE.

    Probabilities are renormalised along `axis` and clipped to `[1e-7, 1 - 1e-7]`, as Keras; a softmax's output
    is taken from its logits.

    Raises:
        ValueError: if the shapes differ.
    """
    output, from_logits = logits_for_loss(output, from_logits, "softmax", "categorical_crossentropy")
    t, o = promote(target, output, extra=(float,))
    if t.shape != o.shape:
        raise ValueError(f"Arguments `target` and `output` must have the same shape. Received: "
                         f"target.shape={tuple(t.shape)}, output.shape={tuple(o.shape)}")
    if from_logits:
        return softmax_cross_entropy(o, t, axis)  # one autograd node, TF's fused kernel
    o = o / torch.sum(o, dim=axis, keepdim=True)
    o = torch.clamp(o, *_probability_bounds())
    return -torch.sum(t * torch.log(o), dim=axis)


def sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """`keras.ops.sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1)`: per-sample.

    A trailing length-1 axis on `target` is dropped, as Keras; a softmax's output is taken from its logits.
    """
    output, from_logits = logits_for_loss(output, from_logits, "softmax", "sparse_categorical_crossentropy")
    o = to_float(output)
    given = convert(target, device=o.device)
    t = given.to(torch.int64)
    if t.dim() == o.dim() and t.shape[-1] == 1:
        given = given.squeeze(-1)
        t = t.squeeze(-1)
    o = torch.movedim(o, axis, -1)
    if from_logits:  # one autograd node, TF's fused kernel
        return sparse_softmax_cross_entropy(o, t, "sparse_categorical_crossentropy", given=given)
    o = o / torch.sum(o, dim=-1, keepdim=True)
    logp = torch.log(torch.clamp(o, *_probability_bounds()))
    return -pick_labels(logp, t, "sparse_categorical_crossentropy", given=given)


# ---- convolution and pooling ------------------------------------------------------------------------------


_CONV = {1: conv1d_route.conv1d, 2: F.conv2d, 3: F.conv3d}
_CONV_T = {1: conv1d_route.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}
_AVG = {1: F.avg_pool1d, 2: F.avg_pool2d, 3: F.avg_pool3d}


def _data_format(data_format):
    return conv_utils.normalize_data_format(data_format)


def _tuple(value, n, name):
    return conv_utils.normalize_tuple(value, n, name)


def _padding(padding):
    padding = padding.lower() if isinstance(padding, str) else padding
    if padding not in ("valid", "same", "causal"):
        raise ValueError(f"Invalid padding. Expected 'valid' or 'same'. Received: padding={padding}")
    return padding


def conv(inputs, kernel, strides=1, padding="valid", data_format=None, dilation_rate=1):
    """`keras.ops.conv(inputs, kernel, strides=1, padding="valid", data_format=None, dilation_rate=1)`.

    N-D convolution (1, 2 or 3 spatial dims); `kernel` is `(*k, in // groups, out)` and the groups
    follow from the channel counts, as Keras.

    Raises:
        ValueError: if the channels do not divide into groups.
    """
    data_format = _data_format(data_format)
    x, k = promote(inputs, kernel, weak=False)
    n = x.dim() - 2
    x = conv_utils.to_channels_first(x, data_format)
    channels = x.shape[1]
    if channels % k.shape[-2]:
        raise ValueError(f"The number of input channels ({channels}) must be divisible by the kernel's input "
                         f"channels ({k.shape[-2]}). Received: kernel.shape={tuple(k.shape)}")
    groups = channels // k.shape[-2]
    strides, dilation = _tuple(strides, n, "strides"), _tuple(dilation_rate, n, "dilation_rate")
    ksize = tuple(k.shape[:n])
    conv_pad, spec = conv_utils.torch_padding(tuple(x.shape[2:]), ksize, strides, dilation, _padding(padding))
    weight = k.permute(n + 1, n, *range(n))
    x, strides = pointwise_as_slice(conv_utils.pad_if_needed(x, spec), ksize, strides)  # torch CPU heap bug
    y = _CONV[n](x, weight, None, strides, conv_pad, dilation, groups)
    return conv_utils.from_channels_first(y, data_format)


def depthwise_conv(inputs, kernel, strides=1, padding="valid", data_format=None, dilation_rate=1):
    """`keras.ops.depthwise_conv(...)`: each channel convolved with its own `multiplier` filters.

    `kernel` is `(*k, in_channels, multiplier)`; output channels are ordered `c * multiplier + m`.
    """
    x, k = promote(inputs, kernel, weak=False)
    *ks, cin, mult = k.shape
    return conv(x, k.reshape(*ks, 1, cin * mult), strides, padding, data_format, dilation_rate)


def separable_conv(inputs, depthwise_kernel, pointwise_kernel, strides=1, padding="valid", data_format=None,
                   dilation_rate=1):
    """`keras.ops.separable_conv(...)`: `depthwise_conv` followed by a 1x1 `conv` with `pointwise_kernel`."""
    y = depthwise_conv(inputs, depthwise_kernel, strides, padding, data_format, dilation_rate)
    return conv(y, pointwise_kernel, 1, "valid", data_format, 1)


def conv_transpose(inputs, kernel, strides=1, padding="valid", output_padding=None, data_format=None,
                   dilation_rate=1):
    """`keras.ops.conv_transpose(inputs, kernel, strides=1, padding="valid", output_padding=None,
    data_format=None, dilation_rate=1)`: the gradient of `conv`; `kernel` is `(*k, out, in)`.

    Output length per axis: "same" `size * stride`, "valid" `size * stride + max(k - stride, 0)`,
    or with `output_padding` `(size - 1) * stride + k - 2 * pad + output_padding`.
    """
    data_format = _data_format(data_format)
    x, k = promote(inputs, kernel, weak=False)
    n = x.dim() - 2
    padding = _padding(padding)
    strides, dilation = _tuple(strides, n, "strides"), _tuple(dilation_rate, n, "dilation_rate")
    out_pad = (None,) * n if output_padding is None else conv_utils.normalize_tuple(
        output_padding, n, "output_padding", allow_zero=True)
    ksize = tuple(k.shape[:n])
    x = conv_utils.to_channels_first(x, data_format)
    full = _CONV_T[n](x, k.permute(n + 1, n, *range(n)), None, strides, 0, 0, 1, dilation)
    spec = []
    for dim in reversed(range(n)):
        out = conv_utils.deconv_output_length(x.shape[2 + dim], ksize[dim], padding, strides[dim], out_pad[dim],
                                              dilation[dim])
        before = conv_utils.same_pads(out, ksize[dim], strides[dim], dilation[dim])[0] if padding == "same" else 0
        spec += [-before, out - (full.shape[2 + dim] - before)]
    y = F.pad(full, tuple(spec)) if any(spec) else full
    return conv_utils.from_channels_first(y, data_format)


def _pool(inputs, pool_size, strides, padding, data_format, mode):
    data_format = _data_format(data_format)
    x = convert(inputs) if mode == "max" else to_float(inputs)  # a max pool keeps integer dtypes, as TF's
    n = x.dim() - 2
    size = _tuple(pool_size, n, "pool_size")
    strides = size if strides is None else _tuple(strides, n, "strides")
    padding = _padding(padding)
    x = conv_utils.to_channels_first(x, data_format)
    ones = (1,) * n
    conv_pad, spec = conv_utils.torch_padding(tuple(x.shape[2:]), size, strides, ones, padding)
    if any(p > k // 2 for p, k in zip(conv_pad, size)):
        spec = tuple(v for p in reversed(conv_pad) for v in (p, p))
        conv_pad = (0,) * n
    if mode == "max":
        y = conv_utils.max_pool(x, spec, size, strides, conv_pad)
    elif spec is None:
        y = _AVG[n](x, size, strides, conv_pad, count_include_pad=False)
    else:
        y = _AVG[n](F.pad(x, spec), size, strides)
        valid = F.pad(torch.ones((1, 1, *x.shape[2:]), dtype=x.dtype, device=x.device), spec)
        y = y / _AVG[n](valid, size, strides)
    return conv_utils.from_channels_first(y, data_format)


def max_pool(inputs, pool_size, strides=None, padding="valid", data_format=None):
    """`keras.ops.max_pool(inputs, pool_size, strides=None, padding="valid", data_format=None)`."""
    return _pool(inputs, pool_size, strides, padding, data_format, "max")


def average_pool(inputs, pool_size, strides=None, padding="valid", data_format=None):
    """`keras.ops.average_pool(...)`: "same" padding averages only the real (non-padding) entries, as TF."""
    return _pool(inputs, pool_size, strides, padding, data_format, "avg")


_ADAPTIVE_AVG = {1: F.adaptive_avg_pool1d, 2: F.adaptive_avg_pool2d, 3: F.adaptive_avg_pool3d}
_ADAPTIVE_MAX = {1: F.adaptive_max_pool1d, 2: F.adaptive_max_pool2d, 3: F.adaptive_max_pool3d}


def _adaptive(inputs, output_size, data_format, table):
    data_format = _data_format(data_format)
    x = to_float(inputs)
    n = x.dim() - 2
    size = _tuple(output_size, n, "output_size")
    y = table[n](conv_utils.to_channels_first(x, data_format).contiguous(), size)
    if isinstance(y, tuple):
        y = y[0]
    return conv_utils.from_channels_first(y, data_format)


def adaptive_average_pool(inputs, output_size, data_format=None):
    """`keras.ops.adaptive_average_pool(inputs, output_size, data_format=None)`: average pooling to a size."""
    return _adaptive(inputs, output_size, data_format, _ADAPTIVE_AVG)


def adaptive_max_pool(inputs, output_size, data_format=None):
    """`keras.ops.adaptive_max_pool(inputs, output_size, data_format=None)`: max pooling to a size."""
    return _adaptive(inputs, output_size, data_format, _ADAPTIVE_MAX)


def depth_to_space(x, block_size, data_format="channels_last"):
    """`keras.ops.depth_to_space(x, block_size, data_format="channels_last")`: TF's DCR rearrangement.

    `(N, H, W, C * b * b) -> (N, H * b, W * b, C)`; channel `(i * b + j) * C + c` goes to pixel `(i, j)`.
    """
    x = convert(x)
    b = int(block_size)
    if data_format == "channels_last":
        n, h, w, c = x.shape
        y = x.reshape(n, h, w, b, b, c // (b * b)).permute(0, 1, 3, 2, 4, 5)
        return y.reshape(n, h * b, w * b, c // (b * b))
    n, c, h, w = x.shape
    y = x.reshape(n, b, b, c // (b * b), h, w).permute(0, 3, 4, 1, 5, 2)
    return y.reshape(n, c // (b * b), h * b, w * b)


def space_to_depth(x, block_size, data_format="channels_last"):
    """`keras.ops.space_to_depth(x, block_size, data_format="channels_last")`: the inverse of `depth_to_space`."""
    x = convert(x)
    b = int(block_size)
    if data_format == "channels_last":
        n, h, w, c = x.shape
        y = x.reshape(n, h // b, b, w // b, b, c).permute(0, 1, 3, 2, 4, 5)
        return y.reshape(n, h // b, w // b, c * b * b)
    n, c, h, w = x.shape
    y = x.reshape(n, c, h // b, b, w // b, b).permute(0, 3, 5, 1, 2, 4)
    return y.reshape(n, c * b * b, h // b, w // b)


def unfold(x, kernel_size, dilation=1, padding=0, stride=1):
    """`keras.ops.unfold(x, kernel_size, dilation=1, padding=0, stride=1)`: sliding patches of an NCHW
    tensor, `(N, C * kh * kw, L)` (torch's `unfold` layout, as Keras)."""
    return F.unfold(to_float(x), kernel_size, dilation, padding, stride)


def fold(x, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """`keras.ops.fold(x, output_size, kernel_size, dilation=1, padding=0, stride=1)`: sums patches back into
    `(N, C, *output_size)`; the inverse arrangement of `unfold`."""
    return F.fold(to_float(x), output_size, kernel_size, dilation, padding, stride)


# ---- CTC ----------------------------------------------------------------------------------------------------


def ctc_loss(target, output, target_length, output_length, mask_index=0):
    """`keras.ops.ctc_loss(target, output, target_length, output_length, mask_index=0)`: per-sample CTC loss.

    `output` holds logits `(batch, time, classes)` (log-softmax is applied), `target` labels
    `(batch, max_label_len)`; `mask_index` is the blank class.
    """
    logits = to_float(output)
    logp = torch.log_softmax(logits.float(), dim=-1).transpose(0, 1)  # (T, N, C)
    t = convert(target, device=logits.device).to(torch.int64)
    tl = convert(target_length, device=logits.device).to(torch.int64)
    ol = convert(output_length, device=logits.device).to(torch.int64)
    loss = F.ctc_loss(logp, t, ol, tl, blank=int(mask_index), reduction="none", zero_infinity=False)
    return loss.to(logits.dtype)


def ctc_decode(inputs, sequence_lengths, strategy="greedy", beam_width=100, top_paths=1, merge_repeated=True,
               mask_index=0):
    """`keras.ops.ctc_decode(inputs, sequence_lengths, strategy="greedy", ...)`: greedy CTC decoding.

    Returns `(decoded, log_probs)`: `decoded` is `(top_paths, batch, time)` int32 padded with -1,
    `log_probs` `(batch, top_paths)` the negative sum over the valid steps of each step's largest
    input value (TF's greedy decoder score).

    Raises:
        NotImplementedError: for `strategy="beam_search"` (use "greedy").
        ValueError: for another strategy.
    """
    if strategy == "beam_search":
        raise NotImplementedError("ctc_decode(strategy='beam_search') is not implemented in keraslike; use "
                                  "strategy='greedy'. Received: strategy='beam_search'")
    if strategy != "greedy":
        raise ValueError(f"Invalid strategy {strategy}. Supported values are 'greedy' and 'beam_search'.")
    x = to_float(inputs)
    lengths = convert(sequence_lengths, device=x.device).to(torch.int64)
    batch, time, _ = x.shape
    best = torch.argmax(x, dim=-1)
    scores = torch.amax(x, dim=-1)
    steps = torch.arange(time, device=x.device)
    valid = steps[None, :] < lengths[:, None]
    keep = valid & (best != mask_index)
    if merge_repeated:
        prev = torch.cat([torch.full((batch, 1), -1, device=x.device, dtype=best.dtype), best[:, :-1]], dim=1)
        keep = keep & (best != prev)
    decoded = torch.full((batch, time), -1, dtype=torch.int32, device=x.device)
    for b in range(batch):
        seq = best[b][keep[b]]
        decoded[b, :seq.shape[0]] = seq.to(torch.int32)
    log_probs = -torch.sum(torch.where(valid, scores, torch.zeros_like(scores)), dim=1, keepdim=True)
    return decoded.unsqueeze(0), log_probs


# ---- attention ----------------------------------------------------------------------------------------------


def dot_product_attention(query, key, value, bias=None, mask=None, scale=None, is_causal=False,
                          flash_attention=None, attn_logits_soft_cap=None):
    """`keras.ops.dot_product_attention(query, key, value, bias=None, mask=None, scale=None, is_causal=False,
    flash_attention=None, attn_logits_soft_cap=None)`: scaled dot-product attention.

    Shapes `(batch, seq, heads, head_dim)` (3-D inputs without the heads axis also work); keys and
    values may have fewer heads that divide the query heads (grouped-query attention). `mask` is
    bool, True where attention is allowed: masked logits are replaced, so a row with nothing allowed is
    uniform, as TF. `is_causal` allows key `j <= i` for query `i` (top-left aligned when the lengths differ,
    as TF). `scale` defaults to `1 / sqrt(head_dim)`; half-precision logits and softmax run in float32.
    `attn_logits_soft_cap` applies `cap * tanh(logits / cap)` before the softmax. `flash_attention=True`
    runs torch's flash kernel (CUDA only, a ValueError elsewhere; no `bias` or soft cap); None/False compute
    the product explicitly.
    """
    q, k, v = promote(query, key, value, weak=False)
    squeeze = q.dim() == 3
    if squeeze:
        q, k, v = q.unsqueeze(2), k.unsqueeze(2), v.unsqueeze(2)
    heads, kv_heads = q.shape[2], k.shape[2]
    if heads % kv_heads:
        raise ValueError(f"The number of query heads ({heads}) must be a multiple of the key heads ({kv_heads}).")
    if kv_heads != heads:
        k = k.repeat_interleave(heads // kv_heads, dim=2)
        v = v.repeat_interleave(heads // kv_heads, dim=2)
    scale = 1.0 / math.sqrt(q.shape[-1]) if scale is None else float(scale)
    allowed = None if mask is None else convert(mask, device=q.device).bool()
    if is_causal:
        tq, tk = q.shape[1], k.shape[1]
        causal = torch.ones((tq, tk), dtype=torch.bool, device=q.device).tril()  # top-left, as TF
        allowed = causal if allowed is None else allowed & causal
    if flash_attention:  # torch's flash kernel, as Keras's torch backend; same values
        if bias is not None or attn_logits_soft_cap is not None:
            raise ValueError("Flash attention takes no `bias` or `attn_logits_soft_cap`. Received: "
                             f"bias={'a tensor' if bias is not None else None}, "
                             f"attn_logits_soft_cap={attn_logits_soft_cap}")
        with masked_attention.sdpa_backends(q, True):
            out = masked_attention.attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), allowed,
                                             scale=scale).transpose(1, 2)
        return out.squeeze(2) if squeeze else out
    logits = torch.einsum("bqnh,bknh->bnqk", q, k)
    logits = logits.float() * scale if logits.dtype in (torch.float16, torch.bfloat16) else logits * scale
    if bias is not None:
        logits = logits + convert(bias, logits.dtype, logits.device)
    if attn_logits_soft_cap is not None:
        logits = attn_logits_soft_cap * torch.tanh(logits / attn_logits_soft_cap)
    if allowed is not None:
        logits = logits.masked_fill(~allowed, torch.finfo(logits.dtype).min)
    weights = torch.softmax(logits, dim=-1).to(q.dtype)
    out = torch.einsum("bnqk,bknh->bqnh", weights, v)
    return out.squeeze(2) if squeeze else out


__all__ = [
    "adaptive_average_pool",
    "adaptive_max_pool",
    "average_pool",
    "batch_normalization",
    "binary_crossentropy",
    "categorical_crossentropy",
    "celu",
    "conv",
    "conv_transpose",
    "ctc_decode",
    "ctc_loss",
    "depth_to_space",
    "depthwise_conv",
    "dot_product_attention",
    "elu",
    "fold",
    "gelu",
    "glu",
    "hard_shrink",
    "hard_sigmoid",
    "hard_silu",
    "hard_swish",
    "hard_tanh",
    "layer_normalization",
    "leaky_relu",
    "log_sigmoid",
    "log_softmax",
    "max_pool",
    "moments",
    "multi_hot",
    "normalize",
    "one_hot",
    "psnr",
    "relu",
    "relu6",
    "rms_normalization",
    "selu",
    "separable_conv",
    "sigmoid",
    "silu",
    "soft_shrink",
    "softmax",
    "softplus",
    "softsign",
    "space_to_depth",
    "sparse_categorical_crossentropy",
    "sparse_plus",
    "sparse_sigmoid",
    "sparsemax",
    "squareplus",
    "swish",
    "tanh_shrink",
    "threshold",
    "unfold",
]
