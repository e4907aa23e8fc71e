"""`tf.compat.v1.math`: TF1's signatures where they differ from TF2's (`in_top_k(predictions, targets, k)`,
reductions with `keep_dims`/`reduction_indices`, `argmax(dimension=)`); every other name is `tf.math`'s."""

import sys as _sys

from keraslike._src.compat.v1.v1_ops import (  # noqa: F401
    argmax, argmin, in_top_k, reduce_all, reduce_any, reduce_logsumexp, reduce_max, reduce_mean, reduce_min,
    reduce_prod, reduce_sum,
)


def __getattr__(name):
    return getattr(_sys.modules["keraslike"].math, name)
