"""A tensor that escaped a `tf.function` through a global name: TF's out-of-scope graph tensor.

In TF, a `tf.function` body runs only while it is traced, on graph tensors; a tensor it stores in a global
(`global x; x = a + 1`) is that graph tensor, which outlives its graph: `x.numpy()` raises AttributeError
("'SymbolicTensor' object has no attribute 'numpy'") and any op on it, eager or in another function, raises
TypeError ("... is out of scope and cannot be used here"). keraslike runs the body eagerly, so the stored value
would be a real tensor holding the last call's value; after each call, a tensor a function stored in a global
it declares is replaced by this stand-in, which refuses use as TF's does (the guide's "leaky_function").
Values a function returns are unaffected.
"""

import dis

import torch


class SymbolicTensor(torch.Tensor):
    """The stand-in for a leaked graph tensor: shape and dtype of the stored value, no data to use."""

    @staticmethod
    def __new__(cls, value, name):
        out = torch.Tensor._make_subclass(cls, torch.empty(0, dtype=value.dtype))
        dtype = str(value.dtype).replace("torch.", "")
        out._leaked_text = f"<tf.Tensor '{name}' shape={tuple(value.shape)} dtype={dtype}>"
        out._leaked_name = name
        return out

    def _text(self):
        return self._leaked_text

    def _error(self):
        return TypeError(
            f"{self._text()} is out of scope and cannot be used here: it was stored from inside a tf.function, "
            "whose tensors exist only in its graph. Use the function's return values instead. Received: the "
            f"global `{self._leaked_name}` set by a tf.function")

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        for value in list(args) + list((kwargs or {}).values()):
            if isinstance(value, SymbolicTensor):
                raise value._error()
        raise TypeError("a leaked tf.function tensor cannot be used here")

    @property
    def numpy(self):
        raise AttributeError(f"'{type(self).__name__}' object has no attribute 'numpy'")

    def __repr__(self):
        return self._text()

    __str__ = __repr__

    def __array__(self, dtype=None, copy=None):
        raise self._error()


def global_stores(python_function):
    """The global names `python_function`'s own code assigns (`global x; x = ...`) without reading them first.

    A name read before it is stored (an accumulator, `total = total + a`) keeps keraslike's eager value: TF's
    cached calls read the value captured at trace time, not the leaked tensor, so TF raises nothing there."""
    code = getattr(python_function, "__code__", None)
    if code is None:
        return ()
    stored, read_first = set(), set()
    for ins in dis.get_instructions(code):  # in code order: a read before the first store reads the old value
        if ins.opname == "STORE_GLOBAL":
            stored.add(ins.argval)
        elif ins.opname == "LOAD_GLOBAL" and ins.argval not in stored:
            read_first.add(ins.argval)
    return tuple(sorted(stored - read_first))


def snapshot(python_function, names):
    """The values of the global `names` before a call ({name: value})."""
    namespace = python_function.__globals__
    return {name: namespace.get(name) for name in names}


def mark_leaked(python_function, before):
    """After a call: a tensor the call stored in one of the globals becomes an out-of-scope `SymbolicTensor`."""
    namespace = python_function.__globals__
    for name, old in before.items():
        value = namespace.get(name)
        if value is not old and isinstance(value, torch.Tensor) and not isinstance(value, SymbolicTensor) and \
                not (hasattr(value, "assign") and hasattr(value, "read_value")):
            namespace[name] = SymbolicTensor(value, name)


def _refuse(self, *args, **kwargs):
    raise self._error()


for _name in ("__add__", "__radd__", "__iadd__", "__sub__", "__rsub__", "__isub__", "__mul__", "__rmul__",
              "__imul__", "__truediv__", "__rtruediv__", "__floordiv__", "__rfloordiv__", "__mod__", "__rmod__",
              "__pow__", "__rpow__", "__matmul__", "__rmatmul__", "__neg__", "__abs__", "__getitem__",
              "__bool__", "__float__", "__int__", "__len__", "__iter__"):
    setattr(SymbolicTensor, _name, _refuse)
