"""`keras.ops` nodes of Keras 3 functional configs (keras/src/ops/operation.py, models/functional.py).

Keras 3 records an op applied to a functional-API tensor as an `Operation` node of the graph: the mask
that `Embedding(mask_zero=True)` hands to an RNN (`NotEqual`), `x[:, 0]` (`GetItem`), `x + y` (`Add`),
`keras.ops.reshape(x, ...)` (`Reshape`). Its config entry is

    {"module": "keras.src.ops.numpy", "class_name": "NotEqual", "config": {"name": "not_equal", ...}}

where `config` holds the op's constructor arguments, and its inbound node the call arguments. For every
op the constructor arguments are the non-tensor parameters of the `keras.ops` function of the same
snake_case name and the call arguments its leading parameters, in order; the few ops named or ordered
otherwise are listed below. Loading one gives an `OpNode`, which the functional rebuild calls like a layer
and which records the same `OpLayer` call that `keras.ops` makes on symbolic tensors.

Writing: a `keras.ops` call on symbolic tensors is described (`describe_call`) as the node Keras 3 writes for
it, with the constructor / call split of each op class taken from real Keras (keras_op_signatures.py, generated
by tests/golden/make_keras_op_classes.py) and the few argument standardizations Keras's functions make.
"""

import inspect
import numbers
import re

import numpy as np
import torch

from keraslike._src.keras.backend import config as backend_config
from keraslike._src.keras.backend import naming
from keraslike._src.keras.layers import keras_tensor
from keraslike._src.keras.ops import core, einops, image, linalg, math, nn, numpy, symbolic
from keraslike._src.keras.ops.dtypes import standardize_dtype
from keraslike._src.keras.ops.symbolic import FUNCTION_NAMES, OpLayer
from keraslike._src.keras.saving.keras_op_signatures import SIGNATURES
from keraslike._src.ops import dtypes

_MODULES = {"numpy": numpy, "core": core, "math": math, "nn": nn, "linalg": linalg, "image": image,
            "einops": einops}

# Ops whose call arguments are not the function's leading parameters: passed by these names instead.
_CALL_PARAMETERS = {"Average": ("x", "weights"), "Pad": ("x", "constant_values"), "Full": ("fill_value",)}


def is_op_config(config):
    """True for a functional config entry that describes a `keras.ops` node (its module is `keras.src.ops.*`)."""
    module = config.get("module") or ""
    return module.startswith("keras.src.ops.") or module == "keras.ops" or module.startswith("keras.ops.")


def is_moduleless_op_config(config):
    """True for an op node written without its module, as Keras 3's legacy `.h5` writer writes every entry.

    (`{"class_name": "TrueDivide", "module": None, "config": {"name": "true_divide"}}`, which Keras 3 itself
    then cannot read.) A layer's config always holds `trainable`, an op's never does, which tells the op
    `Multiply`/`Subtract`/`Add` from the merge layers of the same names.
    """
    class_name, inner = config.get("class_name"), config.get("config")
    return (not config.get("module") and isinstance(class_name, str) and isinstance(inner, dict)
            and "trainable" not in inner and _function(class_name, "") is not None)


def _module_of(fn):
    """The Keras module an op function's class lives in (`keras.src.ops.numpy` for keraslike's numpy ops)."""
    return "keras.src.ops." + fn.__module__.rsplit(".", 1)[-1]


def _function(class_name, module):
    name = FUNCTION_NAMES.get(class_name) or re.sub(r"(?<!^)(?=[A-Z])", "_", class_name).lower()
    family = module.rsplit(".", 1)[-1]
    for namespace in [_MODULES[family]] if family in _MODULES else []:
        fn = getattr(namespace, name, None)
        if callable(fn):
            return fn
    for namespace in _MODULES.values():
        fn = getattr(namespace, name, None)
        if callable(fn) and not isinstance(fn, type):
            return fn
    return None


class OpNode:
    """One Keras 3 op node read from a config: calling it on the node's arguments applies the op.

    Args:
        class_name: the Keras op class (`"NotEqual"`).
        fn: the `keras.ops` function that computes it.
        config: the op's constructor arguments, `name` included.
        module: the Keras module the config names (`keras.src.ops.numpy`), written back on saving.
    """

    def __init__(self, class_name, fn, config, module="keras.src.ops.numpy"):
        self.name = config.get("name") or fn.__name__
        self.module = module
        self._class_name = class_name
        self._fn = fn
        self._options = {k: v for k, v in config.items() if k != "name"}

    def _arguments(self, args, kwargs):
        kwargs = {**self._options, **kwargs}
        if self._class_name == "Einsum":  # `Einsum(subscripts)(*operands)`
            return (kwargs.pop("subscripts"), *args), kwargs
        if self._class_name == "GetItem" and len(args) == 2 and isinstance(args[1], list):
            return (args[0], tuple(args[1])), kwargs  # a key saved as a list is a tuple index, as Keras reads it
        names = _CALL_PARAMETERS.get(self._class_name)
        if names is not None:
            kwargs.update(zip(names, args))
            return (), kwargs
        return tuple(args), kwargs

    def call(self, *args, **kwargs):
        """The op on concrete tensors."""
        args, kwargs = self._arguments(args, kwargs)
        return self._fn(*args, **kwargs)

    def __call__(self, *args, **kwargs):
        """The op on the functional graph's tensors: records an `OpLayer` node named as in the file."""
        spec = KerasOp(self.module, self._class_name, {"name": self.name, **self._options}, list(args), dict(kwargs))
        args, kwargs = self._arguments(args, kwargs)
        return OpLayer.on_symbolic(self._fn, args, kwargs, name=self.name, keras_op=spec)


class KerasOp:
    """How an op node read from a Keras 3 config is written back: its entry and its call's arguments.

    Args:
        module, class_name, config: the entry's fields (`config` with `name` and the constructor arguments).
        args, kwargs: the node's call arguments, KerasTensors of the rebuilt graph among them.
    """

    def __init__(self, module, class_name, config, args, kwargs):
        self.module = module
        self.class_name = class_name
        self.config = config
        self.args = args
        self.kwargs = kwargs

    def entry(self):
        """`{"module", "class_name", "config", "registered_name"}` as Keras writes an op."""
        return {"module": self.module, "class_name": self.class_name, "config": dict(self.config),
                "registered_name": self.class_name}


def op_from_config(config):
    """The `OpNode` of a Keras 3 op config entry.

    Raises:
        ValueError: for an op keraslike does not know, naming it.
    """
    class_name, module = config.get("class_name"), config.get("module") or ""
    fn = _function(class_name, module) if isinstance(class_name, str) else None
    if fn is None:
        raise ValueError(f"The functional config holds a `{module}` op node of class {class_name!r}, which has no "
                         f"keras.ops counterpart in keraslike. Received: class_name={class_name!r}")
    module = module or _module_of(fn)
    inner = config.get("config") or {}
    if not isinstance(inner, dict):
        raise ValueError(f"The config of op node {class_name!r} must be a dict of its arguments. "
                         f"Received: config={inner!r}")
    return OpNode(class_name, fn, inner, module)


def operator_node(class_name, *args):
    """A Python operator on KerasTensors (`x / 255.0`, `x[:, 0]`): the Keras 3 op node it makes, recorded.

    Named and written to configs as Keras 3 writes it (`{"module": "keras.src.ops.numpy", "class_name":
    "TrueDivide", "config": {"name": "true_divide"}}`), so such models save and load in both directions.
    """
    fn = _function(class_name, "keras.src.ops.numpy")
    base = FUNCTION_NAMES.get(class_name) or re.sub(r"(?<!^)(?=[A-Z])", "_", class_name).lower()
    return OpNode(class_name, fn, {"name": naming.uniquify(base)})(*args)


# Ops whose keras.ops function turns `dtype=None` into `floatx()` before making the op (so the config holds it);
# the others keep None and standardize any other dtype.
_DTYPE_NONE_IS_FLOATX = {"Cast", "SaturateCast", "OneHot", "MultiHot"}
# Call arguments Keras's keras.ops function passes by keyword (the inbound node's kwargs).
_CALL_KEYWORDS = {"Average": ("weights",), "Pad": ("constant_values",), "RMSNorm": ("scale",), "Arange": ("step",)}
# Ops whose keras.ops function standardizes `data_format` (None -> image_data_format()) and lower-cases `padding`.
_NN_FORMATTED = {"MaxPool", "AveragePool", "Conv", "DepthwiseConv", "SeparableConv", "ConvTranspose", "DepthToSpace",
                 "SpaceToDepth"}
# Constructor arguments a keras.ops function takes only as a keyword option, with their defaults.
_INIT_DEFAULTS = {"LayerNorm": {"rms_scaling": False}}


def _config_value(value):
    """`(True, value)` as Keras 3 stores a constructor argument (str, number, bool, None, lists); `(False, None)`."""
    if isinstance(value, (torch.dtype, np.dtype)) or (isinstance(value, type) and issubclass(value, np.generic)):
        return True, dtypes.dtype_name(value)
    if isinstance(value, (bool, str, type(None))):
        return True, value
    if isinstance(value, numbers.Integral):
        return True, int(value)
    if isinstance(value, numbers.Real):
        return True, float(value)
    if isinstance(value, (list, tuple)):
        items = [_config_value(v) for v in value]
        if all(ok for ok, _ in items):
            return True, type(value)(v for _, v in items)
    return False, None


def _call_value(value):
    """True for a call argument a Keras 3 inbound node can hold: the graph's tensors and constants, not variables."""
    if isinstance(value, torch.Tensor):
        return not isinstance(value, torch.nn.Parameter)  # a constant tensor is written as Keras's `__tensor__`
    if isinstance(value, (list, tuple)):
        return all(_call_value(v) for v in value)
    if isinstance(value, dict):
        return all(_call_value(v) for v in value.values())
    return value is None or isinstance(value, (keras_tensor.KerasTensor, bool, str, numbers.Number, np.ndarray,
                                               np.generic, slice, type(Ellipsis)))


def describe_call(fn, args, kwargs, name):
    """How `fn(*args, **kwargs)` on symbolic tensors saves: `(KerasOp, None)`, or `(None, reason)` if it can't.

    The same node Keras 3 writes for the call: the op class of `fn`'s name, its constructor parameters (as Keras
    3's class takes them, keras_op_signatures.py) taken from the call's bound arguments, defaults included, as
    the config; its call parameters, in order, as the node's arguments.
    """
    class_name = symbolic.keras_class_name(fn)
    if class_name not in SIGNATURES:
        return None, f"Keras 3 has no op class {class_name!r} for it"
    module, init, call = SIGNATURES[class_name]
    parameters = inspect.signature(fn).parameters
    try:
        bound = inspect.signature(fn).bind(*args, **kwargs)
    except TypeError as err:
        return None, f"its arguments do not match keras.ops.{fn.__name__}'s ({err})"
    bound.apply_defaults()
    values = dict(bound.arguments)
    for key, param in parameters.items():
        if param.kind == param.VAR_KEYWORD:  # keyword-only options (`rms_scaling`): Keras's own parameters
            extra = values.pop(key, {})
            unknown = sorted(set(extra) - set(init) - set(call))
            if unknown:
                return None, f"it was passed arguments Keras 3's {class_name} does not take: {unknown}"
            values.update(extra)
    values = {**_INIT_DEFAULTS.get(class_name, {}), **values}
    config = {"name": name}
    for key in init:
        if key not in values:
            return None, f"keraslike's keras.ops.{fn.__name__} has no argument {key!r}, which Keras 3 saves"
        value = values[key]
        if key == "dtype" and (value is not None or class_name in _DTYPE_NONE_IS_FLOATX):
            try:
                value = standardize_dtype(value)
            except (ValueError, TypeError):
                return None, f"its argument dtype={value!r} names no Keras dtype"
        if class_name in _NN_FORMATTED and key == "data_format":
            value = backend_config.image_data_format() if value is None else str(value).lower()
        if class_name in _NN_FORMATTED and key == "padding" and isinstance(value, str):
            value = value.lower()
        ok, config[key] = _config_value(value)
        if not ok:
            return None, f"its argument {key}={values[key]!r} is not a str, number, bool or None"
    call_args, call_kwargs = [], {}
    leading = [key for key in parameters if key not in init and parameters[key].kind != inspect.Parameter.VAR_KEYWORD]
    for position, key in enumerate(c for c in call if c != "kwargs"):  # (`Einsum.call(*operands, **kwargs)`)
        if key not in values and position < len(leading):
            key = leading[position]  # the call arguments are the function's leading parameters, whatever their names
        if key not in values:
            return None, f"keraslike's keras.ops.{fn.__name__} has no argument {key!r}, which Keras 3 passes"
        if parameters[key].kind == inspect.Parameter.VAR_POSITIONAL:
            call_args.extend(values[key])
        elif key in _CALL_KEYWORDS.get(class_name, ()):
            call_kwargs[key] = values[key]
        else:
            call_args.append(values[key])
    if not _call_value([call_args, call_kwargs]):
        return None, "a call argument is a variable, which an op node cannot hold"
    return KerasOp(module, class_name, config, call_args, call_kwargs), None


keras_tensor.set_operator_handler(operator_node)
symbolic.set_describer(describe_call)
