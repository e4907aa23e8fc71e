"""Cross-device reduction choices TF offers, accepted and mapped onto torch.distributed.

`tf.distribute.NcclAllReduce`, `HierarchicalCopyAllReduce`, `ReductionToOneDevice` and
`tf.distribute.experimental.CommunicationOptions` select how TF moves gradients.
Here every replica is a process and the all-reduce is torch.distributed's
(NCCL between GPUs, gloo between CPUs), which already picks ring/tree
algorithms; the objects are kept for compatibility and introspection.
"""

import enum


class CrossDeviceOps:
    """Base of the TF cross-device reduction strategies (`num_packs` accepted)."""

    backend = "auto"

    def __init__(self, num_packs=1):
        if not isinstance(num_packs, int) or num_packs < 0:
            raise ValueError(f"Expected num_packs to be a non-negative integer. Received: num_packs={num_packs!r}")
        self.num_packs = num_packs

    def __repr__(self):
        return f"{type(self).__name__}(num_packs={self.num_packs})"


class NcclAllReduce(CrossDeviceOps):
    backend = "nccl"


class HierarchicalCopyAllReduce(CrossDeviceOps):
    backend = "nccl"


class ReductionToOneDevice(CrossDeviceOps):
    def __init__(self, reduce_to_device=None, accumulation_fn=None):
        super().__init__()
        self.reduce_to_device = reduce_to_device


class CommunicationImplementation(enum.Enum):
    """`tf.distribute.experimental.CommunicationImplementation`."""

    AUTO = "AUTO"
    RING = "RING"
    NCCL = "NCCL"


CollectiveCommunication = CommunicationImplementation


class CommunicationOptions:
    """`tf.distribute.experimental.CommunicationOptions`.

    Args:
        bytes_per_pack: int >= 0, default 0. timeout_seconds: optional float.
        implementation: `CommunicationImplementation`, default AUTO.
    """

    def __init__(self, bytes_per_pack=0, timeout_seconds=None, implementation=CommunicationImplementation.AUTO):
        if bytes_per_pack < 0:
            raise ValueError(f"Expected bytes_per_pack >= 0. Received: bytes_per_pack={bytes_per_pack}")
        self.bytes_per_pack = bytes_per_pack
        self.timeout_seconds = timeout_seconds
        self.implementation = implementation
