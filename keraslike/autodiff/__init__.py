"""`tf.autodiff`: `ForwardAccumulator` (forward-mode JVPs) and `GradientTape` (see `keraslike/_src/autodiff/`)."""

# ruff: noqa: F401
from keraslike._src.autodiff.forward_accumulator import ForwardAccumulator
from keraslike._src.autodiff.gradient_tape import GradientTape
