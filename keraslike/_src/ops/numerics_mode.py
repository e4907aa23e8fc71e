"""`tf.debugging.enable_check_numerics` and the traceback-filtering switches.

Mirrors `tensorflow/python/debug/lib/check_numerics_callback.py` and
`tensorflow/python/util/traceback_utils.py`.

`enable_check_numerics()` checks the floating-point output of every torch operation run on the
calling thread afterwards (a `torch.overrides.TorchFunctionMode`) and raises
`tf.errors.InvalidArgumentError` naming the op at the first NaN or Inf, as TF's callback does.
It syncs the host after every op: a debugging tool, as in TF.

TF hides its own frames from tracebacks when filtering is enabled; keraslike never filters
frames, so the switches only record the setting that `is_traceback_filtering_enabled()` reports.
"""

import threading

import torch
from torch.overrides import TorchFunctionMode

from keraslike._src import errors

_state = threading.local()
_filtering = {"enabled": True}


def _bad(t):
    return isinstance(t, torch.Tensor) and (t.is_floating_point() or t.is_complex()) and t.numel() > 0 and not bool(
        torch.isfinite(t).all())


class _CheckNumerics(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        outputs = out if isinstance(out, (tuple, list)) else (out,)
        for i, value in enumerate(outputs):
            if _bad(value):
                kind = "NaN" if bool(torch.isnan(value).any()) else "Inf"
                name = getattr(func, "__name__", str(func))
                raise errors.InvalidArgumentError(
                    f"\n\n!!! Detected Infinity or NaN in output {i} of eagerly-executing op \"{name}\" "
                    f"(# of outputs: {len(outputs)}) !!!\n  dtype: {value.dtype}\n  shape: {tuple(value.shape)}\n"
                    f"  first bad value: {kind}\n")
        return out


def enable_check_numerics(stack_height_limit=30, path_length_limit=50):
    """Check every later op's float outputs for NaN/Inf on this thread (idempotent)."""
    if getattr(_state, "mode", None) is None:
        mode = _CheckNumerics()
        mode.__enter__()
        _state.mode = mode


def disable_check_numerics():
    """Stop the checks started by `enable_check_numerics` on this thread."""
    mode = getattr(_state, "mode", None)
    if mode is not None:
        mode.__exit__(None, None, None)
        _state.mode = None


def enable_traceback_filtering():
    """Record that traceback filtering is on (keraslike shows every frame either way)."""
    _filtering["enabled"] = True


def disable_traceback_filtering():
    """Record that traceback filtering is off."""
    _filtering["enabled"] = False


def is_traceback_filtering_enabled():
    """The setting last made by `enable_/disable_traceback_filtering` (True by default, as TF)."""
    return _filtering["enabled"]
