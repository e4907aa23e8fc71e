"""`tf.nn.ctc_loss` (TF 2's, dense labels) and `tf.nn.ctc_greedy_decoder`.

Mirrors `tensorflow/python/ops/ctc_ops.py`: `ctc_loss` is the negative log-probability of each label sequence
under the softmax of `logits` (blank class `blank_index`, 0 by default, the sum over all alignments; torch's CTC
computes the same forward recursion and its gradient). `ctc_greedy_decoder` takes each frame's most likely class,
merges repeats (`merge_repeated`) and drops blanks (the last class unless `blank_index`), and returns the decoded
sequences as a SparseTensor with `-sum(max logit per frame)` per sequence.

Example:
    >>> loss = tf.nn.ctc_loss(labels, logits, label_length, logit_length, blank_index=0)   # [batch]
"""

import torch

from keraslike._src.ops.conversion import to_tensor
from keraslike._src.sparse.sparse_tensor import SparseTensor


def _is_sparse(value):
    return all(hasattr(value, a) for a in ("indices", "values", "dense_shape"))


def ctc_loss(labels, logits, label_length, logit_length, logits_time_major=True, unique=None, blank_index=None,
             name=None):
    """`tf.nn.ctc_loss(labels, logits, label_length, logit_length, logits_time_major=True, unique=None,
    blank_index=None)` for dense labels.

    Args:
        labels: int `[batch, max_label_length]` (padded past `label_length`).
        logits: float `[frames, batch, num_labels]` (`[batch, frames, num_labels]` if not `logits_time_major`).
        label_length, logit_length: int `[batch]`.
        unique: TF's precomputed unique labels: a faster path to the same values.
        blank_index: the blank class (default 0; negative counts from `num_labels`).

    Returns:
        float `[batch]` losses.

    Raises:
        NotImplementedError: SparseTensor labels.
    """
    if _is_sparse(labels):
        raise NotImplementedError("keraslike's ctc_loss takes dense labels with `label_length`. Received: labels "
                                  "as a SparseTensor")
    lg = to_tensor(logits, None, "logits")
    if not lg.is_floating_point():
        raise TypeError(f"`logits` must be floating point. Received: logits.dtype={lg.dtype}")
    if not logits_time_major:
        lg = lg.transpose(0, 1)
    num_labels = lg.shape[2]
    blank = 0 if blank_index is None else int(blank_index)
    if blank < 0:
        blank += num_labels
    lab = to_tensor(labels, None, "labels").to(lg.device, torch.long)
    lab_len = to_tensor(label_length, None, "label_length").to(lg.device, torch.long).reshape(-1)
    in_len = to_tensor(logit_length, None, "logit_length").to(lg.device, torch.long).reshape(-1)
    log_probs = torch.log_softmax(lg.to(torch.float32) if lg.dtype != torch.float64 else lg, dim=-1)
    loss = torch.nn.functional.ctc_loss(log_probs, lab, in_len, lab_len, blank=blank, reduction="none",
                                        zero_infinity=False)
    return loss.to(lg.dtype)


def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True, blank_index=None):
    """`tf.nn.ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True, blank_index=None)`.

    Args:
        inputs: float logits `[max_time, batch, num_classes]`.
        sequence_length: int `[batch]` frames to decode per sequence.
        merge_repeated: merge consecutive repeats of a class (blanks separate them).
        blank_index: the blank class (default `num_classes - 1`; negative counts from `num_classes`).

    Returns:
        `([SparseTensor decoded], neg_sum_logits)`: int64 indices/values, dense shape `[batch, max decoded
        length]`; `neg_sum_logits` `[batch, 1]`.
    """
    x = to_tensor(inputs, None, "inputs")
    if x.dim() != 3:
        raise ValueError(f"inputs must be [max_time, batch_size, num_classes]. Received: inputs.shape="
                         f"{list(x.shape)}")
    lengths = to_tensor(sequence_length, None, "sequence_length").reshape(-1).tolist()
    max_time, batch, num_classes = x.shape
    if len(lengths) != batch or any(n > max_time or n < 0 for n in lengths):
        raise ValueError(f"sequence_length must hold batch_size values in [0, max_time]. Received: "
                         f"sequence_length={lengths}")
    blank = num_classes - 1 if blank_index is None else int(blank_index)
    if blank < 0:
        blank += num_classes
    best, best_class = x.max(dim=2)  # [max_time, batch]; the first of equal maxima, as TF
    indices, values, neg_sum = [], [], []
    for b, n in enumerate(lengths):
        neg_sum.append(-best[:n, b].sum())
        previous, position = -1, 0
        for t in range(n):
            c = int(best_class[t, b])
            if c != blank and not (merge_repeated and c == previous):
                indices.append([b, position])
                values.append(c)
                position += 1
            previous = c
    longest = max([i[1] + 1 for i in indices], default=0)
    decoded = SparseTensor(torch.tensor(indices, dtype=torch.int64).reshape(-1, 2),
                           torch.tensor(values, dtype=torch.int64), torch.tensor([batch, longest], dtype=torch.int64))
    return [decoded], torch.stack(neg_sum).reshape(batch, 1).to(x.dtype)
