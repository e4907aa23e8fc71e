"""`tf.sets`."""

from keraslike._src.sparse.sets import difference, intersection, size, union  # noqa: F401
