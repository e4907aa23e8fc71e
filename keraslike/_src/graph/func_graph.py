"""`FuncGraph`: the graph of one `tf.function` trace, as `ConcreteFunction.graph` shows it.

Mirrors `tensorflow/python/framework/func_graph.py`. keraslike runs a `tf.function`'s Python body eagerly on
every call; when a program asks a concrete function for its graph, the body runs once more (silently, variables
restored) with the default graph a `FuncGraph`, so the `tf.*` ops it calls record as TF's would:

- each tensor argument is a `Placeholder` named after its parameter (`_user_specified_name` set);
- a Python number or list handed to an op is a `Const` named `<op>/<argument>` (`add/y`, `Abs/x`);
- an eager tensor from outside is a captured `Placeholder` (`add/y`), a variable a captured resource
  `Placeholder` (`mul/ReadVariableOp/resource`) read by a `ReadVariableOp`; `captures` lists them;
- each output is an `Identity` (a Python value returned becomes a `Const` first); when variables were read,
  a `NoOp` depends on the reads and the outputs depend on it (TF's automatic control dependencies).

The picture covers functions of `tf.*` ops; Python control flow on tensors and datasets is recorded through
AutoGraph's conversion (`autodiff/autograph_converter.py`) as TF's cond / while / dataset-reduce ops, each branch
and loop body in a `FuncGraph` of its own whose `outer` is this one (`func_control_flow.py`). What keraslike
cannot record as TF does raises `GraphNotRecorded` naming the feature: control flow the conversion leaves as
written (`break` in a loop over a tensor, ...), Keras layers or torch code on graph tensors.
"""

import numbers

import numpy as np
import torch

from keraslike._src.graph import graph_def as graph_def_lib
from keraslike._src.graph.graph import Graph
from keraslike._src.graph.tensor import GraphNotRecorded, Operation, SymbolicTensor
from keraslike._src.ops import dtypes
from keraslike._src.ops.tensor_shape import TensorShape

__all__ = ["FuncGraph", "GraphNotRecorded"]

_EAGER_CONST_THRESHOLD = 128  # elements: a captured eager tensor this small is a Const in TF's function graph


class _PictureOp(Operation):
    """An op of a function's graph picture (never executed: the function itself runs eagerly)."""

    def __init__(self, graph, name, op_type, inputs=(), outputs=(), control_inputs=()):
        super().__init__(graph, name, op_type, inputs, control_inputs)
        self._make_outputs(list(outputs))


def _is_number_like(value):
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, (numbers.Number, np.generic)):
        return True
    if isinstance(value, np.ndarray):
        return value.dtype.kind in "biufc"
    if isinstance(value, (list, tuple)) and value:
        return all(_is_number_like(v) for v in value)
    return False


def _is_variable(value):
    return hasattr(value, "assign") and hasattr(value, "read_value") and not isinstance(value, SymbolicTensor)


class FuncGraph(Graph):
    """`tf.types.experimental.FuncGraph`-like graph of one trace: `inputs` (placeholders, then captures),
    `outputs`, `captures`, `structured_input_signature`, `structured_outputs`, `get_operations()`,
    `as_graph_def()`."""

    def __init__(self, name, outer=None):
        super().__init__()
        self.name = name
        self.outer = outer  # the graph a branch or loop body's graph is part of (its tensors are captured)
        self._outer_captures = {}  # id(outer tensor) -> (outer tensor, placeholder here)
        self._datasets = {}  # id(dataset argument) -> (dataset, its variant placeholder)
        self.inputs = []
        self.outputs = []
        self.structured_input_signature = None
        self.structured_outputs = None
        self._captured = {}  # id(value) -> (value, placeholder)
        self._reads = []

    @property
    def building_function(self):
        return True

    @property
    def captures(self):
        """[(eager value, its placeholder in this graph)], in capture order."""
        return list(self._captured.values())

    @property
    def external_captures(self):
        return [value for value, _ in self._captured.values()]

    @property
    def internal_captures(self):
        return [placeholder for _, placeholder in self._captured.values()]

    @property
    def variables(self):
        return [value for value, _ in self._captured.values() if _is_variable(value)]

    def as_graph_def(self, from_version=None, add_shapes=False):
        """The `GraphDef` picture of the trace (see `graph_def.py`)."""
        if add_shapes:
            raise NotImplementedError("FuncGraph.as_graph_def(add_shapes=True): keraslike's graph picture has no "
                                      "`_output_shapes` attributes. Received: add_shapes=True")
        return graph_def_lib.graph_def(self, in_function=True)

    # ---- building -----------------------------------------------------------------------------------
    def _claim(self, name):
        """`name` (already scoped) made unique and marked as used."""
        base, i = name, 1
        while name.lower() in self._names_in_use:
            name = f"{base}_{i}"
            i += 1
        self._names_in_use[name.lower()] = 1
        return name

    def placeholder(self, spec, name):
        """The placeholder of one tensor argument (`spec`: a TensorSpec), listed in `inputs`."""
        op = _PictureOp(self, self._claim(name), "Placeholder", outputs=[(spec.dtype, TensorShape(spec.shape))])
        self.inputs.append(op.outputs[0])
        return op.outputs[0]

    def encloses(self, tensor):
        """Whether `tensor` is of this graph or of a graph around it (one it can capture)."""
        graph = self
        while graph is not None:
            if tensor.graph is graph:
                return True
            graph = graph.outer
        return False

    def capture_outer(self, tensor):
        """This graph's tensor for `tensor`: itself when it is this graph's, else (a tensor of an enclosing graph,
        used by a branch or loop body) a placeholder fed by it, captured through every graph in between; None
        when `tensor` belongs to no enclosing graph."""
        if tensor.graph is self:
            return tensor
        if self.outer is None:
            return None
        if id(tensor) in self._outer_captures:
            return self._outer_captures[id(tensor)][1]
        outer_tensor = self.outer.capture_outer(tensor)
        if outer_tensor is None:
            return None
        op = _PictureOp(self, self._claim(tensor.op.name.replace("/", "_")), "Placeholder",
                        outputs=[(tensor.dtype, tensor._shape)])
        self._outer_captures[id(tensor)] = (outer_tensor, op.outputs[0])
        self.inputs.append(op.outputs[0])
        return op.outputs[0]

    @property
    def outer_inputs(self):
        """The enclosing graph's tensors this graph captured (the inputs its cond / loop op takes), in order."""
        return [outer for outer, _ in self._outer_captures.values()]

    def dataset_placeholder(self, dataset, name):
        """The `variant` placeholder of a `tf.data.Dataset` argument."""
        op = _PictureOp(self, self._claim(name), "Placeholder", outputs=[("variant", TensorShape([]))])
        self.inputs.append(op.outputs[0])
        self._datasets[id(dataset)] = (dataset, op.outputs[0])
        return dataset

    def dataset_tensor(self, dataset):
        """The graph tensor of a dataset: its argument's placeholder, else a captured one."""
        if id(dataset) in self._datasets:
            return self._datasets[id(dataset)][1]
        if self.outer is not None:
            return self.capture_outer(self.outer.dataset_tensor(dataset))
        return self._capture(dataset, "dataset", "variant", TensorShape([]), resource=False)

    def _outer_capture_of(self, value):
        """The enclosing graphs' tensor of an eager value they captured already, else None."""
        graph = self.outer
        while graph is not None:
            if id(value) in graph._captured:
                return graph._captured[id(value)][1]
            graph = graph.outer
        return None

    def _capture(self, value, name, dtype, shape, resource=False):
        if id(value) in self._captured:
            return self._captured[id(value)][1]
        outer = self._outer_capture_of(value) if not resource else None
        if outer is not None:  # a branch / loop body takes the function graph's capture as an input
            return self.capture_outer(outer)
        small = not resource and isinstance(value, torch.Tensor) and value.numel() <= _EAGER_CONST_THRESHOLD
        op = _PictureOp(self, self._claim(name), "Const" if small else "Placeholder", outputs=[(dtype, shape)])
        if small:  # TF captures a small eager tensor as a Const (still one of the captures and inputs)
            op.const_value = value.detach().clone()
        if resource:
            op.handle_dtype = "resource"
        self._captured[id(value)] = (value, op.outputs[0])
        self.inputs.append(op.outputs[0])
        return op.outputs[0]

    def _read(self, variable, scope):
        handle = self._capture(variable, f"{scope}/ReadVariableOp/resource", "resource", TensorShape([]),
                               resource=True)
        read = _PictureOp(self, self._claim(f"{scope}/ReadVariableOp"), "ReadVariableOp", [handle],
                          [(variable.dtype, TensorShape(tuple(variable.shape)))])
        self._reads.append(read)
        return read.outputs[0]

    def _constant(self, value, name):
        tensor = value if isinstance(value, torch.Tensor) else torch.as_tensor(np.asarray(value))
        if not isinstance(value, (torch.Tensor, np.ndarray, np.generic)) and tensor.dtype == torch.float64:
            tensor = tensor.to(torch.float32)  # Python floats are float32 tensors, as TF converts them
        if tensor.dtype == torch.int64 and not isinstance(value, (torch.Tensor, np.ndarray, np.generic)):
            tensor = tensor.to(torch.int32)
        op = _PictureOp(self, self._claim(name), "Const", outputs=[(tensor.dtype, TensorShape(tuple(tensor.shape)))])
        op.const_value = tensor
        return op.outputs[0]

    def reduction_indices(self, axis, scope, rank):
        """The axis input of a reduction: `Const` (all axes, made before the op's scope) or
        `<op>/reduction_indices`."""
        if axis is None:
            return self._constant(list(range(rank)) if rank else np.zeros([0], np.int32), "Const")  # every axis
        return self.picture_input(axis, scope, "reduction_indices")

    def picture_input(self, value, scope, argument):
        """The graph tensor TF's op `scope` would take for the non-graph argument `value`: a `Const` for numbers,
        a captured placeholder for an eager tensor, a `ReadVariableOp` for a variable; None for other values."""
        if isinstance(value, SymbolicTensor):
            return value
        if _is_variable(value):
            return self._read(value, scope)
        if isinstance(value, torch.Tensor):
            return self._capture(value, f"{scope}/{argument}", value.dtype, TensorShape(tuple(value.shape)))
        if getattr(value, "dtype", None) is dtypes.string and hasattr(value, "numpy"):  # an eager string tensor
            return self._capture(value, f"{scope}/{argument}", dtypes.string, TensorShape(tuple(value.shape)))
        if _is_number_like(value):
            return self._constant(value, f"{scope}/{argument}")
        return None

    def record_print(self, args):
        """`tf.print(*args)`: TF's `StringFormat` of the tensor arguments read by a `PrintV2` (stateful: the
        function's outputs wait on it)."""
        tensors = []
        for value in args:
            for leaf in (value if isinstance(value, (list, tuple)) else [value]):
                if isinstance(leaf, SymbolicTensor):
                    tensors.append(self.capture_outer(leaf) if leaf.graph is not self else leaf)
                elif _is_variable(leaf) or isinstance(leaf, torch.Tensor):
                    tensors.append(self.picture_input(leaf, "StringFormat", "inputs"))
        text = _PictureOp(self, self._claim(self.unique_name("StringFormat", mark_as_used=False)), "StringFormat",
                          tensors, [(dtypes.string, TensorShape([]))]).outputs[0]
        effects = [op for op in self._reads if op.type != "ReadVariableOp"]
        op = _PictureOp(self, self._claim(self.unique_name("PrintV2", mark_as_used=False)), "PrintV2", [text],
                        control_inputs=effects[-1:])  # TF runs side effects in program order
        self._reads.append(op)

    def finish(self, result, flatten):
        """Record the outputs: an `Identity` per tensor leaf of `result` (`flatten(result)` gives the leaves)."""
        outputs = []
        for leaf in flatten(result):
            if leaf is None:
                continue
            if isinstance(leaf, SymbolicTensor) and leaf.graph is not self:
                leaf = self.capture_outer(leaf)
            if not isinstance(leaf, SymbolicTensor):
                leaf = self.picture_input(leaf, "Const", "value") if not _is_number_like(leaf) else \
                    self._constant(leaf, "Const")
                if leaf is None:
                    continue
            op = _PictureOp(self, self._claim("Identity"), "Identity", [leaf], [(leaf.dtype, leaf._shape)])
            outputs.append(op.outputs[0])
        if self._reads and outputs:  # (without outputs TF adds no NoOp)
            noop = _PictureOp(self, self._claim("NoOp"), "NoOp", control_inputs=self._reads)
            for out in outputs:
                out.op.control_inputs.append(noop)
        self.outputs = outputs
        return outputs

    def call_function(self, name, python_function, args, kwargs, nest):
        """A `tf.function` called while this graph is recorded: its body is recorded in a graph of its own and
        this graph gets one `PartitionedCall` op on the graph-tensor arguments (as TF's call of a function)."""
        inner = FuncGraph(name)

        def placeholder(value):
            if isinstance(value, SymbolicTensor):
                return inner.placeholder(type("_Spec", (), {"dtype": value.dtype, "shape": value._shape}), "arg")
            return value

        with inner.as_default():
            result = python_function(*nest.map_structure(placeholder, list(args)),
                                     **nest.map_structure(placeholder, dict(kwargs)))
            outputs = inner.finish(result, lambda r: [leaf for leaf in nest.flatten(r) if leaf is not None])
        if inner._captured:
            raise GraphNotRecorded(f"the nested tf.function `{name}` captures variables or tensors (TF's "
                                   "StatefulPartitionedCall with captured inputs is not recorded)")
        inputs = [leaf for leaf in nest.flatten((list(args), dict(kwargs))) if isinstance(leaf, SymbolicTensor)]
        op = _PictureOp(self, self._claim("PartitionedCall"), "PartitionedCall", inputs,
                        [(t.dtype, t._shape) for t in outputs])
        results = iter(op.outputs)
        return nest.map_structure(lambda leaf: None if leaf is None else next(results), result)

    def __repr__(self):
        return f"<FuncGraph {self.name} with {len(self._ops)} operations>"
