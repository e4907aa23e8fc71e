"""`dtensor`'s client and device queries, for the one client keraslike runs (every device is local)."""

from keraslike._src.config import devices as config_devices

def num_local_devices(device_type):
    """The number of logical devices of `device_type` in this process."""
    return len(config_devices.list_logical_devices(device_type))


def num_global_devices(device_type):
    """With one client, the local devices."""
    return num_local_devices(device_type)


def local_devices(device_type, for_client_id=None):
    """This client's logical devices of `device_type` (`tf.config.LogicalDevice`s)."""
    if for_client_id not in (None, 0):
        raise ValueError(f"keraslike runs one DTensor client (id 0). Received: for_client_id={for_client_id}")
    return config_devices.list_logical_devices(device_type)


def client_id():
    return 0


def num_clients():
    return 1


def job_name():
    return "localhost"


def full_job_name(task_id=None):
    return f"/job:localhost/replica:0/task:{0 if task_id is None else task_id}"


def jobs():
    return ["/job:localhost/replica:0/task:0"]


def heartbeat_enabled():
    return False


def initialize_accelerator_system(device_type=None, enable_coordination_service=True, num_logical_cpu_devices=None):
    """Set up the devices for DTensor: with `num_logical_cpu_devices`, split the CPU into that many (as TF)."""
    if num_logical_cpu_devices is not None:
        cpu = config_devices.list_physical_devices("CPU")[0]
        config_devices.set_logical_device_configuration(
            cpu, [config_devices.LogicalDeviceConfiguration() for _ in range(num_logical_cpu_devices)])
    return device_type or "CPU"


def shutdown_accelerator_system():
    """Nothing to release in one process."""


def barrier(mesh, barrier_name=None, timeout_in_ms=None):
    """With one client every device is in step already."""
