"""`tf.experimental.RowPartition`: how a flat sequence of values is cut into rows (the splits of one level).

Mirrors `tensorflow/python/ops/ragged/row_partition.py` (eager parts): a partition is its `row_splits`
(1-D int32/int64, `nrows + 1` offsets starting at 0); lengths, starts, limits and value row ids derive
from them. A uniform partition (every row the same length) remembers that length.

Example:
    >>> rp = tf.experimental.RowPartition.from_row_lengths([5, 3, 2])
    >>> rp.row_splits()          # int64 [0 5 8 10]
    >>> rp.nrows(), rp.nvals()   # 3, 10
"""

import numpy as np
import torch

from keraslike._src.ops import dtypes


def _splits_tensor(value, arg_name, dtype):
    t = value if isinstance(value, torch.Tensor) else torch.as_tensor(np.asarray(value, dtype=np.int64))
    if t.dim() != 1 or t.is_floating_point() or t.dtype == torch.bool:
        raise ValueError(f"Expected `{arg_name}` to be a 1-D integer tensor. Received: {arg_name}={value!r:.80}")
    return t.to(dtypes.as_dtype(dtype) if dtype is not None else (t.dtype if t.dtype == torch.int32 else torch.int64))


class RowPartition:
    """The row partition of one ragged dimension: `row_splits` (and, when uniform, the row length).

    Build one with the `from_*` classmethods.
    """

    def __init__(self, row_splits, uniform_row_length=None, internal=False):
        if not internal:
            raise ValueError("RowPartition constructor is private; use one of the factory methods instead "
                             "(e.g., RowPartition.from_row_lengths()). Received: internal=False")
        self._row_splits = row_splits
        self._uniform = uniform_row_length

    @classmethod
    def from_row_splits(cls, row_splits, validate=True, dtype=None, dtype_hint=None):
        """A partition from `nrows + 1` offsets starting at 0 and non-decreasing."""
        splits = _splits_tensor(row_splits, "row_splits", dtype)
        if validate and (splits.numel() == 0 or int(splits[0]) != 0 or bool((splits[1:] < splits[:-1]).any())):
            raise ValueError("Expected `row_splits` to start at 0 and be non-decreasing. "
                             f"Received: row_splits={splits.tolist()}")
        return cls(splits, internal=True)

    @classmethod
    def from_row_lengths(cls, row_lengths, validate=True, dtype=None, dtype_hint=None):
        """A partition from the length of each row (non-negative)."""
        lengths = _splits_tensor(row_lengths, "row_lengths", dtype)
        if validate and bool((lengths < 0).any()):
            raise ValueError(f"Expected non-negative `row_lengths`. Received: row_lengths={lengths.tolist()}")
        zero = torch.zeros(1, dtype=lengths.dtype)
        return cls(torch.cat([zero, torch.cumsum(lengths, 0).to(lengths.dtype)]), internal=True)

    @classmethod
    def from_uniform_row_length(cls, uniform_row_length, nvals=None, nrows=None, validate=True, dtype=None,
                                dtype_hint=None):
        """`nrows` rows of `uniform_row_length` values each (`nrows` from `nvals` when not given)."""
        length = int(uniform_row_length)
        if nrows is None:
            if nvals is None:
                raise ValueError("Expected `nvals` or `nrows`. Received: nvals=None, nrows=None")
            nrows = int(nvals) // length if length else 0
        splits = torch.arange(int(nrows) + 1, dtype=dtypes.as_dtype(dtype) or torch.int64) * length
        return cls(splits, uniform_row_length=length, internal=True)

    @property
    def dtype(self):
        return self._row_splits.dtype

    def row_splits(self):
        """The `nrows + 1` offsets (1-D tensor)."""
        return self._row_splits

    def row_lengths(self):
        return self._row_splits[1:] - self._row_splits[:-1]

    def row_starts(self):
        return self._row_splits[:-1]

    def row_limits(self):
        return self._row_splits[1:]

    def value_rowids(self):
        lengths = self.row_lengths()
        return torch.repeat_interleave(torch.arange(self.nrows_int(), dtype=lengths.dtype), lengths.long())

    def nrows_int(self):
        return int(self._row_splits.shape[0]) - 1

    def nvals_int(self):
        return int(self._row_splits[-1])

    def nrows(self):
        return torch.tensor(self.nrows_int(), dtype=self.dtype)

    def nvals(self):
        return torch.tensor(self.nvals_int(), dtype=self.dtype)

    def uniform_row_length(self):
        """The row length when every row has it (a scalar tensor), else None."""
        return None if self._uniform is None else torch.tensor(self._uniform, dtype=self.dtype)

    def is_uniform(self):
        return self._uniform is not None

    def static_uniform_row_length(self):
        return self._uniform

    def with_dtype(self, dtype):
        return RowPartition(self._row_splits.to(dtypes.as_dtype(dtype)), self._uniform, internal=True)

    def __repr__(self):
        return f"tf.RowPartition(row_splits={np.array2string(self._row_splits.numpy())})"
