"""`tf.random.experimental`: the Generator API and stateless seed utilities."""

# ruff: noqa: F401, I001
from keraslike._src.ops.random import Algorithm
from keraslike._src.ops.random import (
    fold_in as stateless_fold_in, index_shuffle, split as stateless_split, stateless_shuffle,
)
from keraslike._src.ops.random_generator import (
    Generator, create_rng_state, get_global_generator, set_global_generator,
)
