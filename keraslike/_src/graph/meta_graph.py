"""`MetaGraphDef` files of keraslike graphs: `export_meta_graph` writes one, `import_meta_graph` rebuilds it.

TF's `.meta` file is a `MetaGraphDef` protobuf: the GraphDef (TF ops), collections and the Saver's
`SaverDef`. A keraslike graph is a recording of calls of keraslike's op functions (`record.py`), so keraslike
writes the recording itself, as a JSON document (`"format": "keraslike.MetaGraphDef"`, with `as_text` it is
indented): per op in creation order its name, type, device and control inputs, and

- a placeholder: dtype and static shape;
- a variable: dtype, shape, trainable, initial-value tensor and initializer op (`VariableV2` + `Assign`);
- an assignment (`Assign`/`AssignAdd`/`AssignSub`) and a `NoOp` (`tf.group`, initializers);
- a `tf.compat.v1.summary` scalar, histogram or merge (its kind and tag);
- `tf.gradients` (its ys, xs, grad_ys) and a TF1 optimizer's update (the optimizer's class and settings, its
  slot variables by name, the gradients, variables and global step it updates);
- a recorded call: the keraslike op function by module and name (only the op functions of `keraslike._src.ops`,
  `image` and `keras.activations`, the graph-building helpers marked `record.op_function`, TF1's graph-op
  wrappers, Python's `operator` and a few pure torch creation functions are written or read back; the same for
  functions passed as arguments), its arguments
  with graph tensors by name, constants (numbers, strings, arrays, dtypes, shapes) by value and initializers
  (Keras's and TF1's) by class and `get_config()`, and the
  static shapes of its outputs.

`import_meta_graph` rebuilds those ops in the default graph under the same names (an `import_scope`
prefixes them), with the collections (variables, trainable variables, user collections of graph
elements, numbers and strings) and returns a `Saver` over the variables the exported Saver held.
Reading parses JSON only (no unpickling, no code named by the file other than the op functions above).

What cannot be written raises at export naming the op: ops computed by Python closures, lambdas or bound
methods (`tf.py_function`, `tf.map_fn`), control flow (`tf.cond`, `tf.while_loop`) and dataset iterators. A
`.meta` written by TensorFlow (a `MetaGraphDef` protobuf, binary or text) cannot be imported: its GraphDef holds
TF kernels, not keraslike calls; `import_meta_graph` raises naming the op types it holds.
"""

import base64
import importlib
import json
import operator
import os
import types
import warnings

import numpy as np
import torch

from keraslike._src.graph import dispatch, meta_graph_proto, optimizers, record, summary
from keraslike._src.graph.framework import PlaceholderOp
from keraslike._src.graph.gradients import GradientsOp
from keraslike._src.graph.graph_def import graph_def as graph_def_picture
from keraslike._src.graph.tensor import NoOp, Operation, SymbolicTensor
from keraslike._src.graph.variables import AssignOp, GraphVariable, VariableOp
from keraslike._src.keras import initializers as keras_initializers
from keraslike._src.keras.saving import file_io
from keraslike._src.ops import dtypes
from keraslike._src.ops import name_scope as eager_name_scope
from keraslike._src.ops.tensor_shape import TensorShape
from keraslike._src.ops.variables import Variable as EagerVariable

FORMAT = "keraslike.MetaGraphDef"
FORMAT_VERSION = 1
_MAX_BYTES = 1 << 31
_OP_PACKAGES = ("keraslike._src.ops.", "keraslike._src.image.", "keraslike._src.keras.activations")
# graph-building helpers: only the functions marked `record.op_function` and the graph-op wrappers of TF1 ops
_GRAPH_PACKAGES = ("keraslike._src.graph.", "keraslike._src.compat.v1.")
_FUNCTION_PACKAGES = _OP_PACKAGES + _GRAPH_PACKAGES
_TF_VERSION = "2.21.0"  # the TensorFlow API keraslike mirrors
_OPERATORS = {name: getattr(operator, name) for name in dir(operator) if not name.startswith("_")}
# torch functions keraslike's graph code records directly (creation and elementwise: no side effects)
_TORCH = {name: getattr(torch, name) for name in ("zeros", "ones", "full", "as_tensor", "zeros_like", "ones_like",
                                                  "eq", "reshape", "stack")}


class MetaGraphExportError(NotImplementedError):
    """A graph element keraslike cannot write to a `.meta` file (names the op and why)."""


class MetaInfoDef:
    """`MetaGraphDef.meta_info_def`: `tags`, `tensorflow_version` (keraslike's TF version), `stripped_op_list`."""

    def __init__(self, tags=(), tensorflow_version=_TF_VERSION):
        self.tags = list(tags)
        self.tensorflow_version = tensorflow_version
        self.tensorflow_git_version = "keraslike"


class SaverDef:
    """`MetaGraphDef.saver_def`: the checkpoint keys of the exported Saver's variables and `max_to_keep`."""

    def __init__(self, variables, max_to_keep):
        self.variables = dict(variables)  # checkpoint key -> variable name ("v:0")
        self.max_to_keep = max_to_keep


class MetaGraphDef:
    """What `export_meta_graph` returns and `import_meta_graph` accepts: `graph_def` (the ops' `GraphDef`
    picture), `collection_def` (collection keys -> element names), `saver_def`, `meta_info_def`."""

    def __init__(self, document, graph_def=None):
        self._document = document
        self.graph_def = graph_def
        self.meta_info_def = MetaInfoDef(document.get("tags", ()))
        saver = document.get("saver")
        self.saver_def = SaverDef(saver["variables"], saver["max_to_keep"]) if saver else None
        self.collection_def = {k: [_show(v) for v in items] for k, items in document["collections"].items()}

    def HasField(self, field):  # noqa: N802 - protobuf's name
        return {"saver_def": self.saver_def is not None, "graph_def": True,
                "meta_info_def": True}.get(field, False)

    def SerializeToString(self):  # noqa: N802 - protobuf's name
        return _dumps(self._document, False).encode()

    def __str__(self):
        return _dumps(self._document, True)

    def __repr__(self):
        return f"<keraslike MetaGraphDef: {len(self._document['ops'])} ops>"


def _show(item):
    return item.get("name", item.get("value")) if isinstance(item, dict) else item


# ---- export --------------------------------------------------------------------------------------------------
def _fail(op, why):
    raise MetaGraphExportError(
        f"Operation '{op.name}' (type {op.type}) cannot be written to a keraslike .meta file: {why}. keraslike "
        "writes graphs of placeholders, variables, assignments, groups and keraslike op calls; rebuild the rest by "
        f"running the Python that made it (tf.train.Saver.save writes the variables). Received: op={op!r}")


def _function_ref(op):
    fn = op.fn
    swapped = getattr(fn, "__keraslike_swapped__", None)
    if swapped is not None:
        return {"swapped": _plain_function_ref(op, swapped)}
    return _plain_function_ref(op, fn)


def _unwrap(fn):
    """The op function under keraslike's wrappers (graph-mode recording, Keras-symbolic dispatch)."""
    while True:
        inner = getattr(fn, "__keraslike_graph_op__", None) or getattr(fn, "__keraslike_tf_op__", None)
        if inner is None or inner is fn:
            return fn
        fn = inner


def _is_op_function(module, attribute):
    """Whether the module attribute a `.meta` file names is an op function (never, say, a file writer): anything
    of the op packages; elsewhere a function marked `record.op_function` or one a graph-op wrapper of its module
    records (`dropout = graph_op(_v1_dropout)`)."""
    if module.startswith(_OP_PACKAGES):
        return True
    fn = _unwrap(attribute)
    if getattr(attribute, "__keraslike_graph_op__", None) is not None or getattr(fn, "__keraslike_op_function__",
                                                                                 False):
        return True
    return any(getattr(v, "__keraslike_graph_op__", None) is fn for v in vars(importlib.import_module(module)).values())


def _plain_function_ref(op, fn):
    fn = _unwrap(fn)
    module, name = getattr(fn, "__module__", None) or "", getattr(fn, "__name__", "")
    if module in ("_operator", "operator") and _OPERATORS.get(name) is fn:
        return {"module": "operator", "name": name}
    if _TORCH.get(name) is fn:
        return {"module": "torch", "name": name}
    if not module.startswith(_FUNCTION_PACKAGES) or not name.isidentifier():
        _fail(op, f"it runs the Python callable {getattr(fn, '__qualname__', fn)!r}, which is not a keraslike op "
                  "function (a closure, lambda, bound method or user function)")
    attribute = getattr(importlib.import_module(module), name, None)
    if not _is_op_function(module, attribute):
        _fail(op, f"it runs {module}.{name}, which keraslike does not mark as an op function")
    if _unwrap(attribute) is not fn:
        _fail(op, f"it runs the Python callable {getattr(fn, '__qualname__', fn)!r}, which is not a keraslike op "
                  f"function reachable as {module}.{name}")
    return {"module": module, "name": name}


def _array(value):
    array = np.ascontiguousarray(value)
    if array.dtype == object:
        raise TypeError("object array")
    return {"dtype": array.dtype.str, "shape": list(array.shape), "data": base64.b64encode(array.tobytes()).decode()}


def _encode(op, value):
    """One argument of a recorded call as JSON (containers tagged, so a bare JSON list never appears)."""
    if isinstance(value, SymbolicTensor):
        return {"tensor": value.name}
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, (int, float)) and type(value) in (int, float):
        return value if not isinstance(value, float) or np.isfinite(value) else {"float": repr(value)}
    if isinstance(value, list):
        return {"list": [_encode(op, v) for v in value]}
    if isinstance(value, tuple) and type(value) is tuple:
        return {"tuple": [_encode(op, v) for v in value]}
    if isinstance(value, dict) and type(value) is dict:
        return {"dict": [[_encode(op, k), _encode(op, v)] for k, v in value.items()]}
    if isinstance(value, bytes):
        return {"bytes": base64.b64encode(value).decode()}
    if isinstance(value, torch.dtype) or value is dtypes.string:
        return {"dtype": dtypes.dtype_name(value)}
    if isinstance(value, TensorShape):
        return {"shape": None if value.rank is None else value.as_list()}
    if value is Ellipsis:
        return {"ellipsis": True}
    if isinstance(value, EagerVariable):
        _fail(op, f"it reads the eager variable {value.name}, which lives outside the graph")
    if isinstance(value, torch.Tensor) and value.dtype != torch.bfloat16 and value.layout == torch.strided:
        return {"torch": _array(value.detach().cpu().resolve_conj().resolve_neg().numpy())}
    if isinstance(value, (np.ndarray, np.generic)) and not value.dtype.hasobject:
        encoded = {"numpy": _array(value)}
        if isinstance(value, np.generic):
            encoded["scalar"] = True
        return encoded
    if isinstance(value, (types.FunctionType, types.BuiltinFunctionType)):  # an activation, a reduction, ...
        return {"function": _plain_function_ref(op, value)}
    if isinstance(value, keras_initializers.Initializer):
        return {"initializer": _initializer_ref(op, value)}
    _fail(op, f"an argument of its call is a {type(value).__name__} ({value!r:.60}), which the .meta format does "
              "not store")
    return None


def _initializer_ref(op, initializer):
    """A Keras or TF1 initializer object by its class (found by name in its module) and `get_config()`."""
    cls = type(initializer)
    module = importlib.import_module(cls.__module__)
    names = [k for k, v in vars(module).items() if v is cls and not k.startswith("__")]
    if not names or not cls.__module__.startswith("keraslike._src."):
        _fail(op, f"its initializer {cls.__name__} is not a keraslike initializer class reachable by name")
    return {"module": cls.__module__, "class": names[0], "config": _encode(op, initializer.get_config())}


def _optimizer_entry(op, optimizer):
    """A TF1 optimizer: its class (in `graph/optimizers.py`), settings, and slot variables by name."""
    cls = type(optimizer)
    if getattr(optimizers, cls.__name__, None) is not cls:
        _fail(op, f"its optimizer {cls.__name__} is not one of keraslike's tf.compat.v1.train optimizers")
    settings = {k: _encode(op, v) for k, v in vars(optimizer).items() if k not in ("_slots", "_non_slot")}
    slots = {slot: [[v.name, s.name] for v, s in by_var.items()] for slot, by_var in optimizer._slots.items()}
    return {"class": cls.__name__, "settings": settings, "slots": slots,
            "non_slot": {k: v.name for k, v in optimizer._non_slot.items()}}


def _shape(shape):
    return None if shape.rank is None else shape.as_list()


def _common(op, kind):
    return {"kind": kind, "name": op.name, "type": op.type, "device": op.device or "",
            "control": [c.name for c in op.control_inputs]}


def _op_entry(op):
    if isinstance(op, PlaceholderOp):
        out = op.outputs[0]
        return {**_common(op, "placeholder"), "dtype": dtypes.dtype_name(out.dtype), "shape": _shape(out._shape)}
    if isinstance(op, VariableOp):
        variable = op.variable
        if variable.constraint is not None:
            _fail(op, "the variable has a constraint (a Python callable)")
        return {**_common(op, "variable"), "dtype": dtypes.dtype_name(variable.dtype),
                "shape": _shape(variable._shape), "trainable": variable.trainable,
                "validate_shape": variable._validate_shape, "initial_value": variable.initial_value.name,
                "initializer": variable.initializer.name}
    if isinstance(op, AssignOp):
        return {**_common(op, "assign"), "mode": op.mode, "variable": op.variable.name,
                "value": op.inputs[-1].name}
    if type(op) is NoOp:
        return _common(op, "noop")
    if isinstance(op, summary.SummaryOp):
        return {**_common(op, "summary"), "inputs": [t.name for t in op.inputs], "summary": op.kind, "tag": op.tag}
    if isinstance(op, GradientsOp):
        return {**_common(op, "gradients"), "inputs": [t.name for t in op.inputs], "n_ys": op.n_ys,
                "n_xs": op.n_xs, "has_grad_ys": list(op.has_grad_ys)}
    if isinstance(op, optimizers.ApplyOp):
        return {**_common(op, "apply"), "inputs": [t.name for t in op.inputs],
                "variables": [v.name for v in op.variables], "n_hyper": op.n_hyper,
                "global_step": None if op.global_step is None else op.global_step.name,
                "optimizer": _optimizer_entry(op, op.optimizer)}
    if isinstance(op, record.CallOp):
        args, kwargs = record.pytree.tree_unflatten(op._leaves, op._spec)
        return {**_common(op, "call"), "function": _function_ref(op), "args": _encode(op, list(args)),
                "kwargs": _encode(op, dict(kwargs)),
                "outputs": [[dtypes.dtype_name(t.dtype), _shape(t._shape)] for t in op.outputs]}
    _fail(op, f"keraslike computes {type(op).__name__} ops with Python state that the .meta format does not store")
    return None


def _collection_item(graph_key, item):
    if isinstance(item, GraphVariable):
        return {"variable": item.name}
    if isinstance(item, SymbolicTensor):
        return {"tensor": item.name}
    if isinstance(item, Operation):
        return {"op": item.name}
    if item is None or isinstance(item, (bool, int, float, str)):
        return {"value": item}
    raise TypeError(f"{type(item).__name__} in collection {graph_key!r}")


def _collections(graph, collection_list):
    keys = graph.get_all_collection_keys() if collection_list is None else list(collection_list)
    result = {}
    for key in keys:
        try:
            result[key] = [_collection_item(key, item) for item in graph.get_collection(key)]
        except TypeError as error:  # TF warns and leaves such a collection out too
            warnings.warn(f"Issue encountered when serializing {key}: keraslike's .meta stores collections of "
                          f"graph elements, numbers and strings, not {error}; the collection is not written.",
                          stacklevel=4)
    return result


def _dumps(document, as_text):
    return json.dumps(document, indent=1 if as_text else None, sort_keys=False, allow_nan=False)


def export(graph, filename=None, saver_variables=None, max_to_keep=5, collection_list=None, as_text=False,
           export_scope=None, clear_devices=False, tags=(), cache=None):
    """The `MetaGraphDef` of `graph`; written to `filename` (atomically) when given. `cache` (a dict the caller
    keeps, e.g. a Saver saving every N steps) holds the ops' entries while the graph has no new op.

    Raises:
        MetaGraphExportError: an op the format cannot hold (module docstring).
        NotImplementedError: `export_scope` (a sub-graph export).
    """
    if export_scope is not None:
        raise NotImplementedError("keraslike's export_meta_graph writes the whole graph; export_scope is not "
                                  f"supported. Received: export_scope={export_scope!r}")
    key = (id(graph), graph.version, bool(clear_devices))
    if cache is not None and cache.get("key") == key:
        if cache.get("error") is not None:
            raise cache["error"]
        ops = cache["ops"]
    else:
        try:
            ops = [_op_entry(op) for op in graph.get_operations()]
        except MetaGraphExportError as error:
            if cache is not None:
                cache.update(key=key, ops=None, error=error)
            raise
        if clear_devices:
            for entry in ops:
                entry["device"] = ""
        if cache is not None:
            cache.update(key=key, ops=ops, error=None)
    document = {"format": FORMAT, "version": FORMAT_VERSION, "tensorflow_version": _TF_VERSION, "tags": list(tags),
                "ops": ops, "collections": _collections(graph, collection_list)}
    if saver_variables is not None:
        document["saver"] = {"variables": {key: v.name for key, v in saver_variables.items()
                                           if isinstance(v, GraphVariable) and v.graph is graph},
                             "max_to_keep": max_to_keep}
    meta = MetaGraphDef(document, graph_def_picture(graph))
    if filename is not None:
        text = _dumps(document, as_text)
        file_io.atomic_write_text(os.fspath(filename), text)
    return meta


# ---- reading -------------------------------------------------------------------------------------------------
def read(filename):
    """The document of a keraslike `.meta` file.

    Raises:
        OSError: no such file. ValueError: a TensorFlow `MetaGraphDef` or a damaged file (says which).
    """
    filename = os.fspath(filename)
    if not os.path.isfile(filename):
        raise OSError(f"File {filename} does not exist.")
    if os.path.getsize(filename) > _MAX_BYTES:
        raise ValueError(f"{filename} is larger than {_MAX_BYTES} bytes. Received: meta_graph_or_file={filename}")
    with open(filename, "rb") as f:
        data = f.read()
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        document = None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError(_foreign_message(filename, data))
    if document.get("version") != FORMAT_VERSION:
        raise ValueError(f"{filename} is a keraslike .meta file of format version {document.get('version')}; this "
                         f"keraslike reads version {FORMAT_VERSION}. Received: meta_graph_or_file={filename}")
    return document


def _foreign_message(filename, data):
    op_types = tf_meta_graph_op_types(data)
    if op_types is None:
        return (f"{filename} is neither a keraslike .meta file nor a TensorFlow MetaGraphDef. "
                f"Received: meta_graph_or_file={filename}")
    return (f"{filename} is a TensorFlow MetaGraphDef, whose GraphDef holds TensorFlow kernels "
            f"({', '.join(op_types) or 'no ops'}); keraslike cannot import TensorFlow graphs (it records calls of "
            "its own op functions, see tf.compat.v1.train.export_meta_graph). Rebuild the graph by running the "
            "Python that made it and restore the variables from the checkpoint with tf.compat.v1.train.Saver(); "
            f"its values are TF's own format. Received: meta_graph_or_file={filename}")


def tf_meta_graph_op_types(data):
    """The sorted op types of a TF `MetaGraphDef` (binary or text protobuf), or None when `data` is not one."""
    from_text = _text_op_types(data)
    return from_text if from_text is not None else meta_graph_proto.op_types(data)


def _text_op_types(data):
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if "graph_def" not in text or "node" not in text:
        return None
    types = set()
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("op:") and stripped.count('"') == 2:
            types.add(stripped.split('"')[1])
    return sorted(types)


# ---- import --------------------------------------------------------------------------------------------------
def _resolve_function(ref):
    if "swapped" in ref:
        return dispatch.swapped(_resolve_function(ref["swapped"]))
    module, name = ref.get("module", ""), ref.get("name", "")
    if module == "operator" and name in _OPERATORS:
        return _OPERATORS[name]
    if module == "torch" and name in _TORCH:
        return _TORCH[name]
    if not module.startswith(_FUNCTION_PACKAGES) or not name.isidentifier():
        raise ValueError(f"The .meta file names the function {module}.{name}, which is not a keraslike op function. "
                         f"Received: function={ref!r}")
    attribute = getattr(importlib.import_module(module), name, None)
    fn = _unwrap(attribute)
    if not callable(fn) or getattr(fn, "__module__", None) != module or not _is_op_function(module, attribute):
        raise ValueError(f"The .meta file names the function {module}.{name}, which is not an op function of this "
                         f"keraslike. Received: function={ref!r}")
    return fn


def _initializer(ref, config):
    module, name = ref.get("module", ""), ref.get("class", "")
    cls = getattr(importlib.import_module(module), name, None) if module.startswith("keraslike._src.") \
        and name.isidentifier() else None
    if not isinstance(cls, type) or not issubclass(cls, keras_initializers.Initializer) or not isinstance(config, dict):
        raise ValueError(f"The .meta file names the initializer {module}.{name}, which is not a keraslike initializer "
                         f"class. Received: initializer={ref!r:.120}")
    return cls.from_config(config)


def _decode_array(spec):
    dtype = np.dtype(spec["dtype"])
    if dtype.hasobject:
        raise ValueError(f"object arrays are not read from .meta files. Received: dtype={spec['dtype']!r}")
    data = base64.b64decode(spec["data"])
    return np.frombuffer(data, dtype=dtype).reshape(spec["shape"]).copy()


class _Importer:
    def __init__(self, graph, import_scope, clear_devices):
        self.graph, self.clear_devices = graph, clear_devices
        self.prefix = f"{import_scope.rstrip('/')}/" if import_scope else ""
        self.tensors, self.ops, self.variables = {}, {}, {}

    def tensor(self, name):
        try:
            return self.tensors[name]
        except KeyError:
            raise ValueError(f"The .meta file refers to the tensor {name!r} before defining it (a damaged file). "
                             f"Received: tensor={name!r}") from None

    def decode(self, value):
        if not isinstance(value, dict):
            return value
        (tag, body), = value.items() if len(value) == 1 else (("numpy", value),)
        if tag == "tensor":
            return self.tensor(body)
        if tag == "list":
            return [self.decode(v) for v in body]
        if tag == "tuple":
            return tuple(self.decode(v) for v in body)
        if tag == "dict":
            return {self.decode(k): self.decode(v) for k, v in body}
        if tag == "float":
            return float(body)
        if tag == "bytes":
            return base64.b64decode(body)
        if tag == "dtype":
            return dtypes.as_dtype(body)
        if tag == "shape":
            return TensorShape(body)
        if tag == "function":
            return _resolve_function(body)
        if tag == "initializer":
            return _initializer(body, self.decode(body["config"]))
        if tag == "ellipsis":
            return Ellipsis
        if tag == "torch":
            return torch.from_numpy(_decode_array(body))
        if tag == "numpy":
            array = _decode_array(value["numpy"])
            return array[()] if value.get("scalar") else array
        raise ValueError(f"Unknown value {value!r:.80} in the .meta file (a damaged file or a newer format).")

    def build(self, entry):
        kind = entry["kind"]
        name = self.prefix + entry["name"]
        device = "" if self.clear_devices else entry.get("device", "")
        with self.graph.device(device) if device else _nothing():
            if kind == "placeholder":
                op = PlaceholderOp(self.graph, self.graph.unique_name(name), dtypes.as_dtype(entry["dtype"]),
                                   TensorShape(entry["shape"]))
            elif kind == "variable":
                op = self._variable(entry, name)
            elif kind == "assign":
                op = self.ops.get(self.prefix + entry["name"])  # a variable's initializer exists already
                if op is None:
                    variable = self.variables[entry["variable"]]
                    op = AssignOp(self.graph, self.graph.unique_name(name), variable, self.tensor(entry["value"]),
                                  entry["mode"])
            elif kind == "noop":
                op = NoOp(self.graph, self.graph.unique_name(name), op_type=entry.get("type", "NoOp"))
            elif kind == "call":
                op = self._call(entry, name)
            elif kind == "summary":
                if entry["summary"] not in ("scalar", "histogram", "merge"):
                    raise ValueError(f"Unknown summary kind {entry['summary']!r} in the .meta file. Received: op "
                                     f"{entry['name']!r}")
                op = summary.SummaryOp(self.graph, self.graph.unique_name(name), entry["type"],
                                       [self.tensor(t) for t in entry["inputs"]], entry["summary"], entry.get("tag"))
            elif kind == "gradients":
                op = self._gradients(entry, name)
            elif kind == "apply":
                op = self._apply(entry, name)
            else:
                raise ValueError(f"Unknown op kind {kind!r} in the .meta file. Received: op {entry.get('name')!r}")
        op.control_inputs = [self.ops[self.prefix + c] for c in entry.get("control", ())]
        self.ops[name] = op
        for k, tensor in enumerate(op.outputs):
            self.tensors[f"{entry['name']}:{k}"] = tensor

    def _variable(self, entry, name):
        variable = GraphVariable(initial_value=self.tensor(entry["initial_value"]), trainable=entry["trainable"],
                                 collections=[], validate_shape=entry.get("validate_shape", True), name=name,
                                 shape=entry["shape"])
        self.variables[f"{entry['name']}:0"] = variable
        self.ops[self.prefix + entry["initializer"]] = variable.initializer
        return variable.op

    def _gradients(self, entry, name):
        inputs = [self.tensor(t) for t in entry["inputs"]]
        n_ys, n_xs = entry["n_ys"], entry["n_xs"]
        given = iter(inputs[n_ys + n_xs:])
        grad_ys = [next(given) if has else None for has in entry["has_grad_ys"]]
        return GradientsOp(self.graph, self.graph.unique_name(name), inputs[:n_ys], inputs[n_ys:n_ys + n_xs], grad_ys)

    def _apply(self, entry, name):
        spec = entry["optimizer"]
        cls = getattr(optimizers, str(spec.get("class")), None)
        if not isinstance(cls, type) or not issubclass(cls, optimizers.Optimizer):
            raise ValueError(f"The .meta file names the optimizer {spec.get('class')!r}, which keraslike does not "
                             f"have. Received: op {entry['name']!r}")
        optimizer = cls.__new__(cls)
        for key, value in spec["settings"].items():
            if not (key.startswith("_") and key[1:].isidentifier()):
                raise ValueError(f"Unknown optimizer setting {key!r} in the .meta file. Received: op {entry['name']!r}")
            setattr(optimizer, key, self.decode(value))
        optimizer._slots = {slot: {self.variables[v]: self.variables[s] for v, s in pairs}
                            for slot, pairs in spec["slots"].items()}
        optimizer._non_slot = {k: self.variables[v] for k, v in spec["non_slot"].items()}
        inputs = [self.tensor(t) for t in entry["inputs"]]
        variables = [self.variables[v] for v in entry["variables"]]
        grads, hyper = inputs[:len(variables)], inputs[len(variables):]
        step = None if entry["global_step"] is None else self.variables[entry["global_step"]]
        return optimizers.ApplyOp(self.graph, self.graph.unique_name(name), optimizer, list(zip(grads, variables)),
                                  hyper, step)

    def _call(self, entry, name):
        fn = _resolve_function(entry["function"])
        args, kwargs = self.decode(entry["args"]), self.decode(entry["kwargs"])
        before = len(self.graph._ops)
        record.record_call(fn, tuple(args), kwargs, entry["type"], name, self.graph)
        op = self.graph._ops[-1] if len(self.graph._ops) > before else None
        outputs = entry["outputs"]
        if op is None or len(op.outputs) != len(outputs):
            made = 0 if op is None else len(op.outputs)
            raise ValueError(f"Rebuilding op {entry['name']!r} from the .meta file gave {made} outputs, the file "
                             f"records {len(outputs)}. Received: op {entry['name']!r}")
        for tensor, (_, shape) in zip(op.outputs, outputs):
            shape = TensorShape(shape)
            tensor._shape = tensor._shape.merge_with(shape) if tensor._shape.is_compatible_with(shape) else shape
        return op


class _nothing:  # noqa: N801 - a null context
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def import_document(document, graph, import_scope=None, clear_devices=False):
    """Rebuild `document`'s ops and collections in `graph`; returns `{variable name in the file: variable}`."""
    importer = _Importer(graph, import_scope, clear_devices)
    with graph.as_default(), eager_name_scope.name_scope(""), graph.control_dependencies(None):
        for entry in document["ops"]:
            importer.build(entry)
    for key, items in document.get("collections", {}).items():
        present = graph.get_collection_ref(key)
        for item in items:
            value = _collection_value(importer, item)
            if "value" in item or not any(value is p for p in present):  # a variable may be in it already
                present.append(value)
    return importer.variables


def _collection_value(importer, item):
    if "variable" in item:
        return importer.variables[item["variable"]]
    if "tensor" in item:
        return importer.tensor(item["tensor"])
    if "op" in item:
        return importer.ops[importer.prefix + item["op"]]
    return item.get("value")
