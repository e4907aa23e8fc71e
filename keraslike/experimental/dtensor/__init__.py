"""`tf.experimental.dtensor` for one process over its logical devices (implemented in `keraslike/_src/dtensor/`).

A DTensor holds its global value and its layout; `unpack`/`pack` give and take TF's per-device shards (README
lists the differences of this emulation).
"""

# ruff: noqa: F401

from keraslike._src.dtensor.config import (
    barrier, client_id, full_job_name, heartbeat_enabled, initialize_accelerator_system, job_name, jobs,
    local_devices, num_clients, num_global_devices, num_local_devices, shutdown_accelerator_system,
)
from keraslike._src.dtensor.d_variable import DVariable
from keraslike._src.dtensor.dtensor_value import (
    call_with_layout, check_layout, copy_to_mesh, fetch_layout, is_dtensor, pack, relayout, unpack,
)
from keraslike._src.dtensor.layout import MATCH, UNSHARDED, Layout
from keraslike._src.dtensor.mesh import Mesh, create_distributed_mesh, create_mesh
