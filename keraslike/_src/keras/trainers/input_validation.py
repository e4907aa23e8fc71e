"""Checks on what `fit`/`evaluate`/`predict` are given, before any batch is drawn.

Bad input either gets TF/Keras's behaviour or a Keras-style error ending `Received: ...`; it never
trains silently on something else. Kept apart from the adapters (which only distribute batches).
Mirrors the checks of keras/src/trainers/epoch_iterator.py and data_adapters/.
"""

import numbers
from collections.abc import Mapping

import numpy as np


def check_steps(value, name):
    """`steps_per_epoch`, `validation_steps` or `steps`: None or a positive integer.

    Keras 3 treats 0 as "until the data is exhausted", so an infinite generator never returns;
    keraslike refuses it instead.

    Raises:
        ValueError: for 0, negative numbers, bools and non-integers.
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value <= 0:
        raise ValueError(f"Expected `{name}` to be a positive integer or None (run until the data is exhausted). "
                         f"Received: {name}={value!r}")
    return int(value)


def check_epochs(value, name):
    """`epochs` or `initial_epoch`: a non-negative integer (TF's `range(initial_epoch, epochs)` raises a bare
    TypeError for 2.5).

    Raises:
        TypeError: for floats (even 2.0), strings, bools and other non-integers.
        ValueError: for negative numbers.
    """
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"Expected `{name}` to be an integer (a number of epochs). Received: {name}={value!r} of type "
                        f"{type(value).__name__}")
    if value < 0:
        raise ValueError(f"Expected `{name}` to be a non-negative integer. Received: {name}={value!r}")
    return int(value)


def check_class_weight(class_weight):
    """`class_weight`: None or a dict `{class index: weight}` (TF fails with `'list' object has no attribute 'get'`).

    Raises:
        TypeError: for a list, array or anything else that is not a dict of numbers by integer class.
    """
    if class_weight is None:
        return
    if not isinstance(class_weight, Mapping):
        hint = (" For one weight per class in order, pass `dict(enumerate(weights))`."
                if isinstance(class_weight, (list, tuple, np.ndarray)) else "")
        raise TypeError(f"Expected `class_weight` to be a dict mapping class indices to weights.{hint} "
                        f"Received: class_weight={class_weight!r} of type {type(class_weight).__name__}")
    for key, weight in class_weight.items():
        if isinstance(key, bool) or not isinstance(key, (int, np.integer)) or not isinstance(weight, numbers.Real):
            raise TypeError("Expected `class_weight` to map integer class indices to numbers. "
                            f"Received: class_weight={class_weight!r} (entry {key!r}: {weight!r})")


def check_not_empty(num_samples, method):
    """Refuse in-memory arrays with no rows (TF 2.21 returns empty logs, which Keras code then indexes).

    Raises:
        ValueError: when `num_samples` is 0.
    """
    if num_samples == 0:
        raise ValueError(f"Expected at least one sample for {method}(); the arrays passed have 0 rows. "
                         "Received: x with 0 samples")


def check_array_dtype(array, what="x"):
    """Refuse arrays torch cannot hold (strings, bytes, Python objects) with a Keras-style error.

    Raises:
        ValueError: for string/bytes arrays (TF: `Invalid dtype: str32`), complex arrays (TF drops the
            imaginary part silently; keraslike asks for it to be explicit) and object arrays (ragged lists,
            None entries, mixed types; TF: `Invalid dtype: object`).
    """
    kind = array.dtype.kind
    if kind in "USV":
        raise ValueError(f"Invalid dtype: {array.dtype.name}. keraslike models take numeric arrays; encode strings "
                         "as numbers before fit (for example with a vocabulary lookup in numpy). "
                         f"Received: {what} of dtype {array.dtype} and shape {array.shape}")
    if kind == "c":
        raise ValueError(f"Invalid dtype: {array.dtype.name}. keraslike models take real numbers; pass `np.real(x)` or "
                         "`np.abs(x)` explicitly (TF casts to float32, dropping the imaginary part without a word). "
                         f"Received: {what} of dtype {array.dtype} and shape {array.shape}")
    if kind == "O":
        raise ValueError(f"Invalid dtype: object. Expected numeric arrays; received an object array of shape "
                         f"{array.shape} (ragged lists, None entries or mixed types). Received: {what} of dtype object")


def check_batched(value, expected_shape, input_name):
    """A tensor fed to a model input must have the input's rank (after Keras's trailing-axis adjustment).

    The common cause of a rank one short is a `tf.data.Dataset` without `.batch()`: each element is
    then one sample. Fixed dimensions are left to the layers, which name the one that differs.

    Raises:
        ValueError: Keras 3's "Invalid input shape for input ..." when the rank differs.
    """
    shape = getattr(value, "shape", None)
    if shape is None or expected_shape is None or len(shape) == len(expected_shape):
        return
    shape, expected = tuple(shape), tuple(expected_shape)
    hint = (" A tf.data.Dataset must be batched (`dataset.batch(32)`) before fit/evaluate/predict."
            if len(shape) == len(expected) - 1 and all(e is None or e == s for e, s in zip(expected[1:], shape))
            else "")
    raise ValueError(f"Invalid input shape for input {input_name!r}. Expected shape {expected}, but input has "
                     f"incompatible shape {shape}.{hint} Received: inputs with shape {shape}")
