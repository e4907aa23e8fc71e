"""Transformations that regroup elements: `window`, `group_by_window`, `bucket_by_sequence_length`, `rebatch`.

Mirrors `tensorflow/python/data/ops/{window,group_by_window,rebatch}_op.py` and
`tensorflow/python/data/experimental/ops/grouping.py` (`bucket_by_sequence_length`). They run element by
element; a window or group is an in-memory `ElementsDataset` of the elements it holds.

Example:
    >>> ds = tf.data.Dataset.range(7).window(3, shift=1, drop_remainder=True)
    >>> [w.numpy().tolist() for w in ds.flat_map(lambda w: w.batch(3))]   # [[0,1,2], [1,2,3], ..., [4,5,6]]
"""

import collections

import numpy as np
import torch

from keraslike._src.data import cardinality as card
from keraslike._src.data import structure as nest
from keraslike._src.data.dataset import Dataset
from keraslike._src.data.dataset_spec import DatasetSpec
from keraslike._src.data.functional import call_with_element
from keraslike._src.ops.tensor_spec import TensorSpec


class ElementsDataset(Dataset):
    """A dataset of elements already in memory (a window, a group, a shard of a loaded dataset)."""

    _tf_repr_name = "_VariantDataset"  # TF: a window / group is a dataset held as a variant tensor

    def __init__(self, elements, element_spec):
        super().__init__(element_spec)
        self._items = list(elements)

    def _cardinality(self):
        return len(self._items)

    def _generic_elements(self):
        return iter(self._items)


def _window_of(elements, element_spec):
    """One window: the element structure with each component a dataset of that component's values."""
    flat = [nest.flatten(e) for e in elements]
    specs = nest.flatten(element_spec)
    parts = [ElementsDataset([f[i] for f in flat], specs[i]) for i in range(len(specs))]
    return nest.pack_as(element_spec, parts)


class WindowDataset(Dataset):
    """Windows of `size` elements, `shift` apart, taking every `stride`-th element (see `Dataset.window`)."""

    def __init__(self, input_dataset, size, shift, stride, drop_remainder):
        spec = nest.map_structure_unchecked(DatasetSpec, input_dataset.element_spec)
        super().__init__(spec, [input_dataset])
        self._input = input_dataset
        self._size, self._shift, self._stride, self._drop = size, shift, stride, drop_remainder

    def _cardinality(self):
        n = self._input._cardinality()
        if n < 0:
            return n
        span = (self._size - 1) * self._stride + 1
        if self._drop:
            return 0 if n < span else (n - span) // self._shift + 1
        return 0 if n == 0 else (n - 1) // self._shift + 1

    def _generic_elements(self):
        span = (self._size - 1) * self._stride + 1
        buffer = collections.deque()  # the input elements from the current window's start on
        elements = self._input._elements()
        exhausted = False
        while True:
            while not exhausted and len(buffer) < span:
                item = next(elements, _END)
                if item is _END:
                    exhausted = True
                else:
                    buffer.append(item)
            if not buffer or (self._drop and len(buffer) < span):
                return
            picked = [buffer[i] for i in range(0, min(span, len(buffer)), self._stride)]
            yield _window_of(picked, self._input.element_spec)
            for _ in range(self._shift):  # advance to the next window's start, reading past the buffer if needed
                if buffer:
                    buffer.popleft()
                elif exhausted or next(elements, _END) is _END:
                    exhausted = True
                    break


_END = object()


def _key_of(key_func, element):
    key = call_with_element(key_func, element)
    value = key if isinstance(key, torch.Tensor) else torch.as_tensor(np.asarray(key))
    if value.dim() != 0 or value.dtype != torch.int64:
        raise ValueError(f"`key_func` must return a scalar tf.int64 tensor. Received: key={key!r}")
    return int(value)


class GroupByWindowDataset(Dataset):
    """Elements grouped by `key_func`; each full (or, at the end, leftover) group goes through `reduce_func`.

    Mirrors `GroupByWindowDatasetOp`: a group is reduced once it holds `window_size_func(key)` elements; at the
    end of the input the remaining groups are reduced in increasing key order. `reduce_func(key, window)` gets
    the int64 key and a dataset of the group's elements and returns a dataset, whose elements are output.
    """

    def __init__(self, input_dataset, key_func, reduce_func, window_size_func):
        for name, fn in (("key_func", key_func), ("reduce_func", reduce_func), ("window_size_func", window_size_func)):
            if not callable(fn):
                raise TypeError(f"Expected `{name}` to be callable. Received: {name}={fn!r}")
        super().__init__(None, [input_dataset])
        self._input = input_dataset
        self._key_func, self._reduce_func, self._size_func = key_func, reduce_func, window_size_func

    def _reduce(self, key, elements):
        result = self._reduce_func(torch.tensor(key, dtype=torch.int64),
                                   ElementsDataset(elements, self._input.element_spec))
        if not isinstance(result, Dataset):
            raise TypeError(f"Expected `reduce_func` to return a Dataset. Received: result={result!r}")
        return result

    @property
    def element_spec(self):
        if self._element_spec is None:
            self._element_spec = self._reduce(0, []).element_spec
        return self._element_spec

    def _cardinality(self):
        return card.UNKNOWN

    def _window_size(self, key):
        size = self._size_func(torch.tensor(key, dtype=torch.int64))
        size = int(size)
        if size < 1:
            raise ValueError(f"`window_size_func` must return a positive int64. Received: window_size={size}")
        return size

    def _generic_elements(self):
        groups, sizes = {}, {}
        for element in self._input._elements():
            key = _key_of(self._key_func, element)
            if key not in sizes:
                sizes[key] = self._window_size(key)
            group = groups.setdefault(key, [])
            group.append(element)
            if len(group) == sizes[key]:
                del groups[key]
                yield from self._reduce(key, group)._elements()
        for key in sorted(groups):
            yield from self._reduce(key, groups[key])._elements()


def _sizes(batch_size):
    values = batch_size.reshape(-1).tolist() if isinstance(batch_size, torch.Tensor) else (
        list(batch_size) if isinstance(batch_size, (list, tuple, np.ndarray)) else [batch_size])
    sizes = [int(v) for v in values]
    if not sizes or any(s < 1 for s in sizes):
        raise ValueError(f"Expected `batch_size` to be a positive int or a list of them. Received: "
                         f"batch_size={batch_size!r}")
    return sizes


class RebatchDataset(Dataset):
    """The rows of a batched dataset regrouped into batches of `batch_size` (a list: cycled through)."""

    def __init__(self, input_dataset, batch_size, drop_remainder):
        self._sizes = _sizes(batch_size)
        specs = input_dataset.element_spec
        for spec in nest.flatten(specs):
            if spec.shape.rank == 0:
                raise ValueError(f"`rebatch` needs batched elements (rank >= 1). Received: element_spec={specs!r}")
        fixed = self._sizes[0] if drop_remainder and len(set(self._sizes)) == 1 else None
        out = nest.map_structure_unchecked(
            lambda s: s if s.shape.rank is None else TensorSpec([fixed] + s.shape.as_list()[1:], s.dtype), specs)
        super().__init__(out, [input_dataset])
        self._input = input_dataset
        self._drop = drop_remainder

    def _cardinality(self):
        return card.UNKNOWN

    def _generic_elements(self):
        spec = self._input.element_spec
        turn, rows = 0, []
        for element in self._input._elements():
            leaves = nest.flatten(element)
            count = nest.num_rows(leaves[0])
            for i in range(count):
                rows.append([nest.row(leaf, i) for leaf in leaves])
                if len(rows) == self._sizes[turn % len(self._sizes)]:
                    yield nest.pack_as(spec, [nest.stack([r[j] for r in rows]) for j in range(len(leaves))])
                    rows, turn = [], turn + 1
        if rows and not self._drop:
            yield nest.pack_as(spec, [nest.stack([r[j] for r in rows]) for j in range(len(rows[0]))])


class BucketBySequenceLengthDataset(GroupByWindowDataset):
    """`Dataset.bucket_by_sequence_length`: `group_by_window` on the length bucket, then (padded) batches.

    Bucket i holds lengths in `[bucket_boundaries[i-1], bucket_boundaries[i])` (the first from 0, the last
    unbounded) and is batched by `bucket_batch_sizes[i]`; see `Dataset.bucket_by_sequence_length`.
    """

    def __init__(self, dataset, element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes=None,
                 padding_values=None, pad_to_bucket_boundary=False, no_padding=False, drop_remainder=False):
        boundaries = [int(b) for b in bucket_boundaries]
        batch_sizes = [int(b) for b in bucket_batch_sizes]
        if len(batch_sizes) != len(boundaries) + 1:
            raise ValueError(f"`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` but "
                             f"`len(bucket_batch_sizes)={len(batch_sizes)}` and "
                             f"`len(bucket_boundaries)={len(boundaries)}`.")
        if any(nxt <= prev for prev, nxt in zip(boundaries, boundaries[1:])):
            raise ValueError(f"`bucket_boundaries` must be increasing. Received: bucket_boundaries={boundaries}")
        if not callable(element_length_func):
            raise TypeError(f"Expected `element_length_func` to be callable. Received: {element_length_func!r}")
        self._boundaries, self._batch_sizes = boundaries, batch_sizes
        self._length_func = element_length_func
        self._padded_shapes, self._padding_values = padded_shapes, padding_values
        self._to_boundary, self._no_padding, self._drop = pad_to_bucket_boundary, no_padding, drop_remainder
        super().__init__(dataset, self._bucket_of, self._batch_bucket, lambda key: batch_sizes[int(key)])

    def _bucket_of(self, *element):  # called as tf.data calls functions: the length function sees the same args
        length = int(self._length_func(*element))
        return torch.tensor(sum(length >= b for b in self._boundaries), dtype=torch.int64)

    def _batch_bucket(self, key, window):
        size = self._batch_sizes[int(key)]
        if self._no_padding:
            return window.batch(size, drop_remainder=self._drop)
        shapes = self._padded_shapes
        if self._to_boundary:
            if int(key) == len(self._boundaries):
                raise ValueError("With pad_to_bucket_boundary=True, every element must be shorter than the last "
                                 f"bucket boundary ({self._boundaries[-1]}).")
            boundary = self._boundaries[int(key)] - 1
            if shapes is None:
                shapes = nest.map_structure_unchecked(
                    lambda spec: [boundary if d is None else d for d in spec.shape.as_list()], window.element_spec)
            else:
                shapes = nest.map_up_to(window.element_spec, lambda shape: [
                    boundary if d in (None, -1) else d for d in list(shape)], shapes)
        return window.padded_batch(size, padded_shapes=shapes, padding_values=self._padding_values,
                                   drop_remainder=self._drop)
