"""Core ops against hand-computed values and TF's documented dtype rules.

Run: pytest tests/ops -q
"""

import numpy as np
import pytest
import torch

import keraslike as tf
import keraslike.dtypes  # noqa: F401 - attach tf.dtypes
import keraslike.linalg  # noqa: F401
import keraslike.math  # noqa: F401


def _np(t):
    return t.detach().cpu().numpy()


A = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]


def test_constant_dtype_inference():
    assert tf.constant(3).dtype == torch.int32
    assert tf.constant(3.0).dtype == torch.float32
    assert tf.constant([1, 2.5]).dtype == torch.float32
    assert tf.constant(True).dtype == torch.bool
    assert tf.constant(2**40).dtype == torch.int64
    assert tf.constant(np.array([1.0])).dtype == torch.float64
    assert tf.constant(np.array([1], dtype=np.int64)).dtype == torch.int64
    assert tf.constant(1, dtype=tf.float32).dtype == torch.float32


def test_constant_shape_reshape_and_fill():
    a = tf.constant(A, shape=[2, 3])
    np.testing.assert_array_equal(_np(a), [[1, 2, 3], [4, 5, 6]])
    np.testing.assert_array_equal(_np(tf.constant(7, shape=[2, 2])), [[7, 7], [7, 7]])
    np.testing.assert_array_equal(_np(tf.constant([7], shape=[3])), [7, 7, 7])
    with pytest.raises(TypeError, match="Received: shape"):
        tf.constant([1, 2, 3], shape=[2, 2])


def test_constant_refuses_lossy_and_retyping():
    with pytest.raises(TypeError, match="int32"):
        tf.constant(1.5, dtype=tf.int32)
    with pytest.raises(TypeError):
        tf.constant(tf.constant(1.0), dtype=tf.int32)
    with pytest.raises(ValueError, match="requested dtype"):
        tf.convert_to_tensor(tf.constant(1.0), dtype=tf.int32)
    assert tf.convert_to_tensor(1, dtype_hint=tf.float32).dtype == torch.float32
    assert tf.convert_to_tensor(1.5, dtype_hint=tf.int32).dtype == torch.float32


def test_convert_variable_reads_a_snapshot():
    v = tf.Variable([1.0, 2.0])
    t = tf.convert_to_tensor(v)
    v.assign([5.0, 6.0])
    np.testing.assert_array_equal(_np(t), [1.0, 2.0])
    assert type(t) is torch.Tensor


def test_matmul_and_add_n():
    a = tf.constant(A, shape=[2, 3])
    b = tf.constant(A, shape=[3, 2])
    m = tf.matmul(a, b)
    np.testing.assert_array_equal(_np(m), [[22, 28], [49, 64]])
    np.testing.assert_array_equal(_np(tf.add_n([m, m])), [[44, 56], [98, 128]])
    np.testing.assert_array_equal(_np(tf.matmul(a, a, transpose_b=True)), [[14, 32], [32, 77]])
    np.testing.assert_array_equal(_np(tf.matmul(a, a, transpose_a=True))[0], [17, 22, 27])
    with pytest.raises(ValueError, match="Received"):
        tf.matmul(a, a)
    with pytest.raises(ValueError, match="rank >= 2"):
        tf.matmul([1.0, 2.0], [1.0, 2.0])
    with pytest.raises(ValueError):
        tf.add_n([])


def test_binary_ops_follow_tf_dtype_rules():
    x = tf.constant([1.0, 2.0])
    assert tf.multiply(x, 2).dtype == torch.float32
    assert tf.add(1, x).dtype == torch.float32
    with pytest.raises(TypeError, match="same dtype"):
        tf.add(x, tf.constant([1, 2]))
    with pytest.raises(TypeError):
        tf.add(tf.constant([1, 2]), 2.5)
    q = tf.divide(tf.constant(3), tf.constant(2))
    assert q.dtype == torch.float64 and float(q) == 1.5
    np.testing.assert_array_equal(_np(tf.math.floordiv([7, -7], 2)), [3, -4])
    np.testing.assert_array_equal(_np(tf.math.mod([7, -7], 3)), [1, 2])
    np.testing.assert_array_equal(_np(tf.math.pow(2, [1, 3])), [2, 8])


def test_reductions():
    x = tf.constant([[1, 2], [3, 5]])
    assert tf.reduce_sum(x).dtype == torch.int32 and int(tf.reduce_sum(x)) == 11
    assert int(tf.reduce_mean([1, 2])) == 1  # integer division
    np.testing.assert_array_equal(_np(tf.reduce_mean(x, axis=0)), [2, 3])
    np.testing.assert_allclose(_np(tf.reduce_mean(tf.cast(x, tf.float32), axis=1)), [1.5, 4.0])
    assert tf.reduce_sum(x, axis=1, keepdims=True).shape == (2, 1)
    np.testing.assert_array_equal(_np(tf.reduce_sum(x, axis=[])), _np(x))
    assert int(tf.reduce_max(x)) == 5 and int(tf.reduce_min(x)) == 1
    assert int(tf.reduce_prod(x)) == 30 and tf.reduce_prod(x).dtype == torch.int32
    assert bool(tf.reduce_any([False, True])) and not bool(tf.reduce_all([False, True]))
    with pytest.raises(TypeError):
        tf.reduce_any([1, 0])
    with pytest.raises(ValueError, match="axis"):
        tf.reduce_sum(x, axis=2)
    np.testing.assert_allclose(float(tf.math.reduce_logsumexp([0.0, 0.0])), np.log(2.0), rtol=1e-6)


def test_argmax_defaults():
    x = [[1, 5, 2], [7, 0, 7]]
    r = tf.argmax(x)
    assert r.dtype == torch.int64
    np.testing.assert_array_equal(_np(r), [1, 0, 1])
    np.testing.assert_array_equal(_np(tf.argmax(x, axis=1)), [1, 0])  # first of tied maxima
    assert tf.argmin(x, axis=1, output_type=tf.int32).dtype == torch.int32


def test_cast_semantics():
    np.testing.assert_array_equal(_np(tf.cast([1.7, -1.7], tf.int32)), [1, -1])
    np.testing.assert_array_equal(_np(tf.cast([0.0, 2.0], tf.bool)), [False, True])
    assert tf.cast([1, 2], "float64").dtype == torch.float64


def test_shape_and_manipulation():
    x = tf.reshape(tf.range(6), [2, 3])
    assert tf.shape(x).dtype == torch.int32
    np.testing.assert_array_equal(_np(tf.shape(x)), [2, 3])
    assert int(tf.size(x)) == 6 and int(tf.rank(x)) == 2
    assert tf.reshape(x, [-1]).shape == (6,)
    with pytest.raises(ValueError, match="Received: shape"):
        tf.reshape(x, [4])
    assert tf.stack([x, x], axis=1).shape == (2, 2, 3)
    assert [t.shape for t in tf.unstack(x, axis=1)] == [(2,)] * 3
    assert tf.concat([x, x], axis=-1).shape == (2, 6)
    assert tf.expand_dims(x, -1).shape == (2, 3, 1)
    assert x[tf.newaxis].shape == (1, 2, 3)
    assert tf.squeeze(tf.zeros([1, 2, 1])).shape == (2,)
    with pytest.raises(ValueError, match="squeeze"):
        tf.squeeze(tf.zeros([1, 2]), axis=1)
    np.testing.assert_array_equal(_np(tf.transpose(x)), [[0, 3], [1, 4], [2, 5]])
    np.testing.assert_array_equal(_np(tf.tile([[1, 2]], [2, 2])), [[1, 2, 1, 2], [1, 2, 1, 2]])
    assert [t.shape[1] for t in tf.split(tf.zeros([2, 6]), [1, -1, 2], axis=1)] == [1, 3, 2]
    with pytest.raises(ValueError):
        tf.split(tf.zeros([5]), 2)


def test_creation():
    assert tf.zeros([2]).dtype == torch.float32
    assert tf.ones_like([1, 2]).dtype == torch.int32
    np.testing.assert_array_equal(_np(tf.fill([2], 9)), [9, 9])
    r = tf.range(5)
    assert r.dtype == torch.int32 and _np(r).tolist() == [0, 1, 2, 3, 4]
    assert tf.range(1, 2, 0.5).dtype == torch.float32
    assert _np(tf.range(3, 0, -1)).tolist() == [3, 2, 1]
    oh = tf.one_hot([0, 2, -1], 3)
    np.testing.assert_array_equal(_np(oh), [[1, 0, 0], [0, 0, 1], [0, 0, 0]])
    assert oh.dtype == torch.float32
    np.testing.assert_array_equal(_np(tf.one_hot([1], 2, on_value=5, off_value=-1)), [[-1, 5]])
    assert tf.one_hot([[0, 1]], 3, axis=0).shape == (3, 1, 2)


def test_indexing():
    np.testing.assert_array_equal(_np(tf.gather([10, 20, 30], [2, 0])), [30, 10])
    p = tf.reshape(tf.range(12), [3, 4])
    np.testing.assert_array_equal(_np(tf.gather(p, [[0], [3]], axis=1)), _np(p)[:, [[0], [3]]])
    bd = tf.gather(p, [[0, 1], [2, 3], [1, 1]], axis=1, batch_dims=1)
    np.testing.assert_array_equal(_np(bd), [[0, 1], [6, 7], [9, 9]])
    np.testing.assert_array_equal(_np(tf.gather_nd(p, [[0, 1], [2, 3]])), [1, 11])
    np.testing.assert_array_equal(_np(tf.where([True, False], [1, 2], [3, 4])), [1, 4])
    np.testing.assert_array_equal(_np(tf.where([[True, False], [False, True]])), [[0, 0], [1, 1]])
    np.testing.assert_array_equal(_np(tf.boolean_mask([1, 2, 3], [True, False, True])), [1, 3])
    np.testing.assert_array_equal(_np(tf.boolean_mask(p, [True, False, True])), _np(p)[[0, 2]])
    upd = tf.tensor_scatter_nd_update([1, 2, 3], [[0], [2]], [9, 8])
    np.testing.assert_array_equal(_np(upd), [9, 2, 8])


def test_elementwise_math():
    np.testing.assert_array_equal(_np(tf.maximum([1, 5], [3, 2])), [3, 5])
    np.testing.assert_array_equal(_np(tf.minimum([1.0, 5.0], 2.0)), [1, 2])
    np.testing.assert_array_equal(_np(tf.abs([-1, 2])), [1, 2])
    np.testing.assert_allclose(_np(tf.sqrt([4.0, 9.0])), [2, 3])
    np.testing.assert_array_equal(_np(tf.square([3])), [9])
    np.testing.assert_array_equal(_np(tf.round([0.5, 1.5, 2.5, -0.5])), [0, 2, 2, -0])  # half to even
    np.testing.assert_array_equal(_np(tf.clip_by_value([-2, 0, 7], 0, 5)), [0, 0, 5])
    np.testing.assert_array_equal(_np(tf.equal([1, 2], [1, 3])), [True, False])
    assert bool(tf.greater(2.0, 1.0)) and bool(tf.less(1, 2))
    np.testing.assert_array_equal(_np(tf.math.is_nan([np.nan, 1.0])), [True, False])
    np.testing.assert_array_equal(_np(tf.math.is_finite([np.inf, 1.0])), [False, True])
    with pytest.raises(TypeError, match="floating"):
        tf.sqrt([4, 9])
    np.testing.assert_allclose(float(tf.math.log(np.e)), 1.0, rtol=1e-6)
    np.testing.assert_allclose(_np(tf.math.softplus([0.0])), [np.log(2.0)], rtol=1e-6)


def test_norm_einsum_sort_topk():
    np.testing.assert_allclose(float(tf.norm([3.0, 4.0])), 5.0)
    np.testing.assert_allclose(_np(tf.norm([[3.0, 4.0], [6.0, 8.0]], axis=1)), [5.0, 10.0])
    np.testing.assert_allclose(float(tf.norm([[1.0, 2.0], [3.0, 4.0]], ord=1, axis=[-2, -1])), 6.0)
    a = tf.constant(A, shape=[2, 3])
    np.testing.assert_allclose(_np(tf.einsum("ij,kj->ik", a, a)), [[14, 32], [32, 77]])
    np.testing.assert_array_equal(_np(tf.sort([3, 1, 2], direction="DESCENDING")), [3, 2, 1])
    vals, idx = tf.math.top_k([1.0, 3.0, 3.0, 2.0], k=2)
    np.testing.assert_array_equal(_np(vals), [3, 3])
    np.testing.assert_array_equal(_np(idx), [1, 2])
    assert idx.dtype == torch.int32


def test_clip_by_global_norm():
    grads = [tf.constant([3.0, 0.0]), None, tf.constant([0.0, 4.0])]
    clipped, gnorm = tf.clip_by_global_norm(grads, 1.0)
    assert float(gnorm) == pytest.approx(5.0)
    assert clipped[1] is None
    np.testing.assert_allclose(_np(clipped[0]), [0.6, 0.0], rtol=1e-6)


def test_accepts_variables_and_numpy():
    v = tf.Variable([[1.0, 2.0]])
    out = tf.matmul(v, np.array([[1.0], [1.0]], dtype=np.float32))
    assert type(out) is torch.Tensor and float(out.detach()) == 3.0
    assert tf.dtypes.float32 is torch.float32


def test_variable_dtype_inference_matches_tf():
    assert tf.Variable(0).dtype == torch.int32
    assert tf.Variable(1.5).dtype == torch.float32
    assert tf.Variable(np.zeros(2)).dtype == torch.float64
    assert tf.Variable([1, 2], dtype="float32").dtype == torch.float32
