"""`tf.summary.experimental`: the default step, summary scopes, raw protos."""

# ruff: noqa: F401, I001
from keraslike._src.summary.summary_ops import write_raw_pb
from keraslike._src.summary.summary_writer import get_step, set_step, summary_scope
