"""`tensor.numpy()` as TF users write it: works on tensors that carry autograd history.

TF eager tensors convert to numpy at any time (`loss.numpy()` in every custom
loop); torch refuses when `requires_grad` is set. keraslike makes
`torch.Tensor.numpy()` detach first (only then; all other behaviour,
including sharing memory with CPU tensors that need no grad, is torch's).

A numpy ufunc over tensors (`np.isnan(t)`, `np.logical_and(a > 0, b)`) hands its result to
`torch.Tensor.__array_wrap__`, which turns a boolean result into uint8 (a torch workaround from before torch
had bool tensors): `~np.isnan(t)` was then 254/255 and `t[~np.isnan(t)]` silently kept every element. TF
gives booleans there; keraslike's `__array_wrap__` keeps them bool (every other dtype: torch's behaviour).
"""

import warnings

import torch

_original_numpy = torch.Tensor.numpy
_original_array_wrap = torch.Tensor.__array_wrap__
_uncompiled = None  # `_detached_numpy` as torch.compile must call it, made on first use (see `_uncompiled_numpy`)


def _numpy(self, *args, **kwargs):
    if torch.compiler.is_compiling():
        return _uncompiled_numpy()(self, *args, **kwargs)
    return _detached_numpy(self, *args, **kwargs)


def _detached_numpy(self, *args, **kwargs):
    if self.requires_grad:
        return _original_numpy(self.detach(), *args, **kwargs)
    return _original_numpy(self, *args, **kwargs)


def _uncompiled_numpy():
    """`_detached_numpy` kept out of torch.compile's graphs: its numpy interop calls `numpy(force=True)` back, and
    tracing that call again would recurse forever (a `jit_compile=True` function converting a Python list).

    Made on first use while compiling: `torch.compiler.disable` imports torch._dynamo (seconds of CPU, a third of
    `import keraslike`), which a program that never compiles should not pay for, nor every replica a launcher
    starts (tests/keras/optimizers/test_first_step_imports.py).
    """
    global _uncompiled
    if _uncompiled is None:
        _uncompiled = torch.compiler.disable(_detached_numpy)
    return _uncompiled


def _array_wrap(self, array, context=None, return_scalar=False):
    if array.dtype == bool:
        return torch.from_numpy(array)
    return _original_array_wrap(self, array)


def install():
    if torch.Tensor.numpy is not _numpy:
        torch.Tensor.numpy = _numpy
    if torch.Tensor.__array_wrap__ is not _array_wrap:
        torch.Tensor.__array_wrap__ = _array_wrap
    # `float(loss)` in a TF loop: TF eager converts silently; torch warns when the tensor carries grad.
    warnings.filterwarnings("ignore", message="Converting a tensor with requires_grad=True to a scalar",
                            category=UserWarning)


def snapshot(tensor):
    """`tensor`'s current value as a numpy array that shares no memory with it.

    For values a user keeps while the library goes on updating their storage in place (variables,
    optimizer slots, metric states, RNG states): TF hands these out as copies, so a snapshot taken
    before `fit` still holds the old values afterwards, and writing into it leaves the variable alone.
    One copy on any device: a CPU tensor is cloned, any other is copied to the host.

    Args:
        tensor: a `torch.Tensor` (a keraslike `Variable` included).

    Returns:
        A numpy array owning its data, detached from autograd.
    """
    value = tensor.detach()
    value = value.clone() if value.device.type == "cpu" else value.cpu()
    return _original_numpy(value.resolve_conj().resolve_neg())


def array_protocol(tensor, dtype=None, copy=None):
    """`np.asarray(variable)` for mutable storage: always a snapshot, as TF's variables give.

    Raises:
        ValueError: for `copy=False` (numpy's request for a view, which would follow later updates).
    """
    if copy is False:
        raise ValueError("Unable to avoid copy while creating an array as requested: a variable's value is "
                         "handed out as a copy, never a view of storage that training updates. Use "
                         "`np.asarray(variable)`. Received: copy=False")
    array = snapshot(tensor)
    return array.astype(dtype, copy=False) if dtype is not None else array
