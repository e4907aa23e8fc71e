"""The structure helpers the gradient APIs use: `tf.nest`'s flatten/pack (see `keraslike/_src/nest/nest.py`)."""

from keraslike._src.nest.nest import flatten, pack_sequence_as  # noqa: F401
