"""Unique default names (`dense`, `dense_1`, ...) as Keras assigns them; reset by `clear_session`."""

import collections
import re

_counts = collections.defaultdict(int)


def to_snake_case(name):
    """`Conv2D` -> `conv2d`, `BatchNormalization` -> `batch_normalization` (Keras's rule)."""
    name = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()


def uniquify(base):
    """`base` the first time, then `base_1`, `base_2`, ..."""
    count = _counts[base]
    _counts[base] += 1
    return base if count == 0 else f"{base}_{count}"


def reset():
    _counts.clear()


def get_uid(prefix=""):
    """`keras.backend.get_uid`: 1, 2, ... for successive calls with `prefix` (the counter `uniquify` uses)."""
    _counts[prefix] += 1
    return _counts[prefix]


# Attributes models set on themselves (compile, fit, the functional graph): a layer named so ("outputs", a
# common name for the last layer) must not take the attribute's place among the model's torch submodules.
_MODEL_INSTANCE_ATTRIBUTES = frozenset({"activity_regularizer", "compiled", "history", "inputs", "input", "loss",
                                        "name", "optimizer", "outputs", "output", "run_eagerly", "stop_training",
                                        "training"})


def module_key(name, owner=None):
    """The torch submodule key a model registers layer `name` under: torch forbids "." in module names, Keras
    allows it in layer names (tf_keras's op layers are all named so: "tf.math.truediv"), so "." becomes "/"
    (which Keras forbids in names). A name that is also an attribute of `owner` (the model: `outputs`,
    `layers`, `summary`, ...) gets a trailing "/", so the layer and the attribute both keep working."""
    key = name.replace(".", "/")
    if owner is not None and (key in _MODEL_INSTANCE_ATTRIBUTES or key.startswith("_") or hasattr(type(owner), key)):
        key += "/"
    return key
