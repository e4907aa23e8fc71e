"""`BatchNormalization` (keras/src/layers/normalization/batch_normalization.py).

Training (`training=True` and the layer trainable): normalise with the batch
statistics and update `moving_* = moving_* * momentum + batch_stat * (1 - momentum)`
with the biased batch variance (Keras's rule; torch's `momentum` would be
`1 - momentum` and torch tracks the unbiased variance). Under `TF_USE_LEGACY_KERAS=1` a rank 4/5 input
normalised over its first or last feature axis moves the moving variance towards the unbiased batch variance,
as tf_keras's fused kernel does (`fused=False` keeps the biased rule). Inference: normalise
with the moving statistics. The fused `torch.nn.functional.batch_norm` does
the work on a channels-first view of the input (no copy for NHWC images); its
batch statistics come back through scratch buffers, so no host sync happens.

With several replicas (one process each), `synchronized=True` normalises with
the statistics of the global batch (torch SyncBatchNorm semantics, gradients
flow through the all-reduce), so every replica keeps the same moving statistics.
Without it (the default) each replica normalises with its own batch and updates
its OWN moving statistics from it, as TF 2.21 does: `evaluate`/`predict` use each
replica's statistics for its rows, and a read outside the steps (`get_weights`,
`save`) gives replica 0's (Keras 3), or the replicas' mean under
`TF_USE_LEGACY_KERAS=1` (Keras 2); see `distribute/replica_local.py`.
"""

import warnings

import torch
import torch.nn.functional as F

from keraslike._src.distribute import replica_local
from keraslike._src.distribute.strategy import get_replica_context
from keraslike._src.keras import initializers, keras_version
from keraslike._src.keras.layers.input_spec import fixed_axis
from keraslike._src.keras.layers.layer import Layer, weight_options_config

# torch 2.14 marks its autograd-aware all_reduce deprecated in favour of a private module; it is still the
# public, differentiable collective SyncBatchNorm semantics need, so keep users' logs free of the notice.
warnings.filterwarnings("ignore", message=r"torch\.distributed\.nn\.functional\.all_reduce is deprecated",
                        category=FutureWarning)


class BatchNormalization(Layer):
    """Normalise activations with batch statistics while training, moving statistics otherwise.

    Args:
        axis: int, the features axis, default -1 (channels_last).
        momentum: float, default 0.99, for the moving averages.
        epsilon: float, default 1e-3, added to the variance.
        center: bool, default True: learn `beta`. scale: bool, default True: learn `gamma`.
        beta_initializer / gamma_initializer: default "zeros" / "ones".
        moving_mean_initializer / moving_variance_initializer: default "zeros" / "ones".
        beta_regularizer, gamma_regularizer, beta_constraint, gamma_constraint: optional.
        synchronized: bool, default False: with several replicas, normalise with the global batch's statistics
            (SyncBatchNorm). False: each replica uses its own batch and keeps its own moving statistics
            (TF 2.21); `get_weights`/`save` after `fit`/`evaluate`/`predict` give replica 0's, or under
            `TF_USE_LEGACY_KERAS=1` the replicas' mean (Keras 2).
        renorm: bool, default False: batch renormalization (training output corrected towards the moving
            statistics by `r`, `d`; adds the non-trainable weights moving_stddev, renorm_mean, renorm_stddev).
        renorm_clipping: dict with optional "rmin", "rmax", "dmax" bounding `r` and `d` (renorm only).
        renorm_momentum: float, default 0.99: momentum of renorm_mean / renorm_stddev.

    Call args: `inputs`, `training` (bool; a non-trainable layer always runs in inference mode,
        as Keras), `mask` (ignored).

    Input/Output shape: unchanged.
    Weights (Keras order): gamma `(C,)`, beta `(C,)`, moving_mean `(C,)`, moving_variance `(C,)`,
        the last two non-trainable.

    Raises:
        ValueError: if the features axis is undefined, or for bad `renorm_clipping` keys or bounds.
    """

    supports_masking = True

    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True, beta_initializer="zeros",
                 gamma_initializer="ones", moving_mean_initializer="zeros", moving_variance_initializer="ones",
                 beta_regularizer=None, gamma_regularizer=None, beta_constraint=None, gamma_constraint=None,
                 renorm=False, renorm_clipping=None, renorm_momentum=0.99, synchronized=False, **kwargs):
        # tf_keras's `fused` (None: fused where it can be); Keras 3 has no such argument and refuses it
        fused = kwargs.pop("fused", None) if keras_version.legacy_keras() else None
        super().__init__(**kwargs)
        if keras_version.legacy_keras():  # Keras 3 layers have no `fused` attribute
            self.fused = fused
        renorm_clipping = dict(renorm_clipping or {}) if renorm else renorm_clipping
        if renorm:
            unknown = set(renorm_clipping) - {"rmax", "rmin", "dmax"}
            if unknown:
                raise ValueError(f"Received invalid keys for `renorm_clipping` argument: {renorm_clipping}. "
                                 "Supported values: ['rmax', 'rmin', 'dmax'].")
            rmin, rmax, dmax = (renorm_clipping.get(k) for k in ("rmin", "rmax", "dmax"))
            if rmin is not None and rmax is not None and rmax < rmin:
                raise ValueError("rmax should be greater than rmin in the `renorm_clipping` argument. "
                                 f"Received: rmax={rmax}, rmin={rmin}")
            if dmax is not None and dmax < 0:
                raise ValueError(f"dmax should be non-negative in the `renorm_clipping` argument. Received: "
                                 f"dmax={dmax}")
        self.renorm = bool(renorm)
        self.renorm_clipping = renorm_clipping
        self.renorm_momentum = float(renorm_momentum)
        if fused:
            _check_fused(axis, self.renorm)
        self.axis = _one_axis(axis)
        self._config_axis = list(axis) if isinstance(axis, (list, tuple)) else self.axis  # tf_keras keeps a list
        self.momentum = float(momentum)
        self.epsilon = float(epsilon)
        self.center = center
        self.scale = scale
        self.synchronized = synchronized
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.moving_mean_initializer = initializers.get(moving_mean_initializer)
        self.moving_variance_initializer = initializers.get(moving_variance_initializer)
        self._regularizers = (gamma_regularizer, beta_regularizer)
        self._constraints = (gamma_constraint, beta_constraint)

    def build(self, input_shape):
        if keras_version.legacy_keras():
            fused = getattr(self, "fused", None)
            if fused is not False:
                self.fused = _fused_fits(fused, self.axis, input_shape, self.renorm)
            self._config_axis = [self.axis % len(input_shape)]  # tf_keras's config of a built layer: [3]
        dim = input_shape[self.axis]
        if dim is None:
            raise ValueError(
                f"Axis {self.axis} of the input to BatchNormalization should have a defined dimension. "
                f"Received: input_shape={input_shape}"
            )
        self._ndim = len(input_shape)
        self.input_spec = fixed_axis(input_shape, self.axis, ndim=len(input_shape))
        shape = (int(dim),)
        # autocast=False (as Keras): under a mixed policy the statistics stay float32 (torch's mixed batch_norm)
        self.gamma = self.add_weight("gamma", shape, self.gamma_initializer, regularizer=self._regularizers[0],
                                     constraint=self._constraints[0], autocast=False) if self.scale else None
        self.beta = self.add_weight("beta", shape, self.beta_initializer, regularizer=self._regularizers[1],
                                    constraint=self._constraints[1], autocast=False) if self.center else None
        self.moving_mean = self.add_weight("moving_mean", shape, self.moving_mean_initializer, trainable=False,
                                           autocast=False)
        self.moving_variance = self.add_weight("moving_variance", shape, self.moving_variance_initializer,
                                               trainable=False, autocast=False)
        if not self.synchronized:  # each replica's own statistics (synchronized ones are equal everywhere)
            replica_local.mark(self.moving_mean)
            replica_local.mark(self.moving_variance)
        if self.renorm:  # Keras 3 tracks standard deviations for renorm, initialised as sqrt(variance init)
            self.moving_stddev = self.add_weight("moving_stddev", shape, "ones", trainable=False)
            self.renorm_mean = self.add_weight("renorm_mean", shape, self.moving_mean_initializer, trainable=False)
            self.renorm_stddev = self.add_weight("renorm_stddev", shape, "ones", trainable=False)
            if not self.synchronized:
                for var in (self.moving_stddev, self.renorm_mean, self.renorm_stddev):
                    replica_local.mark(var)
            with torch.no_grad():
                self.moving_stddev.copy_(self.moving_variance.sqrt())
                self.renorm_stddev.copy_(self.moving_variance.sqrt())
        self.built = True

    def call(self, inputs, training=None, mask=None):
        x = inputs.movedim(self.axis % inputs.dim(), 1) if inputs.dim() > 2 else inputs  # (N, C, ...)
        if not (training and self.trainable):
            y = F.batch_norm(x, self.moving_mean, self.moving_variance, self.gamma, self.beta, False, 0.0,
                             self.epsilon)
            return y.movedim(1, self.axis % inputs.dim()) if inputs.dim() > 2 else y
        replica = get_replica_context()  # a step's (fit, `strategy.run`); TF syncs only in replica context
        replicas = replica.num_replicas_in_sync if replica is not None else 1
        if self.renorm:
            y = self._renorm_train(x, replica, replicas)
            return y.movedim(1, self.axis % inputs.dim()) if inputs.dim() > 2 else y
        if self.synchronized and replicas > 1:
            y, mean, var = _sync_batch_norm(x, self.gamma, self.beta, self.epsilon)
        else:
            y, mean, var = _local_batch_norm(x, self.gamma, self.beta, self.epsilon)
        if self._keras2_fused(inputs):  # tf_keras's fused kernel moves towards the UNBIASED batch variance
            n = x.numel() // max(x.shape[1], 1)
            var = var * (n / max(n - 1, 1))
        with torch.no_grad():
            self.moving_mean.mul_(self.momentum).add_(mean.to(self.moving_mean.dtype), alpha=1 - self.momentum)
            self.moving_variance.mul_(self.momentum).add_(var.to(self.moving_variance.dtype),
                                                          alpha=1 - self.momentum)
        return y.movedim(1, self.axis % inputs.dim()) if inputs.dim() > 2 else y

    def _keras2_fused(self, inputs):
        """Whether tf_keras would run this training call with its fused kernel: Keras 2 (`TF_USE_LEGACY_KERAS=1`),
        `fused` not False, a rank 4 or 5 input normalised over its first or last feature axis, no renorm (the
        synchronized and renorm paths never reach here)."""
        if not keras_version.legacy_keras() or getattr(self, "fused", None) is False or inputs.dim() not in (4, 5):
            return False
        return self.axis % inputs.dim() in (1, inputs.dim() - 1)

    def _renorm_train(self, x, replica, replicas):
        """Batch renormalization (Ioffe 2017, Keras 3's rule): `(x_hat * r + d) * gamma + beta` with
        `r = clip(batch_std / renorm_std)`, `d = clip((batch_mean - renorm_mean) / renorm_std)` held constant
        for the gradient; then renorm and moving statistics move towards the batch ones."""
        dims = [d for d in range(x.dim()) if d != 1]
        with torch.no_grad():
            if self.synchronized and replicas > 1:  # the global batch's moments (else this replica's own, as TF)
                xf = x.float()
                count = torch.full((1,), float(x.numel() // x.shape[1]), device=x.device)
                stats = replica.all_reduce("SUM", torch.cat([xf.sum(dim=dims), (xf * xf).sum(dim=dims), count]))
                channels = x.shape[1]
                mean = stats[:channels] / stats[-1]
                var = (stats[channels:2 * channels] / stats[-1] - mean * mean).clamp(min=0.0)
            else:
                var, mean = torch.var_mean(x.float(), dim=dims, correction=0)
            std = torch.sqrt(var + self.epsilon)
            renorm_std = torch.clamp(self.renorm_stddev, min=self.epsilon ** 0.5)
            r = std / renorm_std
            d = (mean - self.renorm_mean) / renorm_std
            clip = self.renorm_clipping
            if clip.get("rmin") is not None:
                r = r.clamp(min=clip["rmin"])
            if clip.get("rmax") is not None:
                r = r.clamp(max=clip["rmax"])
            if clip.get("dmax") is not None:
                d = d.clamp(-clip["dmax"], clip["dmax"])
        gamma = r * self.gamma if self.gamma is not None else r
        beta = d * self.gamma if self.gamma is not None else d
        beta = beta + self.beta if self.beta is not None else beta
        if self.synchronized and replicas > 1:
            y, _, _ = _sync_batch_norm(x, gamma, beta, self.epsilon)
        else:
            y, _, _ = _local_batch_norm(x, gamma.to(x.dtype), beta.to(x.dtype), self.epsilon)
        with torch.no_grad():
            rm = self.renorm_momentum
            self.renorm_mean.mul_(rm).add_(mean, alpha=1 - rm)
            self.renorm_stddev.mul_(rm).add_(std, alpha=1 - rm)
            self.moving_mean.mul_(self.momentum).add_(mean, alpha=1 - self.momentum)
            self.moving_stddev.mul_(self.momentum).add_(std, alpha=1 - self.momentum)
            self.moving_variance.copy_(torch.relu(self.moving_stddev * self.moving_stddev - self.epsilon))
        return y

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    @classmethod
    def from_config(cls, config):
        """The layer of `config`; a tf_keras config's one-axis list (`"axis": [3]`, as tf_keras writes a built
        layer) is read as that axis, so tf_keras's `.h5` files and JSON load under Keras 3 too."""
        axis = config.get("axis")
        if isinstance(axis, list) and len(axis) == 1 and not keras_version.legacy_keras():
            config = {**config, "axis": axis[0]}
        return super().from_config(config)

    def get_config(self):
        extra = {"synchronized": self.synchronized, "renorm": self.renorm, "renorm_clipping": self.renorm_clipping,
                 "renorm_momentum": self.renorm_momentum}
        if keras_version.legacy_keras() and not self.renorm and not self.synchronized:
            extra = {}  # tf_keras writes these only when set
        return {
            **super().get_config(), "axis": self._config_axis, "momentum": self.momentum, "epsilon": self.epsilon,
            "center": self.center, "scale": self.scale,
            "beta_initializer": initializers.serialize(self.beta_initializer),
            "gamma_initializer": initializers.serialize(self.gamma_initializer),
            "moving_mean_initializer": initializers.serialize(self.moving_mean_initializer),
            "moving_variance_initializer": initializers.serialize(self.moving_variance_initializer),
            **weight_options_config(beta_regularizer=self._regularizers[1], gamma_regularizer=self._regularizers[0],
                                    beta_constraint=self._constraints[1], gamma_constraint=self._constraints[0]),
            **extra,
        }


def _local_batch_norm(x, gamma, beta, eps):
    """Normalise channels-first `x` with its batch statistics; returns (y, mean, biased variance)."""
    channels = x.shape[1]
    n = x.numel() // max(channels, 1)
    if n > 1:
        dtype = x.dtype if x.dtype in (torch.float32, torch.float64) else torch.float32
        mean = torch.zeros(channels, dtype=dtype, device=x.device)
        var = torch.ones(channels, dtype=dtype, device=x.device)
        # momentum=1 makes torch write the batch mean and UNBIASED variance into the scratch buffers.
        y = F.batch_norm(x, mean, var, gamma, beta, True, 1.0, eps)
        return y, mean, var * ((n - 1) / n)
    dims = [d for d in range(x.dim()) if d != 1]
    var, mean = torch.var_mean(x.float(), dim=dims, correction=0)
    return _affine(x, mean, var, gamma, beta, eps), mean.detach(), var.detach()


def _sync_batch_norm(x, gamma, beta, eps):
    """Batch norm with statistics of the global batch across replicas (differentiable all-reduce)."""
    import torch.distributed.nn.functional as dist_fn  # optional: torch builds without distributed lack it

    dims = [d for d in range(x.dim()) if d != 1]
    xf = x.float()
    count = torch.full((1,), float(x.numel() // x.shape[1]), device=x.device)
    stats = torch.cat([xf.sum(dim=dims), (xf * xf).sum(dim=dims), count])
    stats = dist_fn.all_reduce(stats)
    channels = x.shape[1]
    total = stats[-1]
    mean = stats[:channels] / total
    var = (stats[channels:2 * channels] / total - mean * mean).clamp(min=0.0)
    return _affine(x, mean, var, gamma, beta, eps), mean.detach(), var.detach()


def _affine(x, mean, var, gamma, beta, eps):
    shape = [1, -1] + [1] * (x.dim() - 2)
    y = (x - mean.view(shape).to(x.dtype)) * torch.rsqrt(var.view(shape) + eps).to(x.dtype)
    if gamma is not None:
        y = y * gamma.view(shape)
    if beta is not None:
        y = y + beta.view(shape)
    return y


def _one_axis(axis):
    """The one feature axis: an int; tf_keras also takes a list of one axis. Keras 3 refuses a list (TypeError),
    and a list of several axes (tf_keras normalises over all of them) raises instead of using only the first."""
    if not isinstance(axis, (list, tuple)):
        return int(axis)
    if not keras_version.legacy_keras():
        raise TypeError(f"Expected `axis` to be an int: Keras 3's BatchNormalization normalises one axis. "
                        f"Received: axis={axis}")
    if len(axis) != 1:
        raise ValueError("keraslike's BatchNormalization normalises one feature axis; tf_keras's statistics shared "
                         f"over several axes are not supported. Received: axis={axis}")
    return int(axis[0])


_FUSED_AXES = (-4, -3, -1, 1, 3, 4)  # tf_keras's axes that can be 1 or the last of a 4D or 5D input


def _check_fused(axis, renorm):
    """tf_keras's checks of `fused=True` when the layer is made (`TF_USE_LEGACY_KERAS=1`)."""
    if renorm:
        raise ValueError(f"Passing both `fused=True` and `renorm=True` is not supported. Received: renorm={renorm}")
    axes = list(axis) if isinstance(axis, (list, tuple)) else [axis]
    if len(axes) != 1 or axes[0] not in _FUSED_AXES:
        raise ValueError("Passing `fused=True` is only supported when axis is 1 or 3 for input rank = 4 or 1 or 4 "
                         f"for input rank = 5. Received: axis={axis}")


def _fused_fits(fused, axis, input_shape, renorm):
    """tf_keras's `fused` once the input is known: True or False for None (whether its fused kernel can run),
    and for `fused=True` its errors on an input the fused kernel cannot take."""
    rank = len(input_shape)
    fits = rank in (4, 5) and axis % rank in (1, rank - 1)
    if not fused:
        return fits and not renorm
    if rank not in (4, 5):
        raise ValueError("Batch normalization layers with `fused=True` only support 4D or 5D input tensors. "
                         f"Received tensor with shape: {tuple(input_shape)}")
    if not fits:
        raise ValueError("Unsupported axis. The use of `fused=True` is only possible with `axis=1` or "
                         f"`axis={rank - 1}` for {rank}D input tensors. Received: axis={(axis % rank,)}")
    return True
