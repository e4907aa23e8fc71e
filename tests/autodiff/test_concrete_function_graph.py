"""`ConcreteFunction.graph`: the graph of a `tf.function` trace, as the tf.function and intro_to_graphs guides
print it (`graph.as_graph_def().node`, node names and inputs, `len(...node)` of an unrolled Python loop).

Values are TF 2.21's (`tests/golden/make_func_graph_golden.py` writes `func_graph.json`): each case's source
runs here with `tf` bound to keraslike. What keraslike cannot record as TF does (a variable update, a loop with
`break` over a tensor) raises, naming the feature, instead of printing a different graph; Python control flow on
tensors is recorded as TF's AutoGraph records it (tests/autodiff/test_autograph.py).
"""

import json
import os

import pytest

import keraslike as tf
from keraslike._src.graph.func_graph import GraphNotRecorded

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "golden", "func_graph.json")))


def _concrete(case):
    namespace = {"tf": tf}
    exec(GOLDEN[case]["source"], namespace)  # noqa: S102 - the golden case's source text
    return namespace["concrete"]


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_graph_nodes_match_tf(case):
    graph = _concrete(case).graph
    nodes = [[n.name, n.op, list(n.input)] for n in graph.as_graph_def().node]
    assert nodes == GOLDEN[case]["nodes"]
    assert [t.name for t in graph.inputs] == GOLDEN[case]["inputs"]
    assert [t.name for t in graph.outputs] == GOLDEN[case]["outputs"]
    assert [[op.name, op.type] for op in graph.get_operations()] == GOLDEN[case]["operations"]


def test_graph_def_text_matches_tf():
    # intro_to_graphs: print(tf_function.get_concrete_function(...).graph.as_graph_def())
    assert str(_concrete("full_text").graph.as_graph_def()) == GOLDEN["full_text"]["text"]


def test_measure_graph_size_counts_unrolled_python_loop():
    # the tf.function guide's measure_graph_size: a Python list unrolls, 3 and 10 steps
    assert len(_concrete("unrolled_small").graph.as_graph_def().node) == 11
    assert len(_concrete("unrolled_big").graph.as_graph_def().node) == 32


def test_concrete_function_inputs_outputs_and_captures():
    concrete = _concrete("captures")
    assert [t.name for t in concrete.inputs] == GOLDEN["captures"]["inputs"]
    assert [t.name for t in concrete.outputs] == GOLDEN["captures"]["outputs"]
    assert len(concrete.captured_inputs) == 2
    assert concrete.graph.structured_input_signature == concrete.structured_input_signature


def test_recording_the_graph_has_no_side_effects():
    calls = []
    v = tf.Variable(1.0)

    @tf.function
    def f(x):
        calls.append(1)
        print("tracing")
        v.assign_add(x)
        return v * 2.0

    concrete = f.get_concrete_function(tf.TensorSpec([]))
    n = len(calls)
    with pytest.raises(GraphNotRecorded):  # assign on a captured variable: not in the picture
        _ = concrete.graph
    assert float(v.numpy()) == 1.0
    assert len(calls) == n + 1


def test_variable_update_raises_instead_of_a_graph_without_it():
    # TF's graph would hold an AssignAddVariableOp; keraslike's picture has none, so it refuses
    v = tf.Variable(1.0)

    @tf.function
    def bump():
        v.assign_add(1.0)
        return v.read_value()

    concrete = bump.get_concrete_function()
    with pytest.raises(GraphNotRecorded, match="AssignVariableOp"):
        _ = concrete.graph
    assert float(v.numpy()) == 1.0
