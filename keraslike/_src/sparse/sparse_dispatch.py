"""TF's sparse dispatch of the zero-preserving unary elementwise ops (TF's `sparse_ops.py` `_UNARY_OPS`, plus
`tf.cast` and `tf.identity`): on a SparseTensor the op maps its values and keeps its indices and dense shape.

TF dispatches only ops with `f(0) == 0` (`tf.abs`, `tf.sqrt`, `tf.sign`, ...): `tf.exp` or `tf.nn.relu` of a
SparseTensor is refused (ValueError, from the conversion to a dense tensor). An op module wraps its function
once: `abs = on_sparse_values(abs)`.

Example:
    >>> tf.abs(tf.sparse.SparseTensor([[0, 1]], [-4.], [2, 2])).values   # [4.]
"""

import functools

from keraslike._src.sparse.sparse_tensor import SparseTensor


def on_sparse_values(fn):
    """`fn(x, *args)` whose first argument may be a SparseTensor: `fn` on its values, indices kept."""

    @functools.wraps(fn)
    def dispatch(*args, **kwargs):
        if args and isinstance(args[0], SparseTensor):
            return args[0].with_values(fn(args[0].values, *args[1:], **kwargs))
        return fn(*args, **kwargs)

    return dispatch
