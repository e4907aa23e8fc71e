"""`keras.losses.Loss` and reductions (keras/src/losses/loss.py)."""

import contextlib
import functools
import threading

import numpy as np
import torch

from keraslike._src.distribute import context as distribute_context
from keraslike._src.errors import InvalidArgumentError
from keraslike._src.keras import backend, keras_version
from keraslike._src.keras.backend.naming import to_snake_case
from keraslike._src.keras.saving import object_registration
from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import check_broadcastable

_REDUCTIONS = ("sum_over_batch_size", "sum", "none", "mean", "mean_with_sample_weight")
_COUNTS = threading.local()  # .sum: how a data-dependent average totals its counts (None: locally)
_BUILTIN = threading.local()  # .calls: > 0 while a built-in step (compile's loss) calls a loss, which it scales itself
_SCALED_REDUCTIONS = ("sum_over_batch_size", "mean", "mean_with_sample_weight")


class Reduction:
    """TF's `tf.keras.losses.Reduction` names."""

    AUTO = "sum_over_batch_size"
    NONE = "none"
    SUM = "sum"
    SUM_OVER_BATCH_SIZE = "sum_over_batch_size"

    @classmethod
    def all(cls):
        return (cls.AUTO, cls.NONE, cls.SUM, cls.SUM_OVER_BATCH_SIZE)


def standardize_reduction(reduction):
    if reduction in (None, "auto"):
        return "none" if reduction is None else "sum_over_batch_size"
    if reduction not in _REDUCTIONS:
        raise ValueError(f"Invalid value for argument `reduction`. Expected one of {_REDUCTIONS}. "
                         f"Received: reduction={reduction!r}")
    return reduction


def squeeze_or_expand_to_same_rank(x1, x2, expand_rank_1=True):
    """Make ranks equal when they differ by a trailing axis of size 1 (Keras's rule).

    A rank-1 tensor is expanded to `(n, 1)` rather than the other squeezed, so
    per-sample losses keep their batch axis.
    """
    r1, r2 = x1.dim(), x2.dim()
    if r1 == r2 + 1 and x1.shape[-1] == 1:
        return (x1, x2.unsqueeze(-1)) if r2 == 1 and expand_rank_1 else (x1.squeeze(-1), x2)
    if r2 == r1 + 1 and x2.shape[-1] == 1:
        return (x1.unsqueeze(-1), x2) if r1 == 1 and expand_rank_1 else (x1, x2.squeeze(-1))
    return x1, x2


def check_pair(y_true, y_pred):
    """`check_broadcastable` for a loss's `y_true`/`y_pred` (Keras does not adjust their ranks in this loss)."""
    if y_true.shape != y_pred.shape:
        check_broadcastable(y_true.shape, y_pred.shape,
                            received=f"y_true.shape={tuple(y_true.shape)}, y_pred.shape={tuple(y_pred.shape)}")


def apply_mask(sample_weight, mask, dtype, reduction):
    """Fold a Keras mask on the predictions into the sample weights, as Keras 3.

    For the averaging reductions a kept entry weighs `entries / kept` (0 when nothing is kept) and a masked one
    0, so the default reduction averages over the kept entries only; otherwise (and for metrics, which pass
    "sum") the mask is a 0/1 weight.

    Raises:
        InvalidArgumentError (a ValueError): `sample_weight` does not broadcast to the mask's shape (one
            weight per sequence given as `(batch,)` for a `(batch, steps)` mask), as TF.
    """
    if mask is None:
        return sample_weight
    mask = torch.as_tensor(mask).to(torch.bool)
    if reduction in ("mean", "sum_over_batch_size"):
        counts = torch.stack([mask.sum().to(dtype), torch.tensor(float(mask.numel()), dtype=dtype, device=mask.device)])
        total = getattr(_COUNTS, "sum", None)
        if total is not None:  # fit's step under N replicas: the global batch's counts
            counts = total(counts)
        kept, entries = counts[0], counts[1]
        zero = torch.zeros((), dtype=dtype, device=mask.device)
        float_mask = torch.where(mask, torch.where(kept > 0, entries / kept.clamp_min(1), zero), zero)
    else:
        float_mask = mask.to(dtype)
    if sample_weight is None:
        return float_mask
    sample_weight = torch.as_tensor(sample_weight, dtype=dtype, device=float_mask.device)
    float_mask, sample_weight = squeeze_or_expand_to_same_rank(float_mask, sample_weight)
    check_broadcastable(sample_weight.shape, float_mask.shape, received=(
        f"sample_weight.shape={tuple(sample_weight.shape)}, mask.shape={tuple(mask.shape)} (the Keras mask of "
        f"y_pred; give sequence outputs one weight per step, or `(batch, 1)` for one per sequence)"))
    return sample_weight * float_mask


@contextlib.contextmanager
def counts_totalled_by(total):
    """Within this context, the averages whose denominator depends on the data total it with `total(counts)`.

    `counts` is one call's `[kept entries, entries]` (a Keras mask's averaging reductions) or `[sum of weights,
    entries]` (`"mean_with_sample_weight"`); `total` returns their sums over the global batch (fit's built-in
    steps under N replicas pass an all-reduce). A kept entry then weighs `global entries / global kept` (and
    the weighted mean divides by this replica's entries' share of the global weight), so each replica's loss
    times its share of the global batch (the replica scaling) sums to the one-device loss on the global
    batch. Every replica must make the same calls (one per such average).
    """
    previous = getattr(_COUNTS, "sum", None)
    _COUNTS.sum = total
    try:
        yield
    finally:
        _COUNTS.sum = previous


def combined_mask(y_pred_mask, values):
    """The mask a loss applies: the predictions' Keras mask AND the one its per-entry values carry (Keras)."""
    out_mask = getattr(values, "_keras_mask", None)
    if y_pred_mask is None or out_mask is None:
        return out_mask if y_pred_mask is None else y_pred_mask
    return y_pred_mask.to(torch.bool) & out_mask.to(torch.bool)


def reduce_weighted_values(values, sample_weight=None, reduction="sum_over_batch_size", mask=None):
    """Apply `mask` (a Keras mask, see `apply_mask`) and `sample_weight`, then reduce per Keras: sum / number
    of elements for the default."""
    sample_weight = apply_mask(sample_weight, mask, values.dtype, reduction)
    if sample_weight is not None:
        sample_weight = torch.as_tensor(sample_weight, dtype=values.dtype, device=values.device)
        while sample_weight.dim() > values.dim() and sample_weight.shape[-1] == 1:
            sample_weight = sample_weight.squeeze(-1)
        while sample_weight.dim() < values.dim():
            sample_weight = sample_weight.unsqueeze(-1)
        if values.dim() and sample_weight.shape != values.shape:  # a loss with one value per batch (dice) broadcasts
            _check_sample_weight(sample_weight, values)
        values = values * sample_weight
    if reduction == "none":
        return values
    if sample_weight is None and reduction in ("sum_over_batch_size", "mean"):
        return values.mean()
    total = values.sum()
    if reduction == "sum":
        return total
    if reduction == "mean_with_sample_weight" and sample_weight is not None:
        weights = sample_weight.expand_as(values).sum()
        across = getattr(_COUNTS, "sum", None)
        if across is None:
            return total / weights
        entries = torch.tensor(float(values.numel()), dtype=weights.dtype, device=weights.device)
        global_weights, global_entries = across(torch.stack([weights.detach(), entries]))
        return total / (global_weights * entries / global_entries)  # this replica's rows' share of the weight
    return total / max(values.numel(), 1)


@contextlib.contextmanager
def builtin_loss_calls():
    """Within this context the losses called are compile's, inside a built-in step that scales the total for the
    replicas itself (`compile_utils.scale_for_replicas`): `scale_for_distribution` leaves them as they are."""
    _BUILTIN.calls = getattr(_BUILTIN, "calls", 0) + 1
    try:
        yield
    finally:
        _BUILTIN.calls -= 1


def scale_for_distribution(loss, values_shape, reduction):
    """A loss object's average (of per-entry values of shape `values_shape`) called by user code under a strategy
    of N > 1 replicas: `loss / N`, as Keras 3 on TF's backend divides it (`tf.distribute.get_strategy()` in a
    scope or in `strategy.run`), so that a custom loop whose `apply_gradients` SUMs the replicas' gradients
    makes the one-device update. The "sum" and "none" reductions, values already scalar and compile's losses
    inside built-in steps keep `loss`.

    Raises:
        ValueError: under Keras 2 (`TF_USE_LEGACY_KERAS=1`), whose losses do not scale, the default reduction
            inside any strategy's scope or `strategy.run` (outside compile's losses), as tf_keras refuses it.
    """
    if reduction not in _SCALED_REDUCTIONS or getattr(_BUILTIN, "calls", 0) or not isinstance(loss, torch.Tensor):
        return loss
    if keras_version.legacy_keras():
        if reduction == "sum_over_batch_size" and (  # TF's has_strategy(): a strategy other than the default
                distribute_context.get_strategy() is not distribute_context.default_strategy()):
            raise ValueError(
                "Under a tf.distribute strategy (Keras 2, TF_USE_LEGACY_KERAS=1), a loss called outside "
                "`Model.compile()`/`fit()` must use reduction `tf.keras.losses.Reduction.SUM` or `NONE` and be "
                "averaged over the global batch by the caller (`tf.nn.compute_average_loss`). "
                f"Received: reduction={reduction!r}")
        return loss
    if tuple(values_shape) in ((), (0,)):
        return loss
    replicas = distribute_context.get_strategy().num_replicas_in_sync
    return loss if replicas == 1 else loss * (1.0 / replicas)


def _check_sample_weight(sample_weight, values):
    """`sample_weight` must broadcast to the per-sample loss values without growing them: one weight per sample
    (or per timestep for a `(batch, steps)` loss), never more axes than the loss keeps."""
    if sample_weight.dim() > values.dim() or any(
            w not in (1, v) for w, v in zip(reversed(sample_weight.shape), reversed(values.shape))):
        raise InvalidArgumentError(
            None, None, f"`sample_weight` must have one weight per sample (shape {tuple(values.shape[:1])}), or one "
            f"per entry of the loss values {tuple(values.shape)} that the loss keeps (a per-timestep weight for "
            f"sequence outputs). "
            f"Received: sample_weight.shape={tuple(sample_weight.shape)}, loss values shape={tuple(values.shape)}")


class Loss:
    """Base loss: subclass and implement `call(y_true, y_pred)` returning per-sample values.

    Args:
        name: str, optional.
        reduction: "sum_over_batch_size" (default, TF's AUTO), "sum", "none"/None, "mean",
            "mean_with_sample_weight".
        dtype: compute dtype, default floatx.

    `loss(y_true, y_pred, sample_weight=None)` returns a scalar tensor (or
    per-sample values with reduction "none"). A Keras mask on `y_pred` (`y_pred._keras_mask`, e.g. the
    padded steps of a sequence model fed by `Embedding(mask_zero=True)`) leaves the masked entries out, as
    Keras 3: the default reduction averages over the kept entries.
    """

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        object_registration.register_builtin("losses", cls)  # found by name when deserializing

    def __init__(self, name=None, reduction="sum_over_batch_size", dtype=None):
        self.name = name or _snake(type(self).__name__)
        self.reduction = standardize_reduction(reduction)
        self.dtype = dtypes.keras_dtype_or_given(dtype or backend.floatx())  # Keras 3's "float32"

    def __call__(self, y_true, y_pred, sample_weight=None):
        y_pred_mask = getattr(y_pred, "_keras_mask", None)  # e.g. a sequence model fed by Embedding(mask_zero)
        y_pred = _as_tensor(y_pred)
        if not (y_pred.is_floating_point() or y_pred.is_complex()):  # Keras converts y_pred to the loss dtype
            y_pred = y_pred.to(getattr(torch, str(self.dtype).replace("torch.", ""), torch.float32))
        y_true = _as_tensor(y_true, device=y_pred.device)
        values = self.call(y_true, y_pred)
        loss = reduce_weighted_values(values, sample_weight, self.reduction, combined_mask(y_pred_mask, values))
        return scale_for_distribution(loss, values.shape, self.reduction)

    def call(self, y_true, y_pred):
        raise NotImplementedError(f"Loss {type(self).__name__} must implement call(y_true, y_pred).")

    def get_config(self):
        return {"name": self.name, "reduction": self.reduction}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


object_registration.register_builtin_base("losses", Loss)


class LossFunctionWrapper(Loss):
    """A Loss calling `fn(y_true, y_pred, **kwargs)` for per-sample values."""

    def __init__(self, fn, reduction="sum_over_batch_size", name=None, dtype=None, **kwargs):
        super().__init__(name=name, reduction=reduction, dtype=dtype)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true, y_pred):
        return self.fn(y_true, y_pred, **self._fn_kwargs)

    def get_config(self):
        return {**super().get_config(), **self._fn_kwargs}

    def __repr__(self):
        return f"<LossFunctionWrapper({self.fn}, kwargs={self._fn_kwargs})>"


def tensor_args(y_pred, y_true, float_pred=False):
    """`(y_pred, y_true)` as tensors on y_pred's device (numpy, lists and scalars are converted, as Keras's
    `ops.convert_to_tensor`); integer labels keep their dtype, floats become floatx. With `float_pred`, integer
    or bool predictions become floatx too: a loss computed on them is float in Keras (its ops promote)."""
    if not isinstance(y_pred, torch.Tensor):
        y_pred = _as_tensor(y_pred)
    if float_pred and not (y_pred.is_floating_point() or y_pred.is_complex()):
        y_pred = y_pred.to(getattr(torch, backend.floatx()))
    if not isinstance(y_true, torch.Tensor):
        y_true = torch.as_tensor(np.asarray(y_true), device=y_pred.device)
        if y_true.is_floating_point() and y_true.dtype != y_pred.dtype:
            y_true = y_true.to(y_pred.dtype if y_pred.is_floating_point() else torch.float32)
    elif y_true.device != y_pred.device:
        y_true = y_true.to(y_pred.device)
    return y_pred, y_true


def with_tensor_args(fn):
    """Decorate a public loss/metric function `fn(y_true, y_pred, ...)` so numpy or list arguments work
    (labels and predictions keep integer dtypes: accuracies compare them)."""

    @functools.wraps(fn)
    def wrapper(y_true, y_pred, *args, **kwargs):
        if not (isinstance(y_true, torch.Tensor) and isinstance(y_pred, torch.Tensor)):
            y_pred, y_true = tensor_args(y_pred, y_true)
        return fn(y_true, y_pred, *args, **kwargs)

    return wrapper


def with_float_tensor_args(fn):
    """Decorate a public loss/metric function whose value is float in Keras: arguments converted as by
    `with_tensor_args`, and integer predictions (`mean_squared_error([1, 2], [1, 3])`) computed in floatx."""

    @functools.wraps(fn)
    def wrapper(y_true, y_pred, *args, **kwargs):
        y_pred, y_true = tensor_args(y_pred, y_true, float_pred=True)
        return fn(y_true, y_pred, *args, **kwargs)

    return wrapper


def _as_tensor(value, device=None):
    if isinstance(value, torch.Tensor):
        return value if device is None or value.device == device else value.to(device)
    return backend.to_float_tensor(value, device=device)


def _snake(name):
    return to_snake_case(name)
