"""Op results are values: never views of a variable's storage, which training later updates in place.

A TF op on a variable reads it: `t = tf.reshape(v, [-1])`, `v[0]`, `tf.transpose(v)`, `tf.cast(v, v.dtype)`
give tensors that keep their values when `v` is assigned or trained. The torch operations behind them
return views sharing the parameter's storage, so without care `t` (and `t.numpy()`) would follow every
later update of `v`. `no_variable_views` wraps such an op: when a result shares storage with a parameter
among the arguments (a keraslike `Variable` or any `torch.nn.Parameter`), or is that parameter itself, that
result is copied (a differentiable `clone`, a plain tensor); otherwise it is returned as is, so ops on plain
tensors keep torch's free views.
"""

import functools

import torch


def _parameters(args, kwargs):
    found = [a for a in args if isinstance(a, torch.nn.Parameter)]
    found += [v for v in kwargs.values() if isinstance(v, torch.nn.Parameter)]
    return found


def _detach_view(value, storages):
    if isinstance(value, torch.Tensor) and value.layout == torch.strided:
        if value.untyped_storage().data_ptr() in storages:  # a view, or the parameter itself: read it
            return torch.Tensor.clone(value)
        return value
    if isinstance(value, (list, tuple)) and any(isinstance(v, torch.Tensor) for v in value):
        values = [_detach_view(v, storages) for v in value]
        return type(value)(values) if type(value) in (list, tuple) else type(value)(*values)
    return value


def detach_views(result, parameters):
    """`result` (a tensor, or a list/tuple of them) with any view of `parameters`' storage copied."""
    storages = {p.untyped_storage().data_ptr() for p in parameters if p.layout == torch.strided}
    return _detach_view(result, storages) if storages else result


def no_variable_views(fn):
    """Wrap op `fn` so that its results never share storage with a parameter it was given."""

    @functools.wraps(fn)
    def op(*args, **kwargs):
        result = fn(*args, **kwargs)
        parameters = _parameters(args, kwargs)
        return detach_views(result, parameters) if parameters else result

    return op


def copy_on_write(structure):
    """`structure` with each plain dense tensor replaced by a lazy copy: a write to it copies first.

    TF tensors are immutable, so `inputs -= mean` in a layer's `call` rebinds `inputs` to a new tensor. On a
    torch tensor `-=` writes in place, into the caller's tensor (a user's `tf.constant`, the previous layer's
    output, which autograd may need: "modified by an inplace operation"). A user's `call` gets these lazy
    copies instead: they share storage until written (no copy, about a microsecond each; a tensor over a
    numpy array's memory is copied), keep the autograd history and the tensor's Python attributes
    (`_keras_mask`, ...). Left as they are: tensor subclasses,
    non-dense layouts, and everything while `torch.compile` traces.
    """
    if torch.compiler.is_compiling():
        return structure
    return _copy_on_write(structure)


def _copy_on_write(value):
    if type(value) is torch.Tensor:
        if value.layout != torch.strided:
            return value
        try:
            copy = torch._lazy_clone(value)
        except RuntimeError:  # storage torch did not allocate (a numpy array's): a plain copy
            copy = torch.Tensor.clone(value)
        if value.__dict__:
            copy.__dict__.update(value.__dict__)
        return copy
    if type(value) in (list, tuple):
        return type(value)(_copy_on_write(v) for v in value)
    if type(value) is dict:
        return {k: _copy_on_write(v) for k, v in value.items()}
    return value
