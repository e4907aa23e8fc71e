"""`tensor.numpy()` as TF users write it: works on tensors that carry autograd history.

TF eager tensors convert to numpy at any time (`loss.numpy()` in every custom
loop); torch refuses when `requires_grad` is set. keraslike makes
`torch.Tensor.numpy()` detach first (only then; all other behaviour,
including sharing memory with CPU tensors that need no grad, is torch's).

A numpy ufunc over tensors (`np.isnan(t)`, `np.logical_and(a > 0, b)`) hands its result to
`torch.Tensor.__array_wrap__`, which turns a boolean result into uint8 (a torch workaround from before torch
had bool tensors): `~np.isnan(t)` was then 254/255 and `t[~np.isnan(t)]` silently kept every element. TF
gives booleans there; keraslike's `__array_wrap__` keeps them bool (every other dtype: torch's behaviour).

A scalar (0-d) tensor's `.numpy()` is a numpy scalar (`np.float32(0.5)`), as TF's: hashable, so it serves as a
dict key (`accs[acc.numpy()] = label`), and `isinstance(value, np.ndarray)` is False as in TF. `np.asarray(t)`
(`__array__`) still gives a 0-d array, as numpy's protocol requires.
"""

import warnings

import torch

_original_numpy = torch.Tensor.numpy
_original_array_wrap = torch.Tensor.__array_wrap__
_uncompiled = None  # `_detached_numpy` as torch.compile must call it, made on first use (see `_uncompiled_numpy`)


def _numpy(self, *args, **kwargs):
    if torch.compiler.is_compiling():
        value = _uncompiled_numpy()(self, *args, **kwargs)
    else:
        value = _detached_numpy(self, *args, **kwargs)
    return value[()] if value.ndim == 0 else value  # TF: a scalar tensor gives a numpy scalar


def _array(self, dtype=None, copy=None):
    """`np.asarray(tensor)`: torch's protocol over the array `.numpy()` made (a 0-d array for a scalar);
    numpy 2's `copy=True` copies, `copy=None`/`False` share a CPU tensor's memory as torch's protocol does."""
    if torch.overrides.has_torch_function_unary(self):
        return torch.overrides.handle_torch_function(torch.Tensor.__array__, (self,), self, dtype=dtype)
    value = _detached_numpy(self)
    value = value if dtype is None else value.astype(dtype, copy=False)
    return value.copy() if copy else value


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
    if torch.Tensor.__array__ is not _array:
        torch.Tensor.__array__ = _array
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


def scalar_if_0d(array):
    """`array`, or for a 0-d array its numpy scalar, as TF's `.numpy()` of a scalar gives (`np.float32(1.0)`)."""
    return array[()] if array.ndim == 0 else array


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
