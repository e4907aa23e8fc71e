"""Keras activation functions over torch (`keras/src/activations/activations.py`).

Each takes and returns a tensor of the same shape; `softmax`/`log_softmax`
act on the last axis by default.
"""

import functools
import inspect

import torch
import torch.nn.functional as F

from keraslike._src.keras import backend, keras_version
from keraslike._src.keras.layers.keras_tensor import is_symbolic
from keraslike._src.keras.ops import nn as ops_nn
from keraslike._src.keras.ops import numpy as ops_numpy
from keraslike._src.keras.ops import symbolic
from keraslike._src.keras.ops.tensors import convert
from keraslike._src.keras.saving import object_registration
from keraslike._src.keras.saving.namespace_lookup import NamespaceLookup
from keraslike._src.ops.cached_logits import cache_logits
from keraslike._src.ops.nn import relu_with_options, selu_as_tf


def _tensor_input(fn=None, *, keeps_int=False):
    """Decorate an activation so `x` given as a list, numpy array or number is converted as Keras's
    `convert_to_tensor` does (Python floats -> float32, numpy keeps its dtype); integer input is computed in
    floatx except where Keras keeps it (`relu([-1, 2])` is int32)."""
    if fn is None:
        return functools.partial(_tensor_input, keeps_int=keeps_int)

    @functools.wraps(fn)
    def wrapper(x, *args, **kwargs):
        if is_symbolic(x):
            return _symbolic_activation(wrapper, x, args, kwargs)
        if not isinstance(x, torch.Tensor):
            x = convert(x)
        if not keeps_int and not (x.is_floating_point() or x.is_complex()):
            x = x.to(getattr(torch, backend.floatx()))
        return fn(x, *args, **kwargs)

    return wrapper


_OPS_NAMES = {"exponential": "exp"}  # an activation whose keras.ops function has another name
# Keras 3 activations that convert their input with `backend.convert_to_tensor`, which refuses a KerasTensor
_CONVERTING = ("hard_silu", "mish", "sparsemax")


def _symbolic_activation(activation, x, args, kwargs):
    """`activation(x, ...)` on a functional model's KerasTensor, as Keras 3 records it: the call of the `keras.ops`
    function the activation is (`sigmoid(x)` is `ops.sigmoid(x)`: a `Sigmoid` node, saved as such), with the
    activation's own defaults (`gelu`'s `approximate=False`). An activation that is no single op (`relu` with a
    cap or a leak, Keras 2's `hard_sigmoid`) is recorded as one node computing the activation. `hard_silu`, `mish`
    and `sparsemax` raise, as in TF 2.21's Keras 3 (they convert their input to a tf.Tensor first)."""
    if activation.__name__ in _CONVERTING and not keras_version.legacy_keras():
        raise ValueError("A KerasTensor cannot be used as input to a TensorFlow function. A KerasTensor is a symbolic "
                         "placeholder for a shape and dtype, used when constructing Keras Functional models or Keras "
                         "Functions. You can only use it as input to a Keras layer or a Keras operation (from the "
                         f"namespaces `keras.layers` and `keras.ops`). Received: activation={activation.__name__}")
    bound = inspect.signature(activation).bind(x, *args, **kwargs)
    bound.apply_defaults()
    values = dict(bound.arguments)
    name = _OPS_NAMES.get(activation.__name__, activation.__name__)
    op = getattr(ops_nn, name, None) or getattr(ops_numpy, name, None)
    if op is not None and not keras_version.legacy_keras():
        op_parameters = inspect.signature(op).parameters
        defaults = {key: param.default for key, param in inspect.signature(activation).parameters.items()}
        if all(key in op_parameters or value == defaults[key] for key, value in values.items()):
            return symbolic.OpLayer.on_symbolic(op, (), {k: v for k, v in values.items() if k in op_parameters})
    return symbolic.OpLayer.on_symbolic(activation, (), values)


def linear(x):
    return x


@_tensor_input(keeps_int=True)
def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    """Keras relu with optional leak, cap and threshold.

    As Keras: values above `threshold` pass (strictly: `x == threshold` gives 0), capped to
    `[0, max_value]` when a cap is given; below, `negative_slope * (x - threshold)`.
    """
    return relu_with_options(x, negative_slope, max_value, threshold)


@_tensor_input(keeps_int=True)
def relu6(x):
    return F.relu6(x)


@_tensor_input
def leaky_relu(x, negative_slope=0.2):
    return F.leaky_relu(x, negative_slope)


@_tensor_input
def elu(x, alpha=1.0):
    return F.elu(x, alpha)


@_tensor_input
def selu(x):
    return selu_as_tf(x)


@_tensor_input
def gelu(x, approximate=False):
    return F.gelu(x, approximate="tanh" if approximate else "none")


@_tensor_input
def sigmoid(x):
    """`1 / (1 + exp(-x))`; the output carries `x` as its logits for the cross-entropies (ops/cached_logits.py)."""
    return cache_logits(torch.sigmoid(x), x)


@_tensor_input
def hard_sigmoid(x):
    """Keras 3: `relu6(x + 3) / 6`; Keras 2 (`TF_USE_LEGACY_KERAS=1`): `clip(0.2 * x + 0.5, 0, 1)`, so a Keras 2
    model (an LSTM or ConvLSTM with `recurrent_activation="hard_sigmoid"`) computes what it computed in tf_keras."""
    if keras_version.legacy_keras():
        return torch.clamp(x * 0.2 + 0.5, 0.0, 1.0)
    return F.hardsigmoid(x)


@_tensor_input
def tanh(x):
    return torch.tanh(x)


@_tensor_input
def softplus(x):
    return F.softplus(x)


@_tensor_input
def softsign(x):
    return F.softsign(x)


@_tensor_input
def silu(x):
    return F.silu(x)


swish = silu


@_tensor_input
def hard_silu(x):
    """`x * relu6(x + 3) / 6` (Keras 3's hard_silu / hard_swish)."""
    return F.hardswish(x)


hard_swish = hard_silu


@_tensor_input
def mish(x):
    return F.mish(x)


@_tensor_input
def exponential(x):
    return torch.exp(x)


@_tensor_input
def softmax(x, axis=-1):
    """`exp(x) / sum(exp(x))` along `axis`; the output carries `x` as its logits (ops/cached_logits.py)."""
    return cache_logits(torch.softmax(x, dim=axis), x)


@_tensor_input
def log_softmax(x, axis=-1):
    return torch.log_softmax(x, dim=axis)


@_tensor_input
def celu(x, alpha=1.0):
    """`max(x, 0) + alpha * min(exp(x / alpha) - 1, 0)` (keras.activations.celu)."""
    return ops_nn.celu(x, alpha)


@_tensor_input
def glu(x, axis=-1):
    """Gated linear unit: split `axis` in halves `a, b` and return `a * sigmoid(b)`."""
    return ops_nn.glu(x, axis)


@_tensor_input
def hard_shrink(x, threshold=0.5):
    """`x` where `|x| > threshold`, else 0."""
    return ops_nn.hard_shrink(x, threshold)


@_tensor_input
def hard_tanh(x):
    """`clip(x, -1, 1)`."""
    return ops_nn.hard_tanh(x)


@_tensor_input
def log_sigmoid(x):
    """`log(sigmoid(x))`, computed stably."""
    return ops_nn.log_sigmoid(x)


@_tensor_input
def soft_shrink(x, threshold=0.5):
    """`x - threshold` above `threshold`, `x + threshold` below `-threshold`, else 0."""
    return ops_nn.soft_shrink(x, threshold)


@_tensor_input
def sparse_plus(x):
    """0 for `x <= -1`, `(x + 1)^2 / 4` on `(-1, 1)`, `x` for `x >= 1`."""
    return ops_nn.sparse_plus(x)


@_tensor_input
def sparse_sigmoid(x):
    """0 for `x <= -1`, `(x + 1) / 2` on `(-1, 1)`, 1 for `x >= 1`."""
    return ops_nn.sparse_sigmoid(x)


@_tensor_input
def sparsemax(x, axis=-1):
    """Sparsemax (Martins & Astudillo 2016): the Euclidean projection of `x` onto the simplex along `axis`."""
    return ops_nn.sparsemax(x, axis)


@_tensor_input
def squareplus(x, b=4):
    """`(x + sqrt(x^2 + b)) / 2`."""
    return ops_nn.squareplus(x, b)


@_tensor_input
def tanh_shrink(x):
    """`x - tanh(x)`."""
    return ops_nn.tanh_shrink(x)


@_tensor_input
def threshold(x, threshold, default_value):
    """`x` where `x > threshold`, else `default_value`."""
    return ops_nn.threshold(x, threshold, default_value)


_NAMES = {
    f.__name__: f
    for f in (linear, relu, relu6, leaky_relu, elu, selu, gelu, sigmoid, hard_sigmoid, tanh, softplus,
              softsign, silu, mish, exponential, softmax, log_softmax, hard_silu, celu, glu, hard_shrink, hard_tanh,
              log_sigmoid, soft_shrink, sparse_plus, sparse_sigmoid, sparsemax, squareplus, tanh_shrink, threshold)
}
_NAMES["swish"] = silu
_NAMES["hard_swish"] = hard_silu
_LOOKUP = NamespaceLookup("activation", "keras.activations", None, _NAMES)


def get(identifier):
    """Resolve `None`/"linear", a name such as `"relu"` (then a registered or scoped custom name), a config dict
    (`deserialize`'s), or a callable.

    Raises:
        ValueError: for an unknown name (lists the valid ones).
    """
    if identifier is None:
        return linear
    if callable(identifier):
        return identifier
    if isinstance(identifier, dict):
        return deserialize(identifier)
    return _LOOKUP.resolve(identifier, registered=True)


def deserialize(config, custom_objects=None):
    """The activation function a `serialize` result names (`"relu"`, `"package>name"`, or a
    `{"class_name": ..., "config": ...}` dict as Keras 3 writes functions).

    Raises:
        ValueError: for an unknown name (lists the valid ones).
        TypeError: for a dict that names no function (`{"class_name": "relu", "config": {}}`), as Keras.
    """
    if isinstance(config, dict) and isinstance(config.get("config"), dict) and _layer_class(config, custom_objects):
        return _layer_class(config, custom_objects).from_config(config["config"])  # a layer as activation (ReLU())
    if isinstance(config, dict):
        inner = config.get("config", config.get("class_name"))
        if isinstance(inner, dict):  # a legacy `{"class_name": "relu", "config": {"name": "relu"}}`
            if "name" not in inner:  # (before, this read as None and gave `linear`)
                raise TypeError(f"Could not locate activation function {config.get('class_name')!r}: its config "
                                f"names no function. Received: config={config!r}")
            inner = inner["name"]
        config = inner
    if custom_objects and config in custom_objects:
        return custom_objects[config]
    return get(config)


def serialize(fn):
    """The name saved in configs: a built-in's name, a registered function's `"package>name"`, else `__name__`; a
    layer used as the activation (`activation=keras.layers.ReLU()`) is written as Keras writes a layer."""
    layer_base = object_registration.builtin_base("layers")
    if layer_base is not None and isinstance(fn, layer_base):
        cls = type(fn)
        builtin = cls.__module__.startswith("keraslike.") and cls not in object_registration.GLOBAL_CUSTOM_NAMES
        return {"module": "keras.layers" if builtin else cls.__module__, "class_name": cls.__name__,
                "config": fn.get_config(),
                "registered_name": None if builtin else object_registration.get_registered_name(cls)}
    return object_registration.get_registered_name(fn) if callable(fn) else getattr(fn, "__name__", "linear")


def _layer_class(config, custom_objects):
    """The layer class a `{"module": "keras.layers", "class_name": "ReLU", ...}` activation entry names, else None."""
    if not str(config.get("module") or "").startswith("keras.layers") and config.get("registered_name") is None:
        return None
    for name in (config.get("registered_name"), config.get("class_name")):
        found = object_registration.get_registered_object(name, custom_objects) if name else None
        if found is not None:
            return found
    return object_registration.builtin_objects("layers").get(config.get("class_name"))
