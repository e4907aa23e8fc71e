"""`tf.compat.v1.saved_model`'s TF1 half: `Builder`/`simple_save`, the SignatureDef helpers, and
`load(sess, tags, export_dir)`.

A TF1 SavedModel stores the session's graph as a `MetaGraphDef` next to the variables; its signatures name
graph tensors (`Placeholder:0` -> `add:0`). keraslike's TF1 graphs are recordings of Python calls computed by
torch, so the Builder writes keraslike's own SavedModel (the format `tf.saved_model.save` writes): each
signature becomes a function that runs the recorded graph from its input tensors to its output tensors, over
the session's variable values (saved as the SavedModel's variables), captured as a torch.export program.
The signatures' tensor names are kept, so:

- `tf.saved_model.load(export_dir).signatures[key](...)` runs a signature (TF 2's loader of TF1 models);
- `tf.compat.v1.saved_model.load(sess, tags, export_dir)` rebuilds, in the session's graph, a placeholder for
  each signature input and an op computing each output, under the names the signatures record
  (`sess.run("add:0", feed_dict={"Placeholder:0": 5.0})` works). It loads keraslike's SavedModels written
  by TF 2 APIs too (`tf.saved_model.save`, Keras 2's `model.save(dir, save_format="tf")`), naming their
  tensors as TF does (`serving_default_<input>:0`, `StatefulPartitionedCall:<i>`).

What is not carried: the rest of the graph (ops no signature reaches; `Saver`, collections, init, main and
train ops, assets), a second MetaGraph (`add_meta_graph`), and TF reading the directory (it holds no
`saved_model.pb`): each raises where asked for.
"""

import functools
import inspect
import keyword
import os

from keraslike._src.autodiff.function import Function
from keraslike._src.graph import executor, framework, record
from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph.tensor import SymbolicTensor
from keraslike._src.module.module import Module
from keraslike._src.ops import dtypes
from keraslike._src.ops.tensor_shape import TensorShape
from keraslike._src.ops.tensor_spec import TensorSpec
from keraslike._src.ops.variables import Variable
from keraslike._src.saved_model import constants
from keraslike._src.saved_model import load as load_lib
from keraslike._src.saved_model import save as save_lib

PREDICT_METHOD_NAME = "tensorflow/serving/predict"
CLASSIFY_METHOD_NAME = "tensorflow/serving/classify"
REGRESS_METHOD_NAME = "tensorflow/serving/regress"


class TensorInfo:
    """A signature's tensor: its graph name (`"add:0"`), dtype and static shape (TF's `TensorInfo` proto)."""

    def __init__(self, name, dtype, tensor_shape, tensor=None):
        self.name = name
        self.dtype = dtype
        self.tensor_shape = tensor_shape
        self._tensor = tensor  # the graph tensor, while its graph is alive (Builder)

    def __repr__(self):
        return f"TensorInfo(name={self.name!r}, dtype={dtypes.dtype_name(self.dtype)}, shape={self.tensor_shape})"


class SignatureDef:
    """A TF1 signature: `inputs` and `outputs` (key -> `TensorInfo`) and its `method_name`."""

    def __init__(self, inputs=None, outputs=None, method_name=""):
        self.inputs = dict(inputs or {})
        self.outputs = dict(outputs or {})
        self.method_name = method_name

    def __repr__(self):
        return f"SignatureDef(inputs={self.inputs}, outputs={self.outputs}, method_name={self.method_name!r})"


class MetaGraphDef:
    """What `tf.compat.v1.saved_model.load` returns: the loaded graph's `signature_def` map and its tags."""

    def __init__(self, signature_def, tags):
        self.signature_def = dict(signature_def)
        self.meta_info_def = type("MetaInfoDef", (), {"tags": list(tags)})()

    def __repr__(self):
        return f"MetaGraphDef(signature_def={sorted(self.signature_def)})"


def build_tensor_info(tensor):
    """`tf.compat.v1.saved_model.build_tensor_info(tensor)`: the `TensorInfo` of a graph tensor.

    Raises:
        RuntimeError: for an eager tensor (as TF: signatures name graph tensors).
    """
    if not isinstance(tensor, SymbolicTensor):
        raise RuntimeError("build_tensor_info is not supported in Eager mode: it names a graph tensor (build it "
                           f"inside `with tf.Graph().as_default():`). Received: tensor={tensor!r:.80}")
    return TensorInfo(tensor.name, tensor.dtype, TensorShape(tensor.shape), tensor)


def _infos(tensors, what):
    if not tensors:
        raise ValueError(f"{what} cannot be None or empty. Received: {tensors!r}")
    return {str(key): build_tensor_info(t) for key, t in tensors.items()}


def predict_signature_def(inputs, outputs):
    """`tf.compat.v1.saved_model.predict_signature_def(inputs, outputs)`: dicts of key -> graph tensor.

    Raises:
        ValueError: empty `inputs` or `outputs`.
    """
    return SignatureDef(_infos(inputs, "Prediction inputs"), _infos(outputs, "Prediction outputs"),
                        PREDICT_METHOD_NAME)


def regression_signature_def(examples, predictions):
    """`tf.compat.v1.saved_model.regression_signature_def(examples, predictions)`: `inputs` -> `outputs`.

    Raises:
        ValueError: a missing tensor.
    """
    if examples is None or predictions is None:
        raise ValueError(f"Regression examples and predictions cannot be None. Received: examples={examples!r}, "
                         f"predictions={predictions!r}")
    return SignatureDef({"inputs": build_tensor_info(examples)}, {"outputs": build_tensor_info(predictions)},
                        REGRESS_METHOD_NAME)


def classification_signature_def(examples, classes, scores):
    """`tf.compat.v1.saved_model.classification_signature_def(examples, classes, scores)`.

    Raises:
        ValueError: no `examples`, or neither `classes` nor `scores`.
    """
    if examples is None or (classes is None and scores is None):
        raise ValueError("Classification signatures need examples and classes or scores. Received: "
                         f"examples={examples!r}, classes={classes!r}, scores={scores!r}")
    outputs = {k: build_tensor_info(t) for k, t in (("classes", classes), ("scores", scores)) if t is not None}
    return SignatureDef({"inputs": build_tensor_info(examples)}, outputs, CLASSIFY_METHOD_NAME)


# ---- saving ------------------------------------------------------------------------------------------------
class _RunState:
    """What the graph executor reads while a signature runs: variable values (the saved eager Variables)."""

    def __init__(self, variables):
        self._variable_values = variables
        self._iterator_states = {}


def _signature_function(key, signature, session_values):
    """A `tf.function` (input signature from the placeholders) running the graph from the signature's input
    tensors to its output tensors; returns `(function, {graph variable: eager Variable})`.

    Raises:
        ValueError: an input key that is not a Python identifier, or a tensor of another graph.
    """
    inputs = [(k, info._tensor) for k, info in sorted(signature.inputs.items())]
    outputs = {k: info._tensor for k, info in signature.outputs.items()}
    for name, _ in inputs:
        if not name.isidentifier() or keyword.iskeyword(name):
            raise ValueError(f"keraslike names a signature's arguments after its input keys, which must be Python "
                             f"identifiers. Received: input key {name!r} in signature {key!r}")
    fed = dict.fromkeys(t for _, t in inputs)
    plan = executor.Plan(list(outputs.values()), fed)
    variables = {}
    with graph_lib.eager_scope():
        for op, _, _, _ in plan.steps:
            graph_variable = getattr(op, "variable", None)
            if graph_variable is not None and graph_variable in session_values and graph_variable not in variables:
                variables[graph_variable] = Variable(session_values[graph_variable].detach().clone(),
                                                     name=graph_variable.name.split(":")[0])
    values = dict(variables)

    def run(*args):
        slots = executor.execute(_RunState(values), plan, list(args))
        return {k: slots[plan.index[t]] for k, t in outputs.items()}

    run.__name__ = f"signature_{key}"
    run.__signature__ = inspect.Signature([inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD)
                                           for name, _ in inputs])
    specs = [TensorSpec(t.shape, t.dtype, name=name) for name, t in inputs]
    return Function(run, input_signature=specs), variables


def _tf1_names(signature_def_map):
    return {key: {"inputs": {k: i.name for k, i in sig.inputs.items()},
                  "outputs": {k: i.name for k, i in sig.outputs.items()},
                  "method_name": sig.method_name} for key, sig in signature_def_map.items()}


class Builder:
    """`tf.compat.v1.saved_model.Builder(export_dir)` (also `SavedModelBuilder`): writes a session's signatures
    as a SavedModel (keraslike's format; module docstring).

    Raises:
        AssertionError: `export_dir` exists and is not empty (as TF).
    """

    def __init__(self, export_dir):
        export_dir = os.fspath(export_dir)
        if os.path.isdir(export_dir) and os.listdir(export_dir):
            raise AssertionError("Export directory already exists, and isn't empty. Please choose a different "
                                 f"export directory, or delete all the contents of the specified directory: "
                                 f"{export_dir}")
        self._export_dir = export_dir
        self._saved = None  # (module, {key: function}, tags, tf1 names)

    def add_meta_graph_and_variables(self, sess, tags, signature_def_map=None, assets_collection=None,
                                     legacy_init_op=None, clear_devices=False, main_op=None,
                                     strip_default_attrs=False, saver=None, init_op=None, train_op=None):
        """Captures the signatures of `sess`'s graph and the variable values they read (TF saves the variables
        here too). `clear_devices` and `strip_default_attrs` change nothing keraslike writes (it stores no
        device placements or op attributes).

        Raises:
            AssertionError: called twice (as TF).
            NotImplementedError: assets, init/main/train ops or a saver (graph parts keraslike does not carry).
        """
        if self._saved is not None:
            raise AssertionError("Graph state including variables and assets has already been saved. Please "
                                 "invoke `add_meta_graph()` instead.")
        for name, value in (("assets_collection", assets_collection), ("legacy_init_op", legacy_init_op),
                            ("main_op", main_op), ("saver", saver), ("init_op", init_op), ("train_op", train_op)):
            if value is not None:
                raise NotImplementedError(
                    f"Builder.add_meta_graph_and_variables({name}=...) is not supported: keraslike's SavedModel "
                    f"keeps the signatures' computations and the variables they read, not other graph parts. "
                    f"Received: {name}={value!r:.80}")
        signature_def_map = dict(signature_def_map or {})
        module = Module(name="tf1_saved_model")
        functions, variables = {}, {}
        for key, signature in signature_def_map.items():
            function, used = _signature_function(key, signature, getattr(sess, "_variable_values", {}))
            functions[key] = function
            variables.update(used)
        with graph_lib.eager_scope():
            module.graph_variables = list(variables.values())
        self._saved = (module, functions, list(tags), _tf1_names(signature_def_map))

    def add_meta_graph(self, tags, signature_def_map=None, **kwargs):
        """Raises NotImplementedError: keraslike's SavedModel holds one graph's signatures (module docstring)."""
        raise NotImplementedError("Builder.add_meta_graph is not supported: keraslike's SavedModel holds the "
                                  "signatures of one add_meta_graph_and_variables call. Received: "
                                  f"tags={tags!r}")

    def save(self, as_text=False):
        """Writes the SavedModel (`as_text` picks TF's text or binary proto; keraslike's document is JSON either
        way); returns the directory.

        Raises:
            AssertionError: `add_meta_graph_and_variables` was not called.
        """
        if self._saved is None:
            raise AssertionError("Graph state including variables and assets must be saved with "
                                 "`add_meta_graph_and_variables()` before `save()`.")
        module, functions, tags, names = self._saved
        with graph_lib.eager_scope():
            entries = save_lib.describe_signatures(module, functions)
            save_lib.write_saved_model(module, self._export_dir, entries,
                                       extra={"tags": tags, "tf1_signatures": names})
        return self._export_dir.encode()


SavedModelBuilder = Builder


def simple_save(session, export_dir, inputs, outputs, legacy_init_op=None):
    """`tf.compat.v1.saved_model.simple_save`: a predict signature `serving_default` from `inputs` to
    `outputs` (dicts of key -> graph tensor), tagged `serve`."""
    builder = Builder(export_dir)
    signature = predict_signature_def(inputs, outputs)
    builder.add_meta_graph_and_variables(session, [constants.SERVING],
                                         {constants.DEFAULT_SERVING_SIGNATURE_DEF_KEY: signature},
                                         legacy_init_op=legacy_init_op)
    builder.save()


# ---- loading -----------------------------------------------------------------------------------------------
def _call_output(signature, names, key, *values):
    return signature(**dict(zip(names, values)))[key]


def _call_outputs(signature, names, keys, *values):
    result = signature(**dict(zip(names, values)))
    return tuple(result[k] for k in keys)


def _tf2_names(key, entry):
    """TF's tensor names for a signature of a SavedModel written by TF 2 APIs."""
    outputs = sorted(o["name"] for o in entry.get("outputs", []))
    return {"inputs": {i["name"]: f"{key}_{i['name']}:0" for i in entry["inputs"]},
            "outputs": {name: f"StatefulPartitionedCall:{i}" for i, name in enumerate(outputs)},
            "method_name": PREDICT_METHOD_NAME}


def _scoped(name, import_scope):
    return f"{import_scope}/{name}" if import_scope else name


def _import_signature(graph, key, function, entry, names, import_scope):
    """Placeholders and output ops for one signature in `graph`; returns its `SignatureDef`."""
    specs = {i["name"]: i for i in entry["inputs"]}
    inputs, order = {}, [i["name"] for i in entry["inputs"]]
    for input_key in order:
        spec = specs[input_key]
        op_name = _scoped(names["inputs"][input_key], import_scope).rsplit(":", 1)[0]
        tensor = framework.placeholder(spec["dtype"], spec["shape"], name=op_name)
        inputs[input_key] = TensorInfo(tensor.name, tensor.dtype, TensorShape(tensor.shape), tensor)
    args = [inputs[k]._tensor for k in order]
    outputs = {}
    by_op = {}
    for out_key, name in names["outputs"].items():
        op_name, _, index = _scoped(name, import_scope).rpartition(":")
        by_op.setdefault(op_name, []).append((int(index or 0), out_key))
    for op_name, items in by_op.items():
        items.sort()
        if [i for i, _ in items] == list(range(len(items))) and len(items) > 1:  # one op, outputs 0..n-1
            keys = [k for _, k in items]
            tensors = record.record_call(functools.partial(_call_outputs, function, order, keys), tuple(args), {},
                                         "StatefulPartitionedCall", op_name)
            for k, t in zip(keys, tensors):
                outputs[k] = TensorInfo(t.name, t.dtype, TensorShape(t.shape), t)
            continue
        for _, out_key in items:
            t = record.record_call(functools.partial(_call_output, function, order, out_key), tuple(args), {},
                                   "StatefulPartitionedCall", op_name)
            outputs[out_key] = TensorInfo(t.name, t.dtype, TensorShape(t.shape), t)
    return SignatureDef(inputs, outputs, names.get("method_name", PREDICT_METHOD_NAME))


def load(sess, tags, export_dir, import_scope=None, **saver_kwargs):
    """`tf.compat.v1.saved_model.load(sess, tags, export_dir, import_scope=None)` (also `loader.load`): the
    SavedModel's signatures rebuilt in `sess`'s graph (module docstring); returns its `MetaGraphDef`.

    Raises:
        RuntimeError: `sess` has no graph (eager mode: TF1's loader builds graph ops).
        TypeError: saver keyword arguments (keraslike restores no Saver).
        ValueError: `tags` other than the SavedModel's, or no SavedModel in `export_dir`.
    """
    if saver_kwargs:
        raise TypeError("tf.compat.v1.saved_model.load got Saver arguments, which keraslike's loader does not "
                        f"use (it builds no Saver). Received: {sorted(saver_kwargs)}")
    graph = getattr(sess, "_graph", None)
    if graph is None:
        raise RuntimeError("tf.compat.v1.saved_model.load builds graph ops: call it with a Session of a graph "
                           f"(inside `with tf.Graph().as_default():`). Received: sess={sess!r}")
    export_dir = os.fspath(export_dir)
    with graph_lib.eager_scope():
        loaded = load_lib.load(export_dir, tags=list(tags) if tags is not None else None)
        document = load_lib.read_document(export_dir) if os.path.isfile(
            os.path.join(export_dir, constants.KERASLIKE_FILENAME)) else {"signatures": {}}
    entries = document.get("signatures", {})
    recorded = document.get("tf1_signatures", {})
    signature_defs = {}
    with graph.as_default():
        for key, function in loaded.signatures.items():
            entry = entries.get(key) or {"inputs": [{"name": s.name, "shape": s.shape.as_list(),
                                                     "dtype": dtypes.dtype_name(s.dtype)}
                                                    for s in function.inputs]}
            if "outputs" not in entry:
                entry = {**entry, "outputs": [{"name": name} for name in function.structured_outputs]}
            names = recorded.get(key) or _tf2_names(key, entry)
            signature_defs[key] = _import_signature(graph, key, function, entry, names, import_scope)
    return MetaGraphDef(signature_defs, tags or [])
