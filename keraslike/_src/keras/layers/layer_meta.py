"""The metaclass of `keras.layers.Layer`: `help()` and `dir()` on a layer class show Keras's API.

Every keraslike layer is a `torch.nn.Module`, so without this `help(tf.keras.layers.Dense)` would
be mostly `torch.nn.Module`'s ~1,000 lines of inherited methods. `LayerMeta.__dir__` leaves out
the names that only torch classes define (`torch_members.keras_dir`); they stay fully usable
(`Dense.parameters`, `model.state_dict()`). `dir()` of an instance still lists them (`Layer.__dir__`).

It derives from `abc.ABCMeta` so that `class Base(tf.keras.layers.Layer, abc.ABC)` still works,
and keeps `type`'s fast `isinstance`/`issubclass` (no virtual subclasses of layers).

Constructing a layer passes numpy scalar arguments on as Python numbers (`LayerMeta.__call__`), the one
place where every layer's integer and float arguments are normalised: `Dense(np.int64(3))`,
`Embedding(np.max(ids) + 1, 8)` and `Dropout(np.float32(.5))` work as Keras 2 accepts them; keraslike's own
layers also take integer scalar tensors (`Dense(tf.shape(x)[1])`), as tf_keras does (Keras 3 takes them in
Conv2D and LSTM, refuses them in Dense, Embedding and MultiHeadAttention; keraslike takes them everywhere).
"""

import abc
import functools
import inspect

import numpy as np
import torch

from keraslike._src import torch_members


def python_scalars(value):
    """`value` with numpy scalars (`np.int64(3)`, `np.float32(.5)`, `np.bool_`) as Python numbers, inside tuples
    and lists too; arrays, tensors and everything else are returned unchanged."""
    if isinstance(value, np.generic) and isinstance(value, (np.number, np.bool_)):
        return value.item()
    if type(value) in (tuple, list):
        converted = [python_scalars(item) for item in value]
        if any(new is not old for new, old in zip(converted, value)):
            return type(value)(converted)
    return value


def _recording_build(build):
    """`build` that first notes the input shape it is given (`get_build_config`, as Keras 3's build wrapper does),
    once: the outermost `build` of a class chain (a subclass calling `super().build`) notes it first."""

    @functools.wraps(build)
    def recording(self, *args, **kwargs):
        if len(args) == 1 and not kwargs and "_recorded_build_shape" not in self.__dict__:
            self.__dict__["_recorded_build_shape"] = args[0]
        return build(self, *args, **kwargs)

    recording._records_shape = True
    return recording


def python_ints(value):
    """`value` with 0-d integer tensors (`tf.shape(x)[1]`) as Python ints, inside tuples and lists too."""
    if isinstance(value, torch.Tensor) and value.dim() == 0 and not value.is_floating_point() \
            and not value.is_complex() and value.dtype != torch.bool:
        return int(value)
    if type(value) in (tuple, list):
        converted = [python_ints(item) for item in value]
        if any(new is not old for new, old in zip(converted, value)):
            return type(value)(converted)
    return value


_TENSOR_ARGUMENTS = ("input_tensor", "tensor")  # InputLayer's, a tensor whatever its rank


class LayerMeta(abc.ABCMeta):
    """Metaclass of `Layer`; see the module docstring."""

    __instancecheck__ = type.__instancecheck__
    __subclasscheck__ = type.__subclasscheck__

    def __dir__(cls):
        return torch_members.keras_dir(cls)

    @property
    def __signature__(cls):
        # `inspect.signature(Dense)` shows the constructor's arguments, not `__call__`'s `*args, **kwargs`
        init = inspect.signature(cls.__init__)
        return init.replace(parameters=list(init.parameters.values())[1:])

    def __new__(mcs, name, bases, namespace, **kwargs):
        build = namespace.get("build")
        if callable(build) and not getattr(build, "_records_shape", False):
            namespace["build"] = _recording_build(build)
        return super().__new__(mcs, name, bases, namespace, **kwargs)

    def __call__(cls, *args, **kwargs):
        # Layer arguments computed with numpy (`Embedding(np.max(ids) + 1, 8)`, `Dense(np.int64(n))`,
        # `Dropout(np.float32(.5))`) are the Python numbers they hold, whatever the layer checks and stores
        args = tuple(python_scalars(arg) for arg in args)
        kwargs = {key: python_scalars(value) for key, value in kwargs.items()}
        if cls.__module__.startswith("keraslike."):
            # Keras's own layers: an integer scalar tensor (`Dense(tf.shape(x)[1])`, `Conv2D(n, 3)`, `Embedding(
            # input_dim=seq_len)`) is the int it holds, as tf_keras's int(units) makes it (a user's layer gets its
            # arguments as given)
            args = tuple(python_ints(arg) for arg in args)
            kwargs = {key: value if key in _TENSOR_ARGUMENTS else python_ints(value) for key, value in kwargs.items()}
        return super().__call__(*args, **kwargs)
