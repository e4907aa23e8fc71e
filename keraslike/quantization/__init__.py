"""`tf.quantization`: fake quantization as TF's FakeQuant ops (see `keraslike/_src/ops/quantization.py`)."""

# ruff: noqa: F401
from keraslike._src.ops.quantization import fake_quant_with_min_max_args, fake_quant_with_min_max_vars
