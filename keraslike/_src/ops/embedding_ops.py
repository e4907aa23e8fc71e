"""`tf.nn.embedding_lookup_sparse`: combine the embeddings of a SparseTensor's ids row by row.

Mirrors `tensorflow/python/ops/embedding_ops.py`: row `r` of the result combines `params[id]` over the ids whose
index starts with `r`, weighted by `sp_weights` (1 without them): "sum", "mean" (divided by the weights' sum) or
"sqrtn" (by the root of the squared weights' sum), 0 where that is 0. The result has `max(row) + 1` rows (rows
without ids before it are 0); half-precision params are combined in float32.

Example:
    >>> sp_ids = tf.SparseTensor([[0, 0], [0, 1], [1, 0]], [0, 1, 3], dense_shape=(2, 2))
    >>> tf.nn.embedding_lookup_sparse(params, sp_ids, None, combiner="sum")   # [p0 + p1, p3]
"""

import torch

from keraslike._src.ops import dtypes, segment_ops
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ops.math import divide_no_nan
from keraslike._src.ops.nn import embedding_lookup


def _is_sparse(value):
    return all(hasattr(value, a) for a in ("indices", "values", "dense_shape"))


def embedding_lookup_sparse(params, sp_ids, sp_weights, combiner=None, max_norm=None, name=None,
                            allow_fast_lookup=False):
    """`tf.nn.embedding_lookup_sparse(params, sp_ids, sp_weights, combiner="mean", max_norm=None)`.

    Args:
        params: the embedding table `[vocab, ...]` (a tensor or variable, or a list holding one).
        sp_ids: SparseTensor of int ids; its first index column is the output row.
        sp_weights: None (weights 1) or a SparseTensor of weights laid out as `sp_ids`.
        combiner: "mean" (default), "sqrtn" or "sum".
        max_norm: clip each looked-up embedding to this L2 norm first.
        allow_fast_lookup: TF's choice of kernel; the values are the same either way.

    Raises:
        ValueError: another combiner.
        TypeError: `sp_ids` (or a given `sp_weights`) not a SparseTensor.
        NotImplementedError: `params` sharded over several tensors.
    """
    combiner = "mean" if combiner is None else combiner
    if combiner not in ("mean", "sqrtn", "sum"):
        raise ValueError(f"combiner must be one of 'mean', 'sqrtn' or 'sum'. Received: combiner={combiner}")
    if isinstance(params, (list, tuple)):
        if len(params) != 1:
            raise NotImplementedError("keraslike's embedding_lookup_sparse takes one embedding table, not a "
                                      f"sharded list. Received: params with {len(params)} shards")
        params = params[0]
    if not _is_sparse(sp_ids):
        raise TypeError(f"sp_ids must be SparseTensor. Received: sp_ids of type {type(sp_ids).__name__}")
    if sp_weights is not None and not _is_sparse(sp_weights):
        raise TypeError("sp_weights must be either None or SparseTensor. Received: sp_weights of type "
                        f"{type(sp_weights).__name__}")
    rows = to_tensor(sp_ids.indices, None, "sp_ids.indices")[:, 0]
    emb = embedding_lookup(params, sp_ids.values, max_norm=max_norm)
    original = emb.dtype
    if original in (torch.float16, torch.bfloat16):
        emb = emb.to(torch.float32)
    if sp_weights is None:
        weights = torch.ones(emb.shape[:1], dtype=emb.dtype, device=emb.device)
    else:
        weights = to_tensor(sp_weights.values, None, "sp_weights.values").to(emb.device, emb.dtype)
    weights = weights.reshape(-1, *([1] * (emb.dim() - 1)))
    total = segment_ops.segment_sum(emb * weights, rows)
    if combiner == "mean":
        total = divide_no_nan(total, segment_ops.segment_sum(weights, rows))
    elif combiner == "sqrtn":
        total = divide_no_nan(total, torch.sqrt(segment_ops.segment_sum(weights * weights, rows)))
    return total.to(dtypes.as_dtype(original))
