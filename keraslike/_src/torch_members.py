"""Which class members come only from torch, so `help()` on a keraslike class can leave them out.

keraslike's layers are `torch.nn.Module`s and its variables `torch.nn.Parameter`s: without care,
`help(tf.keras.layers.Dense)` is 1,000 lines of torch's methods and `help(tf.Variable)` 5,000.
pydoc builds a class's member list from `dir(cls)`, which asks the metaclass, so the metaclasses of
`Layer` (`keras/layers/layer_meta.py`) and `Variable` (`ops/variable_meta.py`) use `keras_dir` for
`dir(cls)`. The members stay fully usable; `help(torch.nn.Module)` / `help(torch.Tensor)` document them.
"""


def owner(cls, name):
    """The first class in `cls`'s MRO whose own namespace defines `name`, or None."""
    for klass in cls.__mro__:
        if name in vars(klass):
            return klass
    return None


def torch_only(cls, name):
    """True when `name` reaches `cls` only from a torch class (defined nowhere in keraslike or user code)."""
    klass = owner(cls, name)
    return klass is not None and (klass.__module__ or "").split(".")[0] == "torch"


_BOOKKEEPING = frozenset({"__abstractmethods__"})   # ABCMeta's, not API


def keras_dir(cls):
    """`dir(cls)` without the torch-only members (what `help(cls)` then shows)."""
    return sorted(name for name in type.__dir__(cls) if not torch_only(cls, name) and name not in _BOOKKEEPING)


def instance_dir(obj, torch_dir):
    """`dir(obj)` for an instance: everything, torch's members included (tab completion)."""
    return sorted(set(type.__dir__(type(obj))) | set(torch_dir))
