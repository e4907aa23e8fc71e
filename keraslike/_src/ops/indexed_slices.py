"""`tf.IndexedSlices`: rows `values[i]` of a dense tensor of shape `dense_shape` at row `indices[i]`.

Mirrors `tensorflow/python/framework/indexed_slices.py` as users build it: the argument to
`Variable.scatter_update`/`scatter_add`/... (`v.scatter_update(tf.IndexedSlices(rows, ids))`), and densified by
`tf.convert_to_tensor` (summing duplicate rows, as TF's conversion does). keraslike's gradients of row lookups stay
dense tensors carrying their occurrences (`sparse_gradient.py`), shown as TF's IndexedSlices by
`IndexedSlicesGradient` (what `GradientTape.gradient` returns for them).
"""

import torch

from keraslike._src.ops import dtypes, sparse_gradient
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ops.tensor_shape import TensorShape


class _IndexedSlicesType(type):
    """`isinstance(g, tf.IndexedSlices)` is also True for a lookup's gradient that is TF's IndexedSlices
    (`IndexedSlicesGradient` whose gradient is only the lookups')."""

    def __instancecheck__(cls, instance):
        if isinstance(instance, IndexedSlicesGradient):
            return instance._is_slices()
        return super().__instancecheck__(instance)


class IndexedSlices(metaclass=_IndexedSlicesType):
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


class IndexedSlicesGradient(torch.Tensor):
    """The gradient `GradientTape.gradient` gives a variable read by row lookups (`tf.gather`, `Embedding`).

    TF returns an `IndexedSlices` there; keraslike keeps the dense gradient (what torch's optimizers, all-reduce and
    clipping use, `ops/sparse_gradient.py`) and shows TF's face on it: `isinstance(g, tf.IndexedSlices)`, and
    `g.values` (one row per occurrence), `g.indices`, `g.dense_shape` (int32) and `str(g)` as TF's. When the variable
    also had a dense use in the step, TF's gradient is a dense Tensor: so is this one (no `values`, not an
    IndexedSlices). Ops on it give plain tensors (TF's ops densify an IndexedSlices). Reading those attributes
    reads one device flag (whether the gradient is only the lookups').
    """

    __torch_function__ = torch._C._disabled_torch_function_impl  # ops give plain tensors
    _keraslike_densify = True  # `tf.convert_to_tensor` gives the dense tensor, as TF's conversion

    def _is_slices(self):
        sparse = sparse_gradient.of(self)
        return sparse is not None and bool(sparse.exact) and hasattr(sparse, "contributions") and bool(
            sparse.contributions)

    def _slices(self, name):
        if not self._is_slices():
            raise AttributeError(f"'Tensor' object has no attribute '{name}' (the gradient is dense: the variable "
                                 f"had a dense use too, as TF's). Received: name={name!r}")
        sparse = sparse_gradient.of(self)
        parts = list(sparse._values())  # in backward order: TF concatenates the last lookup's slices first
        given = sparse.ids_dtypes or [i.dtype for i, _ in parts]
        dtype = given[0] if len(set(given)) == 1 else torch.int64  # TF: mixed id dtypes concatenate as int64
        ids = [i.to(dtype) for i, _ in parts]
        values = torch.cat([v.to(self.dtype) for _, v in parts]).detach()
        return IndexedSlices(values, torch.cat(ids).detach(), torch.tensor(tuple(self.shape), dtype=torch.int32))

    @property
    def values(self):
        return self._slices("values").values

    @property
    def indices(self):
        return self._slices("indices").indices

    @property
    def dense_shape(self):
        return self._slices("dense_shape").dense_shape

    def __repr__(self, *, tensor_contents=None):
        if self._is_slices():
            slices = self._slices("values")
            return (f"IndexedSlices(indices={slices.indices!r}, values={slices.values!r}, "
                    f"dense_shape={slices.dense_shape!r})")
        return torch.Tensor.__repr__(self.as_subclass(torch.Tensor))


def as_gradient(grad):
    """`grad` (a lookup's gradient carrying its occurrences) as an `IndexedSlicesGradient` sharing its storage."""
    if sparse_gradient.of(grad) is None or isinstance(grad, IndexedSlicesGradient):
        return grad
    view = grad.as_subclass(IndexedSlicesGradient)
    view.__dict__.update(grad.__dict__)
    return view
