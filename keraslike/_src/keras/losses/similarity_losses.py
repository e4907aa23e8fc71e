"""Circle loss for metric learning (Sun et al. 2020; mirrors `keras/src/losses/losses.py`, Keras 3.15)."""

import torch

from keraslike._src.keras.losses.loss import (
    LossFunctionWrapper, reduce_weighted_values, scale_for_distribution, with_tensor_args,
)


@with_tensor_args
def circle(y_true, y_pred, ref_labels=None, ref_embeddings=None, remove_diagonal=True, gamma=80, margin=0.4):
    """Circle loss of each embedding against the reference set (the batch itself by default).

    Args:
        y_true: `(batch,)` integer labels.
        y_pred: `(batch, dim)` embeddings, expected L2-normalized (cosine distances are `1 - y_pred @ ref.T`).
        ref_labels, ref_embeddings: optional reference labels `(M,)` and embeddings `(M, dim)`.
        remove_diagonal: do not pair an embedding with itself as a positive.
        gamma: scale; margin: relaxation margin.

    Returns:
        `(batch,)` losses; 0 for an anchor with no positive or no negative.
    """
    y_true = y_true.to(torch.int32)
    ref_embeddings = y_pred if ref_embeddings is None else torch.as_tensor(ref_embeddings, device=y_pred.device)
    ref_labels = y_true if ref_labels is None else torch.as_tensor(ref_labels, device=y_pred.device).to(torch.int32)
    distances = (1 - y_pred @ ref_embeddings.to(y_pred.dtype).T).clamp_min(0.0)
    positive = y_true.reshape(-1, 1) == ref_labels.reshape(-1, 1).T
    negative = ~positive
    if remove_diagonal:
        positive = positive & ~torch.eye(positive.shape[0], positive.shape[1], dtype=torch.bool,
                                         device=positive.device)
    pos_weights = ((margin + distances) * positive).clamp_min(0.0)
    neg_weights = ((1 + margin - distances) * negative).clamp_min(0.0)
    pos = -gamma * pos_weights * (margin - distances)
    neg = gamma * neg_weights * ((1 - margin) - distances)
    minus_inf = torch.full_like(distances, float("-inf"))
    p_loss = torch.logsumexp(torch.where(positive, pos, minus_inf), dim=1)
    n_loss = torch.logsumexp(torch.where(negative, neg, minus_inf), dim=1)
    return torch.nn.functional.softplus(p_loss + n_loss)


class Circle(LossFunctionWrapper):
    """`Circle(gamma=80.0, margin=0.4, remove_diagonal=True, reduction="sum_over_batch_size", name="circle",
    dtype=None)`: see `circle`.

    As in Keras, anchors whose loss is 0 (no positive pair in the batch) are masked out: the default reduction
    averages over the anchors that have a loss.
    """

    def __init__(self, gamma=80.0, margin=0.4, remove_diagonal=True, reduction="sum_over_batch_size", name="circle",
                 dtype=None):
        super().__init__(circle, name=name, reduction=reduction, dtype=dtype, gamma=gamma, margin=margin,
                         remove_diagonal=remove_diagonal)

    def __call__(self, y_true, y_pred, sample_weight=None):
        values = self.call(*_tensors(y_true, y_pred))
        mask = (values > 0).to(values.dtype)
        if self.reduction in ("mean", "sum_over_batch_size"):
            valid = mask.sum()
            mask = mask * torch.where(valid > 0, values.numel() / valid.clamp_min(1.0), torch.zeros_like(valid))
        weight = mask if sample_weight is None else mask * torch.as_tensor(
            sample_weight, dtype=values.dtype, device=values.device).reshape(mask.shape)
        return scale_for_distribution(reduce_weighted_values(values, weight, self.reduction), values.shape,
                                      self.reduction)


def _tensors(y_true, y_pred):
    y_pred = torch.as_tensor(y_pred)
    if not y_pred.is_floating_point():
        y_pred = y_pred.float()
    return torch.as_tensor(y_true, device=y_pred.device), y_pred
