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

import contextlib
import functools
import inspect
import weakref

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.autodiff import autograph_converter, autograph_operators, function_types, leaked_tensor, tracing
from keraslike._src.autodiff.jit import JitFunction, functions_run_eagerly, run_functions_eagerly  # noqa: F401
from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph.func_graph import FuncGraph, GraphNotRecorded
from keraslike._src.ops.tensor_spec import TensorSpec
from keraslike._src.nest import nest
from keraslike._src.ops import dtypes, function_scope, trace_state
from keraslike._src.ops.conversion import convert_to_tensor, to_tensor
from keraslike._src.ops.string_tensor import StringTensor, looks_like_strings
from keraslike._src.ops.variables import Variable
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.ragged.ragged_tensor_spec import RaggedTensorSpec

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


def _binding_error(reason, args, kwargs, signature_text):
    return TypeError(f"Binding inputs to tf.function failed due to `{reason}`. Received args: {tuple(args)!r:.300} "
                     f"and kwargs: {kwargs!r:.200} for signature: {signature_text}.")


def _check_ragged_arg(value, spec, dtype):
    """A RaggedTensor for a `tf.RaggedTensorSpec` (dtype and rank checked, as TF's binding does); ValueError else."""
    shape = _spec_shape(spec)
    if not isinstance(value, RaggedTensor) or not isinstance(spec, RaggedTensorSpec) or (
            dtype is not None and value.dtype != dtype) or (shape is not None and len(shape) != value.ndim):
        raise ValueError(f"Can not cast {value!r:.80} to {spec!r}")
    return value


def _check_arg(value, spec, position):
    """`value` as a tensor matching `spec` (numpy and Python values converted to the spec's dtype), or the reason
    it does not match (TF's `Can not cast <value spec> to <spec>`) raised as ValueError."""
    try:
        dtype = dtypes.as_dtype(getattr(spec, "dtype", None))
    except TypeError:  # an unknown dtype spec: nothing to check
        dtype = None
    if isinstance(value, RaggedTensor) or isinstance(spec, RaggedTensorSpec):
        return _check_ragged_arg(value, spec, dtype)
    if isinstance(value, StringTensor) or (not isinstance(value, torch.Tensor) and (
            dtype is dtypes.string or looks_like_strings(value))):
        value = value if isinstance(value, StringTensor) else convert_to_tensor(value, dtype)
    elif isinstance(value, np.ndarray) and dtype is not None and value.dtype.kind in "biuf":
        value = torch.as_tensor(np.array(value)).to(dtype)  # TF casts an array to the spec's dtype
    elif not isinstance(value, torch.Tensor):
        value = to_tensor(value, dtype, f"args[{position}]")
    shape = _spec_shape(spec)
    bad_dtype = dtype is not None and value.dtype != dtype
    rank = value.ndim if isinstance(value, StringTensor) else value.dim()
    bad_shape = shape is not None and (
        len(shape) != rank or any(d is not None and d != s for d, s in zip(shape, value.shape))
    )
    if bad_dtype or bad_shape:
        given = TensorSpec(tuple(value.shape), value.dtype)
        raise ValueError(f"Can not cast {given!r} to {TensorSpec(getattr(spec, 'shape', None), dtype)!r}")
    return value


def _match(value, spec, position):
    """Check `value` against a spec or a nested list/tuple/dict of specs (ValueError with the reason)."""
    if isinstance(spec, dict) and isinstance(value, dict) and set(spec) == set(value):
        return {k: _match(value[k], spec[k], f"{position}[{k!r}]") for k in value}
    if isinstance(spec, (list, tuple)) and isinstance(value, (list, tuple)) and len(spec) == len(value):
        return type(value)(_match(v, s, f"{position}[{i}]") for i, (v, s) in enumerate(zip(value, spec)))
    if isinstance(spec, (list, tuple, dict)):
        raise ValueError(f"Can not cast {value!r:.100} to {spec!r:.200}")
    value_type = getattr(type(spec), "value_type", None)
    if getattr(value_type, "_keraslike_extension_type", False):  # an ExtensionType's Spec: its fields' specs
        if not isinstance(value, value_type):
            raise ValueError(f"Can not cast {value!r:.100} to {spec!r:.200}")
        for name in value._keraslike_components():
            field_spec = getattr(spec, name, None)
            if field_spec is not None:
                _match(getattr(value, name), field_spec, f"{position}.{name}")
        return value
    if _is_value_of(value, getattr(spec, "value_type", None)):  # an iterator for an IteratorSpec, an Optional ...
        given = type(spec).from_value(value) if hasattr(type(spec), "from_value") else spec
        compatible = spec.is_compatible_with(given) if hasattr(spec, "is_compatible_with") else given == spec
        if not compatible:
            raise ValueError(f"Can not cast {given!r:.200} to {spec!r:.200}")
        return value
    return _check_arg(value, spec, position)


def _is_value_of(value, value_type):
    """True when `value` is a non-tensor value (iterator, optional) of a spec's `value_type`."""
    return isinstance(value_type, type) and not isinstance(value, (torch.Tensor, StringTensor)) and \
        not hasattr(value, "_to_components") and isinstance(value, value_type)


def _signature(python_function):
    try:
        return inspect.signature(python_function)
    except (TypeError, ValueError):
        return None


def _bind(signature, args, kwargs):
    """`signature.bind(*args, **kwargs)` with defaults applied; TypeError's reason text on failure."""
    bound = signature.bind(*args, **kwargs)
    bound.apply_defaults()
    return bound


def _call_arguments(signature, values):
    """`(args, kwargs)` calling a function of `signature` with `values` {parameter name: value}."""
    args, kwargs = [], {}
    for name, param in signature.parameters.items():
        if name not in values:
            continue
        if param.kind in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD):
            args.append(values[name])
        elif param.kind is param.VAR_POSITIONAL:
            args.extend(values[name])
        elif param.kind is param.KEYWORD_ONLY:
            kwargs[name] = values[name]
        else:
            kwargs.update(values[name])
    return args, kwargs


_PYTHON_OUTPUTS = (bool, int, float, complex, str, bytes, np.ndarray, np.generic)


def _output_leaf(value):
    """One output leaf as TF's trace hands it back: a variable is read, a Python or numpy value is a tensor
    (`return 0` gives an int32 tensor), None and tensors are unchanged. Other objects are passed as they are."""
    if isinstance(value, Variable) or isinstance(value, _PYTHON_OUTPUTS):
        return convert_to_tensor(value)
    return value


def _outputs(result):
    """`result` with its leaves converted as TF converts a function's outputs (`func_graph`'s `convert`)."""
    if result is None or isinstance(result, (torch.Tensor, StringTensor)) and not isinstance(result, Variable):
        return result
    return nest.map_structure(_output_leaf, result)


class _Trace:
    """One trace: its key {parameter name: spec / Literal / nested}, its output spec, its ConcreteFunction."""

    def __init__(self, key, outputs):
        self.key, self.outputs, self.concrete = key, outputs, None

    @property
    def outputs(self):
        """The output spec (None also where the trace could not give one: `outputs_unknown`)."""
        return None if self._outputs is tracing.UNKNOWN_OUTPUTS else self._outputs

    @outputs.setter
    def outputs(self, value):
        self._outputs = value

    @property
    def outputs_unknown(self):
        """True when the body could not run on the trace's example values (its output spec is not None: unknown)."""
        return self._outputs is tracing.UNKNOWN_OUTPUTS


class Function(function_types.PolymorphicFunction):
    """The callable returned by `tf.function` (see module docstring)."""

    def __init__(self, python_function, input_signature=None, autograph=True, jit_compile=None,
                 reduce_retracing=False, name=None, **unused_options):
        if not callable(python_function):
            raise TypeError(f"Expected a callable for tf.function. Received: func={python_function!r}")
        functools.update_wrapper(self, python_function)
        self._python_function = python_function
        self._input_signature = None if input_signature is None else tuple(input_signature)
        self._autograph = autograph
        self._jit_compile = bool(jit_compile)
        self._reduce_retracing = reduce_retracing
        self._name = name or getattr(python_function, "__name__", "function")
        self._jit = JitFunction(python_function, f"`{self._name}`", "tf.function(jit_compile=True)") \
            if self._jit_compile else None
        self._bound = weakref.WeakKeyDictionary()
        self._signature = _signature(python_function)
        self._traces = []
        self._global_stores = leaked_tensor.global_stores(python_function)
        self._in_progress = []  # keys of the traces whose calls are running now (a recursive call is detected)
        self._created = False  # True after a first call (or trace) ran: later calls may not create variables

    @property
    def python_function(self):
        """The original Python function."""
        return self._python_function

    @property
    def input_signature(self):
        """The `input_signature` given (a tuple of specs), or None."""
        return self._input_signature

    @property
    def function_spec(self):  # kept for code that introspects it
        return self._input_signature

    def experimental_get_tracing_count(self):
        """How many times TF would have traced so far (the body runs on every call here; this counts the calls
        that would retrace: a new input signature, new Python argument values, see `tracing.py`)."""
        return len(self._traces)

    # ---- binding and trace keys -------------------------------------------------------------------------
    def _signature_text(self):
        if self._input_signature is not None and self._signature is not None:
            names = [n for n, p in self._signature.parameters.items()
                     if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
            return "(" + ", ".join(f"{n}: {s!r}" for n, s in zip(names, self._input_signature)) + ")"
        return str(self._signature) if self._signature is not None else "(*args, **kwargs)"

    def _bind_signature(self, args, kwargs):
        """`(args, kwargs)` with the arguments the `input_signature` covers converted and checked.

        Raises:
            TypeError: "Binding inputs to tf.function failed due to ..." for a wrong count, shape or dtype.
        """
        sig = self._input_signature
        if self._signature is None:
            if kwargs or len(args) != len(sig):
                raise _binding_error("a wrong number of arguments", args, kwargs, self._signature_text())
            values = dict(enumerate(args))
            names = list(range(len(sig)))
        else:
            try:
                bound = self._signature.bind(*args, **kwargs)
            except TypeError as err:
                raise _binding_error(err, args, kwargs, self._signature_text()) from None
            names = [n for n, p in self._signature.parameters.items()
                     if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)][:len(sig)]
            for name in names:  # a default of a parameter the signature covers is converted to its spec, as TF
                default = self._signature.parameters[name].default
                if name not in bound.arguments and default is not inspect.Parameter.empty:
                    bound.arguments[name] = default
            values = bound.arguments
            if len(args) > len(sig):
                raise _binding_error("too many positional arguments", args, kwargs, self._signature_text())
            missing = [n for n in names if n not in values]
            if missing:
                raise _binding_error(f"missing a required argument: {missing[0]!r}", args, kwargs,
                                     self._signature_text())
        converted = dict(values)
        for i, (name, spec) in enumerate(zip(names, sig)):
            try:
                converted[name] = _match(values[name], spec, str(i))
            except ValueError as err:
                raise _binding_error(err, args, kwargs, self._signature_text()) from None
        if self._signature is None:
            return tuple(converted[i] for i in range(len(args))), {}
        bound.arguments.update(converted)
        return tuple(bound.args), dict(bound.kwargs)

    def _key(self, args, kwargs):
        if self._signature is None:
            return {"args": tracing.spec_of_value(tuple(args)), "kwargs": tracing.spec_of_value(dict(kwargs))}
        try:
            bound = _bind(self._signature, args, kwargs)
        except TypeError as err:
            raise _binding_error(err, args, kwargs, self._signature_text()) from None
        return {name: tracing.spec_of_value(value) for name, value in bound.arguments.items()}

    def _find(self, key):
        return next((t for t in self._traces if tracing.covers(t.key, key)), None)

    def _record(self, key, outputs):
        """A new trace for `key` (generalized against an earlier one under `reduce_retracing`)."""
        if self._reduce_retracing:
            for earlier in reversed(self._traces):
                general = tracing.generalize(earlier.key, key)
                if general is not None:
                    key = general
                    break
        trace = _Trace(key, outputs)
        self._traces.append(trace)
        return trace

    # ---- calls -------------------------------------------------------------------------------------------
    def _run(self, args, kwargs):
        body = self._jit if self._jit is not None else self._python_function
        if functions_run_eagerly():
            return _outputs(body(*args, **kwargs))
        with function_scope.entered(self._python_function):  # TF's in-function state
            return _outputs(body(*args, **kwargs))

    def __call__(self, *args, **kwargs):
        graph = graph_lib.default_graph()
        if graph is not None and graph.building_function:  # called while a function's graph is recorded
            body = autograph_converter.converted(self._python_function) if self._autograph else self._python_function
            return graph.call_function(self._name, body, args, kwargs, nest)
        first, created = not self._created, trace_state.variables_created()
        leaks = leaked_tensor.snapshot(self._python_function, self._global_stores) if self._global_stores else None
        with trace_state.function_call(may_create_variables=not self._created):
            result = self._call(args, kwargs)
        if leaks is not None and not functions_run_eagerly():  # tensors stored in globals: TF's leaked graph tensors
            leaked_tensor.mark_leaked(self._python_function, leaks)
        self._created = True
        if first and trace_state.variables_created() != created and not functions_run_eagerly():
            self._second_trace(args, kwargs)
        return result

    def _second_trace(self, args, kwargs):
        """TF traces a function again after a first trace that created variables, now refusing new ones, so a
        body that creates a `tf.Variable` on every call fails on its first call. keraslike records the body as a
        graph once more (ops not executed, variables restored) and raises TF's ValueError when it creates one;
        other failures of that recording are not TF's and are ignored. Python side effects happen again, as in
        TF's second trace."""
        key = self._signature_key() if self._input_signature is not None else self._key(args, kwargs)
        try:
            with trace_state.function_call(may_create_variables=False):
                _record_graph(ConcreteFunction(self, _Trace(key, None)), quiet=False)
        except trace_state.VariableCreationError:
            raise
        except Exception:  # noqa: BLE001, S110 - a body keraslike cannot record creates no variable there
            pass

    def restore_saved_specs(self, spec_lists):
        """Input specs a SavedModel recorded for this function (its traces when saved): as a function restored by
        `tf.saved_model.load`, a call's Python and numpy arguments become tensors of the first recorded spec list
        they fit (`loaded(5)` runs on float32 5.0 when it was traced for float32 scalars)."""
        self.__dict__["_restored_specs"] = [list(specs) for specs in spec_lists]

    def _restored_arguments(self, args, kwargs):
        for specs in self.__dict__.get("_restored_specs", ()):
            if kwargs or len(args) != len(specs) or not all(type(s) is TensorSpec for s in specs):
                continue
            try:
                return [a if isinstance(a, (torch.Tensor, StringTensor)) or not isinstance(
                    a, (int, float, bool, list, tuple, np.ndarray, np.generic)) else _match(a, s, str(i))
                        for i, (a, s) in enumerate(zip(args, specs))]
            except (TypeError, ValueError):
                continue
        return args

    def _call(self, args, kwargs):
        if self.__dict__.get("_restored_specs"):
            args = self._restored_arguments(args, kwargs)
        if self._input_signature is not None:
            args, kwargs = self._bind_signature(args, kwargs)
            result = self._run(args, kwargs)
            if not self._traces:
                self._record(self._signature_key(), None)  # outputs: traced on the signature when asked for
            return result
        key = self._key(args, kwargs)
        if self._find(key) is not None:
            return self._run(args, kwargs)
        result = self._run_tracing(key, args, kwargs)
        if self._find(key) is None:
            trace = self._record(key, tracing.output_spec(result, None))
            if trace.key is not key:  # generalized: the output dims come from a trace on the relaxed key
                trace.outputs = None
        return result

    def _run_tracing(self, key, args, kwargs):
        """A call TF traces for. A call of this function from inside its own trace with arguments that trace
        covers never ends in TF (the inner call traces again, and so on: `if n > 0: return f(n - 1)` on a
        tensor `n`, both branches traced), so it raises RecursionError as TF does, instead of computing."""
        if functions_run_eagerly():
            return self._run(args, kwargs)
        if any(tracing.covers(k, key) for k in self._in_progress):
            raise RecursionError(
                f"maximum recursion depth exceeded: the tf.function `{self._name}` calls itself while it is traced "
                "for the same input signature, so TF's trace never ends (call it with Python values that change, "
                f"or loop with tf.while_loop). Received: a recursive call with "
                + ", ".join(f"{name}={entry!r}" for name, entry in key.items()))
        self._in_progress.append(key)
        try:
            return self._run(args, kwargs)
        finally:
            self._in_progress.pop()

    def _signature_key(self):
        if self._signature is None:
            return {"args": tuple(self._input_signature), "kwargs": {}}
        names = [n for n, p in self._signature.parameters.items()
                 if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        key = dict(zip(names, self._input_signature))
        rest = tuple(self._input_signature[len(names):])
        varargs = [n for n, p in self._signature.parameters.items() if p.kind is p.VAR_POSITIONAL]
        if rest and varargs:  # `def f(*args)`: the specs beyond the named parameters fill *args, as a call binds
            key[varargs[0]] = rest
        return key

    def get_concrete_function(self, *args, **kwargs):
        """The `ConcreteFunction` for `args` (TensorSpecs, tensors or Python values) or the `input_signature`.

        Traces as TF: when no earlier trace covers these arguments, the Python body runs once on placeholders
        that report the specs' static shapes (`print(x.shape)` shows `(None, 2)`); a body that fails on them is
        run again on plain example tensors (unknown sizes 2) before the error is raised. The output spec comes
        from that run and a silent second one with other sizes (dims that differ are None).

        Raises:
            the body's error when it cannot be traced; TypeError when the arguments do not bind.
        """
        if self._input_signature is not None:
            if self._traces:
                return self._concrete(self._traces[0])
            key = self._signature_key()
        elif not args and not kwargs and self._signature is not None and any(
                p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
                for p in self._signature.parameters.values()):
            raise ValueError(f"get_concrete_function() of `{self._name}` needs arguments (TensorSpecs or values) "
                             "when the tf.function has no input_signature. Received: no arguments")
        else:
            key = self._key(args, kwargs)
        found = self._find(key)
        if found is not None:
            return self._concrete(found)
        outputs = self._trace(key)
        self._created = True  # TF's first trace, where the function's variables are created
        trace = _Trace(key, outputs)
        self._traces.append(trace)
        return self._concrete(trace)

    def _trace(self, key):
        def values(make):
            return {name: nest.map_structure(lambda v: v.value if isinstance(v, tracing.Literal) else make(v), entry)
                    for name, entry in key.items()}

        def call(make):
            vals = values(make)
            if self._signature is None:
                return self._run(list(vals["args"]), dict(vals["kwargs"]))
            return self._run(*_call_arguments(self._signature, vals))

        with trace_state.variables_restored(), trace_state.symbolic_trace():  # TF's trace updates no variable
            return self._trace_runs(call)                                       # and prints no tf.print

    def _trace_runs(self, call):
        try:
            first = call(tracing.placeholder)
        except Exception as symbolic_error:  # noqa: BLE001 - retried on plain examples, else raised
            try:
                first = call(lambda spec: tracing.example(spec, tracing.EXAMPLE_SIZE))
            except Exception:  # noqa: BLE001
                if isinstance(symbolic_error, errors.OpError):
                    # An op failed on the placeholders' values (`tf.io.read_file` of a string placeholder): TF's
                    # trace builds the graph without running it, so the trace stands, its output spec unknown.
                    return tracing.UNKNOWN_OUTPUTS
                raise symbolic_error from None
        try:
            with tracing.quiet():
                second = call(lambda spec: tracing.example(spec, tracing.EXAMPLE_SIZE + 1))
        except Exception:  # noqa: BLE001 - the output dims then stay as the first run gave them
            second = None
        return tracing.output_spec(first, second)

    def _concrete(self, trace):
        if trace.outputs is None and not trace.outputs_unknown:  # a trace made by a call: its output spec from a
            # silent trace on its key
            try:
                with tracing.quiet():
                    trace.outputs = self._trace(trace.key)
            except Exception:  # noqa: BLE001 - an output spec is not worth an error here
                trace.outputs = tracing.UNKNOWN_OUTPUTS
        if trace.concrete is None:
            trace.concrete = ConcreteFunction(self, trace)
        return trace.concrete

    def pretty_printed_concrete_signatures(self, verbose=True):
        """Every traced signature, as `ConcreteFunction.pretty_printed_signature`, one after another."""
        return "\n\n".join(self._concrete(t).pretty_printed_signature(verbose) for t in self._traces)

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


def _named(spec, name):
    """Specs named as TF names them: the parameter's name, `<name>_<key>` inside structures."""
    if isinstance(spec, TensorSpec) and type(spec) is TensorSpec:
        return TensorSpec(spec.shape, spec.dtype, spec.name or name)
    if isinstance(spec, dict):
        return {k: _named(v, f"{name}_{k}") for k, v in spec.items()}
    if type(spec) in (list, tuple):
        return type(spec)(_named(v, f"{name}_{i}") for i, v in enumerate(spec))
    return spec


def _literal_values(entry):
    return nest.map_structure(lambda v: v.value if isinstance(v, tracing.Literal) else v, entry)


class _TypeText(str):
    """A type's text shown as it is (an annotation of `function_type`)."""

    def __repr__(self):
        return str(self)


def _type_text(entry):
    """TF's text of a traced type: `List[...]`, `Tuple[...]`, `Dict[[key, type], ...]` around the leaves' reprs."""
    if type(entry) is list:
        return "List[" + ", ".join(_type_text(v) for v in entry) + "]"
    if type(entry) is tuple:
        return "Tuple[" + ", ".join(_type_text(v) for v in entry) + "]"
    if type(entry) is dict:
        return "Dict[" + ", ".join(f"[{k!r}, {_type_text(v)}]" for k, v in entry.items()) + "]"
    return repr(entry)


class ConcreteFunction(function_types.ConcreteFunction):
    """`tf.types.experimental.ConcreteFunction`: a `tf.function` bound to one trace (one input signature).

    Calls bind like TF's: positional or keyword by parameter name; tensors of another dtype raise
    InvalidArgumentError, Python arguments fixed by the trace may be left out; then the Python function runs.
    TF's graph attributes (`graph`, `inputs` as placeholders) do not exist eagerly.
    """

    def __init__(self, function, trace):
        self._function = function
        self._trace = trace
        self._key = trace.key
        self._specs = [e for e in trace.key.values() if isinstance(e, TensorSpec)] if function._signature else \
            list(trace.key["args"])
        self._graph = None

    def _parameters(self):
        sig = self._function._signature
        if sig is None:
            return [(f"arg{i}", "POSITIONAL_ONLY", e) for i, e in enumerate(self._key["args"])]
        return [(name, sig.parameters[name].kind.name, entry) for name, entry in self._key.items()]

    @property
    def structured_input_signature(self):
        """`(positional entries, {keyword-only name: entry})`: specs named after their parameters, Python
        arguments as their values, as TF."""
        positional, keywords = [], {}
        for name, kind, entry in self._parameters():
            entry = _literal_values(_named(entry, name))
            if kind in ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD"):
                positional.append(entry)
            elif kind == "VAR_POSITIONAL":
                positional.extend(entry)
            else:
                keywords.update(entry if kind == "VAR_KEYWORD" else {name: entry})
        return tuple(positional), keywords

    @property
    def structured_outputs(self):
        """The output's structure with a `TensorSpec` per tensor (TF gives symbolic tensors of these specs)."""
        return self._trace.outputs

    @property
    def output_dtypes(self):
        """TF's `output_dtypes`: `structured_outputs` with each tensor's dtype."""
        return nest.map_structure(lambda spec: getattr(spec, "dtype", None), self._trace.outputs)

    @property
    def output_shapes(self):
        """TF's `output_shapes`: `structured_outputs` with each tensor's static shape."""
        return nest.map_structure(lambda spec: getattr(spec, "shape", None), self._trace.outputs)

    @property
    def name(self):
        return self._function._name

    @property
    def function_type(self):
        """TF's `FunctionType`: the parameters with their traced types; `str()` is TF's
        `(a: TensorSpec(...), b: Literal[2]) -> TensorSpec(...)`."""
        kinds = function_types.inspect.Parameter
        return function_types.FunctionType(
            [kinds(name, getattr(kinds, kind), annotation=_TypeText(_type_text(entry)))
             for name, kind, entry in self._parameters()],
            return_annotation=_TypeText(_type_text(self._trace.outputs)))

    def _signature_text(self):
        params = ", ".join(f"{name}: {_type_text(entry)}" for name, _, entry in self._parameters())
        return f"({params}) -> {_type_text(self._trace.outputs)}"

    def pretty_printed_signature(self, verbose=True):
        """TF's text: `Input Parameters:` one line per parameter, `Output Type:`, `Captures:` (with
        `verbose=False`, the one-line `(a: ...) -> ...`)."""
        if not verbose:
            return self._signature_text()
        lines = ["Input Parameters:"]
        lines += [f"  {name} ({kind}): {_type_text(entry)}" for name, kind, entry in self._parameters()]
        lines += ["Output Type:", f"  {_type_text(self._trace.outputs)}", "Captures:", "  None"]
        return "\n".join(lines)

    def __str__(self):
        return f"ConcreteFunction {self.pretty_printed_signature()}"

    @property
    def graph(self):
        """The `FuncGraph` of this trace: the function's `tf.*` ops as TF records them (see `graph/func_graph.py`).

        keraslike runs the body eagerly; asking for the graph runs it once more, silently and with variables
        restored, recording its ops.

        Raises:
            GraphNotRecorded (a NotImplementedError) naming what keraslike cannot record as TF does: Python
            control flow on a traced tensor, a loop over a dataset, Keras layers or torch code on graph tensors.
        """
        if self._graph is None:
            self._graph = _record_graph(self)
        return self._graph

    @property
    def inputs(self):
        """The graph's input placeholders (arguments, then captures), as TF's `ConcreteFunction.inputs`."""
        return list(self.graph.inputs)

    @property
    def outputs(self):
        """The graph's output tensors (one `Identity` per output), as TF's `ConcreteFunction.outputs`."""
        return list(self.graph.outputs)

    @property
    def captured_inputs(self):
        """The eager tensors and variables the graph captures, in order."""
        return self.graph.external_captures

    @property
    def inference_fn(self):
        """TF's `AtomicFunction` of this trace: called with the trace's tensors (`f.inference_fn(x)`), it runs
        the function as this concrete function does."""
        return AtomicFunction(self)

    def __call__(self, *args, **kwargs):
        try:
            call_args, call_kwargs = self._bind_call(args, kwargs)
        except TypeError:
            flat = self._flat_arguments(args, kwargs) if self._function._signature is not None else None
            if flat is None:
                raise
            call_args, call_kwargs = self._bind_call(*flat)
        return self._function._run(call_args, call_kwargs)

    def _flat_arguments(self, args, kwargs):
        """TF's flat call: positional arguments fill only the parameters that hold tensors (the Python values
        fixed by the trace left out: `get_concrete_function(model, x)` is called as `f(x)`); None when the
        arguments do not fit that form either."""
        tensor_names = [name for name, entry in self._key.items()
                        if any(isinstance(v, TensorSpec) for v in nest.flatten(entry))
                        and self._function._signature.parameters[name].kind in (
                            inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)]
        if len(args) > len(tensor_names) or any(name in kwargs for name in tensor_names[:len(args)]):
            return None
        keywords = dict(zip(tensor_names, args))
        keywords.update(kwargs)
        return (), keywords

    def _bind_call(self, args, kwargs):
        """`(args, kwargs)` for the Python function from a call of this concrete function (TF's structured
        call: the traced Python values may be left out or passed equal).

        Raises:
            TypeError: TF's "Binding inputs to tf.function failed ..." when they do not bind.
        """
        function = self._function
        sig = function._signature
        text = self._signature_text()
        if sig is None:
            values = {"args": args, "kwargs": kwargs}
            entries = {"args": self._key["args"], "kwargs": self._key["kwargs"]}
        else:
            try:
                bound = sig.bind_partial(*args, **kwargs)
            except TypeError as err:
                raise _binding_error(err, args, kwargs, text) from None
            values, entries = dict(bound.arguments), self._key
        call_values = {}
        position = 0
        for name, entry in entries.items():
            if name not in values:
                if any(isinstance(v, TensorSpec) for v in nest.flatten(entry)):
                    raise _binding_error(f"missing a required argument: {name!r}", args, kwargs, text)
                call_values[name] = _literal_values(entry)
                continue
            call_values[name], position = self._convert(values[name], entry, position, args, kwargs, text)
        if sig is None:
            return list(call_values["args"]), dict(call_values["kwargs"])
        return _call_arguments(sig, call_values)

    def _convert(self, value, entry, position, args, kwargs, text):
        """One argument for this trace: tensors converted to the traced dtype (another dtype raises TF's
        InvalidArgumentError; the shape is not checked, as TF's call does not), Python values equal to the
        traced ones."""
        if isinstance(entry, TensorSpec) and type(entry) is TensorSpec:
            if isinstance(value, StringTensor) or (not isinstance(value, torch.Tensor) and looks_like_strings(value)):
                tensor = value if isinstance(value, StringTensor) else convert_to_tensor(value, entry.dtype)
            elif isinstance(value, torch.Tensor):
                tensor = value
            else:
                tensor = to_tensor(value, entry.dtype, f"args[{position}]")
            if tensor.dtype != entry.dtype:
                raise errors.InvalidArgumentError(
                    f"cannot compute {self.name} as input #{position}(zero-based) was expected to be a "
                    f"{dtypes.dtype_name(entry.dtype)} tensor but is a {dtypes.dtype_name(tensor.dtype)} tensor")
            return tensor, position + 1
        if isinstance(entry, dict) and isinstance(value, dict) and set(entry) == set(value):
            out = {}
            for k in entry:
                out[k], position = self._convert(value[k], entry[k], position, args, kwargs, text)
            return out, position
        if type(entry) in (list, tuple) and isinstance(value, (list, tuple)) and len(entry) == len(value):
            out = []
            for e, v in zip(entry, value):
                converted, position = self._convert(v, e, position, args, kwargs, text)
                out.append(converted)
            return type(entry)(out), position
        if isinstance(entry, tracing.Literal) and tracing.Literal(value) == entry:
            return value, position
        if isinstance(entry, RaggedTensorSpec) and isinstance(value, RaggedTensor) and entry.is_compatible_with(value):
            return value, position + 1
        if not isinstance(entry, (tracing.Literal, TensorSpec, dict, list, tuple)):
            return value, position  # a RaggedTensorSpec / SparseTensorSpec argument: passed as given
        raise _binding_error(f"Can not cast {tracing.spec_of_value(value)!r:.200} to {entry!r:.200}", args, kwargs,
                             text)

    def __repr__(self):
        return f"<ConcreteFunction {self._signature_text()} at 0x{id(self):X}>"


def _graph_arguments(graph, entry, name):
    """An argument of the recorded body: a placeholder per TensorSpec (named as TF names them), literals as
    their values."""
    if isinstance(entry, TensorSpec) and type(entry) is TensorSpec:
        return graph.placeholder(entry, entry.name or name)
    if isinstance(entry, tracing.Literal):
        if autograph_operators.is_dataset(entry.value):  # TF's DatasetSpec argument: a variant placeholder
            return graph.dataset_placeholder(entry.value, name)
        return entry.value
    if isinstance(entry, dict):
        return {k: _graph_arguments(graph, v, f"{name}_{k}") for k, v in entry.items()}
    if type(entry) in (list, tuple):
        return type(entry)(_graph_arguments(graph, v, f"{name}_{i}") for i, v in enumerate(entry))
    raise GraphNotRecorded(f"an argument of type {type(entry).__name__} ({entry!r:.80}) has no graph placeholder "
                           "here (composite tensors are not recorded)")


@contextlib.contextmanager
def _nothing():
    yield


def _record_graph(concrete, quiet=True):
    """Run `concrete`'s Python body on placeholders with a `FuncGraph` as the default graph (see `graph`)."""
    function = concrete._function
    graph = FuncGraph(function._name)
    try:
        with graph.as_default(), trace_state.graph_recording(), tracing.quiet() if quiet else _nothing(), \
                trace_state.variables_restored():
            if function._signature is None:
                values = {k: _graph_arguments(graph, e, f"args_{k}") for k, e in concrete._key.items()}
                args, kwargs = list(values["args"]), dict(values["kwargs"])
            else:
                values = {name: _graph_arguments(graph, e, name) for name, e in concrete._key.items()}
                args, kwargs = _call_arguments(function._signature, values)
            body = autograph_converter.converted(function._python_function) if function._autograph else \
                function._python_function
            result = body(*args, **kwargs)
            outputs = iter(graph.finish(result, lambda r: [leaf for leaf in nest.flatten(r) if leaf is not None]))
            graph.structured_outputs = nest.map_structure(
                lambda leaf: None if leaf is None else next(outputs, None), result)
    except trace_state.VariableCreationError:
        raise
    except NotImplementedError as err:  # GraphNotRecorded, or a feature keraslike names as not supported
        raise GraphNotRecorded(f"ConcreteFunction.graph: keraslike cannot record `{function._name}` as TF's graph: "
                               f"{err}") from None
    except Exception as err:  # noqa: BLE001 - any failure to record is the same missing feature, named
        raise GraphNotRecorded(
            f"ConcreteFunction.graph: keraslike cannot record `{function._name}` as TF's graph: {err} (keraslike "
            "runs tf.function bodies eagerly; its graph picture covers bodies of tf.* ops, without Keras layers, "
            f"optimizers or torch code on graph tensors). Received: {type(err).__name__}") from err
    graph.structured_input_signature = concrete.structured_input_signature
    return graph


class AtomicFunction:
    """`ConcreteFunction.inference_fn`: the callable TF runs for one trace (`tensorflow/python/eager/
    polymorphic_function/atomic_function.py`). Calls take the trace's tensors; `name` is TF's
    `b"__inference_<function>_<n>"`, `function_type` the concrete function's; there is no graph here."""

    _count = [0]

    def __init__(self, concrete):
        self._concrete = concrete
        AtomicFunction._count[0] += 1
        self.name = f"__inference_{concrete.name}_{AtomicFunction._count[0]}".encode()

    @property
    def function_type(self):
        return self._concrete.function_type

    @property
    def graph(self):
        """The concrete function's `FuncGraph` (see `ConcreteFunction.graph`)."""
        return self._concrete.graph

    def __call__(self, *args, **kwargs):
        return self._concrete(*args, **kwargs)

    def __repr__(self):
        return f"<AtomicFunction {self.name!r}>"


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
