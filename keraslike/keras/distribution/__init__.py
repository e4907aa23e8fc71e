"""`tf.keras.distribution`: Keras 3's DeviceMesh / LayoutMap / DataParallel / ModelParallel on torch.distributed."""

from keraslike._src.keras.distribution import (  # noqa: F401
    DataParallel, DeviceMesh, LayoutMap, ModelParallel, TensorLayout, distribute_tensor, distribution,
    get_device_count, initialize, list_devices, set_distribution,
)
