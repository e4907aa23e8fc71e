"""`keras.utils.split_dataset` (keras/src/utils/dataset_utils.py): split arrays or a dataset in two.

Arrays (or tuples/lists/dicts of arrays of equal length) are split by index; a `tf.data.Dataset`
is read element by element (as Keras does) and its elements restacked. Both halves are
`tf.data.Dataset`s of single samples.
"""

import numbers
import random

import numpy as np
import torch

from keraslike._src.data.dataset import Dataset
from keraslike._src.keras.layers.keras_tensor import flatten, map_structure


def _sizes(left_size, right_size, total):
    for name, value in (("left_size", left_size), ("right_size", right_size)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, (numbers.Integral, float))):
            raise TypeError(f"Invalid `{name}` Type. Expected: int or float or None, Received: "
                            f"type({name})={type(value)}.")
    if left_size is None and right_size is None:
        raise ValueError("At least one of `left_size` or `right_size` must be specified. "
                         "Received: left_size=None and right_size=None")
    if left_size == 0 and right_size == 0:
        raise ValueError("Both `left_size` and `right_size` are zero. At least one of the split sizes must be "
                         "non-zero.")
    for name, value in (("left_size", left_size), ("right_size", right_size)):
        if isinstance(value, numbers.Integral) and not 0 < value < total or isinstance(value, float) \
                and not 0 < value < 1:
            raise ValueError(f"`{name}` should be either a positive integer smaller than {total}, or a float "
                             f"within the range `[0, 1]`. Received: {name}={value}")
    if isinstance(left_size, float) and isinstance(right_size, float) and left_size + right_size > 1:
        raise ValueError("The sum of `left_size` and `right_size` is greater than 1. It must be less than or "
                         "equal to 1.")
    left = round(left_size * total) if isinstance(left_size, float) else left_size
    right = round(right_size * total) if isinstance(right_size, float) else right_size
    left = total - right if left is None else left
    right = total - left if right is None else right
    if left + right > total:
        raise ValueError(f"The sum of `left_size` and `right_size` should be smaller than the {total}. Received: "
                         f"left_size + right_size = {left + right} and total_length = {total}")
    for side, value in (("left", left), ("right", right)):
        if value == 0:
            raise ValueError(f"With `dataset` of length={total}, `left_size`={left} and `right_size`={right}. "
                             f"Resulting {side} side dataset split will be empty. Adjust any of the aforementioned "
                             "parameters")
    return int(left), int(right)


def _to_numpy(value):
    if isinstance(value, torch.Tensor):
        return value.detach().cpu().numpy()
    return np.asarray(value)


def split_dataset(dataset, left_size=None, right_size=None, shuffle=False, seed=None):
    """Split `dataset` into `(left, right)` datasets of `left_size` and `right_size` samples.

    Args:
        dataset: numpy array, tensor, tuple/list/dict of them (same first dimension), or a
            `tf.data.Dataset` of unbatched samples.
        left_size, right_size: int (samples) or float (fraction in (0, 1)); one may be None (the rest).
        shuffle: bool, default False: shuffle the samples first (Python's `random`, seeded by `seed`).
        seed: optional int.

    Returns:
        `(left_dataset, right_dataset)`, `tf.data.Dataset`s.

    Raises:
        TypeError / ValueError: for bad sizes or arrays of different lengths.
    """
    if isinstance(dataset, Dataset):
        samples = [map_structure(_to_numpy, element) for element in dataset]
        template = samples[0] if samples else None
        total = len(samples)
    else:
        template = dataset
        leaves = [_to_numpy(v) for v in flatten(dataset)]
        lengths = {len(v) for v in leaves}
        if len(lengths) != 1:
            raise ValueError(f"All arrays in `dataset` must have the same length. Received lengths: {sorted(lengths)}")
        total = lengths.pop()
        samples = None
    left, right = _sizes(left_size, right_size, total)
    order = list(range(total))
    if shuffle:
        if seed is None:
            seed = random.randint(0, int(1e6))
        random.Random(seed).shuffle(order)
    left_idx, right_idx = order[:left], order[len(order) - right:]

    def take(indices):
        if samples is not None:
            columns = [np.stack([flatten(samples[i])[k] for i in indices]) for k in range(len(flatten(template)))]
        else:
            columns = [np.asarray(_to_numpy(v))[indices] for v in flatten(template)]
        it = iter(columns)
        structure = map_structure(lambda _: next(it), template)
        if isinstance(structure, list):
            structure = tuple(structure)
        return Dataset.from_tensor_slices(structure)

    return take(left_idx), take(right_idx)
