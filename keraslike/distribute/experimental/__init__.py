"""`tf.distribute.experimental`."""

from keraslike._src.distribute.central_storage import CentralStorageStrategy  # noqa: F401
from keraslike._src.distribute.cross_device_ops import (  # noqa: F401
    CollectiveCommunication, CommunicationImplementation, CommunicationOptions,
)
from keraslike._src.distribute.input_context import ValueContext  # noqa: F401
from keraslike._src.distribute.fully_sharded import fully_shard  # noqa: F401  (keraslike's: FSDP for Keras models)
from keraslike._src.distribute.multi_worker import MultiWorkerMirroredStrategy  # noqa: F401
from keraslike._src.distribute.values import PerReplica  # noqa: F401
from keraslike.distribute.experimental import partitioners  # noqa: F401
