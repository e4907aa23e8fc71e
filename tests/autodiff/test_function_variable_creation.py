"""`tf.Variable`s inside a `tf.function` (the tf.function guide's "Creating tf.Variables" cells): TF creates a
function's variables only on its first trace. A later call either runs no Python or retraces, and a variable
created then raises TF's ValueError ("tf.function only supports singleton tf.Variables created on the first
call"); that includes an optimizer's slots (a second optimizer passed to the same train_step). Creating a
variable once, under `if self.count is None`, works."""

import pytest

import keraslike as tf

MESSAGE = "tf.function only supports singleton tf.Variables created on the first call"


def test_lazy_singleton_variable():
    class Count(tf.Module):
        def __init__(self):
            self.count = None

        @tf.function
        def __call__(self):
            if self.count is None:
                self.count = tf.Variable(0)
            return self.count.assign_add(1)

    c = Count()
    assert int(c()) == 1 and int(c()) == 2


def test_variable_created_on_every_call():
    @tf.function
    def f(x):
        v = tf.Variable(1.0)
        return v * x

    with pytest.raises(ValueError, match=MESSAGE):  # TF refuses on the first call (its second trace of it)
        f(1.0)


def test_first_call_that_creates_variables_traces_twice(capsys):
    # TF 2.21: "trace" is printed twice by the first call (the second trace refuses new variables), then once
    # per call here (keraslike runs the body on every call; TF retraces for the new Python float 2.0)
    class C(tf.Module):
        def __init__(self):
            self.v = None

        @tf.function
        def __call__(self, x):
            print("trace")
            if self.v is None:
                self.v = tf.Variable(1.0)
            return self.v + x

    c = C()
    assert float(c(1.0)) == 2.0
    assert capsys.readouterr().out == "trace\ntrace\n"
    assert float(c(2.0)) == 3.0
    assert capsys.readouterr().out == "trace\n"
    assert float(c.v.numpy()) == 1.0


def test_second_optimizer_in_the_same_train_step():
    opt1 = tf.keras.optimizers.Adam(learning_rate=1e-2)
    opt2 = tf.keras.optimizers.Adam(learning_rate=1e-3)

    @tf.function
    def train_step(w, x, y, optimizer):
        with tf.GradientTape() as tape:
            L = tf.reduce_sum(tf.square(w * x - y))
        gradients = tape.gradient(L, [w])
        optimizer.apply_gradients(zip(gradients, [w]))

    w = tf.Variable(2.)
    x = tf.constant([-1.])
    y = tf.constant([2.])
    train_step(w, x, y, opt1)
    train_step(w, x, y, opt1)
    with pytest.raises(ValueError, match=MESSAGE):
        train_step(w, x, y, opt2)


def test_model_and_optimizer_built_in_the_first_call():
    model = tf.keras.Sequential([tf.keras.layers.Dense(2)])
    opt = tf.keras.optimizers.Adam()

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(model(x))
        opt.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
        return loss

    step(tf.ones([1, 3]))
    step(tf.ones([4, 3]))  # a retrace creating nothing
    assert len(model.weights) == 2


def test_variables_outside_any_function_and_after_concrete_function():
    @tf.function
    def g(x):
        return x + 1

    g(tf.constant(1.0))
    tf.Variable(3.0)  # not inside a call
    holder = {}

    @tf.function
    def h(x):
        if "v" not in holder:
            holder["v"] = tf.Variable(2.0)
        return holder["v"] * x

    h.get_concrete_function(tf.TensorSpec([], tf.float32))  # the first trace creates it
    assert float(h(tf.constant(2.0))) == 4.0


def test_variable_without_gradient_in_the_first_call():
    """Keras 3 builds the optimizer for every variable passed on its first apply (gradient None or not), so a
    variable that gets its first gradient in a later call needs no new slots (TF runs this)."""
    a, b = tf.Variable(1.0), tf.Variable(2.0)
    opt = tf.keras.optimizers.Adam(0.1)

    @tf.function
    def step(use_b):
        with tf.GradientTape() as tape:
            loss = a * a + (b * b if use_b else 0.0)
        opt.apply_gradients(zip(tape.gradient(loss, [a, b]), [a, b]))

    step(False)
    assert float(b) == 2.0
    step(True)
    assert float(b) < 2.0


def test_second_trace_consumes_no_dataset_element():
    # TF's second trace makes an IteratorGetNext op and consumes nothing: the steps see 0, 1, 2
    it = iter(tf.data.Dataset.range(5))
    holder = {}

    @tf.function
    def step(iterator):
        x = next(iterator)
        if "v" not in holder:
            holder["v"] = tf.Variable(0, dtype=tf.int64)
        holder["v"].assign_add(x)
        return x

    assert [int(step(it)) for _ in range(3)] == [0, 1, 2]
    assert int(holder["v"].numpy()) == 3
