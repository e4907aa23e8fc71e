"""`Dataset.sparse_batch` / `tf.data.experimental.dense_to_sparse_batch`: dense elements of varying shape
batched into SparseTensors.

Mirrors `tensorflow/python/data/ops/sparse_batch_op.py`: every position of each element (zeros included)
becomes an entry; the batch's dense shape is `[batch] + row_shape`.
"""

import numpy as np
import torch

from keraslike._src.data import structure as nest
from keraslike._src.data.cardinality import UNKNOWN
from keraslike._src.data.dataset import Dataset
from keraslike._src.errors import InvalidArgumentError
from keraslike._src.io import string_values
from keraslike._src.sparse.sparse_tensor import SparseTensor, SparseTensorSpec


class SparseBatchDataset(Dataset):
    """Batches of `batch_size` dense elements as `[batch] + row_shape` SparseTensors.

    Raises:
        ValueError: a non-tensor element spec, a `row_shape` of another rank or with negative dims.
        tf.errors.InvalidArgumentError (when iterating): an element larger than `row_shape`.
    """

    def __init__(self, input_dataset, batch_size, row_shape):
        spec = input_dataset.element_spec
        dims = [int(d) for d in (row_shape.tolist() if hasattr(row_shape, "tolist") else row_shape)]
        if any(d < 0 for d in dims):
            raise ValueError(f"Dimension {min(dims)} must be >= 0. Received: row_shape={dims}")
        if isinstance(spec, (dict, tuple, list)) or spec.shape.rank not in (None, len(dims)):
            raise ValueError(f"Expected a dataset of single tensors of rank {len(dims)} for sparse_batch. Received: "
                             f"element_spec={spec!r}")
        self._input, self._batch, self._row_shape = input_dataset, batch_size, dims
        super().__init__(SparseTensorSpec([None] + dims, spec.dtype), [input_dataset])

    def _cardinality(self):
        count = self._input._cardinality()
        return count if count < 0 else -(-count // self._batch) if count != UNKNOWN else UNKNOWN

    def _sparse(self, elements):
        indices, values = [], []
        for b, element in enumerate(elements):
            shape = list(nest._shape(element))
            if len(shape) != len(self._row_shape) or any(s > r for s, r in zip(shape, self._row_shape)):
                raise InvalidArgumentError(f"Input element had shape ({', '.join(map(str, shape))}) that is "
                                           f"incompatible with the row shape ({', '.join(map(str, self._row_shape))}).")
            positions = np.argwhere(np.ones(shape, dtype=bool)).reshape(-1, len(shape))
            indices.append(np.concatenate([np.full((len(positions), 1), b), positions], 1))
            values.append(element.reshape(-1) if isinstance(element, torch.Tensor)
                          else string_values.as_bytes_array(element).reshape(-1))
        index = torch.from_numpy(np.concatenate(indices).astype(np.int64)).reshape(-1, 1 + len(self._row_shape))
        if isinstance(values[0], torch.Tensor):
            flat = torch.cat(values)
        else:
            flat = string_values.string_output(np.concatenate(values))
        return SparseTensor(index, flat, [len(elements)] + self._row_shape)

    def _generic_elements(self):
        pending = []
        for element in self._input._elements():
            pending.append(element)
            if len(pending) == self._batch:
                yield self._sparse(pending)
                pending = []
        if pending:
            yield self._sparse(pending)
