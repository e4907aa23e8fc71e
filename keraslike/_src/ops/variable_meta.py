"""The metaclass of `tf.Variable`: `help(tf.Variable)` shows TF's API, not torch.Tensor's 5,000 lines.

`Variable` is a `torch.nn.Parameter`, so its metaclass must derive from Parameter's. `__dir__` of
the class leaves out the members only torch defines (`torch_members.keras_dir`); they stay usable
(`v.add_`, `v.grad`), and `dir()` of a variable still lists them (`Variable.__dir__`).
"""

import torch

from keraslike._src import torch_members


_GRAPH_FACTORIES = []


def set_graph_factory(factory):
    """TF1 graph mode: `factory(cls, args, kwargs)` makes the variable (a graph variable) or returns None to decline."""
    _GRAPH_FACTORIES[:] = [factory]


class VariableMeta(type(torch.nn.Parameter)):
    """Metaclass of `Variable`; see the module docstring. In TF1 graph mode `tf.Variable(...)` makes a graph
    variable (`set_graph_factory`)."""

    def __call__(cls, *args, **kwargs):
        if _GRAPH_FACTORIES:
            made = _GRAPH_FACTORIES[0](cls, args, kwargs)
            if made is not None:
                return made
        return super().__call__(*args, **kwargs)

    def __dir__(cls):
        return torch_members.keras_dir(cls)
