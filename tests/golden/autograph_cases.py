"""The AutoGraph cases shared by `make_autograph_golden.py` (TF 2.21) and `tests/autodiff/test_autograph.py`.

Each case is source text run with `tf` bound to the backend; it defines `concrete`, a concrete function whose
graph holds AutoGraph's control flow ops. The functions are the tf.function and intro_to_graphs guides' own
(`simple_relu`, `train` over a dataset, `f`'s `while`, `fizzbuzz`) and small variants. `run_case` registers the
source in `linecache` under a file name, as a notebook cell's, so AutoGraph can read it.
"""

import linecache

CASES = {
    "simple_relu": """
def simple_relu(x):
  if tf.greater(x, 0):
    return x
  else:
    return 0
concrete = tf.function(simple_relu).get_concrete_function(tf.constant(1))
""",
    "return_after_if": """
@tf.function
def relu(x):
  if x > 0:
    return x
  return tf.zeros_like(x)
concrete = relu.get_concrete_function(tf.constant(2.0))
""",
    "dataset_loop": """
@tf.function
def train(dataset):
  loss = tf.constant(0)
  for x, y in dataset:
    loss += tf.abs(y - x)
  return loss
concrete = train.get_concrete_function(tf.data.Dataset.from_generator(lambda: [(1, 1)] * 3, (tf.int32, tf.int32)))
""",
    "while_tensor": """
@tf.function
def f(x):
  while tf.reduce_sum(x) > 1:
    tf.print(x)
    x = tf.tanh(x)
  return x
concrete = f.get_concrete_function(tf.random.uniform([5]))
""",
    "for_range": """
@tf.function
def g(n):
  s = tf.constant(0)
  for i in tf.range(n):
    if i % 2 == 0:
      s += i
  return s
concrete = g.get_concrete_function(tf.constant(5))
""",
    "if_assign": """
@tf.function
def h(x):
  y = x
  if x > 0:
    y = x * 2
  else:
    y = -x
  return y
concrete = h.get_concrete_function(tf.constant(1.0))
""",
    "if_print": """
@tf.function
def h(x):
  if x > 0:
    tf.print("pos")
  return x
concrete = h.get_concrete_function(tf.constant(1.0))
""",
    "python_condition": """
@tf.function
def h(x, flag):
  if flag:
    x = x + 1
  else:
    x = x - 1
  return x
concrete = h.get_concrete_function(tf.constant(1.0), True)
""",
    "prints_and_range": """
@tf.function
def r(n):
  tf.print(n)
  tf.print("x", n, [n, 1])
  return tf.range(n) + tf.range(1, n, 2)
concrete = r.get_concrete_function(tf.constant(5))
""",
    "fizzbuzz": """
@tf.function
def fizzbuzz(n):
  for i in tf.range(1, n + 1):
    print('Tracing for loop')
    if i % 15 == 0:
      print('Tracing fizzbuzz branch')
      tf.print('fizzbuzz')
    elif i % 3 == 0:
      print('Tracing fizz branch')
      tf.print('fizz')
    elif i % 5 == 0:
      print('Tracing buzz branch')
      tf.print('buzz')
    else:
      print('Tracing default branch')
      tf.print(i)
concrete = fizzbuzz.get_concrete_function(tf.constant(5))
""",
    "tensor_for": """
@tf.function
def f(x):
  s = tf.constant(0.0)
  for v in x:
    s += v
  return s
concrete = f.get_concrete_function(tf.constant([1.0, 2.0, 3.0]))
""",
    "while_python_start": """
@tf.function
def w(x):
  i = 0
  while i < x:
    i += 1
  return i
concrete = w.get_concrete_function(tf.constant(3))
""",
    "method_cond": """
class M(tf.Module):
  def __init__(self):
    self.scale = 2.0

  @tf.function
  def __call__(self, x):
    if tf.reduce_sum(x) > 0:
      y = x * self.scale
    else:
      y = x
    return y
m = M()
concrete = m.__call__.get_concrete_function(tf.constant([1.0, 2.0]))
""",
    "closure_cond": """
def make(k):
  @tf.function
  def f(x):
    if x > k:
      x = x - k
    return x
  return f
concrete = make(tf.constant(1.0)).get_concrete_function(tf.constant(3.0))
""",
}


def run_case(name, tf):
    """Run case `name`'s source with `tf` bound; returns its namespace."""
    filename = f"<autograph case {name}>"
    source = CASES[name]
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {"tf": tf, "__name__": "__main__"}
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 - the case's own source text
    return namespace


def describe(concrete):
    """The graph as the golden keeps it: nodes [name, op, inputs], input and output tensor names."""
    graph = concrete.graph
    return {"nodes": [[n.name, n.op, list(n.input)] for n in graph.as_graph_def().node],
            "inputs": [t.name for t in graph.inputs], "outputs": [t.name for t in graph.outputs]}
