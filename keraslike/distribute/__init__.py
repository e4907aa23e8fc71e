"""`tf.distribute`."""

from keraslike._src.distribute.context import get_strategy, has_strategy, in_cross_replica_context  # noqa: F401
from keraslike._src.distribute.mirrored import MirroredStrategy  # noqa: F401
from keraslike._src.distribute.one_device import OneDeviceStrategy  # noqa: F401
from keraslike._src.distribute.strategy import ReplicaContext, Strategy, get_replica_context  # noqa: F401
from keraslike._src.distribute.values import ReduceOp  # noqa: F401

from keraslike._src.distribute.cross_device_ops import (  # noqa: E402,F401
    CrossDeviceOps, HierarchicalCopyAllReduce, NcclAllReduce, ReductionToOneDevice,
)
from keraslike._src.distribute.input_context import (  # noqa: E402,F401
    InputContext, InputOptions, InputReplicationMode,
)
from keraslike._src.distribute.multi_worker import MultiWorkerMirroredStrategy  # noqa: E402,F401
from keraslike._src.distribute.values import PerReplica  # noqa: E402,F401
from keraslike.distribute import cluster_resolver, experimental  # noqa: E402,F401
from keraslike._src.launch.notebook_launcher import notebook_launcher  # noqa: E402,F401
