"""The metaclass of `tf.Variable`: `help(tf.Variable)` shows TF's API, not torch.Tensor's 5,000 lines.

`Variable` is a `torch.nn.Parameter`, so its metaclass must derive from Parameter's. `__dir__` of
the class leaves out the members only torch defines (`torch_members.keras_dir`); they stay usable
(`v.add_`, `v.grad`), and `dir()` of a variable still lists them (`Variable.__dir__`).
"""

import torch

from keraslike._src import torch_members


class VariableMeta(type(torch.nn.Parameter)):
    """Metaclass of `Variable`; see the module docstring."""

    def __dir__(cls):
        return torch_members.keras_dir(cls)
