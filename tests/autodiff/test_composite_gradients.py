"""`GradientTape.watch` and `gradient` take RaggedTensors as TF does: the float components (flat values) are
watched and differentiated, and the gradient is a RaggedTensor with the source's row splits (the
`GradientTape.gradient` docstring; before, watching one raised "not a tensor or Variable"). Values by hand:
d(x * x)/dx = 2x; d(sum(x) * v)/dx = v, d/dv = sum(x) (TF 2.21 prints the same)."""

import warnings

import keraslike as tf


def _tape_on(x, fn, persistent=False):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the int row splits are not trainable: TF warns about them too
        with tf.GradientTape(persistent=persistent) as tape:
            tape.watch(x)
            y = fn(x)
    return tape, y


def test_gradient_of_ragged_square_is_ragged_2x():
    x = tf.ragged.constant([[1.0, 2.0], [3.0]])
    tape, y = _tape_on(x, lambda r: r * r)
    grad = tape.gradient(y, x)
    assert isinstance(grad, tf.RaggedTensor)
    assert grad.to_list() == [[2.0, 4.0], [6.0]]
    assert grad.row_splits.tolist() == [0, 2, 3]


def test_ragged_and_variable_sources_together_and_unconnected():
    x = tf.ragged.constant([[1.0, 2.0], [3.0]])
    v = tf.Variable(2.0)
    tape, y = _tape_on(x, lambda r: tf.reduce_sum(r.flat_values) * v, persistent=True)
    grad_x, grad_v = tape.gradient(y, [x, v])
    assert grad_x.to_list() == [[2.0, 2.0], [2.0]] and float(grad_v) == 6.0
    assert tape.gradient(v * 3.0, x) is None  # not connected: None, as TF
