"""Python functions as ops: `tf.py_function` and `tf.numpy_function`.

Mirrors `tensorflow/python/ops/script_ops.py`. Everything runs eagerly, so both simply call
`func`; what they keep from TF is the contract on inputs and outputs:

- `py_function` passes tensors and is differentiable (autograd records what `func` does);
- `numpy_function` passes numpy arrays and its outputs carry no gradient;
- outputs are converted to `Tout` (a dtype gives one tensor, a list gives a list, `None` or `[]`
  gives what TF gives), and a tensor or array of another dtype is an error, never a silent cast.

Example:
    >>> tf.py_function(lambda a, b: a * b, [tf.constant(2.0), 3.0], Tout=tf.float32)   # 6.0
    >>> tf.numpy_function(lambda a: np.sort(a), [tf.constant([3, 1, 2])], tf.int32)    # [1 2 3]
"""

import functools

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops.tensor_spec import as_spec_dtype, string
from keraslike._src.ops import dtypes
from keraslike._src.ops import function_scope, tensor_numpy, trace_state
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ops.string_tensor import string_tensor


def _dtype_name(dtype):
    return "string" if dtype is string else dtypes.dtype_name(dtype)


def _output(value, dtype, from_numpy):
    dtype = as_spec_dtype(getattr(dtype, "dtype", dtype))
    if dtype is string:
        return string_tensor(value)
    if isinstance(value, torch.Tensor) or (from_numpy and isinstance(value, (np.ndarray, np.generic))):
        actual = value.dtype if isinstance(value, torch.Tensor) else dtypes.as_dtype(value.dtype)
        if actual != dtype:
            raise errors.InvalidArgumentError(
                f"The function returned a value of dtype {_dtype_name(actual)}, but its Tout says "
                f"{_dtype_name(dtype)}. Cast inside the function or fix Tout. Received: Tout={dtype}")
        return value if isinstance(value, torch.Tensor) else torch.from_numpy(np.array(value))
    return convert_to_tensor(value, dtype=dtype)


def _outputs(result, Tout, from_numpy):
    outputs = _typed_outputs(result, Tout, from_numpy)
    for value in outputs if isinstance(outputs, list) else [outputs]:
        if value is not None:
            trace_state.unknown_shape(value)  # TF's trace knows no static shape for them
    return outputs


def _typed_outputs(result, Tout, from_numpy):
    """TF's output rule: a tuple/list result is a list of outputs. `py_function` (EagerPyFunc) keeps the first
    `len(Tout)` of them and fails when there are fewer; `numpy_function` (PyFunc) wants exactly as many."""
    if Tout is None:
        return None
    single = not isinstance(Tout, (list, tuple))
    touts = [Tout] if single else list(Tout)
    if not touts:
        return []
    values = list(result) if isinstance(result, (list, tuple)) else [result]
    if len(values) < len(touts) or (from_numpy and len(values) != len(touts)):
        raise errors.InvalidArgumentError(
            f"The function returned {len(values)} values but expects to see {len(touts)} values (Tout). "
            f"Received: Tout={Tout!r}")
    outputs = [_output(v, t, from_numpy) for v, t in zip(values, touts)]
    return outputs[0] if single else outputs


def _decorator_or_call(impl, func, inp, Tout, **extra):
    if func is None:
        return lambda f: functools.wraps(f)(lambda *args: impl(f, list(args), Tout, **extra))
    if not callable(func):
        raise TypeError(f"func must be callable. Received: func={func!r}")
    return impl(func, [] if inp is None else list(inp), Tout, **extra)


def _standin_outputs(Tout):
    """What a `py_function`/`numpy_function` gives while `tf.data` traces a map for its element spec: TF's trace
    never calls the Python function (it runs on real elements only), so neither does keraslike's: zeros of each
    `Tout` dtype stand in, with an unknown static shape, and `set_shape`/`ensure_shape` may give them any shape."""
    def one(dtype):
        if dtype is None:
            return None
        spec_dtype = as_spec_dtype(dtype)
        value = string_tensor(np.array(b"", dtype=object)) if spec_dtype is string else torch.zeros(
            (), dtype=spec_dtype)
        trace_state.standin(value)
        return value
    return [one(t) for t in Tout] if isinstance(Tout, (list, tuple)) else one(Tout)


def _py_function(func, inp, Tout):
    if trace_state.active():
        return _outputs(_standin_outputs(Tout), Tout, from_numpy=False)
    args = [v if isinstance(v, torch.Tensor) else convert_to_tensor(v) for v in inp]
    return _outputs(func(*args), Tout, from_numpy=False)


def py_function(func=None, inp=None, Tout=None, name=None):
    """`tf.py_function(func, inp, Tout)`: call `func(*inp)` with tensors; differentiable.

    Args:
        func: Python callable (or None to use `py_function(Tout=...)` as a decorator).
        inp: list of tensors or values convertible to tensors.
        Tout: a dtype (one output), a list/tuple of dtypes (a list of outputs), or None.

    Raises:
        tf.errors.InvalidArgumentError: if a returned tensor's dtype is not the one in `Tout`, or `func` returns
            fewer values than `Tout` lists (more are dropped, as TF does: a tuple returned for one `Tout` gives
            its first item).
    """
    return _decorator_or_call(_py_function, func, inp, Tout)


def _numpy_function(func, inp, Tout, stateful=True):
    inside = function_scope.inside()

    def as_numpy(v):
        if isinstance(v, torch.Tensor):  # a copy: `func` may write into its arguments (a variable's too)
            v = tensor_numpy.snapshot(v)
        v = np.asarray(v) if not isinstance(v, np.ndarray) else v
        # inside a tf.function or a dataset function TF hands a scalar over as `.numpy()` gives it: a numpy scalar,
        # `bytes` for a string (`t.decode()` works); eagerly as a 0-d array
        return v[()] if inside and v.ndim == 0 else v

    if trace_state.active():
        return _outputs(_standin_outputs(Tout), Tout, from_numpy=False)
    with torch.no_grad():
        result = func(*[as_numpy(v) for v in inp])
        if not function_scope.inside():
            # TF's eager call: the results converted as they are (Tout unchecked), one result unpacked
            flat = [None if r is None else convert_to_tensor(r)
                    for r in (result if isinstance(result, (list, tuple)) else [result])]
            return flat[0] if len(flat) == 1 else flat
        return _outputs(result, Tout, from_numpy=True)


def numpy_function(func=None, inp=None, Tout=None, stateful=True, name=None):
    """`tf.numpy_function(func, inp, Tout, stateful=True)`: call `func` on numpy arrays; no gradient.

    `stateful` tells TF's graph optimizer whether calls may be merged; every call runs here.

    Raises:
        tf.errors.InvalidArgumentError: if a returned array's dtype is not the one in `Tout`, or (inside a
            `tf.function` or a dataset function) the number of returned values differs from `Tout`'s.
    """
    return _decorator_or_call(_numpy_function, func, inp, Tout, stateful=stateful)
