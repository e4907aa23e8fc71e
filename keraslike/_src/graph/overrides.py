"""The public names whose graph-mode meaning differs from "record the eager op" (see `dispatch`).

Each replacement defers to the eager function when no graph is the default.
"""

from keraslike._src.autodiff import gradient_tape
from keraslike._src.graph import control_flow, dispatch, framework
from keraslike._src.graph import gradients as graph_gradients
from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import variables as graph_variables
from keraslike._src.ops import framework_ops


def gradients(ys, xs, grad_ys=None, name="gradients", **kwargs):
    """`tf.gradients`: graph tensors of d(sum ys)/dx in graph mode; TF's eager error otherwise."""
    if graph_lib.default_graph() is None:
        return framework_ops.gradients(ys, xs, grad_ys, name, **kwargs)
    return graph_gradients.gradients(ys, xs, grad_ys, name, **kwargs)


for _name, _fn in {
    "convert_to_tensor": framework.convert_to_tensor, "is_tensor": framework.is_tensor,
    "is_symbolic_tensor": framework.is_symbolic_tensor, "get_static_value": framework.get_static_value,
    "control_dependencies": framework.control_dependencies, "group": framework.group, "no_op": framework.no_op,
    "tuple": framework.tuple, "device": framework.device, "name_scope": framework._ScopeOrV2,
    "gradients": gradients, "stop_gradient": dispatch.graph_op(gradient_tape.stop_gradient, "stop_gradient"),
    "import_graph_def": framework.import_graph_def, "Variable": graph_variables.Variable,
}.items():
    dispatch.register_override(_name, _fn)
for _name, _fn in {"cond": control_flow.cond, "while_loop": control_flow.while_loop, "case": control_flow.case,
                   "switch_case": control_flow.switch_case}.items():
    dispatch.register_override(_name, _fn)
