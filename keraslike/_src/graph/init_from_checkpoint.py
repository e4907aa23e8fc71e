"""`tf.compat.v1.train.init_from_checkpoint`: make variables start from a checkpoint's values.

`assignment_map` maps checkpoint names to current variables, as TF's:
- `{"old/w": "new/w"}` or `{"old/w": variable}`: one variable (or a list of them, a partitioned one);
- `{"old/": "new/"}`: every `get_variable` variable under "new/" from the same name under "old/";
- `{"/": "new/"}`: the whole checkpoint into the scope "new/".
In graph mode the variables' initializers are replaced, so `global_variables_initializer()` then loads the
checkpoint's values; eager variables are assigned right away.
"""

import os

from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import record
from keraslike._src.graph.variables import AssignOp, GraphVariable
from keraslike._src.ops import conversion
from keraslike._src.ops.variables import Variable
from keraslike._src.train import checkpoint_utils


def _is_variable(value):
    if isinstance(value, (list, tuple)):
        return bool(value) and all(_is_variable(v) for v in value)
    return isinstance(value, (GraphVariable, Variable))


def _set_initial(variable, reader, name):
    value = reader.get_tensor(name)
    if isinstance(variable, GraphVariable):
        graph = variable.graph
        with graph.name_scope(variable.op.name + "/"):
            constant = record.record_call(conversion.convert_to_tensor, (value,), {"dtype": variable.dtype},
                                          "Const", None, graph)
            variable.initializer = AssignOp(graph, graph.unique_name("checkpoint_initializer"), variable, constant)
    else:
        variable.assign(value)


def _init_one(variable, reader, name, ckpt):
    shapes = reader.get_variable_to_shape_map()
    if name not in shapes:
        raise ValueError(f"Tensor {name} is not found in {ckpt} checkpoint {shapes}")
    parts = list(variable) if isinstance(variable, (list, tuple)) else [variable]
    if len(parts) > 1:
        raise ValueError("keraslike has no partitioned variables; map a checkpoint name to one variable. "
                         f"Received: {len(parts)} variables for {name!r}")
    got = tuple(int(d) for d in parts[0].shape)
    if tuple(shapes[name]) != got:
        raise ValueError(f"Shape of variable {parts[0].name} ({got}) doesn't match with shape of tensor {name} "
                         f"({list(shapes[name])}) from checkpoint reader.")
    _set_initial(parts[0], reader, name)


def init_from_checkpoint(ckpt_dir_or_file, assignment_map):
    """`tf.compat.v1.train.init_from_checkpoint(ckpt_dir_or_file, assignment_map)` (see the module docstring).

    Raises:
        ValueError: a checkpoint name that is missing, a shape that differs, or a scope mapped to a non-scope.
    """
    ckpt = os.fspath(ckpt_dir_or_file)
    reader = checkpoint_utils.load_checkpoint(ckpt)
    names = reader.get_variable_to_shape_map()
    items = assignment_map.items() if isinstance(assignment_map, dict) else assignment_map
    graph = graph_lib.default_graph()
    store = graph.var_store if graph is not None else {}
    for in_ckpt, current in sorted(items, key=lambda kv: kv[0]):
        if _is_variable(current):
            _init_one(current, reader, in_ckpt, ckpt)
            continue
        if current in store:
            _init_one(store[current], reader, in_ckpt, ckpt)
            continue
        scope = current[:current.rindex("/")] if "/" in current else ""
        if not in_ckpt.endswith("/"):
            raise ValueError(f"Assignment map with scope only name {in_ckpt} should map to scope only {current}. "
                             "Should be 'scope/': 'other_scope/'.")
        for var_name in sorted(n for n in store if not scope or n.startswith(scope + "/")):
            tail = var_name[len(scope):]
            if current != "/":
                tail = tail[1:]
            full = tail if in_ckpt == "/" else in_ckpt + tail
            full = full[:-1] if full.endswith("/") else full
            if full not in names:
                raise ValueError(f"Tensor {full} ({var_name[len(scope) + 1:]} in {in_ckpt}) is not found in "
                                 f"{ckpt} checkpoint")
            _init_one(store[var_name], reader, full, ckpt)
