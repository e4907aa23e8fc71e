"""AutoGraph in `ConcreteFunction.graph`: Python control flow on tensors recorded as TF's cond / while ops.

The tf.function and intro_to_graphs guides print the graphs of functions with `if`/`while`/`for` on tensors
(`simple_relu`, `train` over a dataset, `len(graph.as_graph_def().node)`). Values are TF 2.21's:
`tests/golden/make_autograph_golden.py` writes `autograph.json` from the cases of `autograph_cases.py`, which run
here with `tf` bound to keraslike. Eager calls of the functions are unchanged (the conversion is used only to
record the graph), so their results are checked against plain Python here.
"""

import contextlib
import io
import json
import os
import sys

import pytest

import keraslike as tf
from keraslike._src.autodiff import autograph_converter
from keraslike._src.autodiff.function import _record_graph
from keraslike._src.graph.func_graph import GraphNotRecorded

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "golden"))
from autograph_cases import CASES, describe, run_case  # noqa: E402

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "golden", "autograph.json")))


@pytest.mark.parametrize("case", sorted(CASES))
def test_graph_matches_tf(case):
    with contextlib.redirect_stdout(io.StringIO()):
        concrete = run_case(case, tf)["concrete"]
    got = describe(concrete)
    assert got["nodes"] == GOLDEN[case]["nodes"]
    assert got["inputs"] == GOLDEN[case]["inputs"]
    assert got["outputs"] == GOLDEN[case]["outputs"]


@pytest.mark.parametrize("case", sorted(CASES))
def test_recording_traces_each_branch_once_as_tf(case):
    # TF's trace runs each branch and loop body once: its Python prints show once each (fizzbuzz's four
    # branches, one "Tracing for loop"), whatever the data.
    with contextlib.redirect_stdout(io.StringIO()):
        concrete = run_case(case, tf)["concrete"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        _record_graph(concrete, quiet=False)
    assert out.getvalue() == GOLDEN[case]["printed"]


def test_guide_node_counts():
    # tf.function guide, measure_graph_size: 11 and 32 nodes for unrolled lists, 6 for either dataset
    ns = run_case("dataset_loop", tf)
    train = ns["train"]
    sizes = [len(train.get_concrete_function(arg).graph.as_graph_def().node) for arg in (
        [(1, 1)] * 3, [(1, 1)] * 10, tf.data.Dataset.from_generator(lambda: [(1, 1)] * 3, (tf.int32, tf.int32)),
        tf.data.Dataset.from_generator(lambda: [(1, 1)] * 10, (tf.int32, tf.int32)))]
    assert sizes == [11, 32, 6, 6]


def test_eager_calls_unchanged():
    ns = run_case("simple_relu", tf)
    relu = tf.function(ns["simple_relu"])
    assert int(relu(tf.constant(3))) == 3 and int(relu(tf.constant(-3))) == 0
    with contextlib.redirect_stdout(io.StringIO()):
        g = run_case("for_range", tf)["g"]
    assert int(g(tf.constant(7))) == 0 + 2 + 4 + 6
    ds = run_case("dataset_loop", tf)
    data = tf.data.Dataset.from_tensor_slices(([1, 5, 2], [4, 1, 2]))
    assert int(ds["train"](data)) == 3 + 4 + 0


def test_converted_code_runs_python_values_as_python():
    def f(x, n):
        total = x
        for i in range(n):
            if i % 2:
                total = total + i
        k = 0
        while k < 3:
            k += 1
        return total * k

    converted = autograph_converter.converted(f)
    assert converted is not f
    assert converted(10, 5) == f(10, 5) == (10 + 1 + 3) * 3
    assert float(converted(tf.constant(1.0), 4)) == float(f(tf.constant(1.0), 4))
    assert autograph_converter.converted(f) is converted  # converted once, cached


def test_to_code_shows_the_converted_function():
    def simple_relu(x):
        if tf.greater(x, 0):
            return x
        else:
            return 0

    code = tf.autograph.to_code(simple_relu)
    assert code.startswith("def tf__simple_relu(x):")
    assert "ag__.if_return(tf.greater(x, 0)" in code


def test_unconverted_control_flow_still_raises_naming_autograph():
    # a `break` in a loop over a tensor is not converted here (TF's AutoGraph converts it): refused, named
    @tf.function
    def f(x):
        s = tf.constant(0.0)
        for v in x:
            if v > 2.0:
                break
            s += v
        return s

    concrete = f.get_concrete_function(tf.constant([1.0, 2.0, 3.0]))
    with pytest.raises(GraphNotRecorded, match="AutoGraph"):
        _ = concrete.graph
    assert float(f(tf.constant([1.0, 2.0, 3.0]))) == 3.0


def test_get_concrete_function_trace_prints_no_tf_print(capsys):
    # TF 2.21: tracing builds the PrintV2 op without running it (nothing printed; Python prints do print).
    # keraslike's trace on placeholders printed their example values.
    @tf.function
    def f(x):
        print("python print")
        tf.print("value", x)
        return x + 1

    f.get_concrete_function(tf.TensorSpec([2]))
    captured = capsys.readouterr()
    assert captured.out == "python print\n" and captured.err == ""
    f(tf.constant([1.0, 2.0]))  # a call runs tf.print
    assert capsys.readouterr().err == "value [1 2]\n"


class _Base:
    def scale(self, x):
        return x * 2


class _Child(_Base):
    def scale(self, x):
        if x > 0:
            y = super().scale(x)
        else:
            del x
            y = 0
        return y

    def gen(self, n):
        for i in range(n):
            if i % 2:
                yield i


def test_converted_methods_keep_python_semantics():
    child = _Child()
    scale = autograph_converter.converted(child.scale)
    assert scale(3) == 6 and scale(-1) == 0  # zero-argument super() and a `del` in a branch
    gen = autograph_converter.converted(child.gen)
    assert list(gen(6)) == [1, 3, 5]
