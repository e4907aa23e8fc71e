"""`tf.config.experimental` (the TF 2.0-2.3 spellings many tutorials use)."""

from keraslike._src.config.devices import (  # noqa: F401
    LogicalDeviceConfiguration as VirtualDeviceConfiguration,
    get_logical_device_configuration as get_virtual_device_configuration,
    get_visible_devices, list_logical_devices, list_physical_devices,
    set_logical_device_configuration as set_virtual_device_configuration,
    set_visible_devices,
)
