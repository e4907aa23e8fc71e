"""`tf.config`."""

from keraslike._src.autodiff.function import functions_run_eagerly, run_functions_eagerly  # noqa: F401
from keraslike._src.config.devices import (  # noqa: F401
    LogicalDevice, LogicalDeviceConfiguration, PhysicalDevice, get_logical_device_configuration,
    get_visible_devices, list_logical_devices, list_physical_devices, set_logical_device_configuration,
    set_visible_devices,
)
from keraslike._src.placement.scope import get_soft_device_placement, set_soft_device_placement  # noqa: F401
from keraslike.config import experimental, optimizer, threading  # noqa: F401
