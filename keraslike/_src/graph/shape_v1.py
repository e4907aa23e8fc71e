"""TF1 static shapes (after `tf.compat.v1.disable_v2_behavior()`): `Dimension` entries and "?" for unknown.

Mirrors `tensorflow/python/framework/tensor_shape.py` with V2 shapes disabled: `x.shape[1]` is a
`Dimension` (`.value` is the int or None; arithmetic propagates unknowns; `==` with an unknown gives None),
and shapes print as "(?, 3)". `as_list()` still gives ints and None.
"""

from keraslike._src.ops.dimension import Dimension, dimension_value  # noqa: F401 (tf.compat.v1's names)
from keraslike._src.ops.tensor_shape import TensorShape


class TensorShapeV1(TensorShape):
    """A `TensorShape` whose entries are `Dimension`s and which prints unknown dimensions as "?"."""

    def __getitem__(self, key):
        result = super().__getitem__(key)
        if isinstance(key, slice):
            return TensorShapeV1(result)
        return Dimension(result)

    def __iter__(self):
        return iter(Dimension(d) for d in super().__iter__())

    @property
    def dims(self):
        d = self._tf_dims()
        return None if d is None else [Dimension(x) for x in d]

    def _tf_make(self, dims):
        return TensorShapeV1(dims)

    def __repr__(self):
        if self._dims is None:
            return "TensorShape(None)"
        return "TensorShape([" + ", ".join(repr(Dimension(d)) for d in self._dims) + "])"

    def __str__(self):
        if self._dims is None:
            return "<unknown>"
        dims = ["?" if d is None else str(d) for d in self._dims]
        return "(" + ", ".join(dims) + ("," if len(dims) == 1 else "") + ")"
