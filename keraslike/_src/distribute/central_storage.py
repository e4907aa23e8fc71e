"""`tf.distribute.experimental.CentralStorageStrategy` (tensorflow/python/distribute/central_storage_strategy.py).

TF keeps the variables on one device (the CPU, or the single GPU) and replicates the computation on
every compute device, updating synchronously. On torch this shares MirroredStrategy's machinery: one
process per compute device, gradients summed by the all-reduce, each replica holding an identical
copy of the variables on its own device. The updates are the same synchronous updates TF makes;
only where the variables are stored differs, which is why `parameter_device` is refused rather than
silently ignored.
"""

from keraslike._src.distribute.mirrored import MirroredStrategy


class CentralStorageStrategy(MirroredStrategy):
    """`CentralStorageStrategy(compute_devices=None, parameter_device=None)`.

    Args:
        compute_devices: device names to replicate the computation on (`["/gpu:0", "/gpu:1"]`, or logical
            CPUs); None uses every visible GPU, or the CPU when there are none (as TF).
        parameter_device: must be None: variables live with each replica here (see the module docstring).

    Raises:
        ValueError: a `parameter_device`, or `compute_devices` MirroredStrategy refuses.
    """

    def __init__(self, compute_devices=None, parameter_device=None):
        if parameter_device is not None:
            raise ValueError(
                "CentralStorageStrategy(parameter_device=...) is not supported: keraslike keeps an identical copy "
                "of the variables on every replica's device (the updates are the same as TF's). Omit it. "
                f"Received: parameter_device={parameter_device!r}")
        super().__init__(devices=compute_devices)
