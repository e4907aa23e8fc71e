"""Fresh device/placement state per test (fixtures in tests/device_state_fixtures.py)."""

from tests.device_state_fixtures import fake_gpus, fresh_device_state, meta_gpu  # noqa: F401
