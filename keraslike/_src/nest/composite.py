"""`CompositeTensor`: a value made of several tensors (ragged, sparse), as `tf.nest` sees it.

TF's `tf.nest` functions take `expand_composites=True` to look inside such values: a RaggedTensor
flattens to `[flat_values, *nested_row_splits]`, a SparseTensor to `[indices, values, dense_shape]`,
and `pack_sequence_as` rebuilds them from those parts. The types declare their parts here so that
`nest` needs no import of them.
"""


class CompositeTensor:
    """Base of keraslike's composite tensors; subclasses define the three hooks below."""

    __slots__ = ()

    def _to_components(self):
        """The component tensors, in TF's order."""
        raise NotImplementedError

    def _from_components(self, components):
        """A value of this type (and this value's static structure) made of `components`."""
        raise NotImplementedError

    def _structure_key(self):
        """What two values must share to have the same structure (TF: type specs with a common supertype:
        the same type and dtype; shapes may differ)."""
        raise NotImplementedError


def is_composite(value):
    """True for a RaggedTensor, SparseTensor or other `CompositeTensor`."""
    return isinstance(value, CompositeTensor)
