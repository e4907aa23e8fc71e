"""`tf.autograph`: code runs eagerly, so conversion controls act on plain Python (`_src/autodiff/autograph.py`)."""

# ruff: noqa: F401, I001
from keraslike._src.autodiff.autograph import set_verbosity, to_code, to_graph, trace
from keraslike.autograph import experimental
