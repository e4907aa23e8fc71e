"""TF's operator semantics on plain `torch.Tensor`, only where torch refuses or answers differently.

Tensors stay plain `torch.Tensor` (DESIGN §2). TF code writes `[[1., 2., 3.]] @ w`, `x + [1, 2]`,
`np.ones(3) * t`, `t == [1, 2, 3]` and `t[::-1]`; torch raises on most of these (or, for `t == [1, 2, 3]`
and `[1, 2] * int_scalar_tensor`, gives Python's answer: `False`, list repetition). `install()`
replaces the operator methods of `torch.Tensor` once, at `import keraslike`, with thin wrappers that
call torch's own method first and take a fallback only when torch cannot take the operand:

- operands that are Python lists/tuples (nested, possibly holding tensors): torch returns
  `NotImplemented`; the fallback converts them as TF's op dispatch does, to the tensor's dtype and
  device, losslessly (`int32 tensor + [1.5]` raises TypeError as in TF; ints into a float tensor are
  fine). A list that holds no numbers (`[None] * n`) keeps Python's behaviour.
- operands that are numpy arrays or numpy scalars: torch would promote (`float32 tensor * float64
  ndarray` is float64 in torch); TF casts the numpy value to the tensor's dtype, as numpy's `astype`
  does (`int32 tensor * np.array([1.5])` multiplies by 1, `float32 * float64 array` is float32), and so
  does the fallback. These types are recognised before torch is called (a set lookup on the type).
- `__getitem__` with a negative slice step (`t[::-1]`, `t[5:1:-2]`): torch raises ValueError; the
  fallback is `reverse_slicing.getitem` (flip + positive-step slice, differentiable), as Variables use.

- numpy's reductions (`np.mean(t, axis=0)`, `np.sum`, `np.std`, `np.var`, `np.max`, `np.min`, `np.prod`,
  `np.any`, `np.all`) call the tensor's method with numpy's keywords (`axis=`, `out=`), which torch's methods
  refuse with TypeError; on exactly that error the reduction runs in numpy on the tensor's value and returns
  numpy, as it does for a TF tensor (so, as in TF, no gradient flows through it: the autodiff guide's point).

Semantics of the fallback results follow TF: `/` of integer tensors is TF's truediv (int32/int64 ->
float64, smaller ints -> float32); `%` is floormod; `@` is `tf.matmul` (rank >= 2); `==`/`!=` with a
list or array of a shape that does not broadcast give a scalar `False`/`True` tensor, as TF2's
`incompatible_shape_error=False`. `&`, `|`, `^` take lists too. Everything else (tensor op tensor,
tensor op Python scalar, in-place operators, `t == None`, `t == "a"`) is torch's unchanged; wrappers add one
Python call per operator (measured in `benchmarks/tensor_attributes_overhead.py`).

Under `tnp.experimental_enable_numpy_behavior(dtype_conversion_mode=...)` ("legacy", "all" or "safe"), operands of
different dtypes (tensors, numpy values, Python scalars) are first promoted by `dtype_promotion.promote` (numpy's
rules or TF's lattice; "safe" raises TypeError on a lossy promotion), as TF's operators do in those modes, and `/`
of integers is TF's truediv (`int32 / int32` is float64; mode "off" keeps torch's float32, see below).

- in-place operators (`loss += reg`): a TF tensor is immutable, so `x += y` is `x = x + y`. On a tensor that
  autograd recorded (it has a `grad_fn`, with gradients enabled) the wrapper computes `x + y` out of place, as TF
  does: torch's in-place op would refuse a broadcast to a larger shape (`scalar += shape [1]`, the style-transfer
  tutorial's `loss += w * tf.image.total_variation(image)`) or break the gradient of a tensor saved for backward.
  Elsewhere torch's in-place op runs (torch code that mutates buffers keeps working), falling back to the
  out-of-place op only where the result's shape would grow by broadcasting, which torch refuses.

Differences left on purpose (mode "off", TF's default): a Python scalar operand keeps torch's promotion
(`int_tensor * 2.5` is a float tensor here; TF raises) and `int32 / int32` tensors give torch's float32 (TF: float64),
since changing it would slow every `x * 2.0`; an
out-of-range Python int in a list raises TypeError (TF wraps it around).
"""

import numpy as np
import torch

from keraslike._src.ops import conversion, dtype_promotion, math, reverse_slicing

# numpy values torch accepts but converts with numpy's promotion instead of TF's cast-to-the-tensor's-dtype
_NUMPY_TYPES = frozenset({np.ndarray} | {np.dtype(code).type for code in np.typecodes["All"] if code not in "OSUVMm"})
_PROMOTION = dtype_promotion.state
_ORIGINAL = {}  # name -> torch's own method (for `original` and `uninstall`)


def _numpy_operand(tensor, value):
    """A numpy array/scalar cast to `tensor`'s dtype and device, as TF's binary ops do."""
    array = np.asarray(value)
    if array.dtype.kind not in "biufc":
        return None
    target = tensor.dtype
    if target == torch.bfloat16:
        converted = torch.from_numpy(np.ascontiguousarray(array, dtype=np.float32)).to(target)
    else:
        converted = torch.from_numpy(np.array(array, dtype=target.as_numpy_dtype, copy=True))
    return converted if converted.device == tensor.device else converted.to(tensor.device)


def _is_numeric_sequence(value):
    if isinstance(value, torch.Tensor):
        return True
    if isinstance(value, (list, tuple)):
        return all(_is_numeric_sequence(v) for v in value)
    return isinstance(value, (bool, int, float, complex, np.generic))


def _operand(tensor, value):
    """`value` as a tensor of `tensor`'s dtype (TF's conversion), or None when TF's rule does not apply."""
    if type(value) in _NUMPY_TYPES:
        return _numpy_operand(tensor, value)
    if isinstance(value, (list, tuple)) and _is_numeric_sequence(value):
        return conversion.to_tensor(value, tensor.dtype, "y", tensor.device)  # TypeError when lossy, as TF
    return None


def _incompatible(a, b):
    try:
        torch.broadcast_shapes(a.shape, b.shape)
    except RuntimeError:
        return True
    return False


def _equality(fn, when_incompatible):
    def compare(x, y):
        if _incompatible(x, y):
            return torch.tensor(when_incompatible, device=x.device)
        return fn(x, y)
    return compare


def _bitwise(fn):
    def apply(x, y):
        if x.is_floating_point() or x.is_complex():
            raise TypeError(f"Bitwise operators need bool or integer tensors. Received: x.dtype={x.dtype.name}")
        return fn(x, y)
    return apply


# operator -> what TF computes once both operands are tensors of the same dtype
_BINARY = {
    "add": math.add, "sub": math.subtract, "mul": math.multiply, "truediv": math.truediv,
    "floordiv": math.floordiv, "mod": math.floormod, "pow": math.pow, "matmul": math.matmul,
    "and": _bitwise(torch.bitwise_and), "or": _bitwise(torch.bitwise_or), "xor": _bitwise(torch.bitwise_xor),
}
_COMPARISON = {
    "eq": _equality(torch.eq, False), "ne": _equality(torch.ne, True),
    "lt": torch.lt, "le": torch.le, "gt": torch.gt, "ge": torch.ge,
}


def _integers(tensor, other):
    def integer(x):
        if isinstance(x, torch.Tensor):
            return not (x.is_floating_point() or x.is_complex() or x.dtype == torch.bool)
        return isinstance(x, int) and not isinstance(x, bool)
    return integer(tensor) and integer(other)


def _forward(name, original, fn, reflected):
    """`torch.Tensor.<name>`: torch's method first; TF's fallback only for operands torch can't take."""

    def fallback(self, other):
        converted = _operand(self, other)
        if converted is None:
            return NotImplemented
        return fn(converted, self) if reflected else fn(self, converted)

    true_division = name in ("__truediv__", "__rtruediv__")

    def method(self, other):
        if _PROMOTION.mode != "off":  # `tnp.experimental_enable_numpy_behavior`: numpy's or TF's lattice promotion
            operands = dtype_promotion.promote(other, self) if reflected else dtype_promotion.promote(self, other)
            if operands is not None:
                return fn(*operands)
            if true_division and _integers(self, other):  # TF's truediv: int32/int64 -> float64 (torch: float32)
                return fn(other, self) if reflected else fn(self, other)
        if type(other) in _NUMPY_TYPES:
            return fallback(self, other)
        result = original(self, other)
        if result is NotImplemented and isinstance(other, (list, tuple)):
            return fallback(self, other)
        return result

    method.__name__ = method.__qualname__ = name
    method.__doc__ = (f"torch's `Tensor.{name}`; lists, tuples and numpy values are converted to this tensor's "
                      "dtype first, as TF does (keraslike/_src/ops/tensor_operators.py).")
    return method


def _getitem(original):
    def __getitem__(self, index):
        try:
            return original(self, index)
        except ValueError:
            if reverse_slicing.has_negative_step(index):
                return reverse_slicing.getitem(self, index)
            raise

    __getitem__.__doc__ = ("torch's `Tensor.__getitem__`; negative slice steps (`t[::-1]`) work as in TF "
                           "(keraslike/_src/ops/tensor_operators.py).")
    return __getitem__


_NUMPY_REDUCTIONS = ("sum", "mean", "std", "var", "max", "min", "prod", "any", "all")


def _numpy_reduction(name, original):
    """`torch.Tensor.<name>`: torch first; numpy's call (`axis=`/`out=`) that torch refuses runs in numpy."""

    def method(self, *args, **kwargs):
        try:
            return original(self, *args, **kwargs)
        except TypeError:
            if "axis" not in kwargs and "out" not in kwargs:
                raise
            return getattr(np, name)(self.detach().cpu().numpy(), *args, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = (f"torch's `Tensor.{name}`; called by numpy (`np.{name}(tensor, axis=...)`) it computes in numpy "
                      "on the tensor's value, as for a TF tensor (keraslike/_src/ops/tensor_operators.py).")
    return method


_INPLACE = {"__iadd__": "__add__", "__isub__": "__sub__", "__imul__": "__mul__", "__itruediv__": "__truediv__",
            "__ifloordiv__": "__floordiv__", "__imod__": "__mod__", "__ipow__": "__pow__", "__iand__": "__and__",
            "__ior__": "__or__", "__ixor__": "__xor__"}


def _inplace(name, original, out_of_place):
    """`torch.Tensor.<name>` (`x += y`): TF's rebinding `x = x + y` where torch's in-place op would differ."""

    def method(self, other):
        if self.grad_fn is not None and torch.is_grad_enabled():
            return getattr(torch.Tensor, out_of_place)(self, other)
        try:
            return original(self, other)
        except RuntimeError as err:
            if "doesn't match the broadcast shape" not in str(err):
                raise
            return getattr(torch.Tensor, out_of_place)(self, other)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = (f"torch's `Tensor.{name}`; on a tensor autograd recorded, or where the result would grow by "
                      f"broadcasting, `{out_of_place}` out of place, as TF's immutable tensors "
                      "(keraslike/_src/ops/tensor_operators.py).")
    return method


def _methods():
    methods = {}
    for short, fn in _BINARY.items():
        methods[f"__{short}__"] = (fn, False)
        methods[f"__r{short}__"] = (fn, True)
    for short, fn in _COMPARISON.items():
        methods[f"__{short}__"] = (fn, False)
    return methods


def install():
    """Wrap torch.Tensor's operators (idempotent)."""
    if _ORIGINAL:
        return
    for name, (fn, reflected) in _methods().items():
        original = getattr(torch.Tensor, name)
        _ORIGINAL[name] = original
        setattr(torch.Tensor, name, _forward(name, original, fn, reflected))
    for name, out_of_place in _INPLACE.items():
        _ORIGINAL[name] = getattr(torch.Tensor, name)
        setattr(torch.Tensor, name, _inplace(name, _ORIGINAL[name], out_of_place))
    _ORIGINAL["__getitem__"] = torch.Tensor.__getitem__
    torch.Tensor.__getitem__ = _getitem(_ORIGINAL["__getitem__"])
    for name in _NUMPY_REDUCTIONS:
        _ORIGINAL[name] = getattr(torch.Tensor, name)
        setattr(torch.Tensor, name, _numpy_reduction(name, _ORIGINAL[name]))


def uninstall():
    """Put torch's own methods back (benchmarks measure the wrappers' cost this way); `install()` re-wraps."""
    for name, method in _ORIGINAL.items():
        setattr(torch.Tensor, name, method)
    _ORIGINAL.clear()


def original(name):
    """torch's own `Tensor.<name>` from before `install()` (for benchmarks and tests)."""
    return _ORIGINAL.get(name, getattr(torch.Tensor, name))

