"""Traces update no variable and never call a map's py_function on made-up values (found by a new-user check).

TF traces build graphs: `get_concrete_function` (and the signature a SavedModel stores) and the trace
`tf.data` makes for a map's `element_spec` run no `assign_add`, and a `py_function`/`numpy_function` inside a map
runs on real elements only. keraslike runs the Python body on stand-in values, so both must be undone or
skipped. Expected values are real TF 2.21's for the same programs.
"""

import numpy as np

import keraslike as tf


def test_get_concrete_function_leaves_variables_unchanged():
    v = tf.Variable(0)

    @tf.function
    def f(x):
        v.assign_add(1)
        return x * 2

    cf = f.get_concrete_function(tf.TensorSpec([None, 2], tf.float32))
    assert int(v.numpy()) == 0  # TF: 0
    assert cf(tf.ones([1, 2])).numpy().tolist() == [[2.0, 2.0]]
    assert int(v.numpy()) == 1  # a call runs the update


def test_module_signature_trace_leaves_counter_unchanged():
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.counter = tf.Variable(0)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def scores(self, x):
            self.counter.assign_add(1)
            self.counter.assign_sub(0)
            return {"s": x + 1.0}

    m = M()
    m.scores.get_concrete_function()
    assert int(m.counter.numpy()) == 0
    m.scores(tf.ones([3]))
    assert int(m.counter.numpy()) == 1


def test_map_element_spec_trace_updates_no_variable():
    c = tf.Variable(0)

    def g(x):
        c.assign_add(1)
        return x

    d = tf.data.Dataset.range(3).map(g)
    assert d.element_spec.dtype == tf.int64 and int(c.numpy()) == 0
    assert [int(x) for x in d.as_numpy_iterator()] == [0, 1, 2] and int(c.numpy()) == 3


def test_map_py_function_runs_on_real_elements_only():
    seen = []

    def f(t):
        seen.append(t.numpy())
        return t

    d = tf.data.Dataset.from_tensor_slices(["hello", "world"]).map(
        lambda x: tf.py_function(func=f, inp=[x], Tout=tf.string))
    assert list(d.take(1).as_numpy_iterator()) == [b"hello"] and seen == [b"hello"]
    seen.clear()
    d = tf.data.Dataset.from_tensor_slices(np.arange(5.0)).map(
        lambda x: tf.py_function(func=f, inp=[x], Tout=tf.float64)).batch(2)
    assert d.element_spec.shape.rank is None  # TF: TensorSpec(shape=<unknown>)
    assert [b.tolist() for b in d.as_numpy_iterator()] == [[0.0, 1.0], [2.0, 3.0], [4.0]]
    assert [float(s) for s in seen] == [0.0, 1.0, 2.0, 3.0, 4.0]


def test_stand_ins_take_the_shapes_set_shape_and_ensure_shape_state():
    calls = []

    def g(x):
        y = tf.numpy_function(lambda v: (calls.append(v) or np.ones((3, 4), np.float32) * v).astype(np.float32),
                              [x], tf.float32)
        return tf.reduce_sum(tf.ensure_shape(y, [3, 4]), axis=1)

    d = tf.data.Dataset.from_tensor_slices(np.arange(3, dtype=np.float32)).map(g).batch(2)
    assert d.element_spec.shape.as_list() == [None, 3]
    assert [b.tolist() for b in d.as_numpy_iterator()] == [[[0.0] * 3, [4.0] * 3], [[8.0] * 3]]
    assert len(calls) == 3

    def h(x):
        y = tf.py_function(lambda v: tf.ones([2, 2]) * v, [x], tf.float32)
        y.set_shape([2, 2])
        return y

    d = tf.data.Dataset.from_tensor_slices(np.arange(2, dtype=np.float32)).map(h)
    assert d.element_spec.shape.as_list() == [2, 2]
    assert [b.tolist() for b in d.as_numpy_iterator()] == [[[0.0, 0.0], [0.0, 0.0]], [[1.0, 1.0], [1.0, 1.0]]]
