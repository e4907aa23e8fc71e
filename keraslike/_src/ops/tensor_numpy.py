"""`tensor.numpy()` as TF users write it: works on tensors that carry autograd history.

TF eager tensors convert to numpy at any time (`loss.numpy()` in every custom
loop); torch refuses when `requires_grad` is set. keraslike makes
`torch.Tensor.numpy()` detach first (only then; all other behaviour,
including sharing memory with CPU tensors that need no grad, is torch's).
"""

import warnings

import torch

_original_numpy = torch.Tensor.numpy


def _numpy(self, *args, **kwargs):
    if self.requires_grad:
        return _original_numpy(self.detach(), *args, **kwargs)
    return _original_numpy(self, *args, **kwargs)


def install():
    if torch.Tensor.numpy is not _numpy:
        torch.Tensor.numpy = _numpy
    # `float(loss)` in a TF loop: TF eager converts silently; torch warns when the tensor carries grad.
    warnings.filterwarnings("ignore", message="Converting a tensor with requires_grad=True to a scalar",
                            category=UserWarning)
