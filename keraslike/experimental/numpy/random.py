"""`tf.experimental.numpy.random`: numpy's sampling functions (implemented in `keraslike/_src/numpy/random.py`)."""

# ruff: noqa: F401, A004

from keraslike._src.numpy.random import poisson, rand, randint, randn, random, seed, standard_normal, uniform
