"""`Tensor.ref()`: a hashable handle of a tensor, as TF's `Reference`.

TF tensors and variables are unhashable; `x.ref()` is how TF code keys a set or dict by a
tensor (`{x.ref(): "five"}`, `x.ref() in refs`, `r.deref()`). Hash and equality are by
identity: two references are equal only when they wrap the same tensor object.
"""


class Reference:
    """A hashable handle of one tensor (hash and equality by identity); `deref()` returns it."""

    __slots__ = ("_tensor",)

    def __init__(self, tensor):
        self._tensor = tensor

    def deref(self):
        """The tensor this reference points to."""
        return self._tensor

    def __hash__(self):
        return id(self._tensor)

    def __eq__(self, other):
        return isinstance(other, Reference) and other._tensor is self._tensor

    def __repr__(self):
        return f"<Reference wrapping {self._tensor!r}>"


def ref(self):
    """`t.ref()`: a hashable reference to this tensor; `.deref()` gives it back."""
    return Reference(self)
