"""A SavedModel's functions as `torch.export` programs, so a loaded SavedModel runs without its Python class.

TF stores each `tf.function` of a saved object as a traced graph; keraslike stores each one (a method with an
`input_signature`, a signature's concrete function, a Keras model's serving call) as a `torch.export`
program (`torch.export.save` files in `keraslike_programs/`). The program takes the saved object's tensors
(its variables, Keras weights and constant tensors) as *state*: a buffer per tensor, named `s0`, `s1`, ...
after the tensor keys of the object tree (`object_graph.py`). Loading binds the program to the reloaded
variables on every call (`torch.func.functional_call`), so `loaded.v.assign(...)` changes what the functions
compute, in-place updates made by a function (`self.v.assign_add(1)`) reach the live variable, and gradients
reach the variables under a `tf.GradientTape`.

Capturing: the method runs once under `torch.export.export` (non-strict: ordinary Python, so plain Python
helpers, closures and lambdas are inlined), with example inputs built from the input specs; a `None`
dimension becomes a `torch.export.Dim.AUTO` dimension, checked to stay dynamic after the export. While it
runs, a `TorchFunctionMode` hands every torch op the exported module's state in place of the object's own
tensors (`_StateSwap`), so the program reads state rather than freezing values into constants.

What cannot be captured raises at save time, naming the function, the op or line and what to change:
Python decisions on tensor values (`if x > 0`, `.numpy()`, `.item()`, `int(t)`), ops torch.export cannot
trace. A `None` dimension the computation fixes (`x @ w` fixes the features of a `[None, None]` input) is
recorded with its size (`program_shapes`); a call with another size raises naming the input. A function with
inputs of unknown rank (`TensorSpec(None)`) is captured once per rank of `RANKS` (torch.export needs a rank);
string inputs have no program (strings are not tensors): such a function is recorded, and calling it on an
object loaded without its class raises with the reason.
"""

import contextlib
import copy
import io
import operator
import os
import traceback

import torch
from torch.export import graph_signature
from torch.overrides import TorchFunctionMode
from torch.utils import _pytree as pytree

from keraslike._src.data.structure import to_tensor
from keraslike._src.ops.tensor_spec import TensorSpec, as_spec_dtype, string
from keraslike._src.ops.variables import autocast_value
from keraslike._src.saved_model import ragged_programs


def _is_concrete(dim):
    """True for a dimension torch.export fixed to a number (an int, or a SymInt whose expression is an integer).

    torch's `is_concrete_int` does the same, but importing it imports sympy (most of a second of CPU) in every
    program that imports keraslike; by the time a program has symbolic dimensions, torch.export has imported it.
    """
    return isinstance(dim, int) or bool(getattr(dim.node.expr, "is_Integer", False))


PROGRAMS_DIRECTORY = "keraslike_programs"
_TORCH_DIR = os.path.dirname(os.path.abspath(torch.__file__))
_KERASLIKE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_WEIGHTS_ONLY_ENV = ("TORCH_FORCE_WEIGHTS_ONLY_LOAD", "TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD")
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47)


class ExportError(ValueError):
    """A function of a saved object that torch.export cannot capture."""


class _StateSwap(TorchFunctionMode):
    """Inside an export: operands that are the saved object's tensors read the exported module's buffers."""

    def __init__(self, table):
        super().__init__()
        self._table = table

    def __torch_function__(self, func, types, args=(), kwargs=None):
        def swap(value):
            if isinstance(value, torch.Tensor) and id(value) in self._table:
                return autocast_value(func, value, self._table[id(value)])  # a mixed-precision layer's cast
            return value

        return func(*pytree.tree_map(swap, args), **pytree.tree_map(swap, kwargs or {}))


class _Capture(torch.nn.Module):
    """The module torch.export traces: `function(*inputs)` over the state tensors, as buffers `s<i>`."""

    def __init__(self, function, state):
        super().__init__()
        self._function = function
        self._sources = []
        for name, tensor in state:
            self.register_buffer(name, tensor.detach())
            self._sources.append((id(tensor), name))

    def forward(self, *inputs):
        table = {source: getattr(self, name) for source, name in self._sources}
        with _StateSwap(table):
            return self._function(*inputs)


def unexportable_reason(specs):
    """Why input specs cannot have a program (unknown rank, strings), or None."""
    for spec in specs:
        if as_spec_dtype(spec.dtype) is string:
            return f"input {spec.name!r} is a string tensor (torch.export programs take numeric tensors only)"
        if spec.shape.rank is None:
            return (f"input {spec.name!r} has unknown rank (TensorSpec(shape=None)): torch.export needs the rank; "
                    "give the input_signature a shape such as [None] or [None, None]")
    return None


RANKS = (0, 1, 2, 3, 4)  # the ranks an input of unknown rank gets a program for


def rank_specs(specs, rank):
    """`specs` with each input of unknown rank given `rank` free dimensions; None when an input is a string
    (no program at any rank)."""
    if any(as_spec_dtype(s.dtype) is string or ragged_programs.is_ragged(s) for s in specs):
        return None
    return [TensorSpec([None] * rank, s.dtype, name=s.name) if s.shape.rank is None else s for s in specs]


def export_ranks(function, specs, state, label):
    """`{rank: program}`: a function whose inputs have unknown rank (`TensorSpec(None)`), captured once per rank of
    `RANKS` (every such input of that rank; torch.export needs ranks), quietly (these runs are not TF's trace);
    the ranks torch.export cannot capture are left out."""
    out = {}
    for rank in RANKS:
        ranked = rank_specs(specs, rank)
        if ranked is None:
            return {}
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                out[rank] = export(function, ranked, state, label)
        except ExportError:
            continue
    return out


def _example_sizes(state):
    """Sizes to try for free (None) dimensions: distinct primes, then one size for all (`x + y` of two [None]
    inputs), then for non-leading dimensions each size the state tensors have (a [None, None] input multiplied
    by a [5, 1] kernel needs 5 features), then those sizes less 1 to 3 (features the computation widens before
    they meet the state: two one-hot columns added to 7 inputs meet a normalizer of 9)."""
    plans = [("distinct", None), ("same", 3)]
    sizes = sorted({int(d) for _, t in state for d in t.shape if d > 1})
    plans += [("inner", size) for size in sizes[:8]]
    narrower = [size - k for size in sizes[:4] for k in (1, 2, 3) if size - k > 1 and size - k not in sizes]
    plans += [("inner", size) for size in dict.fromkeys(narrower)]
    return plans


def _examples(specs, plan):
    kind, size = plan
    examples, dynamic, n = [], [], 0
    for spec in specs:
        shape, dims = [], {}
        for i, d in enumerate(spec.shape.as_list()):
            if d is None:
                if kind == "distinct" or (kind == "inner" and i == 0):
                    shape.append(_PRIMES[n % len(_PRIMES)])
                else:
                    shape.append(size)
                dims[i] = torch.export.Dim.AUTO
                n += 1
            else:
                shape.append(d)
        examples.append(torch.ones(shape, dtype=as_spec_dtype(spec.dtype)))
        dynamic.append(dims or None)
    return tuple(examples), tuple(dynamic)


def _where(err):
    """`" at <op> (<file>:<line>) called from <file>:<line> in <fn>: <code>"` of the frames that raised."""
    frames = traceback.extract_tb(err.__traceback__)
    own = os.path.dirname(os.path.abspath(__file__))
    outside_torch = [f for f in frames if not f.filename.startswith(_TORCH_DIR) and not f.filename.startswith(own)]
    user = [f for f in outside_torch if not f.filename.startswith(_KERASLIKE_DIR)]
    parts = []
    if outside_torch and outside_torch[-1] not in user:
        op = outside_torch[-1]
        parts.append(f" in keraslike's {op.name} ({os.path.relpath(op.filename, _KERASLIKE_DIR)}:{op.lineno})")
    if user:
        f = user[-1]
        parts.append(f" at {f.filename}:{f.lineno} in {f.name}: `{(f.line or '').strip()}`")
    return "".join(parts)


def _first_line(err):
    text = str(err).strip().splitlines()
    return f"{type(err).__name__}: {text[0] if text else ''}"


def program_shapes(program):
    """The input shapes a program was captured for: a dimension its computation fixed is an int, a free one
    None (a `[None, None]` input multiplied by a `[3, 1]` kernel is `[None, 3]`)."""
    placeholders = [n for n in program.graph.nodes if n.op == "placeholder"]
    user = [n for n, s in zip(placeholders, program.graph_signature.input_specs) if s.kind.name == "USER_INPUT"]
    return [[int(d) if _is_concrete(d) else None for d in node.meta["val"].shape] for node in user]


def export(function, specs, state, label):
    """The `torch.export.ExportedProgram` of `function(*inputs)` for `specs` over `state` (`[(name, tensor)]`).

    Raises:
        ExportError: the computation cannot be captured (names the op or line and what to change).
    """
    if any(ragged_programs.is_ragged(s) for s in specs):
        return _export_ragged(function, specs, state, label)
    module = _Capture(function, state)
    first = None
    for plan in _example_sizes(state):
        examples, dynamic = _examples(specs, plan)
        try:
            program = torch.export.export(module, examples, dynamic_shapes=(dynamic,), strict=False)
        except Exception as err:  # noqa: BLE001 - every torch.export failure is reported the same way
            first = first or err
            if not any(d for d in dynamic):
                break
            continue
        return aten_program(program)
    raise _export_error(label, first)


def aten_program(program):
    """`program.run_decompositions({})`: the ATen-level program, with the no-grad regions (a variable's assign)
    inlined, which torch.export.save needs (the pre-dispatch form keeps them as wrap_with_set_grad_enabled calls it
    cannot reload); composite ops torch can keep are kept.

    That call costs a fixed fraction of a second of CPU or more however small the program (torch overrides and
    restores the kernels of every composite op). A graph of only functional ATen ops that are not composite, with
    no mutation and no higher-order op, is already what it returns, op for op (node names may differ): that program
    is wrapped as the ATen-level program directly; a graph that is one no-grad region over such ops (a graph-mode
    session's or a Keras model's inference call) has that region inlined (`_inlined_no_grad_body`).
    """
    signature = program.graph_signature
    if signature.buffers_to_mutate or signature.user_inputs_to_mutate:
        return program.run_decompositions({})
    if (all(_kept_as_is(node.target) for node in program.graph.nodes if node.op == "call_function")
            and not any(_is_lifted(node) for node in program.graph.output_node().all_input_nodes)):
        _lifted_as_clones(program.graph_module)
        return _as_aten(program, program.graph_module, signature, program.module_call_graph)
    inlined = _inlined_no_grad_body(program)
    return inlined if inlined is not None else program.run_decompositions({})


def _as_aten(program, graph_module, signature, module_call_graph):
    return torch.export.ExportedProgram(
        root=graph_module, graph=graph_module.graph, graph_signature=signature,
        state_dict=program.state_dict, range_constraints=program.range_constraints,
        module_call_graph=module_call_graph, example_inputs=program.example_inputs, constants=program.constants)


def _inlined_no_grad_body(program):
    """The ATen-level program of a graph that is one no-grad region (a graph-mode session's or a Keras model's
    inference call: `wrap_with_set_grad_enabled(False, body, *inputs)` and its outputs' `getitem`s) over ops
    `_kept_as_is`: the body's nodes copied in place of the region, as `run_decompositions({})` inlines it. None for
    any other graph."""
    calls = [node for node in program.graph.nodes if node.op == "call_function"]
    regions = [node for node in calls if node.target is torch.ops.higher_order.wrap_with_set_grad_enabled]
    if len(regions) != 1 or regions[0].args[0] is not False:
        return None
    region = regions[0]
    if any(node is not region and not (node.target is operator.getitem and node.args[0] is region) for node in calls):
        return None
    body = getattr(program.graph_module, region.args[1].target).graph
    if any(node.op == "get_attr" or (node.op == "call_function" and not _kept_as_is(node.target))
           for node in body.nodes):
        return None
    graph, env = torch.fx.Graph(), {}
    for node in program.graph.nodes:
        if node.op == "placeholder":
            env[node] = graph.node_copy(node)
    inner = dict(zip([node for node in body.nodes if node.op == "placeholder"], [env[a] for a in region.args[2:]]))
    for node in body.nodes:
        if node.op == "call_function":
            inner[node] = graph.node_copy(node, lambda n: inner[n])
        elif node.op == "output":
            results = node.args[0]
    for node in calls:
        if node is not region:
            env[node] = inner[results[node.args[1]]]
            if env[node].op != "call_function":  # an input returned as is: leave it to torch
                return None
    outputs = [env[node] for node in program.graph.output_node().args[0]]
    graph.output(tuple(outputs))
    _lifted_as_clones(graph)
    names = {old.name: new.name for old, new in zip(program.graph.output_node().args[0], outputs)}
    specs = program.graph_signature.output_specs
    if any(type(spec.arg) is not graph_signature.TensorArgument for spec in specs):
        return None
    signature = graph_signature.ExportGraphSignature(
        input_specs=program.graph_signature.input_specs,
        output_specs=[graph_signature.OutputSpec(kind=spec.kind, arg=graph_signature.TensorArgument(
            name=names[spec.arg.name]), target=spec.target) for spec in specs])
    call_graph = copy.deepcopy(program.module_call_graph)
    for entry in call_graph:
        for arg in (entry.signature.outputs if entry.signature is not None else ()):
            if isinstance(arg, graph_signature.TensorArgument) and arg.name in names:
                arg.name = names[arg.name]
    return _as_aten(program, torch.fx.GraphModule(program.graph_module, graph), signature, call_graph)


def _kept_as_is(target):
    """True for an op `run_decompositions({})` leaves unchanged, or changes only as `_lifted_as_clones` does: a
    functional ATen op without a composite kernel."""
    return (isinstance(target, torch._ops.OpOverload) and target.namespace == "aten"
            and not target._schema.is_mutable and not any(a.alias_info for a in target._schema.arguments)
            and not torch._C._dispatch_has_kernel_for_dispatch_key(target.name(), "CompositeImplicitAutograd"))


def _lifted_as_clones(graph_or_module):
    """`aten.lift_fresh_copy(c)` (a constant lifted into the graph) as `aten.clone(c)` named `clone`, as
    `run_decompositions({})` writes it (it has no composite kernel, yet is not kept)."""
    module = graph_or_module if isinstance(graph_or_module, torch.fx.GraphModule) else None
    graph = module.graph if module is not None else graph_or_module
    lifted = [node for node in graph.nodes if _is_lifted(node)]
    for node in lifted:
        node.target = torch.ops.aten.clone.default
        node._rename("clone")
    if lifted and module is not None:
        module.recompile()


def _is_lifted(node):
    return node.op == "call_function" and node.target is torch.ops.aten.lift_fresh_copy.default


def _export_ragged(function, specs, state, label):
    """`export` for a function with RaggedTensor inputs: a program over their components (ragged_programs.py);
    the output layout is kept on the program (`keraslike_output_layout`)."""
    layout = {}
    module = _Capture(ragged_programs.flat_function(function, specs, layout), state)
    components = ragged_programs.component_specs(specs)
    dynamic = tuple({i: torch.export.Dim.AUTO for i, d in enumerate(s.shape.as_list()) if d is None} or None
                    for s in components)
    first = None
    for sizes in ((3, 5, 7, 11), (4, 6, 9, 13)):
        examples = ragged_programs.examples(specs, sizes)
        if examples is None:
            break
        try:
            # size-oblivious: a row count of 0 or 1 stays free (else torch fixes `nrows >= 2` into the program)
            with torch.fx.experimental._config.patch(backed_size_oblivious=True):
                program = aten_program(torch.export.export(module, examples, dynamic_shapes=(dynamic,),
                                                           strict=False))
        except Exception as err:  # noqa: BLE001 - reported as ExportError below
            first = first or err
            continue
        program.keraslike_output_layout = layout["value"]
        return program
    raise _export_error(label, first or ValueError("ragged inputs mixed with dense ones"))


def _export_error(label, first):
    error = ExportError(
        f"Cannot save {label} as a torch.export program (keraslike's SavedModel runs functions without their "
        f"Python class through torch.export){_where(first)}: {_first_line(first)}. torch.export captures torch ops "
        "on tensors: Python decisions on tensor values (`if x > 0:`, `while`, `.numpy()`, `.item()`, `int(t)`, "
        "`bool(t)`) and non-tensor work cannot be captured; write them with tensor ops (tf.where, tf.cond on "
        "tensors, tf.maximum), or save without this function in an input_signature.")
    error.__cause__ = first
    return error


def output_specs(program):
    """`(kind, [(name, shape, dtype)])` of a program's outputs: kind "dict" (the keys name them), "tensor" or
    "sequence" (`output_<i>`)."""
    node = next(n for n in program.graph.nodes if n.op == "output")
    kinds = [s.kind.name for s in program.graph_signature.output_specs]
    values = [getattr(a, "meta", {}).get("val") for a, k in zip(node.args[0], kinds) if k == "USER_OUTPUT"]
    spec = program.call_spec.out_spec
    kind = "tensor" if spec is None or spec.is_leaf() else "dict" if spec.type is dict else "sequence"
    names = [str(k) for k in spec.context] if kind == "dict" and len(spec.context) == len(values) else \
        [f"output_{i}" for i in range(len(values))]
    out = []
    for name, value in zip(names, values):
        if value is None or not hasattr(value, "shape"):
            continue
        shape = [int(d) if _is_concrete(d) else None for d in value.shape]
        out.append((name, shape, value.dtype))
    return kind, out


def save_program(program, directory, name):
    """Writes `program` to `directory/keraslike_programs/<name>.pt2`; returns the relative path."""
    os.makedirs(os.path.join(directory, PROGRAMS_DIRECTORY), exist_ok=True)
    relative = f"{PROGRAMS_DIRECTORY}/{name}.pt2"
    torch.export.save(program, os.path.join(directory, relative))
    return relative


def load_program(directory, relative):
    """The `ExportedProgram` at `directory/relative` (a name inside `keraslike_programs/` only).

    Every `torch.load` inside is weights-only: nothing in the file is unpickled beyond tensors.

    Raises:
        ValueError: a path outside the programs folder, or a missing file.
    """
    parts = relative.split("/")
    if len(parts) != 2 or parts[0] != PROGRAMS_DIRECTORY or parts[1] in ("", ".", "..") or "\\" in relative:
        raise ValueError(f"Expected a program file inside {PROGRAMS_DIRECTORY}/. Received: program={relative!r}")
    path = os.path.join(directory, relative)
    if not os.path.isfile(path):
        raise ValueError(f"The SavedModel in {directory} lacks its program file {relative}. "
                         f"Received: program={relative!r}")
    with _weights_only_loads():
        return torch.export.load(path)


@contextlib.contextmanager
def _weights_only_loads():
    """Inside, every `torch.load` is weights-only (torch.export.load falls back to full unpickling on a failed
    weights-only load; a SavedModel from elsewhere must never run code when loaded)."""
    saved = {name: os.environ.pop(name, None) for name in _WEIGHTS_ONLY_ENV}
    os.environ["TORCH_FORCE_WEIGHTS_ONLY_LOAD"] = "1"
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _compatible(spec, value):
    shape = spec.shape.as_list() if spec.shape.rank is not None else None
    if shape is None:
        return True
    return len(shape) == value.dim() and all(d is None or d == v for d, v in zip(shape, value.shape))


class ConcreteProgram:
    """One exported computation of a loaded object: input specs, the program, and its live state."""

    def __init__(self, label, specs, program=None, state=None, reason=None, shapes=None, layout=None, ranked=None):
        self.label, self.specs, self.reason = label, list(specs), reason
        self._ranked = list(ranked or [])  # inputs of unknown rank: one ConcreteProgram per rank captured
        self._shapes = shapes
        self._components = ragged_programs.component_specs(self.specs)  # the program's inputs (ragged: split)
        self._layout = layout  # how flat outputs form RaggedTensors (ragged_programs.py), or None
        self._module = program.module() if program is not None else None
        # a variable the program updates in place (`assign`) is handed over detached: same storage, so the
        # update reaches it, without autograd refusing an in-place change of a leaf that requires grad
        mutated = set(program.graph_signature.buffers_to_mutate.values()) if program is not None else set()
        self._state = {k: v.detach() if k in mutated else v for k, v in (state or {}).items()}

    @property
    def runnable(self):
        return self._module is not None or bool(self._ranked)

    def matches(self, args):
        if self._ranked:
            return any(p.matches(args) for p in self._ranked)
        return len(args) == len(self._components) and all(_compatible(s, a) for s, a in zip(self._components, args))

    def convert(self, values):
        """The program's input tensors for call arguments (RaggedTensors as their components).

        Raises:
            TypeError: an argument of another dtype (or a ragged argument that does not fit its spec).
        """
        if len(self._components) != len(self.specs):
            values = ragged_programs.split(self.specs, values)
            if values is None:
                raise TypeError(f"Expected RaggedTensors fitting the ragged input specs of {self.label}. "
                                f"Received: arguments that do not fit {self.specs}")
        out = []
        for value, spec in zip(values, self._components):
            dtype = as_spec_dtype(spec.dtype)
            if dtype is string:
                raise TypeError(f"{self.label} cannot run here: {self.reason}. Received: {spec!r}")
            if isinstance(value, torch.Tensor):
                if value.dtype != dtype:
                    raise TypeError(f"Expected argument {spec.name!r} of {self.label} to be {dtype}. "
                                    f"Received: dtype={value.dtype}")
                out.append(value)
            else:
                out.append(to_tensor(value, dtype))
        return out

    def check_shapes(self, tensors):
        """Raises ValueError for a tensor whose shape differs from a size the computation fixed."""
        for spec, shape, value in zip(self._components, self._shapes or [], tensors):
            if len(shape) != value.dim() or any(d is not None and d != v for d, v in zip(shape, value.shape)):
                raise ValueError(f"{self.label} was captured for input {spec.name!r} of shape "
                                 f"{tuple(shape)} (its computation fixes the sizes given; None is free). "
                                 f"Received: shape={tuple(value.shape)}")

    def __call__(self, *tensors):
        if self._module is not None:
            self.check_shapes(tensors)
        if self._module is None and self._ranked:
            for program in self._ranked:
                if program.matches(tensors):
                    return program(*tensors)
            unknown = next(i for i, spec in enumerate(self.specs) if spec.shape.rank is None)
            ranks = [len(p.specs[unknown].shape) for p in self._ranked]
            raise ValueError(f"{self.label} takes inputs of unknown rank; this SavedModel holds its programs for "
                             f"the ranks {sorted(set(ranks))} (torch.export needs ranks). Received: shapes="
                             f"{[tuple(t.shape) for t in tensors]}")
        if self._module is None:
            raise NotImplementedError(
                f"{self.label} has no torch.export program in this SavedModel ({self.reason}), and its Python class "
                "is not importable here: import the class before tf.saved_model.load to run its Python code.")
        result = torch.func.functional_call(self._module, self._state, tensors, tie_weights=False, strict=True)
        return ragged_programs.unflatten(self._layout, result) if self._layout is not None else result


class LoadedFunction:
    """An attribute of a loaded object that was a `tf.function`: runs the first concrete program whose input
    specs fit the arguments (TF's restored function).

    Raises (when called):
        ValueError: no program takes such arguments (as TF: "Could not find matching concrete function").
    """

    def __init__(self, name, programs):
        self.__name__ = name
        self._programs = list(programs)

    @property
    def concrete_programs(self):
        return list(self._programs)

    def __call__(self, *args, **kwargs):
        for program in self._programs:
            names = [s.name for s in program.specs]
            if kwargs and not set(kwargs) <= set(names[len(args):]):
                continue
            values = list(args) + [kwargs[n] for n in names[len(args):] if n in kwargs]
            if len(values) != len(names):
                continue
            if not program.runnable:
                return program(*values)  # raises with the reason it has no program
            try:
                tensors = program.convert(values)
            except (TypeError, ValueError):
                continue
            if program.matches(tensors):
                if len(self._programs) > 1:  # another program may take this shape
                    try:
                        program.check_shapes(tensors)
                    except ValueError:
                        continue
                return program(*tensors)
        expected = "\n".join(f"  {[s for s in p.specs]}" for p in self._programs)
        raise ValueError(f"Could not find matching concrete function to call loaded from the SavedModel. Got:\n"
                         f"  args={args!r:.200} kwargs={kwargs!r:.200}\nExpected one of these input specs:\n"
                         f"{expected}\nReceived: {self.__name__}")

    def __repr__(self):
        return f"<restored function {self.__name__}>"
