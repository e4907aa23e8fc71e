"""`tf.profiler`: profiling sessions on torch's profiler (see keraslike/_src/profiler/profiler.py)."""

# ruff: noqa: F401, I001
from keraslike.profiler import experimental
