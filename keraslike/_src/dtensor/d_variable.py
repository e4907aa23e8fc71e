"""`dtensor.DVariable`: a `tf.Variable` with a DTensor layout (fixed for its life)."""

import torch

from keraslike._src import errors
from keraslike._src.dtensor import dtensor_value
from keraslike._src.ops.variables import Variable


class _Handle:
    """What `DVariable.handle` shows: the variable's resource, as TF prints it (no separate resource exists)."""

    def __init__(self, variable):
        self._variable = variable

    def __repr__(self):
        v = self._variable
        shape = ",".join(str(s) for s in v.shape)
        return (f'tf.Tensor(<ResourceHandle(name="{v.name.rsplit(":", 1)[0]}", dtype and shapes : '
                f'"[ DType {str(v.dtype).replace("torch.", "")}, Shape: [{shape}] ]")>, '
                f'layout="{v.layout.to_string()}", shape=(), dtype=resource)')


class DVariable(Variable):
    """`dtensor.DVariable(initial_value, trainable=True, ..., layout=None)`: a variable holding a DTensor.

    Args:
        initial_value: a DTensor (its layout is the variable's), or any value with `layout` given.
        layout: the layout, when `initial_value` has none.
        (the other arguments are `tf.Variable`'s)

    Raises:
        ValueError: when neither `initial_value` nor `layout` gives a layout.
    """

    def __new__(cls, initial_value=None, *args, layout=None, **kwargs):
        if callable(initial_value):
            initial_value = initial_value()
        layout = layout or dtensor_value.layout_of(initial_value)
        if layout is None:
            raise ValueError("A DVariable needs a DTensor initial_value or a `layout`. "
                             f"Received: initial_value of type {type(initial_value).__name__}, layout=None")
        var = super().__new__(cls, initial_value, *args, **kwargs)
        dtensor_value._check_fits(var, layout)
        var._dtensor_layout = layout
        return var

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        base = Variable.__dict__["__torch_function__"]  # torch's disabled one, or the tape's listener
        if isinstance(base, classmethod):
            out = base.__func__(cls, func, types, args, kwargs)
        else:
            with torch._C.DisableTorchFunctionSubclass():
                out = func(*args, **(kwargs or {}))
        return dtensor_value.propagate(func, args, kwargs, out)

    @property
    def layout(self):
        """The variable's layout."""
        return self._dtensor_layout

    @property
    def handle(self):
        return _Handle(self)

    def assign(self, value, use_locking=None, name=None, read_value=True):
        """As `tf.Variable.assign`; a DTensor of another layout raises (a DVariable's layout is fixed)."""
        other = dtensor_value.layout_of(value)
        if other is not None and other != self.layout:
            raise errors.UnknownError(
                None, None, "A DVariable's layout cannot change: assign a value of its layout (dtensor.relayout "
                f"converts). Received: layout={other.to_string()}, variable layout={self.layout.to_string()}")
        return super().assign(value, use_locking, name, read_value)
