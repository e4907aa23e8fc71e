"""The metaclass of `keras.layers.Layer`: `help()` and `dir()` on a layer class show Keras's API.

Every keraslike layer is a `torch.nn.Module`, so without this `help(tf.keras.layers.Dense)` would
be mostly `torch.nn.Module`'s ~1,000 lines of inherited methods. `LayerMeta.__dir__` leaves out
the names that only torch classes define (pydoc builds its member list from `dir(cls)`); they stay
fully usable (`Dense.parameters`, `model.state_dict()`), and `help(torch.nn.Module)` documents them.
`dir()` of an instance is unchanged (torch's `Module.__dir__`).

It derives from `abc.ABCMeta` so that `class Base(tf.keras.layers.Layer, abc.ABC)` still works,
and keeps `type`'s fast `isinstance`/`issubclass` (no virtual subclasses of layers).
"""

import abc


def _owner(cls, name):
    for klass in cls.__mro__:
        if name in vars(klass):
            return klass
    return None


def _torch_only(cls, name):
    owner = _owner(cls, name)
    return owner is not None and (owner.__module__ or "").split(".")[0] == "torch"


class LayerMeta(abc.ABCMeta):
    """Metaclass of `Layer`; see the module docstring."""

    __instancecheck__ = type.__instancecheck__
    __subclasscheck__ = type.__subclasscheck__

    def __dir__(cls):
        return sorted(name for name in type.__dir__(cls)
                      if not _torch_only(cls, name) and name not in _ABC_NAMES)


_ABC_NAMES = frozenset({"__abstractmethods__"})   # ABCMeta's bookkeeping, not layer API
