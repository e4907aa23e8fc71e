"""`tf.function`: eager by default, `torch.compile` with `jit_compile=True`.

Mirrors the user-facing surface of `tensorflow/python/eager/polymorphic_function/
polymorphic_function.py`. A decorated function runs the Python body on every
call (TF runs it once per trace, so Python side effects such as `print` happen
here on every call, as with `tf.config.run_functions_eagerly(True)`).

- `@tf.function` and `@tf.function(input_signature=..., jit_compile=..., ...)`
  both work, on functions and on methods (the object is a descriptor, and each
  instance keeps its own compiled state).
- `input_signature` (a list of spec objects with `.shape` and `.dtype`, such as
  `tf.TensorSpec`) is checked, and Python/numpy arguments are converted to
  tensors of the spec's dtype.
- `jit_compile=True` compiles with `torch.compile` (default mode) on first call; if
  compiling fails the function runs eagerly from then on, after one warning
  (`autodiff/jit.py`). `jit_compile=None/False` runs eagerly.
- `tf.autograph.experimental.do_not_convert` is a pass-through.

Example:
    >>> @tf.function
    ... def f(x):
    ...     return x * x
    >>> f(tf.constant(3.0))     # 9.0
"""

import functools
import weakref

import torch

from keraslike._src import errors
from keraslike._src.autodiff import function_types
from keraslike._src.autodiff.jit import JitFunction, functions_run_eagerly, run_functions_eagerly  # noqa: F401
from keraslike._src.ops.tensor_spec import TensorSpec
from keraslike._src.nest import nest
from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import convert_to_tensor, to_tensor
from keraslike._src.ops.string_tensor import StringTensor, looks_like_strings

def _spec_shape(spec):
    shape = getattr(spec, "shape", None)
    if shape is None:
        return None
    if hasattr(shape, "as_list"):
        try:
            return shape.as_list()
        except ValueError:  # unknown rank
            return None
    return [None if d is None or d == -1 else int(d) for d in shape]


def _check_arg(value, spec, position):
    try:
        dtype = dtypes.as_dtype(getattr(spec, "dtype", None))
    except TypeError:  # an unknown dtype spec: nothing to check
        dtype = None
    if isinstance(value, StringTensor) or (not isinstance(value, torch.Tensor) and (
            dtype is dtypes.string or looks_like_strings(value))):
        value = value if isinstance(value, StringTensor) else convert_to_tensor(value, dtype)
    elif not isinstance(value, torch.Tensor):
        value = to_tensor(value, dtype, f"args[{position}]")
    shape = _spec_shape(spec)
    bad_dtype = dtype is not None and value.dtype != dtype
    rank = value.ndim if isinstance(value, StringTensor) else value.dim()
    bad_shape = shape is not None and (
        len(shape) != rank or any(d is not None and d != s for d, s in zip(shape, value.shape))
    )
    if bad_dtype or bad_shape:
        raise TypeError(
            f"Binding inputs to tf.function failed: argument {position} does not match its input_signature "
            f"entry (expected shape={shape}, dtype={dtype}). Received: shape={list(value.shape)}, "
            f"dtype={value.dtype}"
        )
    return value


def _match(value, spec, position):
    """Check `value` against a spec or a nested list/tuple/dict of specs."""
    if isinstance(spec, dict) and isinstance(value, dict) and set(spec) == set(value):
        return {k: _match(value[k], spec[k], f"{position}[{k!r}]") for k in value}
    if isinstance(spec, (list, tuple)) and isinstance(value, (list, tuple)) and len(spec) == len(value):
        return type(value)(_match(v, s, f"{position}[{i}]") for i, (v, s) in enumerate(zip(value, spec)))
    if isinstance(spec, (list, tuple, dict)):
        raise TypeError(
            f"Binding inputs to tf.function failed: argument {position} does not match the structure of "
            f"its input_signature entry. Received: {value!r:.100}"
        )
    return _check_arg(value, spec, position)


class Function(function_types.PolymorphicFunction):
    """The callable returned by `tf.function` (see module docstring)."""

    def __init__(self, python_function, input_signature=None, autograph=True, jit_compile=None,
                 reduce_retracing=False, name=None, **unused_options):
        if not callable(python_function):
            raise TypeError(f"Expected a callable for tf.function. Received: func={python_function!r}")
        functools.update_wrapper(self, python_function)
        self._python_function = python_function
        self._input_signature = None if input_signature is None else list(input_signature)
        self._autograph = autograph
        self._jit_compile = bool(jit_compile)
        self._reduce_retracing = reduce_retracing
        self._name = name or getattr(python_function, "__name__", "function")
        self._jit = JitFunction(python_function, f"`{self._name}`", "tf.function(jit_compile=True)") \
            if self._jit_compile else None
        self._bound = weakref.WeakKeyDictionary()
        self._calls = 0

    @property
    def python_function(self):
        """The original Python function."""
        return self._python_function

    @property
    def input_signature(self):
        """The `input_signature` given, or None."""
        return self._input_signature

    @property
    def function_spec(self):  # kept for code that introspects it
        return self._input_signature

    def experimental_get_tracing_count(self):
        """TF counts traces; here 1 once the function has run (nothing is retraced)."""
        return 1 if self._calls else 0

    def get_concrete_function(self, *args, **kwargs):
        """A `ConcreteFunction` bound to `args` (TensorSpecs or values) or to the `input_signature`.

        Nothing is traced ahead of time: the returned object checks its arguments against the
        bound specs and runs the Python function, as every call here does.

        Raises:
            ValueError: without arguments when the function has no `input_signature`.
        """
        if not args and not kwargs:
            if self._input_signature is None:
                raise ValueError(f"get_concrete_function() of `{self._name}` needs arguments (TensorSpecs or "
                                 "values) when the tf.function has no input_signature. Received: no arguments")
            specs = list(self._input_signature)
        elif kwargs:
            raise TypeError("get_concrete_function() takes positional specs or values here; pass keyword "
                            f"arguments positionally. Received: kwargs={sorted(kwargs)}")
        else:
            specs = [_spec_from(a) for a in args]
        return ConcreteFunction(self, specs)

    def _bind_signature(self, args, kwargs):
        sig = self._input_signature
        if kwargs or len(args) != len(sig):
            raise TypeError(
                f"{self._name}() was given {len(args)} positional input(s)"
                f"{' and keyword inputs' if kwargs else ''}, "
                f"but its input_signature lists {len(sig)}. Received: args={args!r:.100}"
            )
        return tuple(_match(a, s, str(i)) for i, (a, s) in enumerate(zip(args, sig)))

    def __call__(self, *args, **kwargs):
        self._calls += 1
        if self._input_signature is not None:
            args = self._bind_signature(args, kwargs)
        if self._jit is not None:
            return self._jit(*args, **kwargs)
        return self._python_function(*args, **kwargs)

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        try:
            bound = self._bound.get(instance)
        except TypeError:  # unhashable or not weak-referenceable instance
            bound = None
        if bound is None:
            bound = Function(
                functools.partial(self._python_function, instance),
                input_signature=self._input_signature, autograph=self._autograph,
                jit_compile=self._jit_compile, reduce_retracing=self._reduce_retracing, name=self._name,
            )
            functools.update_wrapper(bound, self._python_function)
            try:
                self._bound[instance] = bound
            except TypeError:
                pass
        return bound

    def __repr__(self):
        return f"<keraslike.Function {self._name} jit_compile={self._jit_compile}>"


def _spec_from(value):
    """A TensorSpec-like for a get_concrete_function argument: specs pass through, tensors give theirs."""
    if hasattr(value, "shape") and hasattr(value, "dtype") and not isinstance(value, torch.Tensor):
        return value
    if isinstance(value, (list, tuple, dict)):
        return nest.map_structure(_spec_from, value)
    if isinstance(value, StringTensor) or looks_like_strings(value):
        t = convert_to_tensor(value)
    else:
        t = value if isinstance(value, torch.Tensor) else to_tensor(value, None, "args")
    return TensorSpec(tuple(t.shape), t.dtype)


class ConcreteFunction(function_types.ConcreteFunction):
    """`tf.types.experimental.ConcreteFunction`: a `tf.function` bound to one input signature.

    Calls are checked against the bound specs (shape and dtype, as `input_signature`), then run the
    Python function. TF's graph attributes (`graph`, `inputs` as placeholders) do not exist eagerly.
    """

    def __init__(self, function, specs):
        self._function = function
        self._specs = list(specs)
        self._bound = Function(function.python_function, input_signature=self._specs,
                               jit_compile=function._jit_compile, name=function._name)

    @property
    def structured_input_signature(self):
        """`(tuple_of_specs, {})`, as TF."""
        return tuple(self._specs), {}

    @property
    def name(self):
        return self._function._name

    @property
    def function_type(self):
        return function_types.FunctionType([
            function_types.inspect.Parameter(f"arg{i}", function_types.inspect.Parameter.POSITIONAL_ONLY)
            for i in range(len(self._specs))])

    def pretty_printed_signature(self, verbose=True):
        """One line per argument spec."""
        args = "\n".join(f"  arg{i}: {spec!r}" for i, spec in enumerate(self._specs))
        return f"Input Parameters:\n{args}"

    @property
    def graph(self):
        raise AttributeError("ConcreteFunction.graph: keraslike runs functions eagerly and builds no graph.")

    def __call__(self, *args, **kwargs):
        try:
            args = self._bound._bind_signature(args, kwargs)
        except TypeError as err:  # TF's concrete functions reject mismatched inputs at run time
            raise errors.InvalidArgumentError(str(err)) from err
        return self._bound(*args)

    def __repr__(self):
        return f"<ConcreteFunction {self.name}({', '.join(repr(s) for s in self._specs)})>"


def function(func=None, input_signature=None, autograph=True, jit_compile=None, reduce_retracing=False,
             experimental_implements=None, experimental_autograph_options=None,
             experimental_attributes=None, experimental_relax_shapes=None, experimental_compile=None,
             experimental_follow_type_hints=None, name=None):
    """`tf.function`: decorator (with or without arguments) returning a `Function`.

    Args:
        func: the function to wrap; omitted when used as `@tf.function(...)`.
        input_signature: optional list of specs (`.shape`, `.dtype`) checked on each call.
        autograph: accepted; Python control flow simply runs eagerly.
        jit_compile: True compiles with `torch.compile` (falls back to eager with a warning).
        reduce_retracing, experimental_*: accepted for compatibility.
        name: optional name used in messages.

    Returns:
        a `Function`, or a decorator producing one.
    """
    jit = jit_compile if jit_compile is not None else experimental_compile

    def decorate(f):
        return Function(f, input_signature=input_signature, autograph=autograph, jit_compile=jit,
                        reduce_retracing=reduce_retracing or bool(experimental_relax_shapes), name=name)

    return decorate if func is None else decorate(func)


def do_not_convert(func=None):
    """`tf.autograph.experimental.do_not_convert`: returns `func` unchanged (or a decorator doing so)."""
    if func is None:
        return lambda f: f
    return func
