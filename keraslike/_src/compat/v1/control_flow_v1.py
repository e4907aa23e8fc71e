"""`tf.compat.v1.cond` and `tf.compat.v1.while_loop`: TF1's signatures and result structures.

TF1's `cond` takes `strict` (and the deprecated `fn1`/`fn2`): when not strict, a branch result that is a
one-element list or tuple comes back as the element, eagerly and in a graph after `disable_v2_behavior()` (TF's
control flow v1); in a graph after only `disable_eager_execution()` (control flow v2) the list stays.
TF1's `while_loop` takes `return_same_structure` (default False): one loop variable comes back alone, in
a graph whatever the body returns, eagerly when the body returned a bare value. `tf.cond`/`tf.while_loop`
(TF2) always keep the structure. Both handle graph mode themselves (`__keraslike_graph_aware__`), so entering a
TF1 graph does not replace them with the TF2 graph functions.
"""

from keraslike._src.graph import control_flow as graph_control_flow
from keraslike._src.graph import graph as graph_lib


def cond(pred, true_fn=None, false_fn=None, strict=False, name=None, fn1=None, fn2=None):
    """`tf.compat.v1.cond(pred, true_fn, false_fn, strict=False)`.

    Raises:
        TypeError: for both `true_fn` and `fn1` (or `false_fn` and `fn2`), or a missing/non-callable branch.
    """
    true_fn = _deprecated_alias(true_fn, fn1, "true_fn", "fn1")
    false_fn = _deprecated_alias(false_fn, fn2, "false_fn", "fn2")
    result = graph_control_flow.cond(pred, true_fn, false_fn, name=name)
    unpacks = graph_lib.default_graph() is None or graph_lib.v1_behavior()
    if not strict and unpacks and isinstance(result, (list, tuple)) and len(result) == 1:
        return result[0]
    return result


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
               swap_memory=False, name=None, maximum_iterations=None, return_same_structure=False):
    """`tf.compat.v1.while_loop(cond, body, loop_vars, ..., return_same_structure=False)`."""
    if graph_lib.default_graph() is not None:
        return graph_control_flow.while_loop(cond, body, loop_vars, shape_invariants, parallel_iterations, back_prop,
                                             swap_memory, maximum_iterations, name, return_same_structure)
    try_to_pack = isinstance(loop_vars, (list, tuple)) and len(loop_vars) == 1 and not return_same_structure
    packed = []

    def packing_body(*args):
        result = body(*args)
        if try_to_pack and not isinstance(result, (list, tuple)):
            packed.append(True)
            return type(loop_vars)([result])
        return result

    result = graph_control_flow.while_loop(cond, packing_body, loop_vars, shape_invariants, parallel_iterations,
                                           back_prop, swap_memory, maximum_iterations, name)
    return result[0] if packed else result


def _deprecated_alias(value, old, name, old_name):
    if old is None:
        return value
    if value is not None:
        raise TypeError(f"cond(): {name} and {old_name} may not be set simultaneously. "
                        f"Received: {name}={value!r}, {old_name}={old!r}")
    return old


cond.__keraslike_graph_aware__ = True
while_loop.__keraslike_graph_aware__ = True
