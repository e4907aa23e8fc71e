"""tf.nn, tf.random and tf.print against hand-computed values and torch as the oracle.

Run: pytest tests/ops -q
"""

import io

import numpy as np
import pytest
import torch

import keraslike as tf
import keraslike.nn  # noqa: F401 - attach tf.nn
import keraslike.random  # noqa: F401


def _np(t):
    return t.detach().cpu().numpy()


def test_activations():
    x = tf.constant([-2.0, 0.0, 3.0, 8.0])
    np.testing.assert_array_equal(_np(tf.nn.relu(x)), [0, 0, 3, 8])
    np.testing.assert_array_equal(_np(tf.nn.relu6(x)), [0, 0, 3, 6])
    np.testing.assert_allclose(_np(tf.nn.leaky_relu(x)), [-0.4, 0, 3, 8], rtol=1e-6)  # alpha 0.2
    np.testing.assert_allclose(_np(tf.nn.elu(x))[0], np.exp(-2.0) - 1, rtol=1e-6)
    np.testing.assert_allclose(_np(tf.nn.sigmoid([0.0])), [0.5])
    np.testing.assert_allclose(_np(tf.nn.gelu(x)), _np(torch.nn.functional.gelu(x)))
    np.testing.assert_allclose(_np(tf.nn.softmax([[1.0, 1.0]])), [[0.5, 0.5]])
    np.testing.assert_allclose(_np(tf.nn.log_softmax([0.0, 0.0])), np.log([0.5, 0.5]), rtol=1e-6)


def test_cross_entropies():
    logits = tf.constant([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]])
    labels = [0, 1]
    sparse = tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits)
    oracle = torch.nn.functional.cross_entropy(logits, torch.tensor(labels), reduction="none")
    np.testing.assert_allclose(_np(sparse), _np(oracle), rtol=1e-6)
    dense = tf.nn.softmax_cross_entropy_with_logits(np.eye(3, dtype=np.float32)[labels], logits)
    np.testing.assert_allclose(_np(dense), _np(oracle), rtol=1e-6)
    z, x = tf.constant([1.0, 0.0]), tf.constant([0.3, -1.2])
    sig = tf.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x)
    bce = torch.nn.functional.binary_cross_entropy_with_logits(x, z, reduction="none")
    np.testing.assert_allclose(_np(sig), _np(bce), rtol=1e-6)
    assert float(tf.nn.l2_loss([3.0, 4.0])) == 12.5


def test_moments_and_dropout():
    mean, var = tf.nn.moments(tf.constant([[1.0, 2.0], [3.0, 6.0]]), axes=[0])
    np.testing.assert_allclose(_np(mean), [2.0, 4.0])
    np.testing.assert_allclose(_np(var), [1.0, 4.0])
    y = tf.nn.dropout(tf.ones([1000]), rate=0.5, seed=1)
    assert set(np.unique(_np(y)).tolist()) <= {0.0, 2.0}
    assert 350 < int((y > 0).sum()) < 650
    with pytest.raises(ValueError, match="rate"):
        tf.nn.dropout(tf.ones([2]), rate=1.0)


def test_compute_average_loss_and_regularization():
    loss = tf.constant([1.0, 2.0, 3.0, 4.0])
    assert float(tf.nn.compute_average_loss(loss)) == pytest.approx(2.5)  # one replica
    assert float(tf.nn.compute_average_loss(loss, global_batch_size=8)) == pytest.approx(1.25)
    weighted = tf.nn.compute_average_loss(loss, sample_weight=[1.0, 0.0, 1.0, 0.0], global_batch_size=4)
    assert float(weighted) == pytest.approx(1.0)
    assert float(tf.nn.compute_average_loss(loss, global_batch_size=0)) == 0.0
    with pytest.raises(ValueError, match="rank 1"):
        tf.nn.compute_average_loss(tf.constant(1.0))
    with pytest.raises(TypeError):
        tf.nn.compute_average_loss(loss, global_batch_size=2.0)
    assert float(tf.nn.scale_regularization_loss([tf.constant(1.0), tf.constant(2.0)])) == 3.0


def test_random_seeding_rules():
    tf.random.set_seed(7)
    a1, a2 = tf.random.uniform([3], seed=1), tf.random.uniform([3], seed=1)
    g1 = tf.random.normal([3])
    tf.random.set_seed(7)
    b1, b2 = tf.random.uniform([3], seed=1), tf.random.uniform([3], seed=1)
    g2 = tf.random.normal([3])
    assert torch.equal(a1, b1) and torch.equal(a2, b2) and torch.equal(g1, g2)
    assert not torch.equal(a1, a2)
    s1 = tf.random.stateless_uniform([4], seed=[1, 2])
    assert torch.equal(s1, tf.random.stateless_uniform([4], seed=[1, 2]))


def test_random_distributions():
    tf.random.set_seed(0)
    u = tf.random.uniform([2000], minval=2.0, maxval=4.0)
    assert u.dtype == torch.float32 and 2.0 <= float(u.min()) and float(u.max()) < 4.0
    ints = tf.random.uniform([500], minval=0, maxval=3, dtype=tf.int32)
    assert ints.dtype == torch.int32 and set(_np(ints).tolist()) == {0, 1, 2}
    with pytest.raises(ValueError, match="maxval"):
        tf.random.uniform([2], dtype=tf.int32)
    t = tf.random.truncated_normal([5000], stddev=2.0)
    assert float(t.abs().max()) <= 4.0 and abs(float(t.mean())) < 0.15
    n = tf.random.normal([5000], mean=1.0, stddev=3.0)
    assert abs(float(n.mean()) - 1.0) < 0.2 and abs(float(n.std()) - 3.0) < 0.2
    sh = tf.random.shuffle(tf.range(10))
    assert sorted(_np(sh).tolist()) == list(range(10))
    c = tf.random.categorical([[0.0, -1e9], [-1e9, 0.0]], 5)
    assert c.dtype == torch.int64 and _np(c).tolist() == [[0] * 5, [1] * 5]


def _printed(*args, **kwargs):
    buf = io.StringIO()
    tf.print(*args, output_stream=buf, **kwargs)
    return buf.getvalue()


def test_print_format():
    six = [1, 2, 3, 4, 5, 6]
    m = tf.matmul(tf.constant(six, shape=[2, 3]), tf.constant(six, shape=[3, 2]))
    assert _printed(m) == "[[22 28]\n [49 64]]\n"
    assert _printed(tf.range(10)) == "[0 1 2 ... 7 8 9]\n"
    assert _printed(tf.range(10), summarize=-1) == "[0 1 2 3 4 5 6 7 8 9]\n"
    assert _printed("loss:", tf.constant(0.5), tf.constant([1.0, 1 / 3])) == "loss: 0.5 [1 0.333333343]\n"
    assert _printed(tf.reshape(tf.range(4), [2, 1, 2])) == "[[[0 1]]\n\n [[2 3]]]\n"
    assert _printed({"a": tf.constant([True, False])}) == "{'a': [1 0]}\n"


def test_print_defaults_to_stderr(capsys):
    tf.print(tf.constant([1, 2]))
    assert capsys.readouterr().err == "[1 2]\n"


def test_conv_and_pool_tf_padding():
    ones = tf.ones([1, 5, 5, 1])
    y = tf.nn.conv2d(ones, tf.ones([2, 2, 1, 1]), strides=2, padding="SAME")
    assert y.shape == (1, 3, 3, 1)
    # TF puts the odd padding row/column at the bottom/right
    np.testing.assert_array_equal(_np(y)[0, :, :, 0], [[4, 4, 2], [4, 4, 2], [2, 2, 1]])
    x = tf.reshape(tf.range(16, dtype=tf.float32), [1, 4, 4, 1])
    w = tf.constant(np.random.RandomState(0).randn(3, 3, 1, 2).astype(np.float32))
    ref = torch.nn.functional.conv2d(x.permute(0, 3, 1, 2), w.permute(3, 2, 0, 1)).permute(0, 2, 3, 1)
    torch.testing.assert_close(tf.nn.conv2d(x, w, strides=1, padding="VALID"), ref)
    np.testing.assert_array_equal(_np(tf.nn.avg_pool2d(ones, 2, 2, "SAME")), np.ones([1, 3, 3, 1]))
    np.testing.assert_array_equal(_np(tf.nn.max_pool2d(-ones, 2, 2, "SAME")), -np.ones([1, 3, 3, 1]))
    np.testing.assert_array_equal(_np(tf.nn.max_pool2d(x, 2, 2, "VALID"))[0, :, :, 0], [[5, 7], [13, 15]])
