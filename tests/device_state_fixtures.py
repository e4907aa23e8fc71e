"""Device/placement fixtures shared by tests/config, tests/compat and tests/placement (each conftest imports them)."""

import pytest
import torch

from keraslike._src.config import devices, threading
from keraslike._src.placement import device_spec, log, scope


@pytest.fixture(autouse=True)
def fresh_device_state(monkeypatch):
    state = devices._DeviceState()
    state.cuda_init_by_config = True  # CUDA work by earlier tests does not count as initialisation here
    monkeypatch.setattr(devices, "_state", state)
    monkeypatch.setattr(device_spec, "_warned", set())
    monkeypatch.setitem(scope._soft, "enabled", True)
    monkeypatch.setattr(threading, "_threads", {"intra": 0, "inter": 0})
    monkeypatch.delenv("TF_FORCE_GPU_ALLOW_GROWTH", raising=False)
    scope.state.top, scope.state.stack = None, []
    log.set_log_device_placement(False)
    log.reset()
    threads = torch.get_num_threads()
    yield
    torch.set_num_threads(threads)
    scope.state.top, scope.state.stack = None, []
    log.set_log_device_placement(False)
    log.reset()


@pytest.fixture
def fake_gpus(monkeypatch):
    """Pretend the machine has `n` GPUs for bookkeeping (no tensor may be put on them)."""

    def install(n):
        monkeypatch.setattr(devices, "_gpu_count", lambda: n)
        return devices.list_physical_devices("GPU")

    return install


@pytest.fixture
def meta_gpu(monkeypatch):
    """Map logical '/gpu:0' to torch's 'meta' device, so placement and input copies are observable without CUDA."""
    real = device_spec.resolve

    def resolve(device_type, index):
        if device_type == "GPU" and index == 0:
            return torch.device("meta")
        return real(device_type, index)

    monkeypatch.setattr(device_spec, "resolve", resolve)
    return torch.device("meta")

