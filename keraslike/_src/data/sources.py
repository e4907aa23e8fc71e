"""Source datasets over in-memory values: tensor slices, a single tensor, a range.

Mirrors `tensorflow/python/data/ops/from_tensor_slices_op.py`,
`from_tensors_op.py` and `range_op.py`. Slices and ranges are index-plan sources:
downstream batches are gathered, not collated.
"""

import torch

from keraslike._src.data import structure as nest
from keraslike._src.data.dataset import Dataset
from keraslike._src.data.index_plan import IndexPlan, RangeSource, SliceSource, source_chunks
from keraslike._src.ops.tensor_spec import TensorSpec, as_spec_dtype, string


def _element_spec_of_slices(element, components):
    specs = []
    for leaf in components:
        spec = nest.spec_of(leaf)
        specs.append(type(spec)(spec.shape[1:], spec.dtype))  # TensorSpec or SparseTensorSpec
    return nest.pack_as(element, specs)


class TensorSliceDataset(Dataset):
    """Elements are rows of whole in-memory components (see `Dataset.from_tensor_slices`).

    Raises:
        ValueError: if a component is a scalar or the first dimensions differ.
    """

    def __init__(self, tensors):
        element = nest.normalize(tensors)
        components = nest.flatten(element)
        if not components:
            raise ValueError(f"Expected at least one tensor to slice. Received: tensors={tensors!r}")
        for leaf in components:
            if not nest._shape(leaf):
                raise ValueError(
                    "Expected every tensor to have rank >= 1 to be sliced along its first "
                    f"dimension. Received: spec={nest.spec_of(leaf)!r}"
                )
        lengths = {nest.num_rows(leaf) for leaf in components}
        if len(lengths) > 1:
            shapes = [tuple(nest._shape(leaf)) for leaf in components]
            raise ValueError(
                "Expected all tensors to have the same size in the first dimension. "
                f"Received: shapes={shapes}"
            )
        super().__init__(_element_spec_of_slices(element, components))
        self._source = SliceSource(element, components)

    def _cardinality(self):
        return self._source.length

    def _plan(self):
        length = self._source.length
        return IndexPlan(self._source, lambda: source_chunks(length))

    def _generic_elements(self):
        for index in range(self._source.length):
            yield self._source.row(index)


class TensorDataset(Dataset):
    """A single element (see `Dataset.from_tensors`)."""

    def __init__(self, tensors):
        self._element = nest.normalize(tensors)
        super().__init__(nest.element_spec_of(self._element))

    def _cardinality(self):
        return 1

    def _generic_elements(self):
        yield nest.map_structure_unchecked(_fresh, self._element)


def _fresh(leaf):
    return leaf.clone() if isinstance(leaf, torch.Tensor) else leaf


class RangeDataset(Dataset):
    """`Dataset.range`: Python-range semantics, gathered arithmetically on the fast path.

    Raises:
        ValueError: for a wrong number of arguments or `step == 0`.
        TypeError: for a string output type.
    """

    def __init__(self, args, output_type=None):
        if not 1 <= len(args) <= 3:
            raise ValueError(f"Expected range(stop) or range(start, stop[, step]). Received: args={args!r}")
        bounds = [int(a) for a in args]
        start, stop, step = (0, bounds[0], 1) if len(bounds) == 1 else (bounds + [1])[:3]
        if step == 0:
            raise ValueError(f"Expected a non-zero step for range(). Received: step={step}")
        dtype = torch.int64 if output_type is None else as_spec_dtype(output_type)
        if dtype is string:
            raise TypeError(
                f"Expected a numeric output_type for range(). Received: output_type={output_type!r}")
        self._source = RangeSource(start, step, len(range(start, stop, step)), dtype)
        super().__init__(TensorSpec((), dtype))

    def _cardinality(self):
        return self._source.length

    def _plan(self):
        length = self._source.length
        return IndexPlan(self._source, lambda: source_chunks(length))

    def _generic_elements(self):
        for index in range(self._source.length):
            yield self._source.row(index)
