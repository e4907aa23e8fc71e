"""`tf.train`: Checkpoint, CheckpointManager, latest_checkpoint, and the tf.train.Example protos."""

# ruff: noqa: F401, I001
from keraslike._src.train.checkpoint import Checkpoint, CheckpointLoadStatus
from keraslike._src.train.checkpoint_manager import CheckpointManager
from keraslike._src.train.checkpoint_view import CheckpointView, TrackableView
from keraslike._src.train.checkpoint_state import latest_checkpoint
from keraslike._src.train.moving_averages import ExponentialMovingAverage
from keraslike._src.train.cluster_spec import ClusterSpec
from keraslike._src.train.cluster_protos import ClusterDef, JobDef, ServerDef
from keraslike._src.train.coordinator import Coordinator
from keraslike._src.train.checkpoint_utils import (
    CheckpointOptions, checkpoints_iterator, get_checkpoint_state, list_variables, load_checkpoint, load_variable,
)
from keraslike._src.io.protos import (
    BytesList, Example, Feature, FeatureList, FeatureLists, Features, FloatList, Int64List, SequenceExample,
)
