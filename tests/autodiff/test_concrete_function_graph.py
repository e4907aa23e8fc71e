"""`ConcreteFunction.graph`: the graph of a `tf.function` trace, as the tf.function and intro_to_graphs guides
print it (`graph.as_graph_def().node`, node names and inputs, `len(...node)` of an unrolled Python loop).

Values are TF 2.21's (`tests/golden/make_func_graph_golden.py` writes `func_graph.json`): each case's source
runs here with `tf` bound to keraslike. What keraslike cannot record as TF does (Python control flow on a traced
tensor, a loop over a dataset) raises, naming the feature, instead of printing a different graph.
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


def test_python_control_flow_on_tensor_raises_naming_autograph():
    # intro_to_graphs: simple_relu's `if tf.greater(x, 0)` is a cond in TF's graph
    def simple_relu(x):
        if tf.greater(x, 0):
            return x
        return 0

    concrete = tf.function(simple_relu).get_concrete_function(tf.constant(1))
    with pytest.raises(GraphNotRecorded, match="AutoGraph"):
        _ = concrete.graph
    assert concrete(tf.constant(-3)).numpy() == 0  # the function itself still runs


def test_loop_over_dataset_raises_naming_it():
    @tf.function
    def train(dataset):
        loss = tf.constant(0)
        for x, y in dataset:
            loss += tf.abs(y - x)
        return loss

    ds = tf.data.Dataset.from_generator(lambda: [(1, 1)] * 3, (tf.int32, tf.int32))
    with pytest.raises(GraphNotRecorded, match="tf.data.Dataset"):
        _ = train.get_concrete_function(ds).graph
    assert int(train(ds)) == 0


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
