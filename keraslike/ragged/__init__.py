"""`tf.ragged`: RaggedTensor factories and helpers (see `keraslike/_src/ragged/`)."""

# ruff: noqa: F401
from keraslike._src.ragged.ragged_ops import (
    boolean_mask, constant, cross, cross_hashed, map_flat_values, range, row_splits_to_segment_ids,
    segment_ids_to_row_splits, stack, stack_dynamic_partitions,
)
from keraslike._src.ragged.ragged_tensor import RaggedTensor
