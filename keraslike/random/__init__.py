"""`tf.random`: seeding and sampling (TF's global/op seed rules)."""

# ruff: noqa: F401, I001
from keraslike._src.ops.random import (
    categorical, normal, set_seed, shuffle, stateless_normal, stateless_truncated_normal, stateless_uniform,
    truncated_normal, uniform,
)
