"""`tf.config.experimental` (the TF 2.0-2.3 spellings many tutorials use)."""

from keraslike._src.config.devices import (  # noqa: F401
    LogicalDeviceConfiguration as VirtualDeviceConfiguration,
    get_logical_device_configuration as get_virtual_device_configuration,
    get_visible_devices, list_logical_devices, list_physical_devices,
    set_logical_device_configuration as set_virtual_device_configuration,
    set_visible_devices,
)
from keraslike._src.config.memory import (  # noqa: F401
    get_device_details, get_memory_growth, get_memory_info, get_memory_usage, reset_memory_stats,
    set_memory_growth,
)
from keraslike._src.config.devices import (  # noqa: F401
    LogicalDeviceConfiguration, get_logical_device_configuration, set_logical_device_configuration,
)
from keraslike._src.config.determinism import (  # noqa: F401
    enable_op_determinism, enable_tensor_float_32_execution, tensor_float_32_execution_enabled,
)
from keraslike._src.config.mlir_bridge import disable_mlir_bridge, enable_mlir_bridge  # noqa: F401
