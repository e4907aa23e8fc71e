"""`tf.keras.backend` legacy functions: old tutorials' `K.`-style custom losses/metrics in `fit`, errors, random."""

import numpy as np
import pytest
import torch

import keraslike as tf

K = tf.keras.backend


def dice_coef(y_true, y_pred, smooth=1.0):
    y_true_f = K.flatten(y_true)
    y_pred_f = K.flatten(y_pred)
    intersection = K.sum(y_true_f * y_pred_f)
    return (2.0 * intersection + smooth) / (K.sum(y_true_f) + K.sum(y_pred_f) + smooth)


def dice_loss(y_true, y_pred):
    return 1.0 - dice_coef(y_true, y_pred)


def rmse(y_true, y_pred):
    return K.sqrt(K.mean(K.square(y_pred - y_true), axis=-1))


def weighted_bce(y_true, y_pred):
    y_pred = K.clip(y_pred, K.epsilon(), 1 - K.epsilon())
    return K.mean(K.binary_crossentropy(y_true, y_pred) * (1.0 + y_true), axis=-1)


def test_tutorial_style_losses_and_metrics_train_with_fit():
    rng = np.random.default_rng()
    x = rng.normal(size=(67, 5)).astype("float32")
    y = (x[:, :3] + 0.3 * rng.normal(size=(67, 3)) > 0).astype("float32")
    model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(3, activation="sigmoid")])
    model.compile(optimizer=tf.keras.optimizers.Adam(0.05), loss=weighted_bce, metrics=[dice_coef, rmse])
    history = model.fit(x, y, batch_size=16, epochs=6, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0]
    assert history.history["dice_coef"][-1] > history.history["dice_coef"][0]
    result = model.evaluate(x, y, batch_size=len(x), verbose=0, return_dict=True)
    p = model.predict(x, verbose=0).astype("float64")
    expected_dice = (2 * np.sum(y * p) + 1) / (np.sum(y) + np.sum(p) + 1)
    expected_rmse = np.mean(np.sqrt(np.mean((p - y) ** 2, axis=-1)))
    pc = np.clip(p, 1e-7, 1 - 1e-7)
    bce = -(y * np.log(pc + 1e-7) + (1 - y) * np.log(1 - pc + 1e-7))
    expected_loss = np.mean(np.mean(bce * (1 + y), axis=-1))
    np.testing.assert_allclose(result["dice_coef"], expected_dice, rtol=1e-4)
    np.testing.assert_allclose(result["rmse"], expected_rmse, rtol=1e-4)
    np.testing.assert_allclose(result["loss"], expected_loss, rtol=1e-4)

    model.compile(optimizer="adam", loss=dice_loss)
    model.fit(x, y, batch_size=32, epochs=1, verbose=0)


def test_dice_coef_gradient_matches_torch_autograd():
    y = torch.tensor([[1.0, 0.0], [1.0, 1.0]])
    p = tf.Variable([[0.7, 0.2], [0.4, 0.9]])
    with tf.GradientTape() as tape:
        loss = dice_loss(y, p)
    grad = tape.gradient(loss, p)
    q = torch.tensor([[0.7, 0.2], [0.4, 0.9]], requires_grad=True)
    ref = 1 - (2 * torch.sum(y * q) + 1) / (torch.sum(y) + torch.sum(q) + 1)
    ref.backward()
    np.testing.assert_allclose(np.asarray(grad), q.grad.numpy(), rtol=1e-6)


def test_errors_are_keras_style():
    with pytest.raises(RuntimeError, match="GradientTape"):
        K.gradients(K.constant(1.0), [K.variable(1.0)])
    with pytest.raises(ValueError, match="rank < 2"):
        K.batch_dot(K.ones((3,)), K.ones((3, 2)))
    with pytest.raises(ValueError, match="different batch sizes"):
        K.batch_dot(K.ones((3, 2)), K.ones((4, 2)))
    with pytest.raises(ValueError, match="axis 0"):
        K.batch_dot(K.ones((3, 2)), K.ones((3, 2)), axes=0)
    with pytest.raises(ValueError, match="x.shape"):
        K.batch_dot(K.ones((3, 2, 4)), K.ones((3, 5, 4)), axes=(1, 1))
    with pytest.raises(ValueError, match="1D"):
        K.softmax(K.ones((3,)))
    with pytest.raises(ValueError, match="Unknown data_format"):
        K.conv2d(K.ones((1, 4, 4, 1)), K.ones((2, 2, 1, 1)), data_format="NHWC")
    with pytest.raises(ValueError, match="Invalid padding"):
        K.conv2d(K.ones((1, 4, 4, 1)), K.ones((2, 2, 1, 1)), padding="full")
    with pytest.raises(ValueError, match="pooling mode"):
        K.pool2d(K.ones((1, 4, 4, 1)), (2, 2), pool_mode="sum")
    with pytest.raises(ValueError, match="interpolation"):
        K.resize_images(K.ones((1, 2, 2, 1)), 2, 2, "channels_last", interpolation="cubicx")
    with pytest.raises(ValueError, match="rank 2"):
        K.repeat(K.ones((2, 2, 2)), 3)
    with pytest.raises(ValueError, match="incompatible"):
        K.categorical_crossentropy(K.ones((2, 3)), K.ones((2, 4)))
    with pytest.raises(ValueError, match="top_paths"):
        K.ctc_decode(K.ones((1, 3, 4)) / 4, K.constant([3], dtype="int32"), greedy=False, beam_width=2, top_paths=3)
    with pytest.raises(ValueError, match="Rank of `condition`"):
        K.switch(K.ones((2, 2, 2)) > 0, K.ones((2, 2)), K.zeros((2, 2)))


def test_random_functions_shapes_dtypes_and_statistics():
    n = K.random_normal((20000,), mean=1.5, stddev=0.5)
    assert n.dtype == torch.float32 and tuple(n.shape) == (20000,)
    assert abs(float(K.mean(n)) - 1.5) < 0.03 and abs(float(K.std(n)) - 0.5) < 0.03
    u = K.random_uniform((20000,), minval=-1.0, maxval=3.0, dtype="float64")
    assert u.dtype == torch.float64 and float(K.min(u)) >= -1.0 and float(K.max(u)) < 3.0
    assert abs(float(K.mean(u)) - 1.0) < 0.05
    t = K.truncated_normal((20000,), stddev=2.0)
    assert float(K.max(K.abs(t))) <= 4.0 + 1e-6
    b = K.random_bernoulli((20000,), p=0.3)
    assert set(np.unique(K.eval(b)).tolist()) <= {0.0, 1.0} and abs(float(K.mean(b)) - 0.3) < 0.03
    v = K.random_normal_variable((3, 4), 0.0, 1.0)
    w = K.random_uniform_variable((3, 4), 2.0, 3.0, seed=5)
    assert isinstance(v, tf.Variable) and isinstance(w, tf.Variable)
    assert float(K.min(w)) >= 2.0 and float(K.max(w)) < 3.0
    kept = K.eval(K.dropout(K.ones((10000,)), 0.25))
    np.testing.assert_allclose(kept[kept != 0], 1.0 / 0.75, rtol=1e-6)
    assert abs(np.mean(kept == 0) - 0.25) < 0.03


def test_dtype_helpers_uid_keras_tensor_sparse_and_scope():
    assert K.standardize_dtype(None) == "float32" and K.standardize_dtype("float64") == "float64"
    assert K.result_type("int32", "float32") == "float32"
    assert K.is_float_dtype("bfloat16") and not K.is_float_dtype("int8")
    assert K.is_int_dtype("uint8") and not K.is_int_dtype("float32")
    assert K.is_keras_tensor(tf.keras.Input((3,))) and not K.is_keras_tensor(K.ones((3,)))
    K.clear_session()
    assert [K.get_uid("foo"), K.get_uid("foo"), K.get_uid("bar")] == [1, 2, 1]
    K.clear_session()
    assert K.get_uid("foo") == 1
    sp = tf.SparseTensor(indices=[[0, 1], [2, 0]], values=[3.0, 4.0], dense_shape=[3, 2])
    assert K.is_sparse(sp) and not K.is_sparse(K.ones((2,)))
    np.testing.assert_array_equal(K.eval(sp), [[0, 3], [0, 0], [4, 0]])
    with K.name_scope("block"):
        v = tf.Variable(1.0, name="w")
    assert v.name.startswith("block/w")
    assert K.get_value(3) == 3
    zero_sized = K.zeros((0, 3))
    assert not isinstance(zero_sized, tf.Variable) and isinstance(K.zeros((2, 3)), tf.Variable)
    assert isinstance(K.variable([1, 2]), tf.Variable) and K.dtype(K.variable([1, 2])) == "float32"
    assert K.int_shape(tf.keras.Input((None, 4))) == (None, None, 4)
    a, b = K.stop_gradient([K.variable([1.0]), K.variable([2.0])])
    assert not a.requires_grad and not b.requires_grad


def test_siamese_lambda_distance_and_contrastive_loss_train():
    def euclidean_distance(vects):
        x, y = vects
        return K.sqrt(K.maximum(K.sum(K.square(x - y), axis=1, keepdims=True), K.epsilon()))

    def contrastive_loss(y_true, y_pred, margin=1.0):
        return K.mean(y_true * K.square(y_pred) + (1 - y_true) * K.square(K.maximum(margin - y_pred, 0)))

    a, b = tf.keras.Input((4,)), tf.keras.Input((4,))
    shared = tf.keras.layers.Dense(3)
    model = tf.keras.Model([a, b], tf.keras.layers.Lambda(euclidean_distance)([shared(a), shared(b)]))
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss=contrastive_loss)
    rng = np.random.default_rng()
    x1, x2 = rng.random((37, 4), dtype="float32"), rng.random((37, 4), dtype="float32")
    y = rng.integers(0, 2, (37, 1)).astype("float32")
    model.fit([x1, x2], y, epochs=1, batch_size=8, verbose=0)
    w, bias = (np.asarray(v) for v in shared.weights)
    dist = np.sqrt(np.maximum(np.sum(np.square((x1 @ w + bias) - (x2 @ w + bias)), axis=1, keepdims=True), 1e-7))
    np.testing.assert_allclose(model.predict([x1, x2], verbose=0), dist, rtol=1e-5, atol=1e-6)
    expected = np.mean(y * dist ** 2 + (1 - y) * np.maximum(1 - dist, 0) ** 2)
    np.testing.assert_allclose(model.evaluate([x1, x2], y, batch_size=37, verbose=0), expected, rtol=1e-5)


def test_sparse_inputs():
    scipy_sparse = pytest.importorskip("scipy.sparse")
    m = scipy_sparse.coo_matrix(np.array([[0.0, 2.0, 0.0], [1.0, 0.0, 3.0]]))
    v = K.variable(m)
    assert K.is_sparse(v)
    np.testing.assert_array_equal(K.eval(v), m.toarray())
    np.testing.assert_allclose(K.eval(K.dot(v, K.constant(np.eye(3) * 2))), m.toarray() * 2)
    both = K.concatenate([v, v], axis=0)
    assert K.is_sparse(both)
    np.testing.assert_array_equal(K.eval(both), np.concatenate([m.toarray()] * 2, axis=0))
    mixed = K.concatenate([v, K.ones((2, 1))], axis=-1)
    np.testing.assert_array_equal(K.eval(mixed), np.concatenate([m.toarray(), np.ones((2, 1))], axis=1))
