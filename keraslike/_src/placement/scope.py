"""`tf.device(name)` scopes and soft device placement.

Mirrors `tensorflow/python/framework/ops.py` (`device`) and the eager
placement rules of `tensorflow/python/eager/context.py`:

- Inside `with tf.device("/gpu:1"):` tensors CREATED by tf ops (`tf.constant`,
  `tf.Variable`, `tf.zeros`, `tf.random.*`, Keras weights) live on that device,
  and tf ops COMPUTED there (`tf.matmul`, `tf.add`, `tf.add_n`, `tf.reduce_*`,
  ...) copy their inputs to it first, as TF does.
- Python operators (`a + b`, `a @ b`) are torch's: they run where their inputs
  are, whatever the scope (intercepting them would cost every torch op in the
  scope). Use the tf op (`tf.add(a, b)`) to place a computation.
- A device the process lacks falls back to the CPU with one `RuntimeWarning`
  when soft placement is on (TF2's default), and raises
  `tf.errors.InvalidArgumentError` when the first op uses it with soft
  placement off (`tf.config.set_soft_device_placement(False)`).
- Scopes nest and are per thread; `tf.device(None)` clears the device;
  a spec without a device part (`"/job:localhost"`) keeps the outer one.

Example:
    >>> with tf.device("/cpu:0"):
    ...     a = tf.constant([1.0, 2.0])
    >>> with tf.device("/gpu:0"):     # on a machine without GPUs: CPU, with a warning
    ...     c = tf.add(a, a)
"""

import threading

import torch

from keraslike._src.config import devices
from keraslike._src.placement import device_spec, tensor_nodes

_soft = {"enabled": True}


class _ScopeState(threading.local):
    def __init__(self):
        self.top = None  # innermost _Placement, or None outside every scope (and under tf.device(None))
        self.stack = []


state = _ScopeState()


class _Placement:
    """One resolved device request."""

    __slots__ = ("device_type", "index", "requested", "torch_device")

    def __init__(self, device_type, index, requested):
        self.device_type = device_type
        self.index = index
        self.requested = requested  # the user's string, e.g. "/gpu:0"
        self.torch_device = device_spec.resolve(device_type, index)  # None: missing

    @property
    def spec(self):
        """TF's normalised explicit spec, e.g. "/device:GPU:0"."""
        return f"/device:{self.device_type}:{self.index}"

    def torch(self, op_name=None):
        """The device to use now; applies soft placement to a missing device."""
        if self.torch_device is not None:
            return self.torch_device
        if not _soft["enabled"]:
            raise device_spec.placement_error(op_name or "placement", self.device_type, self.index,
                                              self.requested)
        device_spec.warn_fallback(self.device_type, self.index, op_name)
        return torch.device("cpu")


def _parse(device_name):
    """A device argument -> (device_type, index), None (clear) or "inherit"."""
    if device_name is None:
        return None
    if callable(device_name) and not isinstance(device_name, str):
        raise RuntimeError(
            "tf.device does not support functions when eager execution is enabled. "
            f"Received: device_name={device_name!r}"
        )
    if isinstance(device_name, torch.device):
        return device_spec.parse(device_name)
    if hasattr(device_name, "to_string"):  # tf.DeviceSpec
        device_name = device_name.to_string()
    if not isinstance(device_name, str):
        raise ValueError(
            f"Expected a device name string such as '/gpu:0' or '/device:CPU:0'. Received: "
            f"device_name={device_name!r}"
        )
    parts = [p for p in device_name.strip().split("/") if p]
    if not [p for p in parts if not p.lower().startswith(("job:", "replica:", "task:"))]:
        return "inherit"
    return device_spec.parse(device_name)


class device:
    """`tf.device(device_name)`: place tensors created and tf ops computed inside on a device.

    Mirrors `tensorflow/python/framework/ops.py` (`device_v2`, eager path).

    Args:
        device_name: "/cpu:0", "/gpu:1", "/device:GPU:1", "GPU:1", "gpu",
            "/job:localhost/replica:0/task:0/device:CPU:0", a `tf.DeviceSpec`,
            a `torch.device`, or None (no device: torch's default placement).

    Raises:
        ValueError: if `device_name` is not a device specification.
        RuntimeError: if `device_name` is a function (TF1 device functions do
            not exist eagerly).
        tf.errors.InvalidArgumentError: from the first op inside the scope when
            the device is missing and soft placement is off.
    """

    def __init__(self, device_name):
        parsed = _parse(device_name)
        self._name = device_name
        self._placement = (
            parsed if parsed in (None, "inherit") else _Placement(parsed[0], parsed[1], device_name)
        )

    def __enter__(self):
        devices.mark_initialized()
        state.stack.append(state.top)
        if self._placement != "inherit":
            state.top = self._placement
        return None

    def __exit__(self, *exc):
        state.top = state.stack.pop()
        return False

    def __repr__(self):
        return f"tf.device({self._name!r})"


def current_placement():
    """The innermost active request (`_Placement`), or None."""
    return state.top


def current_torch_device(op_name=None):
    """The torch device of the innermost `tf.device` scope, or None outside every scope.

    Raises:
        tf.errors.InvalidArgumentError: for a missing device with soft placement off.
    """
    top = state.top
    return None if top is None else top.torch(op_name)


def current_device_name():
    """TF's `tf.device` spec in effect ("/device:GPU:0"), or "" outside every scope."""
    top = state.top
    return "" if top is None else top.spec


def move(tensor, op_name=None):
    """`tensor` on the scope's device (a differentiable copy when it lives elsewhere); `tensor` outside scopes."""
    top = state.top
    if top is None or not isinstance(tensor, torch.Tensor):
        return tensor
    target = top.torch(op_name)
    if tensor.device == target:
        return tensor
    moved = tensor.to(target)
    node = tensor_nodes.node_of(tensor)  # the copy stands for the same TF op in placement logs
    if node is not None:
        tensor_nodes.set_node(moved, node)
    return moved


def set_soft_device_placement(enabled):
    """`tf.config.set_soft_device_placement(enabled)`: fall back to available devices (default True).

    Mirrors `tensorflow/python/framework/config.py`. May be changed at any time.
    """
    _soft["enabled"] = bool(enabled)


def get_soft_device_placement():
    """`tf.config.get_soft_device_placement()`: True unless turned off."""
    return _soft["enabled"]
