"""`tf.train`: Checkpoint, CheckpointManager, latest_checkpoint."""

from keraslike._src.train.checkpoint import Checkpoint, CheckpointLoadStatus  # noqa: F401
from keraslike._src.train.checkpoint_manager import CheckpointManager  # noqa: F401
from keraslike._src.train.checkpoint_state import latest_checkpoint  # noqa: F401
