"""`tf.keras.distribution`: device listing, and pointers to `tf.distribute` for the layout API."""

from keraslike._src.keras.distribution import (  # noqa: F401
    DataParallel, DeviceMesh, LayoutMap, ModelParallel, TensorLayout, distribute_tensor, distribution,
    get_device_count, initialize, list_devices, set_distribution,
)
