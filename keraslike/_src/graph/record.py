"""Record one call of an eager op function as a graph `Operation` (the one graph-building mechanism).

`record_call(fn, args, kwargs, op_type, name)` stores `fn` and its arguments with the graph tensors in
them as the op's inputs. The static shapes of the outputs come from running `fn` twice on stand-in values
(unknown dimensions sized 2, then 3; random contents): dimensions equal in both runs are static, the others
`None`. `Session.run` later calls `fn` on the real values (`CallOp.compute`).
"""

import inspect

import numpy as np
import torch
from torch.utils import _pytree as pytree

from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import sparse_graph
from keraslike._src.graph.tensor import GraphNotRecorded, Operation, SymbolicTensor
from keraslike._src.ops import name_scope as eager_name_scope
from keraslike._src.ops import trace_state
from keraslike._src.ops.string_tensor import StringTensor
from keraslike._src.ops.tensor_shape import TensorShape
from keraslike._src.sparse.sparse_tensor import SparseTensor

_STATEFUL_MODULES = ("keraslike._src.ops.random", "keraslike._src.ops.random_generator",
                     "keraslike._src.ops.printing", "keraslike._src.ops.script_ops")


class CallOp(Operation):
    """An op that calls an eager keraslike function on its inputs' values."""

    def __init__(self, graph, name, op_type, fn, leaves, spec, slots, out_spec, out_specs, device, control,
                 flat_call=None):
        inputs = [leaves[i] for i in slots]
        super().__init__(graph, name, op_type, inputs, control, device)
        self.fn = fn
        self._leaves = leaves
        self._spec = spec
        self._slots = slots
        self._out_spec = out_spec  # pytree spec of fn's result; tensor leaves are the outputs
        self._out_tensor_positions = [i for i, s in enumerate(out_specs) if s is not None]
        self._out_constants = out_specs
        self._make_outputs([s for s in out_specs if s is not None])
        self.stateful = getattr(fn, "__module__", "").startswith(_STATEFUL_MODULES)
        self._single = out_spec is None
        self._flat = None  # (n positional, kwarg names) when every argument is itself a leaf: no unflatten
        if flat_call is not None:
            self._flat = flat_call

    def call_arguments(self):
        """{parameter name: value} of the recorded call (graph tensors in place of tensors)."""
        args, kwargs = pytree.tree_unflatten(self._leaves, self._spec)
        return dict(_argument_names(self.fn, args, kwargs, None))

    def structured_outputs(self):
        """fn's result structure with graph tensors in place of tensors."""
        if self._single:
            return self.outputs[0]
        leaves = list(self._out_constants)
        for tensor, pos in zip(self.outputs, self._out_tensor_positions):
            leaves[pos] = tensor
        leaves = [x if not isinstance(x, _Constant) else x.value for x in leaves]
        return pytree.tree_unflatten(leaves, self._out_spec)

    def compute(self, ctx, inputs):
        leaves = list(self._leaves)
        for slot, value in zip(self._slots, inputs):
            leaves[slot] = value
        if self._flat is not None:
            n, names = self._flat
            result = self.fn(*leaves[:n], **dict(zip(names, leaves[n:]))) if names else self.fn(*leaves)
        else:
            args, kwargs = pytree.tree_unflatten(leaves, self._spec)
            result = self.fn(*args, **kwargs)
        if self._single:
            return [result]
        flat = pytree.tree_leaves(result)
        return [flat[i] for i in self._out_tensor_positions]


_CONTAINERS = (list, tuple, dict)


class _Constant:
    """A non-tensor leaf of fn's result (kept as computed at build time)."""

    def __init__(self, value):
        self.value = value


_KEEP_STANDIN = 4096  # elements: stand-ins this small (shapes, indices, scalars) are kept for the ops that use them


def _stand_in(tensor, size, generator):
    kept = getattr(tensor, "_standins", None)
    if kept is not None and size in kept:  # (string stand-ins are immutable: shared)
        return kept[size].clone() if isinstance(kept[size], torch.Tensor) else kept[size]
    shape = tensor.shape
    dims = [size] if shape.rank is None else [size if d is None else d for d in shape.as_list()]
    dtype = tensor.dtype
    if not isinstance(dtype, torch.dtype):  # tf.string: empty strings
        return StringTensor.from_bytes_array(np.full(dims, b"", dtype=object))
    if dtype.is_floating_point:  # positive (log, sqrt stay finite); a wider range in the second run
        return torch.rand(dims, generator=generator, dtype=dtype) * (1.0 if size == 2 else 9.0) + 0.5
    if dtype == torch.bool:
        return torch.rand(dims, generator=generator) > 0.5
    if dtype.is_complex:
        return torch.ones(dims, dtype=dtype)
    if size == 3 and not dims:  # second run: an integer scalar (a count, a size) changes, so sizes from it do
        return torch.ones(dims, dtype=dtype)
    return torch.zeros(dims, dtype=dtype)


def stand_in_value(tensor, size):
    """A value of `tensor`'s dtype and static shape (unknown dimensions sized `size`, 2 or 3) for shape inference."""
    return _stand_in(tensor, size, torch.Generator().manual_seed(size))


def _has_unknown(tensor):
    shape = tensor.shape
    return shape.rank is None or any(d is None for d in shape.as_list())


def _infer(fn, leaves, spec, slots, size, seed):
    generator = torch.Generator().manual_seed(seed)
    leaves = list(leaves)
    for i in slots:
        leaves[i] = _stand_in(leaves[i], size, generator)
    args, kwargs = pytree.tree_unflatten(leaves, spec)
    # shape inference runs no kernel in TF: the random ops' seed state (and any variable) is left as it was, so
    # a seeded op's first `Session.run` draws TF's first numbers
    with trace_state.variables_restored(), torch.random.fork_rng(devices=[]), torch.no_grad(), \
            graph_lib.eager_scope():
        return fn(*args, **kwargs)


def _is_tensor(value):
    return isinstance(value, (torch.Tensor, StringTensor))


def _numel(value):
    return value.numel() if isinstance(value, torch.Tensor) else int(np.prod(tuple(value.shape), dtype=np.int64))


def _flatten_result(result):
    if _is_tensor(result):
        return [result], None
    flat, spec = pytree.tree_flatten(result)
    return flat, spec


def _merge_shapes(a, b):
    if b is None:
        return TensorShape(tuple(a.shape))
    if len(a.shape) != len(b.shape):
        return TensorShape(None)
    return TensorShape([x if x == y else None for x, y in zip(a.shape, b.shape)])


def current_device(graph):
    return graph._device_stack[-1] if graph._device_stack else None


class _SparseResult(Exception):
    """An op function returned a SparseTensor: it is recorded again over SparseTensors' parts."""


def record_call(fn, args, kwargs, op_type, name=None, graph=None, arg_names=None):
    """Record `fn(*args, **kwargs)` as one op of the default graph (see `_record_call`); SparseTensors among the
    arguments and results are their three parts (`sparse_graph`), results handed back as `GraphSparseTensor`s."""
    if not sparse_graph.holds_sparse((args, kwargs)):
        try:
            return _record_call(fn, args, kwargs, op_type, name, graph, arg_names)
        except _SparseResult:
            pass
    on_parts = sparse_graph.run_on_parts(fn)
    result = _record_call(on_parts, sparse_graph.as_parts(tuple(args)), sparse_graph.as_parts(dict(kwargs)), op_type,
                          name, graph, arg_names)
    return sparse_graph.from_parts(result)


def _record_call(fn, args, kwargs, op_type, name=None, graph=None, arg_names=None):
    """Record `fn(*args, **kwargs)` as one op of the default graph; returns fn's result structure over graph tensors.

    In a function's graph (`FuncGraph`), the op's inputs are TF's: its graph-tensor arguments and, for the other
    tensor arguments, a `Const` or a captured placeholder named `<op>/<argument>` (`arg_names` names the
    positional arguments, else the parameters of `fn`).

    Raises:
        whatever `fn` raises on stand-in values of the right shapes and dtypes (wrong ranks, dtypes, ...):
        errors show when the graph is built, as TF's shape inference reports them.
    """
    graph = graph or graph_lib.default_graph()
    if op_type == "PrintV2" and graph.building_function:  # TF's StringFormat + PrintV2 (a stateful op, no output)
        return graph.record_print(args)
    leaves, spec = pytree.tree_flatten((args, kwargs))
    if op_type == "PrintV2":  # an op without outputs that prints when run (not now, on stand-in values)
        return _record_print(graph, fn, leaves, spec, name)
    slots = [i for i, leaf in enumerate(leaves) if isinstance(leaf, SymbolicTensor)]
    if graph.building_function and graph.outer is not None:  # TF converts eager arguments before the op
        for leaf in leaves:                                       # captures graph tensors: that input order
            if isinstance(leaf, torch.Tensor) and graph._outer_capture_of(leaf) is not None:
                graph.capture_outer(graph._outer_capture_of(leaf))
    for i in slots:
        inner = graph.capture_outer(leaves[i]) if graph.building_function and leaves[i].graph is not graph \
            else None
        if inner is not None:  # a tensor of the function graph around a branch or loop body being recorded
            leaves[i] = inner
            args, kwargs = pytree.tree_unflatten(leaves, spec)
        elif leaves[i].graph is not graph:
            raise ValueError(f"Tensor {leaves[i].name} must be from the same graph as the op being created "
                             f"({op_type}). Received: a tensor of another tf.Graph")
    varies = any(_has_unknown(leaves[i]) or getattr(leaves[i], "_varies", False) for i in slots)
    fallback = None
    try:
        first = _infer(fn, leaves, spec, slots, 2, 1)
    except Exception as error:  # noqa: BLE001 - retried with sizes from the arguments, else re-raised
        if not varies:
            raise
        first, fallback = _infer_with_argument_sizes(fn, leaves, spec, slots, error)
    flat_a, out_spec = _flatten_result(first)
    _reject_captured_graph_tensors(flat_a, fn)
    _reject_composite_results(flat_a, fn, slots)
    second_flat = None
    if slots and fallback is None:  # a second run on other sizes and values: what changes is not static
        try:
            second_flat, _ = _flatten_result(_infer(fn, leaves, spec, slots, 3, 2))
        except Exception:  # noqa: BLE001 - the stand-ins of the first run worked: keep only the ranks
            second_flat = [torch.empty(0) if _is_tensor(v) else v for v in flat_a]
        varies = True
    out_specs = []
    for k, value in enumerate(flat_a):
        if _is_tensor(value):
            if fallback is not None:  # one run only: a dimension of the stand-in size may be unknown
                shape = TensorShape([None if d == fallback else d for d in value.shape])
            else:
                shape = _merge_shapes(value, second_flat[k] if second_flat is not None else None)
            out_specs.append((value.dtype, shape))
        else:
            out_specs.append(None)
    if not any(s is not None for s in out_specs):
        return first  # fn made no tensor (e.g. a static-shape query): its value does not depend on data
    constants = [None if s is not None else _Constant(v) for s, v in zip(out_specs, flat_a)]
    specs_or_constants = [s if s is not None else c for s, c in zip(out_specs, constants)]
    op_name = graph.unique_name(_clean(name) if name else op_type)
    picture = _picture_inputs(graph, op_name, op_type, fn, args, kwargs, arg_names) \
        if graph.building_function else None
    flat = None
    if len(leaves) == len(args) + len(kwargs) and not any(isinstance(a, _CONTAINERS) for a in args) \
            and not any(isinstance(v, _CONTAINERS) for v in kwargs.values()):
        flat = (len(args), tuple(kwargs))
    op = CallOp(graph, op_name, op_type, fn, leaves, spec, slots, out_spec,
                [s if isinstance(s, tuple) else None for s in specs_or_constants],
                current_device(graph), list(graph._control_stack), flat)
    if picture is not None:  # a function's graph picture (never executed): TF's inputs, Consts and captures
        op.inputs = picture
    for i, c in enumerate(constants):
        if c is not None:
            op._out_constants[i] = c
    tensor_values = [(v, second_flat[k] if second_flat is not None else v)
                     for k, v in enumerate(flat_a) if _is_tensor(v)]
    for out, (a, b) in zip(op.outputs, tensor_values):
        out._varies = varies
        if fallback is None and _numel(a) <= _KEEP_STANDIN and _numel(b) <= _KEEP_STANDIN:
            out._standins = {2: a, 3: b}
    return op.structured_outputs()


def _reject_composite_results(flat, fn, slots):
    """A RaggedTensor computed from graph tensors cannot be an op's output here: its values would be the
    shape-inference stand-ins'. Raise, naming the op, instead of handing those out. A SparseTensor is recorded
    again over its parts (`record_call`)."""
    if not slots:
        return
    for value in flat:
        if isinstance(value, SparseTensor):
            raise _SparseResult()
        if hasattr(value, "dense_shape") or hasattr(value, "row_splits"):
            raise GraphNotRecorded(
                f"keraslike's TF1 graph mode does not record ops returning a {type(value).__name__} "
                f"({getattr(fn, '__name__', fn)}); run it eagerly (TF2 behaviour) or inside a tf.data map. "
                f"Received: an op on graph tensors returning {type(value).__name__}")


def _record_print(graph, fn, leaves, spec, name):
    """`tf.print` in a TF1 graph: a stateful `PrintV2` op that prints its inputs' values each time it runs
    (`Session.run(op)`, or as a control dependency), as TF's."""
    slots = [i for i, leaf in enumerate(leaves) if isinstance(leaf, SymbolicTensor)]
    name = "PrintV2" if name in (None, "Print") else _clean(name)
    op = CallOp(graph, graph.unique_name(name), "PrintV2", fn, leaves, spec, slots,
                None, [], current_device(graph), list(graph._control_stack))
    op._single = False  # no outputs
    op.stateful = True
    return op


_NOT_INPUTS = frozenset({  # parameters that are TF attributes (or settings), not tensor inputs
    "axis", "keepdims", "keep_dims", "name", "dtype", "seed", "alpha", "out_type", "output_type", "transpose_a",
    "transpose_b", "adjoint_a", "adjoint_b", "a_is_sparse", "b_is_sparse", "validate_indices", "batch_dims",
    "data_format", "padding", "strides", "dilations", "summarize", "output_stream", "sep", "end", "message",
    "slice_spec", "perm",
})
_TRAILING_CONSTANTS = {"Transpose": "perm", "ConcatV2": "axis"}
_REDUCTIONS = frozenset({"Mean", "Sum", "Max", "Min", "Prod", "All", "Any", "ArgMax", "ArgMin"})
_CREATION = ("Const", "zeros", "ones", "fill", "range", "eye", "linspace", "random", "truncated", "stateless")


def _argument_names(fn, args, kwargs, arg_names):
    """[(argument name, value)] of a call, in TF's input order (positional, then keywords)."""
    if arg_names is not None:
        return list(zip(arg_names, args))
    try:
        bound = inspect.signature(fn).bind_partial(*args, **kwargs)
    except (TypeError, ValueError):
        return [(f"input_{i}", a) for i, a in enumerate(args)]
    named = []
    for pname, value in bound.arguments.items():
        named.append((pname, value))
    return named


def _picture_inputs(graph, op_name, op_type, fn, args, kwargs, arg_names):
    """The inputs TF's op would show (see `record_call`); creates the Consts and captures it needs."""
    creation = op_type.lower().startswith(tuple(c.lower() for c in _CREATION))
    inputs = []
    named = _argument_names(fn, args, kwargs, arg_names)
    if op_type == "Range":  # TF's Range(start, limit, delta), `range/start` and `range/delta` Consts when not given
        values = dict(named)
        start, limit, delta = values.get("start", 0), values.get("limit"), values.get("delta", 1)
        if limit is None:
            start, limit = 0, start
        return [value if isinstance(value, SymbolicTensor) else graph.picture_input(value, op_name, arg)
                for arg, value in (("start", start), ("limit", limit), ("delta", delta))]
    for arg, value in named:
        symbolic = [leaf for leaf in pytree.tree_leaves(value) if isinstance(leaf, SymbolicTensor)]
        if symbolic:
            inputs.extend(symbolic)
        elif not creation and arg not in _NOT_INPUTS:
            tensor = graph.picture_input(value, op_name, arg)
            if tensor is not None:
                inputs.append(tensor)
    extra = _TRAILING_CONSTANTS.get(op_type)
    if extra is not None:  # a setting TF passes as a constant input (`transpose/perm`, `concat/axis`)
        value = dict(named).get(extra)
        if value is None and extra == "perm" and inputs:  # TF's default permutation: the axes reversed
            value = list(range(inputs[0].shape.rank))[::-1] if inputs[0].shape.rank is not None else None
        tensor = value if isinstance(value, SymbolicTensor) else graph.picture_input(value, op_name, extra)
        if tensor is not None:
            inputs.append(tensor)
    if op_type in _REDUCTIONS:
        axis = dict(named).get("axis")
        first = next((leaf for _, value in named for leaf in pytree.tree_leaves(value)
                      if isinstance(leaf, SymbolicTensor)), None)
        rank = first.shape.rank if first is not None else None
        tensor = axis if isinstance(axis, SymbolicTensor) else graph.reduction_indices(axis, op_name, rank)
        if tensor is not None:
            inputs.append(tensor)
    return inputs


def _infer_with_argument_sizes(fn, leaves, spec, slots, error):
    """Unknown dimensions sized like a concrete argument (a [40] weight vector against a [?] batch): TF's
    broadcasting of `?` with 40. Returns (result, size used); re-raises `error` when no size works."""
    sizes = set()
    for leaf in leaves:
        if isinstance(leaf, SymbolicTensor):
            if leaf.shape.rank is not None:
                sizes.update(d for d in leaf.shape.as_list() if d is not None)
        elif hasattr(leaf, "shape") and hasattr(leaf, "ndim"):
            sizes.update(int(d) for d in leaf.shape)
    for size in sorted(sizes - {0, 1, 2, 3}):
        try:
            return _infer(fn, leaves, spec, slots, size, 1), size
        except Exception:  # noqa: BLE001, S112 - try the next candidate size
            continue
    raise error


def _reject_captured_graph_tensors(flat, fn):
    """A function that hands back graph tensors built from closures cannot be re-run by a session."""
    for value in flat:
        if isinstance(value, SymbolicTensor):
            raise TypeError(
                f"{getattr(fn, '__name__', fn)} returned the graph tensor {value.name} from a function it called: "
                "in keraslike's graph mode, functions passed to tf ops (map_fn, scan, case, ...) may use only "
                "their arguments, not graph tensors from outside (tf.cond and tf.while_loop may). Pass those "
                "tensors as arguments (e.g. in elems), or build the computation with tf.cond/tf.while_loop.")


def op_function(fn):
    """Mark `fn`, a module-level function graph-building code records as an op, as one a `.meta` file may name
    (`meta_graph.py` reads back only op functions: those of the op packages and the ones marked here)."""
    fn.__keraslike_op_function__ = True
    return fn


def _clean(name):
    return str(name).rstrip("/") or "op"


def apply(fn, *args, op_type=None, name=None, **kwargs):
    """Record `fn(*args, **kwargs)` in the default graph (used by keraslike's own graph code); without a default
    graph (eager mode: `tf.compat.v1.layers` in a `track_tf1_style_variables` call) run it now."""
    if graph_lib.default_graph() is None:
        return fn(*args, **kwargs)
    return record_call(fn, args, kwargs, op_type or _op_type(fn), name)


def _op_type(fn):
    return "".join(part.capitalize() for part in getattr(fn, "__name__", "Op").split("_"))


def scope_prefix():
    return eager_name_scope.current_scope()
