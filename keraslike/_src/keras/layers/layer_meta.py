"""The metaclass of `keras.layers.Layer`: `help()` and `dir()` on a layer class show Keras's API.

Every keraslike layer is a `torch.nn.Module`, so without this `help(tf.keras.layers.Dense)` would
be mostly `torch.nn.Module`'s ~1,000 lines of inherited methods. `LayerMeta.__dir__` leaves out
the names that only torch classes define (`torch_members.keras_dir`); they stay fully usable
(`Dense.parameters`, `model.state_dict()`). `dir()` of an instance still lists them (`Layer.__dir__`).

It derives from `abc.ABCMeta` so that `class Base(tf.keras.layers.Layer, abc.ABC)` still works,
and keeps `type`'s fast `isinstance`/`issubclass` (no virtual subclasses of layers).
"""

import abc

from keraslike._src import torch_members


class LayerMeta(abc.ABCMeta):
    """Metaclass of `Layer`; see the module docstring."""

    __instancecheck__ = type.__instancecheck__
    __subclasscheck__ = type.__subclasscheck__

    def __dir__(cls):
        return torch_members.keras_dir(cls)
