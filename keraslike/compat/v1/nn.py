"""`tf.compat.v1.nn`: TF1's signatures (`dropout(keep_prob=)`, `softmax_cross_entropy_with_logits_v2`, ...);
every other name is `tf.nn`'s."""

import sys as _sys

from keraslike._src.compat.v1.v1_ops import (  # noqa: F401
    avg_pool, conv2d, dropout, in_top_k, max_pool, softmax_cross_entropy_with_logits,
    softmax_cross_entropy_with_logits_v2, space_to_batch, sparse_softmax_cross_entropy_with_logits,
)


def __getattr__(name):
    return getattr(_sys.modules["keraslike"].nn, name)
