"""`batch`, `unbatch` and `padded_batch`.

Mirrors `tensorflow/python/data/ops/{batch,unbatch,padded_batch}_op.py`. Over an
unbatched `IndexPlan`, `batch` turns index chunks into batch keys, so every batch is
ONE `index_select` per component; `unbatch` of such a batch turns keys back into
chunks. Otherwise elements are collected and stacked.
"""

import numpy as np
import torch

from keraslike._src.data import cardinality as card
from keraslike._src.data import index_plan as ip
from keraslike._src.data import structure as nest
from keraslike._src.data.dataset import Dataset
from keraslike._src.ops import dtypes
from keraslike._src.ops.string_tensor import StringTensor, as_string_array
from keraslike._src.ops.tensor_shape import as_shape
from keraslike._src.ops.tensor_spec import TensorSpec, string
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.ragged.ragged_tensor_spec import RaggedTensorSpec


def _batched_spec(spec, batch_dim):
    def batched(leaf_spec):
        kind = type(leaf_spec)  # TensorSpec, or SparseTensorSpec for sparse components
        if leaf_spec.shape.rank is None:
            return kind(None, leaf_spec.dtype)
        return kind([batch_dim] + leaf_spec.shape.as_list(), leaf_spec.dtype)

    return nest.map_structure_unchecked(batched, spec)


def _groups(elements, batch_size, drop_remainder):
    group = []
    for element in elements:
        group.append(element)
        if len(group) == batch_size:
            yield group
            group = []
    if group and not drop_remainder:
        yield group


class BatchDataset(Dataset):
    """Consecutive elements stacked into batches (see `Dataset.batch`).

    Attributes:
        _batch_size: the batch size (read by the distributed input code).
        _drop_remainder: whether a final partial batch is dropped.
    """

    def __init__(self, input_dataset, batch_size, drop_remainder):
        batch_dim = batch_size if drop_remainder else None
        super().__init__(_batched_spec(input_dataset.element_spec, batch_dim), [input_dataset])
        self._input = input_dataset
        self._batch_size = batch_size
        self._drop_remainder = drop_remainder

    def _cardinality(self):
        return card.batched(self._input._cardinality(), self._batch_size, self._drop_remainder)

    def _plan(self):
        plan = self._input._plan()
        if plan is None or plan.batched:
            return None
        size, drop = self._batch_size, self._drop_remainder
        return plan.derive(lambda: ip.batch_chunks(plan.epoch(), size, drop), batched=True)

    def _generic_elements(self):
        structure = self._input.element_spec
        specs = nest.flatten(structure)
        for group in _groups(self._input._elements(), self._batch_size, self._drop_remainder):
            columns = zip(*(nest.flatten(element) for element in group))
            yield nest.pack_as(structure, [nest.stack(list(column), spec) for column, spec in zip(columns, specs)])


class RaggedBatchDataset(BatchDataset):
    """Elements batched into RaggedTensors (see `Dataset.ragged_batch`); never gathered by index."""

    _tf_repr_name = "_BatchDataset"  # TF batches the elements converted to ragged

    def __init__(self, input_dataset, batch_size, drop_remainder, row_splits_dtype=None):
        super().__init__(input_dataset, batch_size, drop_remainder)
        if row_splits_dtype is not None and dtypes.as_dtype(row_splits_dtype) not in (torch.int32, torch.int64):
            raise ValueError("Expected row_splits_dtype int32 or int64. "
                             f"Received: row_splits_dtype={row_splits_dtype!r}")
        self._splits_dtype = dtypes.as_dtype(row_splits_dtype) if row_splits_dtype is not None else torch.int64
        batch_dim = batch_size if drop_remainder else None

        def batched(spec):
            if spec.shape.rank is None:  # unknown rank: so is the batch's (TF)
                return TensorSpec(None, spec.dtype)
            if spec.shape.rank == 0 or (type(spec) is TensorSpec and spec.shape.is_fully_defined()):
                return TensorSpec([batch_dim] + spec.shape.as_list(), spec.dtype)  # uniform: batched dense, as TF
            ragged = getattr(spec, "ragged_rank", 0) + 1
            return RaggedTensorSpec([batch_dim] + spec.shape.as_list(), spec.dtype, ragged, self._splits_dtype)

        self._element_spec = nest.map_structure_unchecked(batched, input_dataset.element_spec)

    def _plan(self):
        return None

    def _generic_elements(self):
        structure = self._element_spec
        specs = nest.flatten(structure)
        for group in _groups(self._input._elements(), self._batch_size, self._drop_remainder):
            columns = zip(*(nest.flatten(element) for element in group))
            leaves = [nest.stack(list(column), spec) for column, spec in zip(columns, specs)]
            yield nest.pack_as(structure, [leaf.with_row_splits_dtype(self._splits_dtype)
                                           if isinstance(leaf, RaggedTensor) else leaf for leaf in leaves])


class UnbatchDataset(Dataset):
    """Splits each element along its first dimension (see `Dataset.unbatch`).

    Raises:
        ValueError: if a component is a scalar.
    """

    def __init__(self, input_dataset):
        specs = nest.flatten(input_dataset.element_spec)
        for spec in specs:
            if spec.shape.rank == 0:
                raise ValueError("Expected every component to have rank >= 1 to unbatch. "
                                 f"Received: element_spec={spec!r}")
        spec = nest.map_structure_unchecked(
            lambda s: type(s)(s.shape[1:], s.dtype), input_dataset.element_spec)
        super().__init__(spec, [input_dataset])
        self._input = input_dataset

    def _cardinality(self):
        return card.UNKNOWN

    def _plan(self):
        plan = self._input._plan()
        if plan is None or not plan.batched:
            return None
        return plan.derive(plan.epoch, batched=False)

    def _generic_elements(self):
        structure = self._input.element_spec
        for element in self._input._elements():
            leaves = nest.flatten(element)
            sizes = {nest.num_rows(leaf) for leaf in leaves}
            if len(sizes) > 1:
                raise ValueError("Expected all components of an element to share their first dimension "
                                 f"to unbatch. Received: sizes={sorted(sizes)}")
            for index in range(sizes.pop()):
                yield nest.pack_as(structure, [nest.row(leaf, index) for leaf in leaves])


def _check_padding_value(spec, value):
    """TF's check: a padding value (converted as `tf.constant` converts it: Python ints are int32, floats
    float32) is a scalar of its component's dtype."""
    tensor = nest.to_tensor(value)
    shape = tuple(nest._shape(tensor))
    if shape:
        raise ValueError(f"Invalid `padding_values`. All `padding_values` should be scalars. Received: "
                         f"padding_values={value!r} of shape {list(shape)}")
    if tensor.dtype != spec.dtype:
        raise TypeError(f"Invalid `padding_values`. `padding_values` values type {dtypes.dtype_name(tensor.dtype)} "
                        f"does not match type {dtypes.dtype_name(spec.dtype)} of the corresponding input "
                        f"component. Received: padding_values={value!r}")


class PaddedBatchDataset(BatchDataset):
    """Batches elements padded to a common shape (see `Dataset.padded_batch`)."""

    def __init__(self, input_dataset, batch_size, padded_shapes, padding_values, drop_remainder):
        super().__init__(input_dataset, batch_size, drop_remainder)
        in_spec = input_dataset.element_spec
        if padded_shapes is None:
            padded_shapes = nest.map_structure_unchecked(lambda s: s.shape, in_spec)
        shapes = nest.map_up_to(in_spec, lambda s, shape: _as_dims(shape, s), padded_shapes)
        self._shapes = nest.flatten(shapes)
        if padding_values is None:
            padding_values = nest.map_structure_unchecked(lambda s: b"" if s.dtype is string else 0, in_spec)
        elif not nest.is_nested(padding_values) and nest.is_nested(in_spec):
            padding_values = nest.map_structure_unchecked(lambda s: padding_values, in_spec)
        else:
            nest.map_up_to(in_spec, _check_padding_value, padding_values)
        self._values = nest.flatten(nest.map_up_to(in_spec, lambda s, value: value, padding_values))
        batch_dim = batch_size if drop_remainder else None
        specs = zip(self._shapes, nest.flatten(in_spec))
        self._element_spec = nest.pack_as(in_spec, [TensorSpec([batch_dim] + list(shape), s.dtype)
                                                    for shape, s in specs])

    def _plan(self):
        return None

    def _generic_elements(self):
        structure = self._input.element_spec
        for group in _groups(self._input._elements(), self._batch_size, self._drop_remainder):
            columns = zip(*(nest.flatten(element) for element in group))
            padded = [_pad_stack(list(column), shape, value)
                      for column, shape, value in zip(columns, self._shapes, self._values)]
            yield nest.pack_as(structure, padded)


def _as_dims(shape, spec):
    if isinstance(shape, (list, tuple)):
        shape = [None if d is not None and int(d) == -1 else d for d in shape]
    shape = as_shape(shape)
    if shape.rank is None:
        raise ValueError(f"Expected padded_shapes for a component of unknown rank ({spec!r}). "
                         "Received: padded_shapes=None")
    if spec.shape.rank is not None and shape.rank != spec.shape.rank:
        raise ValueError(f"Expected padded_shapes of rank {spec.shape.rank} for {spec!r}. "
                         f"Received: padded_shapes={shape}")
    return shape.as_list()


def _pad_stack(leaves, dims, value):
    shapes = [nest._shape(leaf) for leaf in leaves]
    target = []
    for axis, dim in enumerate(dims):
        longest = max(shape[axis] for shape in shapes)
        if dim is not None and longest > dim:
            raise ValueError(f"Expected elements no larger than padded shape {dims} in dimension {axis}. "
                             f"Received: size={longest}")
        target.append(longest if dim is None else dim)
    if isinstance(leaves[0], torch.Tensor):
        out = torch.full([len(leaves)] + target, value, dtype=leaves[0].dtype)
        for i, leaf in enumerate(leaves):
            out[(i,) + tuple(slice(0, n) for n in leaf.shape)] = leaf
        return out
    out = np.full([len(leaves)] + target, as_string_array(value)[()], dtype=object)
    for i, leaf in enumerate(leaves):
        array = as_string_array(leaf)
        out[(i,) + tuple(slice(0, n) for n in array.shape) + (Ellipsis,)] = array  # a 0-d array: its bytes
    return StringTensor.from_bytes_array(out)
