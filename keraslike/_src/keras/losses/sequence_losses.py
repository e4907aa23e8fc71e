"""Connectionist temporal classification loss (mirrors `keras.losses.CTC`, Keras 3.15), on `torch.nn.functional
.ctc_loss`."""

import torch

from keraslike._src.keras.losses.loss import LossFunctionWrapper, with_tensor_args


@with_tensor_args
def ctc(y_true, y_pred):
    """Per-sample CTC loss.

    Args:
        y_true: `(batch, max_label_length)` integer labels, padded with 0 (class 0 is the blank, as in Keras's
            `mask_index=0`); each label's length is its number of non-zero entries.
        y_pred: `(batch, time, num_classes)` logits (log-softmax is applied); every sample uses all `time` steps.

    Returns:
        `(batch,)` negative log-likelihoods (float32 at least).

    Raises:
        ValueError: when `y_true` is not 2-D or `y_pred` is not 3-D.
    """
    if y_true.dim() != 2:
        raise ValueError("Targets `y_true` are expected to be a tensor of shape `(batch_size, max_length)` in "
                         f"integer format. Received: y_true.shape={tuple(y_true.shape)}")
    if y_pred.dim() != 3:
        raise ValueError("Logits `y_pred` are expected to be a tensor of shape `(batch_size, max_length, "
                         f"num_classes)`. Received: y_pred.shape={tuple(y_pred.shape)}")
    dtype = torch.promote_types(y_pred.dtype, torch.float32)
    batch, time = y_pred.shape[0], y_pred.shape[1]
    targets = y_true.to(torch.int64)
    target_lengths = (targets != 0).sum(dim=-1)
    input_lengths = torch.full((batch,), time, dtype=torch.int64, device=y_pred.device)
    logp = torch.log_softmax(y_pred.to(dtype), dim=-1).transpose(0, 1)
    return torch.nn.functional.ctc_loss(logp, targets, input_lengths, target_lengths, blank=0, reduction="none")


class CTC(LossFunctionWrapper):
    """`CTC(reduction="sum_over_batch_size", name="ctc", dtype=None)`: see `ctc`."""

    def __init__(self, reduction="sum_over_batch_size", name="ctc", dtype=None):
        super().__init__(ctc, name=name, reduction=reduction, dtype=dtype)
