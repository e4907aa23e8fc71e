"""`tf.config.optimizer`."""

from keraslike._src.config.optimizer import (  # noqa: F401
    get_experimental_options, get_jit, set_experimental_options, set_jit,
)
