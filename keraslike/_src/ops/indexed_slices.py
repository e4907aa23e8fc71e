"""`tf.IndexedSlices`: rows `values[i]` of a dense tensor of shape `dense_shape` at row `indices[i]`.

Mirrors `tensorflow/python/framework/indexed_slices.py` as users build it: the argument to
`Variable.scatter_update`/`scatter_add`/... (`v.scatter_update(tf.IndexedSlices(rows, ids))`), and densified by
`tf.convert_to_tensor` (summing duplicate rows, as TF's conversion does). keraslike's gradients of row lookups stay
dense tensors carrying their occurrences (`sparse_gradient.py`).
"""

import torch

from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ops.tensor_shape import TensorShape


class IndexedSlices:
    """`tf.IndexedSlices(values, indices, dense_shape=None)`.

    Args:
        values: tensor of rows, shape `[n] + row_shape`.
        indices: 1-D integer tensor of the `n` rows' indices into the first dimension.
        dense_shape: optional 1-D integer tensor, the dense tensor's shape.
    """

    def __init__(self, values, indices, dense_shape=None):
        self._values = to_tensor(values, None, "values")
        self._indices = to_tensor(indices, None, "indices")
        if self._indices.is_floating_point() or self._indices.dtype == torch.bool:
            raise TypeError(f"Expected integer `indices`. Received: indices with dtype="
                            f"{dtypes.dtype_name(self._indices.dtype)}")
        self._dense_shape = None if dense_shape is None else to_tensor(dense_shape, None, "dense_shape")

    @property
    def values(self):
        return self._values

    @property
    def indices(self):
        return self._indices

    @property
    def dense_shape(self):
        return self._dense_shape

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def device(self):
        return self._values.device

    @property
    def shape(self):
        if self._dense_shape is not None:
            return TensorShape([int(d) for d in self._dense_shape.tolist()])
        return TensorShape([None] + list(self._values.shape[1:]))

    def __neg__(self):
        return IndexedSlices(-self._values, self._indices, self._dense_shape)

    def to_dense(self):
        """The dense tensor (duplicate rows summed; `dense_shape` required unless the rows give it)."""
        if self._dense_shape is None:
            raise ValueError("Cannot convert an IndexedSlices without dense_shape to a dense tensor. "
                             f"Received: IndexedSlices with indices shape={list(self._indices.shape)}")
        shape = [int(d) for d in self._dense_shape.tolist()]
        dense = torch.zeros(shape, dtype=self._values.dtype, device=self._values.device)
        return dense.index_add(0, self._indices.to(torch.int64).reshape(-1).to(dense.device),
                               self._values.reshape([-1] + shape[1:]))

    def __array__(self, dtype=None, copy=None):
        array = self.to_dense().detach().cpu().numpy()
        return array if dtype is None else array.astype(dtype)

    def __repr__(self):
        shape = None if self._dense_shape is None else self._dense_shape.tolist()
        return (f"IndexedSlices(indices={self._indices!r}, values={self._values!r}"
                + (f", dense_shape={shape}" if shape is not None else "") + ")")
