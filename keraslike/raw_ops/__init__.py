"""`tf.raw_ops`: TF's op functions with their own keyword-only arguments (see `keraslike/_src/ops/raw_ops.py`)."""

# ruff: noqa: F401, F403
from keraslike._src.ops.raw_ops import *
from keraslike._src.ops.raw_ops import __all__
