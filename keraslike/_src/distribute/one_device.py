"""`tf.distribute.OneDeviceStrategy` and the default (no-scope) strategy.

Mirrors `tensorflow/python/distribute/one_device_strategy.py`: everything is
placed on one device; collectives are identities.
"""

from keraslike._src.config import devices as config_devices
from keraslike._src.distribute import context
from keraslike._src.distribute.strategy import Strategy
from keraslike._src.placement import device_spec


class OneDeviceStrategy(Strategy):
    """Run on a single device: `tf.distribute.OneDeviceStrategy(device="/gpu:0")`.

    Args:
        device: TF device string ("/cpu:0", "/gpu:0", "/device:GPU:1", "GPU:0").
            A GPU the machine lacks falls back to the CPU with a warning (TF2's
            soft device placement), so GPU tutorials still run on CPU machines.

    Raises:
        ValueError: if `device` is not a device name.
    """

    def __init__(self, device):
        device_type, index = device_spec.parse(device)
        torch_device = device_spec.to_torch(device_type, index, soft=True)
        placed_type = "GPU" if torch_device.type == "cuda" else "CPU"
        placed_index = torch_device.index or 0
        config_devices.mark_initialized()
        super().__init__(torch_device, device_spec.canonical(placed_type, placed_index))


class DefaultStrategy(Strategy):
    """What `tf.distribute.get_strategy()` returns outside any scope: one replica, default device."""

    def __init__(self):
        torch_device = device_spec.default_torch_device()
        config_devices.mark_initialized()  # as TF's first op: visibility is fixed from here on
        placed_type = "GPU" if torch_device.type == "cuda" else "CPU"
        super().__init__(torch_device, device_spec.canonical(placed_type, 0))
        self._is_default = True


context.set_default_strategy_class(DefaultStrategy)
