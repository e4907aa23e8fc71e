"""The TF guides' basics, unchanged but for the import: tensors, variables, autodiff, modules, functions, control flow.

In the style of tensorflow.org's "Introduction to tensors", "Introduction to modules", "Introduction to
gradients and automatic differentiation" and "Better performance with tf.function": every value is
deterministic, so the output below is what real TensorFlow 2.21 prints for the same script
(`import tensorflow as tf`), line for line.

Run:
    python examples/tf_guides_basics.py
    python examples/tf_guides_basics.py --quick    # the same: it already runs in seconds

Expected output:
    shape [2, 3] rank 2 dtype float32 floating True elements 6
    broadcast shape [2, 2, 3]
    cond: 7  switch_case: 31  case: 17
    while_loop: i=10 total=45
    map_fn: [1.0, 4.0, 9.0]  scan: [1, 3, 6, 10]  foldl: 10
    TensorArray squares: [0.0, 1.0, 4.0, 9.0, 16.0]
    dy/dx at x=3: 6.0  d2y/dx2: 2.0
    custom gradient of log(1+e^x) at x=100: 1.0
    jacobian of x**3: [[3.0, 0.0], [0.0, 12.0]]
    variables: ['dense_1/b:0', 'dense_1/w:0', 'dense_2/b:0', 'dense_2/w:0']
    trainable: 4  submodules: ['dense_1', 'dense_2']
    tf.function(input_signature) on (3, 2): [3, 2]
    epoch 0 loss 6.6068
    epoch 50 loss 0.0000
    epoch 99 loss 0.0000
    learned w=2.0000 b=-1.0000
    nest: [3, 1, 2]  asserts passed
"""

import argparse

import numpy as np

import keraslike as tf


def tensors():
    x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    print(f"shape {x.shape.as_list()} rank {x.shape.rank} dtype {x.dtype.name} floating {x.dtype.is_floating} "
          f"elements {x.shape.num_elements()}")
    y = tf.reshape(tf.range(2, dtype=tf.float32), [2, 1, 1]) + x
    print(f"broadcast shape {y.shape.as_list()}")


def control_flow():
    a, b = tf.constant(2), tf.constant(5)
    c = tf.cond(a < b, lambda: a + b, lambda: a * b)
    s = tf.switch_case(tf.constant(1), [lambda: tf.constant(17), lambda: tf.constant(31)])
    k = tf.case([(a > b, lambda: tf.constant(23)), (a < b, lambda: tf.constant(17))], default=lambda: tf.constant(0))
    print(f"cond: {int(c)}  switch_case: {int(s)}  case: {int(k)}")
    i, total = tf.while_loop(lambda i, t: i < 10, lambda i, t: (i + 1, t + i), (tf.constant(0), tf.constant(0)))
    print(f"while_loop: i={int(i)} total={int(total)}")
    squares = tf.map_fn(lambda v: v * v, tf.constant([1.0, 2.0, 3.0]))
    sums = tf.scan(lambda acc, v: acc + v, tf.constant([1, 2, 3, 4]))
    folded = tf.foldl(lambda acc, v: acc + v, tf.constant([1, 2, 3, 4]))
    print(f"map_fn: {squares.numpy().tolist()}  scan: {sums.numpy().tolist()}  foldl: {int(folded)}")
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for step in range(5):
        ta = ta.write(step, float(step) ** 2)
    print(f"TensorArray squares: {ta.stack().numpy().tolist()}")


def autodiff():
    x = tf.Variable(3.0)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = x * x
        dy = inner.gradient(y, x)
    d2y = outer.gradient(dy, x)
    print(f"dy/dx at x=3: {float(dy)}  d2y/dx2: {float(d2y)}")

    @tf.custom_gradient
    def log1pexp(v):
        e = tf.exp(v)

        def grad(upstream):
            return upstream * (1 - 1 / (1 + e))
        return tf.math.log(1 + e), grad

    v = tf.constant(100.0)
    with tf.GradientTape() as tape:
        tape.watch(v)
        out = log1pexp(v)
    print(f"custom gradient of log(1+e^x) at x=100: {float(tape.gradient(out, v))}")

    w = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(w)
        cubes = w ** 3
    print(f"jacobian of x**3: {tape.jacobian(cubes, w).numpy().tolist()}")


class Dense(tf.Module):
    def __init__(self, in_features, out_features, name=None):
        super().__init__(name=name)
        self.in_features, self.out_features = in_features, out_features

    @tf.Module.with_name_scope
    def __call__(self, x):
        if not hasattr(self, "w"):  # created on first call, inside the module's name scope
            init = np.linspace(-0.5, 0.5, self.in_features * self.out_features, dtype=np.float32)
            self.w = tf.Variable(init.reshape(self.in_features, self.out_features), name="w")
            self.b = tf.Variable(tf.zeros([self.out_features]), name="b")
        return tf.matmul(x, self.w) + self.b


class TwoLayers(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.layers = [Dense(1, 4, name="dense_1"), Dense(4, 1, name="dense_2")]

    def __call__(self, x):
        return self.layers[1](tf.nn.relu(self.layers[0](x)))


def modules_and_functions():
    model = TwoLayers()
    model(tf.zeros([1, 1]))
    print(f"variables: {sorted(v.name for v in model.variables)}")
    print(f"trainable: {len(model.trainable_variables)}  submodules: {[m.name for m in model.submodules]}")

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def shape_of(t):
        return tf.shape(t)

    print(f"tf.function(input_signature) on (3, 2): {shape_of(tf.zeros([3, 2])).numpy().tolist()}")


class Linear(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(0.0, name="w")
        self.b = tf.Variable(0.0, name="b")

    def __call__(self, x):
        return self.w * x + self.b


def train():
    xs = tf.constant(np.linspace(-2.0, 2.0, 40, dtype=np.float32))
    ys = 2.0 * xs - 1.0
    model = Linear()

    @tf.function
    def step(lr):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(xs) - ys))
        for var, grad in zip(model.trainable_variables, tape.gradient(loss, model.trainable_variables)):
            var.assign_sub(lr * grad)
        return loss

    for epoch in range(100):
        loss = step(0.1)
        if epoch in (0, 50, 99):
            print(f"epoch {epoch} loss {float(loss):.4f}")
    print(f"learned w={float(model.w):.4f} b={float(model.b):.4f}")


def structures_and_checks():
    flat = tf.nest.flatten({"b": [1, 2], "a": 3})
    tf.debugging.assert_equal(tf.constant([1, 2]), [1, 2])
    tf.debugging.assert_shapes([(tf.zeros([4, 3]), ("N", 3)), (tf.zeros([4]), ("N",))])
    tf.debugging.assert_near(tf.constant(1.0), 1.0 + 1e-7)
    print(f"nest: {flat}  asserts passed")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="accepted as by every example; the run is already short")
    parser.parse_args()
    tensors()
    control_flow()
    autodiff()
    modules_and_functions()
    train()
    structures_and_checks()
