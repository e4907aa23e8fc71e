"""The rule by which a global batch is split between replicas (TF's, for distributed datasets and Keras fit)."""

import math


def split_global_batch(global_size, num_replicas, rank):
    """Rows `[start, stop)` of a global batch that replica `rank` takes.

    TF's rule for `experimental_distribute_dataset` and Keras fit: each replica
    takes `ceil(b / N)` consecutive rows of a batch of `b`, so the last
    replicas may get fewer or none (`range(8).batch(4)` on 3 replicas gives
    [0, 1] / [2, 3] / []).
    """
    chunk = math.ceil(global_size / num_replicas) if global_size else 0
    start = min(rank * chunk, global_size)
    return start, min(start + chunk, global_size)
