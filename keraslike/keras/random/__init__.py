"""`tf.keras.random`: sampling with Keras 3's seeding contract (int seed: stateless; SeedGenerator: advancing)."""

# ruff: noqa: F401
from keraslike._src.keras.random.random import (
    beta, binomial, categorical, dropout, gamma, normal, randint, shuffle, truncated_normal, uniform,
)
from keraslike._src.keras.random.seed_generator import SeedGenerator
