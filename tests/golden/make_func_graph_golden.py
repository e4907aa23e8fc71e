"""Write goldens for `ConcreteFunction.graph` (the graph of a `tf.function` trace, as programs print it).

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_func_graph_golden.py

Each case is source text run with `tf` bound to the backend (TF here, keraslike in
`tests/autodiff/test_concrete_function_graph.py`); it defines `concrete`, a concrete function. The golden keeps,
per case, the graph's nodes `[name, op type, inputs]` in order, the names of `graph.inputs` and
`graph.outputs`, and, for `full_text`, `str(graph.as_graph_def())`. The cases are the programs' own
functions: `double` of the tf.function guide, the unrolled Python loop of its `measure_graph_size`, and
`a_regular_function` of the intro_to_graphs guide, plus captures and outputs.

It writes `tests/golden/func_graph.json`.
"""

import json
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "func_graph.json")

CASES = {
    "double_strings": """
@tf.function
def double(a):
    return a + a
concrete = double.get_concrete_function(tf.constant("a"))
""",
    "unrolled_small": """
@tf.function
def train(dataset):
    loss = tf.constant(0)
    for x, y in dataset:
        loss += tf.abs(y - x)
    return loss
concrete = train.get_concrete_function([(1, 1)] * 3)
""",
    "unrolled_big": """
@tf.function
def train(dataset):
    loss = tf.constant(0)
    for x, y in dataset:
        loss += tf.abs(y - x)
    return loss
concrete = train.get_concrete_function([(1, 1)] * 10)
""",
    "full_text": """
def a_regular_function(x, y, b):
    x = tf.matmul(x, y)
    x = x + b
    return x
concrete = tf.function(a_regular_function).get_concrete_function(
    tf.TensorSpec([1, 2]), tf.TensorSpec([2, 1]), tf.TensorSpec([]))
""",
    "captures": """
v = tf.Variable(2.0)
c = tf.constant([1.0, 2.0])
@tf.function
def f(x):
    return x * v + c + 1.0 - tf.abs(0.) * 2 + tf.reduce_mean(x) + tf.maximum(0., x) + x / 2.0
concrete = f.get_concrete_function(tf.TensorSpec([2]))
""",
    "python_outputs": """
@tf.function
def h(x):
    return x, 3
concrete = h.get_concrete_function(tf.TensorSpec([2]))
""",
    "keyword_only": """
@tf.function
def g(a, b=2, *, c):
    return [a * b, {"k": c}]
concrete = g.get_concrete_function(tf.TensorSpec([], tf.int32), c=tf.TensorSpec([None, 3]))
""",
    "module_variable": """
class M(tf.Module):
    def __init__(self):
        self.w = tf.Variable([[1.0], [2.0]])

    @tf.function(input_signature=[tf.TensorSpec([None, 2])])
    def __call__(self, x):
        return tf.nn.relu(tf.matmul(x, self.w))
m = M()
concrete = m.__call__.get_concrete_function()
""",
    "op_types": """
@tf.function
def f(x, y):
    a = tf.add(x, y)
    b = tf.divide(a, y)
    d = tf.stack([a, b])
    return tf.transpose(d), tf.unstack(d), tf.nn.softmax(x), tf.where(x > 0., x, y), tf.subtract(x, y)
concrete = f.get_concrete_function(tf.TensorSpec([4]), tf.TensorSpec([4]))
""",
    "nested_function": """
@tf.function
def add(a, b):
    return a + b
@tf.function
def dense_layer(x, w, b):
    return add(tf.matmul(x, w), b)
concrete = dense_layer.get_concrete_function(tf.ones([3, 2]), tf.ones([2, 2]), tf.ones([2]))
""",
}


def describe(concrete):
    graph = concrete.graph
    nodes = [[n.name, n.op, list(n.input)] for n in graph.as_graph_def().node]
    return {"nodes": nodes, "inputs": [t.name for t in graph.inputs], "outputs": [t.name for t in graph.outputs],
            "operations": [[op.name, op.type] for op in graph.get_operations()]}


def main():
    golden = {}
    for name, source in CASES.items():
        namespace = {"tf": tf}
        exec(source, namespace)  # noqa: S102 - the case's own source text
        golden[name] = describe(namespace["concrete"])
        golden[name]["source"] = source
        if name == "full_text":
            golden[name]["text"] = str(namespace["concrete"].graph.as_graph_def())
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=1)
    print(f"wrote {len(golden)} cases to {OUT}")


if __name__ == "__main__":
    main()
