"""`tf.distribute`."""

from keraslike._src.distribute.context import get_strategy, has_strategy, in_cross_replica_context  # noqa: F401
from keraslike._src.distribute.mirrored import MirroredStrategy  # noqa: F401
from keraslike._src.distribute.one_device import OneDeviceStrategy  # noqa: F401
from keraslike._src.distribute.strategy import ReplicaContext, Strategy  # noqa: F401
from keraslike._src.distribute.values import ReduceOp  # noqa: F401


def get_replica_context():
    """The `ReplicaContext` inside `strategy.run`; outside any strategy the default replica context."""
    from keraslike._src.distribute import context

    current = context.current_replica_context()
    if current is not None:
        return current
    if context.has_strategy():
        return None  # cross-replica context, as TF
    return ReplicaContext(context.default_strategy())
