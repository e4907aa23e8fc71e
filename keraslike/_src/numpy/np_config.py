"""`tnp.experimental_enable_numpy_behavior`: numpy's methods on tensors and a dtype promotion mode.

As in TF, enabling it (once, process-wide):
- sets the promotion mode of tensor operators (`dtype_conversion_mode`: "legacy" numpy rules, "all"/"safe" TF's
  lattice, "off"; see `keraslike/_src/ops/dtype_promotion.py`) and `prefer_float32` (Python floats as float32);
- adds numpy's methods to the tensor type: `T` (all axes reversed), `astype`, `ravel`, `flatten`, `clip`,
  `transpose()`/`transpose(axes)`, `reshape(..., order=)`, `tolist`, and numpy's `max`/`min`/`mean` with `axis=`/
  `keepdims=` returning tensors.

The tensor type is torch's, which torch itself calls, so torch's own call forms keep working: `t.transpose(0, 1)`
swaps two axes (numpy's two-axis permutation for a matrix), `t.max(1)`/`t.max(dim=1)` give torch's
`(values, indices)` (numpy's `t.max(axis=1)` gives values), and `size` stays torch's method (numpy's `size`
attribute is `tnp.size(t)`).
"""

import warnings

import torch

from keraslike._src.numpy import array_ops, math_ops
from keraslike._src.numpy.np_dtypes import torch_dtype
from keraslike._src.ops import dtype_promotion

_ORIGINAL = {}


def _t(self):
    return self.permute(*reversed(range(self.dim())))


def _astype(self, dtype):
    return self.to(torch_dtype(dtype))


def _transpose(original):
    def transpose(self, *axes, **kwargs):
        if kwargs or (len(axes) == 2 and all(isinstance(a, int) for a in axes)):
            return original(self, *axes, **kwargs)  # torch's swap of two axes
        if len(axes) == 1 and isinstance(axes[0], (list, tuple)):
            axes = tuple(axes[0])
        return array_ops.transpose(self, axes or None)
    transpose.__doc__ = ("numpy's `transpose()`/`transpose(axes)`; torch's `transpose(dim0, dim1)` "
                         "(tnp numpy behaviour).")
    return transpose


def _reshape(original):
    def reshape(self, *shape, **kwargs):
        order = kwargs.pop("order", "C")
        if order == "C":
            return original(self, *shape, **kwargs)
        if kwargs:
            raise TypeError(f"reshape() got unexpected keyword arguments. Received: {sorted(kwargs)}")
        return array_ops.reshape(self, shape[0] if len(shape) == 1 else shape, order=order)
    reshape.__doc__ = "torch's `reshape`, with numpy's `order=` (tnp numpy behaviour)."
    return reshape


def _numpy_reduction(original, numpy_fn):
    def method(self, *args, **kwargs):
        if "axis" in kwargs or "keepdims" in kwargs or (not args and not kwargs):
            if "out" in kwargs and kwargs["out"] is None:
                kwargs.pop("out")
            return numpy_fn(self, *args, **kwargs)
        return original(self, *args, **kwargs)
    method.__doc__ = f"numpy's `{numpy_fn.__name__}(axis=, keepdims=)`; torch's forms with `dim` (tnp numpy behaviour)."
    return method


def _clip(original):
    def clip(self, min=None, max=None, **kwargs):  # noqa: A002 (torch's and numpy's names)
        if kwargs:
            if set(kwargs) - {"a_min", "a_max"}:
                raise TypeError(f"clip() got unexpected keyword arguments. Received: {sorted(kwargs)}")
            min, max = kwargs.get("a_min", min), kwargs.get("a_max", max)  # noqa: A001
        if isinstance(min, torch.Tensor) or isinstance(max, torch.Tensor) or min is None or max is None:
            return array_ops.clip(self, min, max)
        return original(self, min, max)
    return clip


def _install_methods():
    if _ORIGINAL:
        return
    for name in ("T", "transpose", "reshape", "max", "min", "mean", "clip"):
        _ORIGINAL[name] = torch.Tensor.__dict__.get(name, getattr(torch.Tensor, name))
    torch.Tensor.T = property(_t, doc="All axes reversed, as numpy's `ndarray.T` (tnp numpy behaviour).")
    torch.Tensor.astype = _astype
    torch.Tensor.transpose = _transpose(_ORIGINAL["transpose"])
    torch.Tensor.reshape = _reshape(_ORIGINAL["reshape"])
    torch.Tensor.max = _numpy_reduction(_ORIGINAL["max"], math_ops.amax)
    torch.Tensor.min = _numpy_reduction(_ORIGINAL["min"], math_ops.amin)
    torch.Tensor.mean = _numpy_reduction(_ORIGINAL["mean"], math_ops.mean)
    torch.Tensor.clip = _clip(_ORIGINAL["clip"])


def experimental_enable_numpy_behavior(prefer_float32=False, dtype_conversion_mode="legacy"):
    """Enable NumPy behaviour on tensors (process-wide), as TF's.

    Args:
        prefer_float32: Python floats are inferred as float32 (else float64, numpy's default).
        dtype_conversion_mode: how operators promote operands of different dtypes: "legacy" (numpy's rules),
            "all" or "safe" (TF's promotion lattice; "safe" refuses promotions that can lose values), or "off".

    Raises:
        ValueError: for an unknown `dtype_conversion_mode`.
    """
    if dtype_conversion_mode not in dtype_promotion.MODES:
        raise ValueError("Expected `dtype_conversion_mode` to be one of 'off', 'legacy', 'safe' or 'all'. "
                         f"Received: dtype_conversion_mode={dtype_conversion_mode!r}")
    if dtype_conversion_mode in ("safe", "all"):
        warnings.warn("Enabling the new type promotion should happen at the start of the program, before tensors are "
                      "made.", UserWarning, stacklevel=2)
    dtype_promotion.set_mode(dtype_conversion_mode)
    dtype_promotion.set_prefer_float32(prefer_float32)
    _install_methods()


def disable_numpy_behavior():
    """Undo `experimental_enable_numpy_behavior` (TF has no such call; tests use it to restore torch's methods)."""
    for name, method in _ORIGINAL.items():
        setattr(torch.Tensor, name, method)
    if _ORIGINAL:
        del torch.Tensor.astype
    _ORIGINAL.clear()
    dtype_promotion.set_mode("off")
    dtype_promotion.set_prefer_float32(False)
