"""SavedModel signatures: which methods are exported, their input specs, and the loaded signature functions.

Mirrors `tensorflow/python/saved_model/signature_serialization.py` for what a user sees:
`loaded.signatures["serving_default"](x=...)` takes keyword arguments named after the inputs and returns
a dict of outputs (`output_0`, `output_1`, ... unless the function returns a dict).
"""

import contextlib
import inspect

import torch

from keraslike._src.autodiff import tracing
from keraslike._src.autodiff.function import ConcreteFunction, Function
from keraslike._src.data.structure import to_tensor
from keraslike._src.ops.string_tensor import StringTensor
from keraslike._src.ops.tensor_spec import TensorSpec, as_spec_dtype, string
from keraslike._src.ragged.ragged_tensor_spec import RaggedTensorSpec

DEFAULT_KEY = "serving_default"
STANDALONE_PREFIX = "__signature__"  # the method name recorded for a signature that is not a method of the object


def method_functions(obj):
    """name -> `tf.function` class attribute of `obj` that has an `input_signature` (MRO order)."""
    found = {}
    for klass in type(obj).__mro__:
        for name, attr in vars(klass).items():
            if isinstance(attr, Function) and attr.input_signature is not None and name not in found:
                found[name] = attr
    return found


def _method_name(obj, function):
    """The name of the `obj` method `function` is (a bound or unbound tf.function of its class)."""
    target = function
    if isinstance(function, ConcreteFunction):
        target = function._function  # noqa: SLF001 - the tf.function a concrete function was taken from
    python = getattr(target, "python_function", None)
    if python is None:
        return None
    inner = getattr(python, "func", python)  # a method bound by Function.__get__ is partial(function, obj)
    bound_to = getattr(python, "args", (obj,))[:1]
    for name, attr in method_functions_any(obj).items():
        if attr.python_function is inner and bound_to and bound_to[0] is obj:
            return name
    return None


def method_functions_any(obj):
    """name -> every `tf.function` class attribute of `obj` (with or without an input signature)."""
    found = {}
    for klass in type(obj).__mro__:
        for name, attr in vars(klass).items():
            if isinstance(attr, Function) and name not in found:
                found[name] = attr
    return found


def _input_specs(function):
    if isinstance(function, ConcreteFunction):
        return list(function.structured_input_signature[0])
    return list(function.input_signature or [])


def _argument_names(python_function, count):
    try:
        parameters = [p for p in inspect.signature(python_function).parameters.values()
                      if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        parameters = []
    names = [p.name for p in parameters if p.name != "self"]
    return (names + [f"arg_{i}" for i in range(len(names), count)])[:count]


def traced_specs(obj, name):
    """The input specs of each call trace of tf.function method `name` of `obj` whose arguments were all tensors
    (TF saves a function without input_signature as the concrete functions traced so far); each spec named
    after its parameter."""
    out = []
    for trace in getattr(getattr(obj, name), "_traces", ()):  # the bound function's traces (tf.function)
        key = trace.key
        if set(key) == {"args", "kwargs"} and isinstance(key["args"], tuple):  # no Python signature
            if key["kwargs"]:
                continue
            items = [(f"arg_{i}", v) for i, v in enumerate(key["args"])]
        else:
            items = list(key.items())
        if items and all(isinstance(v, TensorSpec) for _, v in items):
            out.append([renamed(v, v.name or n) for n, v in items])
    return out


def renamed(spec, name):
    """`spec` (a TensorSpec or RaggedTensorSpec) under `name`."""
    if isinstance(spec, RaggedTensorSpec):
        return RaggedTensorSpec(spec.shape, spec.dtype, spec.ragged_rank, spec.row_splits_dtype, name=name)
    return TensorSpec(spec.shape, spec.dtype, name=name)


def named_specs(function, obj, name):
    """The input specs of tf.function method `name` of `obj`, each named (its spec name, else its argument's)."""
    specs = _input_specs(function)
    defaults = _argument_names(getattr(type(obj), name).python_function, len(specs))
    return [renamed(s, getattr(s, "name", None) or d) for s, d in zip(specs, defaults)]


def spec_json(spec, name):
    dtype = as_spec_dtype(spec.dtype)
    out = {"name": name, "shape": None if spec.shape.rank is None else spec.shape.as_list(),
           "dtype": "string" if dtype is string else str(dtype).replace("torch.", "")}
    if isinstance(spec, RaggedTensorSpec):
        out["ragged_rank"] = spec.ragged_rank
        out["row_splits_dtype"] = str(spec.row_splits_dtype).replace("torch.", "")
    return out


def spec_from_json(data):
    if "ragged_rank" in data:
        return RaggedTensorSpec(data["shape"], data["dtype"], data["ragged_rank"], data["row_splits_dtype"],
                                name=data["name"])
    return TensorSpec(data["shape"], data["dtype"], name=data["name"])


def describe(obj, signatures):
    """`signatures` (None, a tf.function, a concrete function, or a dict of them) -> JSON entries.

    Raises:
        ValueError: a signature that is not a `tf.function` with an input signature (or a concrete function
            of one). One that is not a method of `obj` is recorded as `__signature__<key>` (its program only).
    """
    if signatures is None:
        # TF exports the root's one tf.function with an input signature that returns tensors; with several
        # candidates the saver decides once their programs show which return tensors (`default_signature`)
        methods = method_functions(obj)
        signatures = {DEFAULT_KEY: getattr(obj, next(iter(methods)))} if len(methods) == 1 else {}
    elif not isinstance(signatures, dict):
        signatures = {DEFAULT_KEY: signatures}
    out = {}
    for key, function in signatures.items():
        name = _method_name(obj, function)
        if name is None and not isinstance(function, (Function, ConcreteFunction)):
            raise ValueError(f"Expected signature {key!r} to be a tf.function (with an input_signature, or a concrete "
                             f"function of one). Received: signatures[{key!r}]={function!r}")
        specs = _input_specs(function)
        if not specs:
            raise ValueError(f"Expected signature {key!r} to have an input_signature (tf.function(input_signature="
                             f"[...]) or fn.get_concrete_function(spec)). Received: {function!r}")
        names = [getattr(s, "name", None) for s in specs]
        if name is None:  # a tf.function that is not a method of `obj`: only its program is saved
            python = (function._function if isinstance(function, ConcreteFunction) else function).python_function
            defaults = _argument_names(python, len(specs))
            names = [n or d for n, d in zip(names, defaults)]
            out[key] = {"method": STANDALONE_PREFIX + key, "inputs": [spec_json(s, n) for s, n in zip(specs, names)],
                        "_callable": python, "_function": function}
            continue
        defaults = _argument_names(getattr(obj, name).python_function, len(specs))
        names = [n or d for n, d in zip(names, defaults)]
        out[key] = {"method": name, "inputs": [spec_json(s, n) for s, n in zip(specs, names)]}
    return out


def default_signature(obj, records):
    """TF's default `serving_default` among several tf.function methods of the root with input signatures: the
    one whose program returns tensors, when exactly one does (else none, as TF). `records` are the saved
    functions (`save._capture_functions`); returns `{key: entry}` or `{}`."""
    methods = method_functions(obj)
    found = [(i, r) for i, r in enumerate(records)
             if r["path"] == "obj" and r["method"] in methods and (r["outputs"] if "outputs" in r else "reason" in r)]
    if len(found) != 1:
        return {}
    index, record = found[0]
    entry = {"method": record["method"], "inputs": record["inputs"], "function": index}
    if "outputs" in record:
        entry["outputs"] = record["outputs"]
    return {DEFAULT_KEY: entry}


def traced_outputs(function, specs):
    """`[(name, TensorSpec)]`: the outputs of `function` (a tf.function or a concrete function of one) for input
    `specs`, from keraslike's trace (tracing.py: the static shapes TF's graph gives, unknown where the
    computation leaves them so), named as a signature names them (a dict's keys, else `output_<i>`); `[]` for a
    function returning nothing; None when the body cannot be traced or returns no flat structure of tensors."""
    if function is None:
        return None
    try:
        with tracing.quiet() if isinstance(function, ConcreteFunction) else contextlib.nullcontext():
            concrete = function if isinstance(function, ConcreteFunction) else (
                function.get_concrete_function() if function.input_signature is not None else
                function.get_concrete_function(*specs))
            structure = concrete.structured_outputs
    except Exception:  # noqa: BLE001 - the specs stay unknown, as a save without them
        return None
    if structure is None:  # returns nothing, or a body that could not run on example values (unknown)
        return None if concrete._trace.outputs_unknown else []  # noqa: SLF001 - the trace behind the function
    if isinstance(structure, dict):
        items = list(structure.items())
    elif type(structure) in (list, tuple):
        items = [(f"output_{i}", v) for i, v in enumerate(structure)]
    else:
        items = [("output_0", structure)]
    if not all(isinstance(k, str) and isinstance(v, TensorSpec) for k, v in items):
        return None
    return items


def _outputs(result):
    if isinstance(result, dict):
        return dict(result)
    if isinstance(result, (list, tuple)):
        return {f"output_{i}": value for i, value in enumerate(result)}
    return {"output_0": result}


class SignatureFunction:
    """A loaded signature: call it with keyword arguments named after its inputs; returns a dict of outputs.
    As TF, a signature with one input also takes it positionally; with several, positional arguments raise.

    Raises (when called):
        TypeError: positional arguments (several inputs), missing or unexpected keyword arguments, or a tensor
            whose dtype
            differs from the input's spec.
        ValueError / tf.errors.InvalidArgumentError: a shape the input spec does not allow.
    """

    def __init__(self, key, method, specs, outputs=None):
        self._key, self._method, self._specs, self._outputs = key, method, specs, outputs

    @property
    def structured_input_signature(self):
        """`((), {name: TensorSpec})`, as TF's signature functions."""
        return (), {s.name: s for s in self._specs}

    @property
    def inputs(self):
        return list(self._specs)

    @property
    def structured_outputs(self):
        """`{name: TensorSpec}` of the outputs: TF's static shapes, from the signature's torch.export program or,
        for one without (inputs of unknown rank or strings), from keraslike's trace at save time.

        Raises:
            NotImplementedError: a signature whose body could not be traced on example values when saved.
        """
        if self._outputs is None:
            raise NotImplementedError(f"The output specs of signature {self._key!r} are unknown: keraslike could not "
                                      "trace it on example values when it was saved (it has no torch.export "
                                      "program: an input of unknown rank or strings); call the signature to see its "
                                      f"outputs. Received: inputs={self._specs}")
        return {spec.name: spec for spec in self._outputs}

    def _output_text(self):
        if self._outputs is None:
            return "<unknown>"
        return "Dict[" + ", ".join(f"[{s.name!r}, {s!r}]" for s in self._outputs) + "]"

    def pretty_printed_signature(self, verbose=True):
        """TF's text of a loaded signature: its inputs as keyword-only parameters, `Output Type:` the dict of
        output specs, `Captures:` (with `verbose=False`, the one line `(*, x: ...) -> Dict[...]`)."""
        if not verbose:
            return "(*, " + ", ".join(f"{s.name}: {s!r}" for s in self._specs) + f") -> {self._output_text()}"
        lines = ["Input Parameters:"] + [f"  {s.name} (KEYWORD_ONLY): {s!r}" for s in self._specs]
        lines += ["Output Type:", f"  {self._output_text()}", "Captures:", "  None"]
        return "\n".join(lines)

    def __str__(self):
        return f"ConcreteFunction {self.pretty_printed_signature()}"

    def __call__(self, *args, **kwargs):
        names = [s.name for s in self._specs]
        if args:
            if len(args) == 1 and len(names) == 1 and not kwargs:  # TF binds a one-input signature's argument
                kwargs = {names[0]: args[0]}
            else:
                raise TypeError("Binding inputs to tf.function failed due to `too many positional arguments`: "
                                f"signature {self._key!r} takes keyword arguments only ({names}) when it has "
                                f"several inputs. Received: {len(args)} positional arguments and kwargs "
                                f"{sorted(kwargs)}")
        if set(kwargs) != set(names):
            raise TypeError(f"Signature {self._key!r} expects the arguments {names}. Received: {sorted(kwargs)}")
        values = [self._convert(kwargs[spec.name], spec) for spec in self._specs]
        result = self._method(*values)
        if self._outputs and not isinstance(result, dict):  # keyed as the saved output specs are named
            flat = list(result) if isinstance(result, (list, tuple)) else [result]
            if len(flat) == len(self._outputs):
                return {spec.name: value for spec, value in zip(self._outputs, flat)}
        return _outputs(result)

    def _convert(self, value, spec):
        dtype = as_spec_dtype(spec.dtype)
        if dtype is string:
            return value if isinstance(value, StringTensor) else StringTensor(value)
        if isinstance(value, torch.Tensor):
            if value.dtype != dtype:
                raise TypeError(f"Expected argument {spec.name!r} of signature {self._key!r} to be {dtype}. "
                                f"Received: dtype={value.dtype}")
            return value
        return to_tensor(value, dtype)

    def __repr__(self):
        return f"<ConcreteFunction {self.pretty_printed_signature(verbose=False)} at 0x{id(self):X}>"


class SignatureMap(dict):
    """`loaded.signatures`: signature key -> `SignatureFunction` (a read-only dict, as TF's _SignatureMap)."""

    def __setitem__(self, key, value):
        raise TypeError("A loaded SavedModel's signatures are read-only.")


def bind(obj, entries, standalone=None):
    """The `SignatureMap` of loaded `obj` for the JSON signature `entries` (`standalone`: method name -> the
    loaded program of a signature that was not a method)."""
    out = {}
    for key, entry in entries.items():
        outputs = [spec_from_json(s) for s in entry["outputs"]] if "outputs" in entry else None
        method = (standalone or {}).get(entry["method"]) or getattr(obj, entry["method"])
        out[key] = SignatureFunction(key, method, [spec_from_json(s) for s in entry["inputs"]], outputs)
    return SignatureMap(out)
