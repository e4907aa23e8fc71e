"""`tf.profiler.experimental`: start/stop a profiling session, `Profile`, `Trace`, `ProfilerOptions`."""

# ruff: noqa: F401, I001
from keraslike._src.profiler.profiler import Profile, ProfilerOptions, Trace, start, stop
