"""TF's string methods on `tensor.device`.

TF's `tensor.device` is a string, `'/job:localhost/replica:0/task:0/device:CPU:0'`, and programs test it
with string methods: `x.device.endswith('GPU:0')` (the customization-basics tutorial),
`'GPU' in x.device.upper()`, `x.device.split(':')`. Tensors stay plain `torch.Tensor` (DESIGN §2), whose
`device` is a `torch.device` torch itself reads everywhere, so it cannot become a string. `install()` adds
the read-only `str` methods to `torch.device`'s type dictionary (as `tensor_attributes` does for
`torch.Size` and `torch.dtype`), each applied to the TF name of the device (`device_spec.logical_name`),
plus `tf_name`, that name itself (`index` and `type` stay torch's: the ordinal and 'cpu'/'cuda').
Nothing torch defines is replaced: `str(x.device)` stays torch's `'cpu'`,
and `x.device == '/job:...'` and `'GPU' in x.device` (operators, which a type dictionary cannot reach)
keep torch's answers (README, "Where keraslike differs").
"""

import torch

from keraslike._src.ops.tensor_attributes import add_to_type
from keraslike._src.placement.device_spec import logical_name

_STRING_METHODS = ("endswith", "startswith", "split", "rsplit", "partition", "rpartition", "find", "rfind",
                   "rindex", "count", "lower", "upper", "casefold", "replace", "strip", "lstrip",
                   "rstrip", "removeprefix", "removesuffix", "splitlines", "encode", "format", "isidentifier")


def _string_method(name):
    method = getattr(str, name)

    def on_tf_name(device, *args, **kwargs):
        return method(logical_name(device), *args, **kwargs)

    on_tf_name.__name__ = on_tf_name.__qualname__ = name
    on_tf_name.__doc__ = (f"`str.{name}` of TF's name of this device ('/job:localhost/replica:0/task:0/"
                          "device:CPU:0'), as on TF's string `tensor.device` (keraslike/_src/placement/"
                          "device_string.py).")
    return on_tf_name


def install():
    """Add the string methods to `torch.device` (idempotent; torch's own names are never replaced)."""
    if "tf_name" in torch.device.__dict__:
        return
    attributes = {name: _string_method(name) for name in _STRING_METHODS}
    attributes["tf_name"] = property(logical_name, doc="TF's fully qualified name of this device.")
    add_to_type(torch.device, attributes)
