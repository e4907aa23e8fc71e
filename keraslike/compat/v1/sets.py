"""`tf.compat.v1.sets`: `tf.sets` with TF1's `set_*` spellings."""

from keraslike._src.sparse.sets import difference, intersection, size, union  # noqa: F401
from keraslike._src.sparse.sets import difference as set_difference  # noqa: F401
from keraslike._src.sparse.sets import intersection as set_intersection  # noqa: F401
from keraslike._src.sparse.sets import size as set_size  # noqa: F401
from keraslike._src.sparse.sets import union as set_union  # noqa: F401
