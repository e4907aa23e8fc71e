"""The import structure of keraslike (shared/DESIGN.md §1, issue 16).

- `_src` is the implementation and the public packages (`keraslike/__init__.py`, `keraslike/keras/`, ...) are
  the face: no `_src` module imports the face, at the top or inside a function.
- The module import graph, read with `ast` from top-level AND function-level imports, has no cycle: a
  function-level import does not hide one.
- A function-level import is for an optional dependency or a measured import-time cost, and a comment on its
  line (or the line above) says which.
- The floors of `_src` hold (FLOOR_RULES, issue 27): ops, placement, config, autodiff, data, distribute and launch
  never reach `_src.keras`; launch never reaches distribute; the tensor floors never reach tf.data. The imports
  that still break a rule are listed one by one in FLOOR_EXCEPTIONS.

Run:
    python -m pytest -q tests/test_import_structure.py
"""

import ast
import functools
import gc
import importlib
import pathlib

import pytest

import keraslike
from keraslike._src.distribute import context, contract
from keraslike._src.distribute import strategy as strategy_module

PACKAGE_DIR = pathlib.Path(keraslike.__file__).resolve().parent
ROOT = "keraslike"
SRC = "keraslike._src"


def _module_name(path):
    parts = list(path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@functools.lru_cache(maxsize=1)
def all_modules():
    """{module name: path} of every module of the keraslike package (packages by their `__init__.py`)."""
    return {_module_name(path): path for path in sorted(PACKAGE_DIR.rglob("*.py"))}


@functools.lru_cache(maxsize=None)
def _parsed(path):
    """(source, tree) of a file: each keraslike module is read and parsed once for all the checks of this file
    (parsing the ~700 modules takes seconds of CPU; the checks only read the trees)."""
    source = path.read_text()
    return source, ast.parse(source, str(path))


@pytest.fixture(scope="module", autouse=True)
def _forget_the_trees():
    """The collector is paused while this file's tests run: the trees hold no reference cycle, and while they are
    alive each full collection (triggered by the parses' and walks' millions of new objects) walks all of them and
    every other object of the test process (measured: 7.1 s of CPU for this file's tests with it on, 2.6 s
    paused)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        _import_statements.cache_clear()
        _parsed.cache_clear()  # the trees of the whole package are hundreds of MB: not for the rest of the run
        if was_enabled:
            gc.enable()


_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


@functools.lru_cache(maxsize=None)
def _import_statements(path):
    """[(import node, in_function)] of every import statement in a file, from one walk of its tree (shared by the
    graph and the comment checks)."""
    found, stack = [], [(_parsed(path)[1], False)]
    while stack:
        node, in_function = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append((node, in_function))
            continue
        in_function = in_function or isinstance(node, _FUNCTIONS)
        stack.extend((child, in_function) for child in ast.iter_child_nodes(node))
    found.sort(key=lambda item: (item[0].lineno, item[0].col_offset))
    return found


def _absolute_imports(module, is_package, statements):
    """[(absolute module, names, line, in_function)] for the import statements of `module`."""
    package = module if is_package else module.rpartition(".")[0]
    found = []
    for node, in_function in statements:
        if isinstance(node, ast.Import):
            found.extend((alias.name, (), node.lineno, in_function) for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")
            anchor = anchor[:len(anchor) - (node.level - 1)]
            base = ".".join(anchor + ([base] if base else []))
        found.append((base, tuple(alias.name for alias in node.names), node.lineno, in_function))
    return found


def imports_of(module, path):
    """[(target module, line, in_function)] for the keraslike modules `module` imports.

    `from a.b import c` targets `a.b.c` when that is a module, else `a.b`; imports outside keraslike are left out.
    """
    modules = all_modules()
    targets = []
    for base, names, line, in_function in _absolute_imports(module, path.name == "__init__.py",
                                                            _import_statements(path)):
        if base != ROOT and not base.startswith(ROOT + "."):
            continue
        submodules = [f"{base}.{name}" for name in names if f"{base}.{name}" in modules]
        if not names or len(submodules) < len(names):
            targets.append((base, line, in_function))
        targets.extend((sub, line, in_function) for sub in submodules)
    return targets


@functools.lru_cache(maxsize=1)
def _all_imports():
    """{module: imports_of(module)} for every keraslike module, each file read and parsed once."""
    return {module: imports_of(module, path) for module, path in all_modules().items()}


def _is_public(target):
    return not (target == SRC or target.startswith(SRC + "."))


def upward_imports():
    """['_src module:line imports public module'] for every import of the face from `_src`."""
    found = []
    for module, imports in _all_imports().items():
        if not module.startswith(SRC):
            continue
        for target, line, in_function in imports:
            if _is_public(target):
                where = "function-level" if in_function else "top-level"
                found.append(f"{module}:{line} imports {target} ({where})")
    return found


def import_graph():
    """{module: {imported keraslike module: (line, in_function)}} over top-level and function-level imports."""
    graph = {}
    for module, imports in _all_imports().items():
        edges = graph.setdefault(module, {})
        for target, line, in_function in imports:
            if target != module:
                edges.setdefault(target, (line, in_function))
    return graph


def strongly_connected_components(graph):
    """Tarjan's algorithm, iteratively; returns the components of more than one module (each one a cycle)."""
    index, low, on_stack, stack, components = {}, {}, set(), [], []
    counter = [0]
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph.get(root, ())))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph.get(child, ()))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return components


def describe_cycle(graph, component):
    """One cycle through the component, as 'a:line -> b:line -> ... -> a' (a breadth-first shortest loop)."""
    members = set(component)
    start = component[0]
    previous = {start: None}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in graph[node]:
                if child not in members:
                    continue
                if child == start:
                    path = [node]
                    while previous[path[-1]] is not None:
                        path.append(previous[path[-1]])
                    path.reverse()
                    hops = []
                    for here, there in zip(path, path[1:] + [start]):
                        line, in_function = graph[here][there]
                        hops.append(f"{here}:{line}{' (in a function)' if in_function else ''}")
                    return " -> ".join(hops + [start]) + f"   [{len(component)} modules in this cycle]"
                if child not in previous:
                    previous[child] = node
                    following.append(child)
        frontier = following
    return " ".join(component)


def function_level_imports():
    """['module:line imports target'] for every function-level import of a keraslike module."""
    return [f"{module}:{line} imports {target}"
            for module, imports in _all_imports().items()
            for target, line, in_function in imports if in_function]


def unexplained_function_level_imports():
    """['module:line: statement'] for each function-level import (of any package) with no comment saying why."""
    found = []
    for module, path in all_modules().items():
        source = _parsed(path)[0]
        lines = source.split("\n")
        for inner, in_function in _import_statements(path):
            if in_function:
                text = lines[inner.lineno - 1:inner.end_lineno]
                above = lines[inner.lineno - 2].strip() if inner.lineno > 1 else ""
                if not any("#" in line for line in text) and not above.startswith("#"):
                    found.append(f"{module}:{inner.lineno}: {text[0].strip()}")
    return sorted(set(found))


def test_every_function_level_import_says_why():
    found = unexplained_function_level_imports()
    assert not found, ("function-level imports without a comment naming the optional dependency or the measured "
                       "import-time cost they avoid (otherwise import at the top):\n" + "\n".join(found))


def test_the_public_face_only_re_exports():
    """Public modules define no function or class (a module `__getattr__` aside): the code is in `_src`."""
    found = []
    for module, path in all_modules().items():
        if module.startswith(SRC) or module.startswith(SRC.rpartition(".")[0] + "._"):
            continue
        for node in _parsed(path)[1].body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name != "__getattr__":
                found.append(f"{module}:{node.lineno} defines {node.name}")
    assert not found, "implementation in the public face (move it under keraslike/_src):\n" + "\n".join(found)


def test_every_src_module_imports():
    failures = []
    for module in all_modules():
        if module.startswith(SRC):
            try:
                importlib.import_module(module)
            except Exception as error:  # noqa: BLE001 - collect every failing module, then report them all
                failures.append(f"{module}: {type(error).__name__}: {error}")
    assert not failures, "modules of keraslike._src that fail to import:\n" + "\n".join(failures)


def test_src_never_imports_the_public_face():
    found = upward_imports()
    assert not found, ("keraslike._src imports the public face (assemble public names in keraslike/ instead):\n"
                       + "\n".join(found))


def test_no_import_cycles():
    graph = import_graph()
    cycles = [describe_cycle(graph, component) for component in strongly_connected_components(graph)]
    assert not cycles, f"{len(cycles)} import cycles (top-level and function-level imports):\n" + "\n".join(cycles)


def test_the_graph_reader_finds_imports_and_cycles(tmp_path):
    graph = {"a": {"b": (1, False)}, "b": {"c": (2, True)}, "c": {"a": (3, False)}, "d": {"a": (1, False)}}
    (component,) = strongly_connected_components(graph)
    assert component == ["a", "b", "c"]
    assert describe_cycle(graph, component).startswith("a:1 -> b:2 (in a function) -> c:3 -> a")
    assert strongly_connected_components({"a": {"b": (1, False)}, "b": {}}) == []
    source = tmp_path / "probe.py"
    source.write_text("import keraslike._src.ops.math\n"
                      "from keraslike._src.ops import array, nothing_here\n"
                      "def f():\n    from keraslike import keras\n"
                      "import numpy\n")
    found = imports_of(f"{SRC}.ops.probe", source)
    assert found == [(f"{SRC}.ops.math", 1, False), (f"{SRC}.ops", 2, False), (f"{SRC}.ops.array", 2, False),
                     (f"{ROOT}.keras", 4, True)]


# Checkpoints and the object-graph protocol sit below Keras (issue 23): `_src/train/` reaches Keras objects only
# through the protocol they implement (`module/trackable.py`), never by importing Keras classes. The two file
# helpers it still takes from `keras/saving` (atomic chief-only writes, bounded reads) hold no Keras class.
# `_src/saved_model/` is to follow the same rule (it imports Layer and serialization_lib today).
BELOW_KERAS = ("keraslike._src.train", "keraslike._src.module")
KERAS = "keraslike._src.keras"
FILE_HELPERS = ("keraslike._src.keras.saving.file_io", "keraslike._src.keras.saving.bounded_read")


def keras_imports_below_keras():
    """['module:line imports target'] for each import of Keras code by a module that sits below Keras."""
    return [f"{module}:{line} imports {target}"
            for module, imports in _all_imports().items()
            if module.startswith(BELOW_KERAS)
            for target, line, _ in imports
            if (target == KERAS or target.startswith(KERAS + ".")) and target not in FILE_HELPERS]


def test_checkpoints_and_tracking_never_import_keras():
    found = keras_imports_below_keras()
    assert not found, ("train/ and module/ import Keras (Keras objects implement the checkpoint protocol of "
                       "module/trackable.py instead):\n" + "\n".join(found))


# The floors of `_src` (issue 27): a row says that no module of the floor reaches (imports, directly or through
# any chain of modules, top-level or function-level) the floor above it. Tensor types (`TensorShape`,
# `TensorSpec`, the shape methods) and the pure-numpy string hashes sit in `ops/` beside `dtypes.py`, so the
# tensor floors need neither tf.data nor Keras.
FLOOR_RULES = (
    # (floor, never reaches, why)
    ("ops", "keras", "TF ops over torch tensors; Keras is built on them"),
    ("placement", "keras", "device names and scopes sit below every op"),
    ("config", "keras", "physical/logical devices sit below every op"),
    ("autodiff", "keras", "GradientTape and tf.function serve Keras, not the reverse"),
    ("data", "keras", "tf.data feeds Keras; Keras adapts datasets, datasets know no Keras"),
    ("distribute", "keras", "strategies run Keras steps through their contract, not Keras classes"),
    ("launch", "keras", "the launcher re-runs scripts; it knows no model"),
    ("launch", "distribute", "strategies read the launch environment; the launcher never builds a strategy"),
    ("ragged", "keras", "composite tensors are tensor types"),
    ("sparse", "keras", "composite tensors are tensor types"),
    ("strings", "keras", "tf.strings ops are ops"),
    ("lookup", "keras", "tf.lookup tables are ops; Keras lookup layers use them"),
    ("io", "keras", "tf.io parsing and serialization are ops"),
    ("nest", "keras", "tf.nest is below everything that walks structures"),
    ("ops", "data", "tensor types live in ops/ (TensorShape, TensorSpec, shape methods)"),
    ("placement", "data", "below every op"),
    ("config", "data", "below every op"),
    ("ragged", "data", "RaggedTensorSpec builds on ops/tensor_spec.py, not on tf.data"),
    ("sparse", "data", "SparseTensorSpec builds on ops/tensor_spec.py, not on tf.data"),
    ("strings", "data", "string ops need the string hashes of ops/, not tf.data"),
    ("lookup", "data", "tables need the string hashes of ops/, not tf.data"),
    ("io", "data", "parsing specs build on ops/tensor_spec.py, not on tf.data"),
)

# The imports that still break a rule, each (importing module, imported module), to be removed by the issue
# named. The test below fails when one of them disappears (delete it here) or a new one appears.
FLOOR_EXCEPTIONS = {
}


def _in_floor(module, floor):
    package = f"{SRC}.{floor}"
    return module == package or module.startswith(package + ".")


def floor_path(graph, floor, above):
    """The shortest import chain 'a:line -> b:line -> ... -> target' from `floor` into `above`, else None."""
    previous = {module: None for module in graph if _in_floor(module, floor)}
    frontier = list(previous)
    while frontier:
        following = []
        for node in frontier:
            for child in graph.get(node, ()):
                if child in previous:
                    continue
                previous[child] = node
                if _in_floor(child, above):
                    chain = [child]
                    while previous[chain[-1]] is not None:
                        chain.append(previous[chain[-1]])
                    chain.reverse()
                    hops = [f"{here}:{graph[here][there][0]}" for here, there in zip(chain, chain[1:])]
                    return " -> ".join(hops + [child])
                following.append(child)
        frontier = following
    return None


def floor_violations(graph):
    """['floor never reaches above: chain'] for each rule of FLOOR_RULES the graph breaks."""
    found = []
    for floor, above, _ in FLOOR_RULES:
        chain = floor_path(graph, floor, above)
        if chain:
            found.append(f"{floor} never reaches {above}: {chain}")
    return found


def test_the_floors_hold():
    graph = {module: {target: where for target, where in edges.items() if (module, target) not in FLOOR_EXCEPTIONS}
             for module, edges in import_graph().items()}
    found = floor_violations(graph)
    assert not found, ("an import reaches a floor above its own (move the shared piece down, or pass it in):\n"
                       + "\n".join(found))


def test_the_floor_exceptions_are_current():
    graph = import_graph()
    stale = [f"{module} -> {target}" for module, target in sorted(FLOOR_EXCEPTIONS) if target not in graph[module]]
    assert not stale, "FLOOR_EXCEPTIONS lists imports that are gone (remove them):\n" + "\n".join(stale)
    broken = floor_violations(graph)
    assert len(broken) == len(FLOOR_EXCEPTIONS), broken


def test_the_floor_reader_follows_chains():
    graph = {f"{SRC}.ops.a": {f"{SRC}.nest.b": (3, False)}, f"{SRC}.nest.b": {f"{SRC}.keras.c": (7, True)},
             f"{SRC}.keras.c": {}, f"{SRC}.data.d": {f"{SRC}.ops.a": (1, False)}}
    assert floor_path(graph, "ops", "keras") == f"{SRC}.ops.a:3 -> {SRC}.nest.b:7 -> {SRC}.keras.c"
    assert floor_path(graph, "data", "keras").startswith(f"{SRC}.data.d:1 -> {SRC}.ops.a:3")
    assert floor_path(graph, "ops", "data") is None
    assert floor_path(graph, "keras", "ops") is None


# One door for distribution (issue 27 change 1): Keras code reaches a strategy only through the documented
# contract (`_src/distribute/contract.py`), never through a strategy's private members, and never runs a
# collective itself (reductions go through the contract or `get_replica_context().all_reduce`, as in TF).
DISTRIBUTE = "keraslike._src.distribute"
COLLECTIVE_MODULES = tuple(f"{DISTRIBUTE}.{name}" for name in ("collectives", "process_group", "batch_split"))


def keras_imports_of_collectives():
    """['module:line imports target'] for each Keras module importing the collectives or their siblings."""
    return [f"{module}:{line} imports {target}"
            for module, imports in _all_imports().items()
            if module == KERAS or module.startswith(KERAS + ".")
            for target, line, _ in imports if target in COLLECTIVE_MODULES]


def _names_a_strategy(node):
    """Whether an expression is spelled as a strategy: `strategy`, `self._strategy`, `model.distribute_strategy`."""
    if isinstance(node, ast.Name):
        return "strategy" in node.id.lower()
    if isinstance(node, ast.Attribute):
        return "strategy" in node.attr.lower()
    if isinstance(node, ast.Call):  # `tf.distribute.get_strategy()._x`
        return _names_a_strategy(node.func)
    return False


def _private(name):
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_strategy_members(source, where="<source>", tree=None):
    """['where:line strategy._x'] for each private member read off a strategy (`s._x`, `getattr(s, "_x")`);
    `tree`: `source` already parsed."""
    found = []
    if "strategy" not in source.lower():  # each finding names a strategy in the text: no walk of this tree
        return found
    for node in ast.walk(ast.parse(source, where) if tree is None else tree):
        if isinstance(node, ast.Attribute) and _private(node.attr) and _names_a_strategy(node.value):
            found.append(f"{where}:{node.lineno} {ast.unparse(node)}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "hasattr", "setattr") and len(node.args) >= 2
              and _names_a_strategy(node.args[0]) and isinstance(node.args[1], ast.Constant)
              and isinstance(node.args[1].value, str) and _private(node.args[1].value)):
            found.append(f"{where}:{node.lineno} {ast.unparse(node)}")
    return found


def test_keras_code_never_imports_the_collectives():
    found = keras_imports_of_collectives()
    assert not found, ("Keras code runs collectives through the strategy's contract (distribute/contract.py) or "
                       "`get_replica_context().all_reduce`, not by importing them:\n" + "\n".join(found))


def test_no_private_strategy_member_is_read_outside_distribute():
    found = []
    for module, path in all_modules().items():
        if module == DISTRIBUTE or module.startswith(DISTRIBUTE + "."):
            continue
        source, tree = _parsed(path)
        found += private_strategy_members(source, module, tree)
    assert not found, ("a strategy's private members are read outside _src/distribute (add what is needed to the "
                       "contract, distribute/contract.py):\n" + "\n".join(found))


def test_the_strategy_member_reader_finds_every_spelling():
    source = ("strategy._rank\nself._strategy._device\nmodel._distribute_strategy._replica_step()\n"
              "getattr(model.distribute_strategy, '_is_chief', True)\nstrategy.rank\nself._strategy\n"
              "metric._strategy = strategy\nstrategy.__class__\ngetattr(context.get_strategy(), '_x', 1)\n")
    found = private_strategy_members(source)
    assert sorted(line.split(" ", 1)[1] for line in found) == sorted([
        "strategy._rank", "self._strategy._device", "model._distribute_strategy._replica_step",
        "getattr(model.distribute_strategy, '_is_chief', True)", "getattr(context.get_strategy(), '_x', 1)"])


def test_every_strategy_implements_the_contract():
    members = [name for name in vars(contract.StrategyContract) if not name.startswith("_")]
    missing = [name for name in members if not hasattr(strategy_module.Strategy, name)]
    assert not missing and len(members) >= 15, missing
    assert isinstance(context.default_strategy(), contract.StrategyContract)
