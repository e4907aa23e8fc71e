"""`tf.RaggedTensorSpec`: the type of a RaggedTensor (shape with ragged dims as None, dtype, ragged rank).

Mirrors `tensorflow/python/ops/ragged/ragged_tensor.py` (`RaggedTensorSpec`). It is a `TensorSpec`
(shape, dtype and name behave alike) with `ragged_rank` and `row_splits_dtype`; tf.data uses it for
ragged components. A spec of ragged rank 0 describes the dense rows of a sliced RaggedTensor, which
batch back into a RaggedTensor.

Example:
    >>> tf.RaggedTensorSpec([None, None], tf.string)
    RaggedTensorSpec(TensorShape([None, None]), tf.string, 1, tf.int64)
"""

import torch

from keraslike._src.ops import dtypes
from keraslike._src.ops.tensor_spec import TensorSpec, dtype_repr
from keraslike._src.ragged.ragged_tensor import RaggedTensor


class RaggedTensorSpec(TensorSpec):
    """Describes a RaggedTensor.

    Args:
        shape: the static shape; ragged dimensions are None. Its rank must be known.
        dtype: the values' dtype (default float32).
        ragged_rank: number of ragged dimensions (default `rank - 1`).
        row_splits_dtype: int64 (default) or int32.
        flat_values_spec: not supported (TF's experimental field).

    Raises:
        ValueError: for an unknown rank, or a `ragged_rank` outside `[0, rank)`.
        NotImplementedError: for `flat_values_spec`.
    """

    __slots__ = ("_ragged_rank", "_row_splits_dtype")

    def __init__(self, shape=None, dtype=torch.float32, ragged_rank=None, row_splits_dtype=torch.int64,
                 flat_values_spec=None, name=None):
        if flat_values_spec is not None:
            raise NotImplementedError("RaggedTensorSpec(flat_values_spec=...) is not supported in keraslike. "
                                      "Received: flat_values_spec")
        super().__init__(shape, dtype, name)
        rank = self.shape.rank
        if rank is None:
            raise ValueError(f"Expected a RaggedTensorSpec shape of known rank. Received: shape={shape!r}")
        self._ragged_rank = rank - 1 if ragged_rank is None else int(ragged_rank)
        if not 0 <= self._ragged_rank < max(rank, 1):
            raise ValueError(f"Expected ragged_rank in [0, {rank}). Received: ragged_rank={ragged_rank}")
        self._row_splits_dtype = dtypes.as_dtype(row_splits_dtype)

    @property
    def value_type(self):
        """The type of value described: `RaggedTensor`."""
        return RaggedTensor

    @classmethod
    def from_value(cls, value):
        """The spec of a RaggedTensor."""
        return cls(value.shape, value.dtype, value.ragged_rank, value.row_splits.dtype)

    @property
    def ragged_rank(self):
        """The number of ragged dimensions."""
        return self._ragged_rank

    @property
    def row_splits_dtype(self):
        """The dtype of the row splits."""
        return self._row_splits_dtype

    def is_compatible_with(self, spec_or_value):
        """True for a RaggedTensorSpec (or RaggedTensor) of this dtype, ragged rank and a compatible shape."""
        other = spec_or_value if isinstance(spec_or_value, TensorSpec) else None
        if other is None:
            if not hasattr(spec_or_value, "ragged_rank"):
                return False
            other = RaggedTensorSpec.from_value(spec_or_value)
        return (isinstance(other, RaggedTensorSpec) and other.ragged_rank == self._ragged_rank
                and self.dtype == other.dtype and self.shape.is_compatible_with(other.shape))

    def most_specific_compatible_type(self, other):
        """The spec covering both (differing dimensions become None).

        Raises:
            TypeError: for different dtypes or ragged ranks.
        """
        if not isinstance(other, RaggedTensorSpec) or other.ragged_rank != self._ragged_rank:
            raise TypeError(f"Expected specs of one ragged rank. Received: self={self!r}, other={other!r}")
        base = super().most_specific_compatible_type(other)
        return RaggedTensorSpec(base.shape, base.dtype, self._ragged_rank, self._row_splits_dtype)

    def __eq__(self, other):
        if not isinstance(other, RaggedTensorSpec):
            return NotImplemented
        return (self.shape, self.dtype, self._ragged_rank, self._row_splits_dtype) == (
            other.shape, other.dtype, other.ragged_rank, other.row_splits_dtype)

    def __hash__(self):
        return hash((self.shape, repr(self.dtype), self._ragged_rank))

    def __repr__(self):
        return (f"RaggedTensorSpec({self.shape!r}, {dtype_repr(self.dtype)}, {self._ragged_rank}, "
                f"{dtype_repr(self._row_splits_dtype)})")
