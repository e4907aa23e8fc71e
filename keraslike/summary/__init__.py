"""`tf.summary`: TensorBoard event files (scalars, histograms, images, text); the chief writes."""

# ruff: noqa: F401, I001
from keraslike._src.summary.summary_ops import audio, histogram, image, scalar, text, write
from keraslike._src.summary.summary_writer import (
    SummaryWriter, create_file_writer, create_noop_writer, flush, record_if, should_record_summaries,
)
from keraslike._src.summary.trace import trace_export, trace_off, trace_on
from keraslike.summary import experimental
