"""`tf.AggregationMethod` and the `aggregation_method` of `tf.gradients` / TF1 `Optimizer.minimize`, against TF 2.21.

TF 2.21: ADD_N = DEFAULT = 0, EXPERIMENTAL_TREE = 1, EXPERIMENTAL_ACCUMULATE_N = 2; every method gives the same
gradients (y = 2x, z = y + y + y: dz/dx = 6, dz/dy = 3); any other value raises ValueError "Invalid
`aggregation_method` specified 7. Accepted values are [0, 1, 2]." (values from TF 2.21 run on this example).
"""

import numpy as np
import pytest

import keraslike as tf

v1 = tf.compat.v1


def test_constants_are_tfs():
    m = tf.AggregationMethod
    assert (m.ADD_N, m.DEFAULT, m.EXPERIMENTAL_TREE, m.EXPERIMENTAL_ACCUMULATE_N) == (0, 0, 1, 2)
    assert v1.AggregationMethod is tf.AggregationMethod


@pytest.mark.parametrize("method", [None, 0, 1, 2])
def test_every_method_gives_the_same_gradients(method):
    with tf.Graph().as_default():
        x = v1.placeholder(tf.float32, [])
        y = x * 2.0
        z = y + y + y
        grads = tf.gradients(z, [x, y], aggregation_method=method)
        with v1.Session() as sess:
            assert [float(g) for g in sess.run(grads, {x: 1.0})] == [6.0, 3.0]


def test_invalid_method_raises_tfs_error():
    with tf.Graph().as_default():
        x = v1.placeholder(tf.float32, [])
        with pytest.raises(ValueError, match=r"Invalid `aggregation_method` specified 7\. Accepted values are "
                                             r"\[0, 1, 2\]"):
            tf.gradients(x * 3.0, [x], aggregation_method=7)


def test_optimizer_minimize_checks_and_uses_the_method():
    with tf.Graph().as_default():
        w = v1.get_variable("w", initializer=np.float32(2.0))
        loss = w * w
        opt = v1.train.GradientDescentOptimizer(0.1)
        with pytest.raises(ValueError, match="Invalid `aggregation_method`"):
            opt.minimize(loss, aggregation_method=5)
        train = opt.minimize(loss, aggregation_method=tf.AggregationMethod.EXPERIMENTAL_TREE)
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            sess.run(train)
            assert float(sess.run(w)) == pytest.approx(2.0 - 0.1 * 4.0)
