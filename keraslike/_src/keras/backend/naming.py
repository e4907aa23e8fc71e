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


def module_key(name):
    """The torch submodule key a model registers layer `name` under: torch forbids "." in module names, Keras
    allows it in layer names (tf_keras's op layers are all named so: "tf.math.truediv"), so "." becomes "/"
    (which Keras forbids in names)."""
    return name.replace(".", "/")
