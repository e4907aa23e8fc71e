"""`keras.ops` on symbolic `KerasTensor`s: an op applied to `keras.Input(...)` outputs becomes a layer call.

Mirrors Keras 3's `Operation.symbolic_call`: `y = keras.ops.mean(x, axis=1)` with a functional-API
tensor `x` records an `OpLayer` node (named after the op) that replays the op on real tensors, so
functional models may mix layers and ops, as keras.io's guides do. Output shapes come from running
the op once on small stand-in tensors (unknown dims become `None` in the batch axis only).

Such models train, predict and save: an `OpLayer` read from a Keras 3 file (saving/op_nodes.py) is written
back as Keras wrote it, and one made here is described (by the describer saving/op_nodes.py installs) as the
Keras 3 op node the same call makes there. An op with no Keras counterpart, or whose arguments cannot be
written, still trains; saving its model's config raises, naming the op and why.
"""

import functools
import types

from keraslike._src.keras import keras_version
from keraslike._src.keras.backend import naming
from keraslike._src.keras.layers.keras_tensor import KerasTensor, is_symbolic, map_structure
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.ops import value_semantics

# Ops that describe a tensor instead of computing one: on a KerasTensor they answer directly.
_DESCRIPTIVE = {"shape", "ndim", "dtype", "is_tensor", "custom_gradient", "vectorize", "convert_to_numpy"}

# Keras op classes whose `keras.ops` function is not their snake_case name.
FUNCTION_NAMES = {
    "AllClose": "allclose", "IsIn": "isin", "SearchSorted": "searchsorted", "CDist": "cdist", "FFT": "fft",
    "FFT2": "fft2", "IFFT2": "ifft2", "RFFT": "rfft", "IRFFT": "irfft", "STFT": "stft", "ISTFT": "istft",
    "BatchNorm": "batch_normalization", "CTCLoss": "ctc_loss", "CTCDecode": "ctc_decode", "PSNR": "psnr",
    "RMSNorm": "rms_normalization", "LayerNorm": "layer_normalization", "SVD": "svd",
    "RGBToGrayscale": "rgb_to_grayscale", "RGBToHSV": "rgb_to_hsv", "HSVToRGB": "hsv_to_rgb", "SSIM": "ssim",
}
# ... and the functions that make another function's op (`keras.ops.abs` makes an `Absolute`).
_CLASS_NAMES = {**{fn: cls for cls, fn in FUNCTION_NAMES.items()}, "abs": "Absolute", "conj": "Conjugate"}


def keras_class_name(fn):
    """The Keras 3 `Operation` class a `keras.ops` function makes (`mean` -> `Mean`, `abs` -> `Absolute`)."""
    return _CLASS_NAMES.get(fn.__name__) or "".join(part.capitalize() for part in fn.__name__.split("_"))


_describer = None  # `(fn, args, kwargs, name) -> (KerasOp or None, reason)`: set_describer


def set_describer(describer):
    """Install `describer(fn, args, kwargs, name)`, which says how an op call made here saves (saving/op_nodes.py)."""
    global _describer
    _describer = describer


class _Slot:
    """Marks where a symbolic input goes in an op's arguments."""


class OpLayer(Layer):
    """One `keras.ops` call inside a functional model (`fn(*args, **kwargs)` with tensors filled in)."""

    def __init__(self, fn, args, kwargs, name=None):
        # named as Keras names the op: its class in snake_case (`rms_normalization` makes `rms_norm`)
        super().__init__(name=name or naming.uniquify(naming.to_snake_case(keras_class_name(fn))), autocast=False)
        self._fn = fn
        self._template = map_structure(lambda v: _Slot() if isinstance(v, KerasTensor) else v, (args, kwargs))
        self.keras_op = None  # how to write this node as a Keras 3 op node (saving/op_nodes.py)
        self._unsaveable = None  # why it cannot be written, when keras_op is None

    @classmethod
    def on_symbolic(cls, fn, args, kwargs, name=None, keras_op=None):
        """`fn(*args, **kwargs)` with KerasTensors among the arguments: a new `OpLayer` called on them.

        Args:
            keras_op: optional description of the Keras 3 op node this call came from (kept for saving).
        """
        layer = cls(fn, args, kwargs, name)
        if keras_op is None and _describer is not None:
            keras_op, layer._unsaveable = _describer(fn, args, kwargs, layer.name)
        layer.keras_op = keras_op
        return layer(_symbolic_inputs(args, kwargs))

    @property
    def keras_class_name(self):
        """The Keras 3 `Operation` class this node is (`Relu`, `Multiply`, `GetItem`): what `summary()` shows."""
        if self.keras_op is not None:
            return self.keras_op.class_name
        return keras_class_name(self._fn)

    def call(self, inputs):
        values = iter(inputs)
        args, kwargs = map_structure(lambda v: next(values) if isinstance(v, _Slot) else v, self._template)
        return self._fn(*args, **kwargs)

    def get_config(self):
        if self.keras_op is not None:
            return dict(self.keras_op.config)
        reason = self._unsaveable or "keraslike has no Keras 3 op node to write for it"
        raise NotImplementedError(
            f"The functional model calls keras.ops.{self._fn.__name__} on a symbolic tensor, which cannot be saved "
            f"in a model config: {reason}. Wrap the op in a Layer subclass (or keras.layers.Lambda) to save the "
            f"model's config. Received: op={self._fn.__name__}")


def _symbolic_inputs(args, kwargs):
    found = []
    map_structure(lambda v: found.append(v) if isinstance(v, KerasTensor) else None, (args, kwargs))
    return found


def symbolic_aware(fn):
    """`fn` that, given any KerasTensor argument, records an `OpLayer` call instead of computing."""

    no_views = value_semantics.no_variable_views(fn)  # `keras.ops.reshape(variable)` is a value, not a view

    @functools.wraps(fn)
    def op(*args, **kwargs):
        if is_symbolic((args, kwargs)):
            return OpLayer.on_symbolic(fn, args, kwargs)
        return no_views(*args, **kwargs)

    return op


def wrap_namespace(namespace):
    """Make every keras.ops function in a public module's `globals()` symbolic-aware (in place)."""
    for name, value in list(namespace.items()):
        if name.startswith("_") or name in _DESCRIPTIVE or not callable(value) or isinstance(value, type):
            continue
        if getattr(value, "__module__", "").startswith("keraslike._src.keras.ops"):
            namespace[name] = symbolic_aware(value)


# ---- TF ops (`tf.reduce_sum`, `tf.math.argmax`, `K.std`) on symbolic tensors --------------------------------
_TF_OP_WRAPPERS = {}  # function -> its wrapper: one object per function across the namespaces that export it


def tf_op(fn):
    """`fn`, a TF op, taking functional-API tensors as the Keras of the running mode does.

    Keras 2 (`TF_USE_LEGACY_KERAS=1`) records a TF function applied to a KerasTensor as a layer (tf_keras's
    `TFOpLambda`: `model.add_loss(tf.reduce_sum(x1))`, `tf.math.argmax(logits, axis=1)` as a model output);
    here it becomes an `OpLayer` node. Keras 3 refuses it with a ValueError saying to wrap the op in a layer.
    The eager path costs nothing extra: the symbolic case is found on the op's own error.
    """
    wrapper = _TF_OP_WRAPPERS.get(fn)
    if wrapper is not None:
        return wrapper

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception:
            if not is_symbolic((args, kwargs)):
                raise
        return _tf_op_on_symbolic(fn, args, kwargs)

    wrapper.__keraslike_tf_op__ = fn
    _TF_OP_WRAPPERS[fn] = wrapper
    return wrapper


def _tf_op_on_symbolic(fn, args, kwargs):
    if keras_version.legacy_keras():
        return OpLayer.on_symbolic(fn, args, kwargs)
    received = next(v for v in _symbolic_inputs(args, kwargs))
    raise ValueError(
        f"A KerasTensor (a symbolic input of a functional model) cannot be passed to the TensorFlow op "
        f"`{fn.__name__}` under Keras 3: use a Keras layer or a `keras.ops` function on it, or call the op inside "
        f"the `call` of a Layer subclass (Keras 2, TF_USE_LEGACY_KERAS=1, records it as a layer). "
        f"Received: {received}")


def wrap_tf_namespaces(modules):
    """Make the TF op functions a public module exports (implemented under `keraslike._src`) take symbolic
    tensors as `tf_op` says (in place; identical objects across modules)."""
    for module in modules:
        for name, value in list(vars(module).items()):
            if (name.startswith("_") or not isinstance(value, types.FunctionType)
                    or not value.__module__.startswith("keraslike._src.")
                    or getattr(value, "__keraslike_tf_op__", None) is not None):
                continue
            setattr(module, name, tf_op(value))
