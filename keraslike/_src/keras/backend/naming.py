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
