"""`tf.config.threading`."""

from keraslike._src.config.threading import (  # noqa: F401
    get_inter_op_parallelism_threads, get_intra_op_parallelism_threads, set_inter_op_parallelism_threads,
    set_intra_op_parallelism_threads,
)
