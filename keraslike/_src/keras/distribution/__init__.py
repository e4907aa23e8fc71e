"""`keras.distribution` (Keras 3's layout API) on torch.distributed: meshes, layouts, DataParallel, ModelParallel."""

from keraslike._src.keras.distribution.device_mesh import (  # noqa: F401
    DeviceMesh, TensorLayout, get_device_count, list_devices,
)
from keraslike._src.keras.distribution.distribution_lib import (  # noqa: F401
    DataParallel, Distribution, ModelParallel, distribute_tensor, distribution, initialize, set_distribution,
)
from keraslike._src.keras.distribution.layout_map import LayoutMap  # noqa: F401
