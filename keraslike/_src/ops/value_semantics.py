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
