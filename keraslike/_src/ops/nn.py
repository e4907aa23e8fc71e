"""`tf.nn.*`: activations, cross-entropies, dropout, moments and distributed loss scaling.

Mirrors `tensorflow/python/ops/nn_ops.py`, `nn_impl.py` and
`nn_impl_distribute.py` (`compute_average_loss`, `scale_regularization_loss`).
Inputs are floating point tensors or array-likes; outputs keep their dtype.

Example:
    >>> tf.nn.softmax([[1., 1.]])                                   # [[0.5 0.5]]
    >>> tf.nn.sparse_softmax_cross_entropy_with_logits([0], [[0., 0.]])   # [0.6931472]
"""

import numbers

import torch
import torch.nn.functional as F

from keraslike._src.distribute.context import get_strategy
from keraslike._src.ops import dtypes, nn_experimental
from keraslike._src.ops.cached_logits import cache_logits
from keraslike._src.ops import random as _random
from keraslike._src.ops.conversion import binary_operands, normalize_axes, normalize_axis, to_tensor
from keraslike._src.ops.indexing import gather
from keraslike._src.ops.math import _require_float, clamp_as_tf
from keraslike._src.ops.softmax_cross_entropy import softmax_cross_entropy, sparse_softmax_cross_entropy
from keraslike._src.ragged.ragged_dispatch import on_flat_values, on_labels_logits
from keraslike._src.ragged import ragged_array_ops
from keraslike._src.ragged.ragged_tensor import RaggedTensor


def _float(x, op_name, arg_name="features"):
    x = to_tensor(x, None, arg_name)
    _require_float(x, op_name, arg_name)
    return x


def softmax(logits, axis=None, name=None):
    """`tf.nn.softmax(logits, axis=-1)`: `exp(x) / sum(exp(x))` along `axis`."""
    if isinstance(logits, RaggedTensor):  # TF's ragged dispatch (ragged/ragged_array_ops.py)
        return ragged_array_ops.softmax(logits, axis, softmax)
    x = _float(logits, "tf.nn.softmax", "logits")
    return cache_logits(torch.softmax(x, dim=normalize_axis(-1 if axis is None else axis, x.dim())), x)


def log_softmax(logits, axis=None, name=None):
    """`tf.nn.log_softmax(logits, axis=-1)`: `x - log(sum(exp(x)))` along `axis`."""
    x = _float(logits, "tf.nn.log_softmax", "logits")
    return torch.log_softmax(x, dim=normalize_axis(-1 if axis is None else axis, x.dim()))


def relu(features, name=None):
    """`tf.nn.relu`: `max(x, 0)` (gradient 0 at 0). Integer inputs are allowed, as in TF."""
    return torch.relu(to_tensor(features, None, "features"))


def relu6(features, name=None):
    """`tf.nn.relu6`: `min(max(x, 0), 6)`."""
    return F.relu6(_float(features, "tf.nn.relu6"))


def elu(features, name=None):
    """`tf.nn.elu`: `x` if `x > 0` else `exp(x) - 1`."""
    return F.elu(_float(features, "tf.nn.elu"))


def selu(features, name=None):
    """`tf.nn.selu`: `scale * elu(x, alpha)` with the self-normalising constants."""
    return selu_as_tf(_float(features, "tf.nn.selu"))


_SELU_ALPHA, _SELU_SCALE = 1.6732632423543772848170429916717, 1.0507009873554804934193349852946


def selu_as_tf(x):
    """SELU with TF's gradient at 0 (`scale`, the positive side; torch's kernel takes the negative side there)."""
    if not (torch.is_grad_enabled() and x.requires_grad):
        return F.selu(x)
    negative = _SELU_ALPHA * torch.expm1(torch.clamp(x, max=0))
    return _SELU_SCALE * torch.where(x >= 0, x, negative)


def relu_with_options(x, negative_slope=0.0, max_value=None, threshold=0.0):
    """Keras's `relu(x, negative_slope, max_value, threshold)` (Keras 3's and tf_keras's, built on TF ops, with
    their gradients): `leaky_relu` for a plain slope, `relu6` for `max_value=6`, else relu (or `x` above
    `threshold`, strictly) clipped to `[0, max_value]` with `tf.clip_by_value`'s gradient at the cap, minus
    `negative_slope * relu(threshold - x)`."""
    if negative_slope == 0.0 and max_value is None and threshold == 0.0:
        return F.relu(x)
    if negative_slope != 0.0 and max_value is None and threshold == 0:
        return F.leaky_relu(x, negative_slope)
    leak = F.relu(threshold - x) if negative_slope != 0.0 else None
    capped = max_value is not None
    if threshold != 0:
        out = torch.where(x > threshold, x, torch.zeros_like(x))
    elif max_value == 6:
        out, capped = F.relu6(x), False
    else:
        out = F.relu(x)
    if capped:
        out = clamp_as_tf(out, torch.zeros((), dtype=out.dtype), torch.tensor(max_value, dtype=out.dtype))
    return out - negative_slope * leak if leak is not None else out


def gelu(features, approximate=False, name=None):
    """`tf.nn.gelu(features, approximate=False)`: `x * Phi(x)`; tanh approximation if `approximate`."""
    return F.gelu(_float(features, "tf.nn.gelu"), approximate="tanh" if approximate else "none")


def leaky_relu(features, alpha=0.2, name=None):
    """`tf.nn.leaky_relu(features, alpha=0.2)`: `x` if `x > 0` else `alpha * x` (TF's default 0.2)."""
    return F.leaky_relu(_float(features, "tf.nn.leaky_relu"), negative_slope=float(alpha))


def silu(features, beta=1.0, name=None):
    """`tf.nn.silu` / `tf.nn.swish`: `x * sigmoid(beta * x)`."""
    x = _float(features, "tf.nn.silu")
    return F.silu(x) if beta == 1.0 else x * torch.sigmoid(beta * x)


swish = silu


def sigmoid(x, name=None):
    """`tf.nn.sigmoid`: `1 / (1 + exp(-x))`."""
    x = _float(x, "tf.nn.sigmoid", "x")
    return cache_logits(torch.sigmoid(x), x)


def tanh(x, name=None):
    """`tf.nn.tanh`: hyperbolic tangent."""
    return torch.tanh(_float(x, "tf.nn.tanh", "x"))


def softplus(features, name=None):
    """`tf.nn.softplus`: `log(exp(x) + 1)`."""
    return F.softplus(_float(features, "tf.nn.softplus"))


def softsign(features, name=None):
    """`tf.nn.softsign`: `x / (abs(x) + 1)`."""
    return F.softsign(_float(features, "tf.nn.softsign"))


def bias_add(value, bias, data_format=None, name=None):
    """`tf.nn.bias_add(value, bias)`: add a 1-D `bias` to the channel dimension (last, or 1 for "NC...")."""
    x = to_tensor(value, None, "value")
    b = to_tensor(bias, x.dtype, "bias", x.device)
    if b.dim() != 1:
        raise ValueError(f"Expected a 1-D `bias`. Received: bias with shape={list(b.shape)}")
    if data_format is not None and data_format.startswith("NC"):
        return x + b.reshape(-1, *([1] * (x.dim() - 2)))
    return x + b


def l2_loss(t, name=None):
    """`tf.nn.l2_loss(t)`: `sum(t ** 2) / 2`, a scalar."""
    x = _float(t, "tf.nn.l2_loss", "t")
    return torch.sum(x * x) / 2


def l2_normalize(x, axis=None, epsilon=1e-12, name=None):
    """`tf.math.l2_normalize`: `x / sqrt(max(sum(x ** 2, axis), epsilon))`."""
    x = _float(x, "tf.math.l2_normalize", "x")
    axes = normalize_axes(axis, x.dim())
    square_sum = torch.sum(x * x, dim=axes, keepdim=True)
    return x * torch.rsqrt(torch.clamp(square_sum, min=epsilon))


def embedding_lookup(params, ids, max_norm=None, name=None):
    """`tf.nn.embedding_lookup(params, ids)`: rows of `params` at integer `ids` (gather on axis 0)."""
    out = gather(params, ids)
    if max_norm is not None:
        out = out * torch.clamp(max_norm / torch.linalg.vector_norm(out, dim=-1, keepdim=True), max=1.0)
    return out


def dropout(x, rate, noise_shape=None, seed=None, name=None):
    """`tf.nn.dropout(x, rate)`: zero entries with probability `rate`, scale the rest by `1/(1-rate)`.

    The keep mask is `tf.random.uniform(noise_shape, seed=seed) >= rate`, so seeded masks are TF's.

    Args:
        x: floating point tensor.
        rate: float in `[0, 1)` (or a scalar tensor).
        noise_shape: optional shape broadcastable to `x` for the keep mask.
        seed: optional op seed (see `tf.random`).

    Raises:
        ValueError: if `rate` is outside `[0, 1)`, or `x` is not floating point.
    """
    def sampler(shape, dtype):
        return _random.uniform(shape, dtype=dtype, seed=seed)

    def dummy_rng_step():
        _random.op_seeds(seed)

    return nn_experimental.dropout_with(x, rate, noise_shape, sampler, "tf.nn.dropout", dummy_rng_step)


def softmax_cross_entropy_with_logits(labels, logits, axis=-1, name=None):
    """`tf.nn.softmax_cross_entropy_with_logits(labels, logits, axis=-1)`.

    `-sum(labels * log_softmax(logits), axis)`; gradients flow to both labels and logits (TF2).

    Returns:
        per-example losses with `axis` removed.
    """
    lg, lb = binary_operands(logits, labels, "tf.nn.softmax_cross_entropy_with_logits", "logits", "labels")
    _require_float(lg, "tf.nn.softmax_cross_entropy_with_logits", "logits")
    if lb.shape != lg.shape:
        raise ValueError(
            f"Expected `labels` and `logits` of the same shape. Received: labels.shape={list(lb.shape)}, "
            f"logits.shape={list(lg.shape)}"
        )
    return softmax_cross_entropy(lg, lb, normalize_axis(axis, lg.dim()))  # one autograd node, as TF's kernel


def sparse_softmax_cross_entropy_with_logits(labels, logits, name=None):
    """`tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits)`.

    Args:
        labels: integer class ids of shape `[d0, ..., dn-1]`, in `[0, num_classes)`.
        logits: float tensor of shape `[d0, ..., dn-1, num_classes]`.

    Returns:
        per-example losses of shape `labels.shape`, logits' dtype.

    Raises:
        InvalidArgumentError: a label outside `[0, num_classes)` (as TF; `-100` is not ignored).
    """
    lg = _float(logits, "tf.nn.sparse_softmax_cross_entropy_with_logits", "logits")
    lb = to_tensor(labels, None, "labels", lg.device)
    if lb.is_floating_point() or lb.dtype == torch.bool:
        raise TypeError(
            f"Expected integer `labels`. "
            f"Received: labels with dtype={dtypes.dtype_name(lb.dtype)}"
        )
    if tuple(lb.shape) != tuple(lg.shape[:-1]):
        raise ValueError(
            f"Expected `labels` of shape logits.shape[:-1]. Received: labels.shape={list(lb.shape)}, "
            f"logits.shape={list(lg.shape)}"
        )
    return sparse_softmax_cross_entropy(lg, lb, "SparseSoftmaxCrossEntropyWithLogits")


def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    """`tf.nn.sigmoid_cross_entropy_with_logits(labels, logits)`: element-wise, stable form
    `max(x, 0) - x * z + log(1 + exp(-|x|))`.
    """
    lg, lb = binary_operands(logits, labels, "tf.nn.sigmoid_cross_entropy_with_logits", "logits", "labels")
    _require_float(lg, "tf.nn.sigmoid_cross_entropy_with_logits", "logits")
    if lb.shape != lg.shape:
        raise ValueError(
            f"`logits` and `labels` must have the same shape. Received: labels.shape={list(lb.shape)}, "
            f"logits.shape={list(lg.shape)}"
        )
    return torch.clamp(lg, min=0) - lg * lb + torch.log1p(torch.exp(-torch.abs(lg)))


def weighted_cross_entropy_with_logits(labels, logits, pos_weight, name=None):
    """`tf.nn.weighted_cross_entropy_with_logits`: sigmoid cross-entropy with positives weighted."""
    lg = _float(logits, "tf.nn.weighted_cross_entropy_with_logits", "logits")
    z = to_tensor(labels, None, "labels").to(lg.dtype)
    log_weight = 1 + (pos_weight - 1) * z
    return (1 - z) * lg + log_weight * (torch.log1p(torch.exp(-torch.abs(lg))) + torch.clamp(-lg, min=0))


def moments(x, axes, shift=None, keepdims=False, name=None):
    """`tf.nn.moments(x, axes)`: `(mean, variance)` over `axes` (population variance).

    float16/bfloat16 inputs are computed in float32 and cast back, as in TF.
    """
    x = _float(x, "tf.nn.moments", "x")
    axes = normalize_axes(axes, x.dim())
    y = x.float() if x.dtype in (torch.float16, torch.bfloat16) else x
    mean = torch.mean(y, dim=axes, keepdim=True)
    variance = torch.mean(torch.square(y - mean.detach()), dim=axes, keepdim=True)
    if not keepdims:
        mean, variance = mean.squeeze(axes), variance.squeeze(axes)
    return mean.to(x.dtype), variance.to(x.dtype)


def _num_replicas():
    return int(get_strategy().num_replicas_in_sync)


def compute_average_loss(per_example_loss, sample_weight=None, global_batch_size=None):
    """`tf.nn.compute_average_loss`: `sum(per_example_loss * sample_weight) / global_batch_size`.

    Mirrors `tensorflow/python/ops/nn_impl_distribute.py`.

    Args:
        per_example_loss: losses of shape `[per_replica_batch, ...]` (rank >= 1).
        sample_weight: optional weights broadcastable to the losses.
        global_batch_size: optional int; default `per_replica_batch * num_replicas_in_sync`
            of the current distribution strategy.

    Returns:
        scalar loss in the losses' dtype; 0 when `global_batch_size` is 0.

    Raises:
        ValueError: for a scalar `per_example_loss` or a negative `global_batch_size`.
        TypeError: for a non-integer `global_batch_size`.
    """
    loss = to_tensor(per_example_loss, None, "per_example_loss")
    if loss.dim() == 0:
        raise ValueError(
            "Invalid value passed for `per_example_loss`. Expected a tensor with at least rank 1. "
            f"Received: per_example_loss={loss}"
        )
    dtype = loss.dtype
    if sample_weight is not None:
        w = to_tensor(sample_weight, None, "sample_weight", loss.device).to(dtype)
        if w.dim() == loss.dim() + 1 and w.shape[-1] == 1:
            w = w.squeeze(-1)
        while w.dim() < loss.dim() and w.dim() > 0:
            w = w.unsqueeze(-1)
        loss = (loss * w).to(dtype)
    if global_batch_size is None:
        global_batch_size = loss.shape[0] * _num_replicas()
    gbs = global_batch_size.item() if isinstance(global_batch_size, torch.Tensor) else global_batch_size
    if isinstance(gbs, bool) or not isinstance(gbs, numbers.Integral):
        raise TypeError(
            f"global_batch_size must be an integer. "
            f"Received: global_batch_size={global_batch_size}"
        )
    if gbs < 0:
        raise ValueError(f"global_batch_size must be non-negative. Received: global_batch_size={gbs}")
    total = torch.sum(loss)
    return total * 0 if gbs == 0 else total / gbs


def scale_regularization_loss(regularization_loss):
    """`tf.nn.scale_regularization_loss`: `sum(regularization_loss) / num_replicas_in_sync`.

    Accepts a scalar, a tensor, or a list of scalar losses (summed).
    """
    if isinstance(regularization_loss, (list, tuple)):
        parts = [to_tensor(t) for t in regularization_loss]
        total = torch.sum(torch.stack([p.reshape(()) for p in parts])) if parts else torch.tensor(0.0)
    else:
        total = torch.sum(to_tensor(regularization_loss, None, "regularization_loss"))
    return total / _num_replicas()


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """`tf.nn.batch_normalization(x, mean, variance, offset, scale, variance_epsilon)`:
    `scale * (x - mean) / sqrt(variance + variance_epsilon) + offset` (offset/scale may be None)."""
    x = _float(x, "tf.nn.batch_normalization", "x")
    inv = torch.rsqrt(to_tensor(variance, x.dtype, "variance") + variance_epsilon)
    if scale is not None:
        inv = inv * to_tensor(scale, x.dtype, "scale")
    out = (x - to_tensor(mean, x.dtype, "mean")) * inv
    return out if offset is None else out + to_tensor(offset, x.dtype, "offset")


def sufficient_statistics(x, axes, shift=None, keep_dims=None, name=None, keepdims=None):
    """`tf.nn.sufficient_statistics(x, axes, shift=None, keepdims=False)`: `(count, sum, sum of squares,
    shift)` over `axes` (sums of `x - shift` when `shift` is given, else shift is None)."""
    x = _float(x, "tf.nn.sufficient_statistics", "x")
    keep = bool(keepdims if keepdims is not None else keep_dims)
    axes = normalize_axes(axes, x.dim())
    count = torch.tensor(float(torch.tensor([x.shape[a] for a in axes]).prod()) if axes else 1.0, dtype=x.dtype)
    y = x if shift is None else x - to_tensor(shift, x.dtype, "shift")
    return (count, y.sum(dim=axes, keepdim=keep), torch.square(y).sum(dim=axes, keepdim=keep),
            None if shift is None else to_tensor(shift, x.dtype, "shift"))


def normalize_moments(counts, mean_ss, variance_ss, shift, name=None):
    """`tf.nn.normalize_moments(counts, mean_ss, variance_ss, shift)`: `(mean, variance)` from sufficient
    statistics."""
    divisor = 1.0 / to_tensor(counts, None, "counts")
    shifted_mean = to_tensor(mean_ss, None, "mean_ss") * divisor
    mean = shifted_mean if shift is None else shifted_mean + to_tensor(shift, None, "shift")
    variance = to_tensor(variance_ss, None, "variance_ss") * divisor - torch.square(shifted_mean)
    return mean, variance


def weighted_moments(x, axes, frequency_weights, keepdims=False, name=None):
    """`tf.nn.weighted_moments(x, axes, frequency_weights, keepdims=False)`: the weighted mean and variance
    over `axes` (0 where the weights sum to 0)."""
    x = _float(x, "tf.nn.weighted_moments", "x")
    w = to_tensor(frequency_weights, x.dtype, "frequency_weights")
    axes = normalize_axes(axes, x.dim())
    total = torch.sum(w.expand(torch.broadcast_shapes(w.shape, x.shape)), dim=axes, keepdim=True)
    divisor = torch.where(total == 0, torch.zeros_like(total), 1.0 / torch.where(total == 0,
                                                                              torch.ones_like(total), total))
    mean = torch.sum(w * x, dim=axes, keepdim=True) * divisor
    variance = torch.sum(w * torch.square(x - mean), dim=axes, keepdim=True) * divisor
    if not keepdims:
        mean, variance = mean.squeeze(axes), variance.squeeze(axes)
    return mean, variance


def local_response_normalization(input, depth_radius=5, bias=1, alpha=1, beta=0.5, name=None):
    """`tf.nn.local_response_normalization` (`tf.nn.lrn`) on NHWC input: `x / (bias + alpha *
    sum(x^2 over channels c-r..c+r)) ** beta`."""
    x = _float(input, "tf.nn.local_response_normalization", "input")
    if x.dim() != 4:
        raise ValueError(f"input must be 4-D (NHWC). Received: input with shape={list(x.shape)}")
    r = int(depth_radius)
    squares = F.pad(torch.square(x), (r, r))
    window = squares.unfold(-1, 2 * r + 1, 1).sum(-1)
    return x / torch.pow(bias + alpha * window, beta)


lrn = local_response_normalization


def crelu(features, name=None, axis=-1):
    """`tf.nn.crelu(features, axis=-1)`: `concat([relu(x), relu(-x)], axis)`."""
    x = _float(features, "tf.nn.crelu")
    return torch.cat([torch.relu(x), torch.relu(-x)], dim=axis)


def log_poisson_loss(targets, log_input, compute_full_loss=False, name=None):
    """`tf.nn.log_poisson_loss(targets, log_input, compute_full_loss=False)`: `exp(c) - z * c`, plus
    Stirling's `z log z - z + 0.5 log(2 pi z)` for `z > 1` with `compute_full_loss`."""
    c = _float(log_input, "tf.nn.log_poisson_loss", "log_input")
    z = to_tensor(targets, c.dtype, "targets")
    loss = torch.exp(c) - z * c
    if compute_full_loss:
        safe = torch.where(z > 1, z, torch.ones_like(z))
        stirling = safe * torch.log(safe) - safe + 0.5 * torch.log(2 * torch.pi * safe)
        loss = loss + torch.where(z > 1, stirling, torch.zeros_like(z))
    return loss


# TF's ragged dispatch: these ops run on a RaggedTensor's flat values (ragged/ragged_dispatch.py)
relu = on_flat_values(relu)
relu6 = on_flat_values(relu6)
elu = on_flat_values(elu)
selu = on_flat_values(selu)
gelu = on_flat_values(gelu)
silu = on_flat_values(silu)
leaky_relu = on_flat_values(leaky_relu)
softsign = on_flat_values(softsign)
dropout = on_flat_values(dropout)
sigmoid_cross_entropy_with_logits = on_labels_logits(sigmoid_cross_entropy_with_logits)
