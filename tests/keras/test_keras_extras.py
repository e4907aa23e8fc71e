"""Small Keras-surface names: legacy layers (RandomHeight/RandomWidth/ThresholdedReLU),
initializer and mixed-precision aliases (keras.distribution: tests/distribute/test_keras_distribution_api.py)."""

import numpy as np
import pytest

import keraslike as tf

keras = tf.keras


def test_random_height_width_resize_while_training_only():
    x = np.random.RandomState(0).rand(2, 10, 12, 3).astype("float32")
    tall = keras.layers.RandomHeight((0.5, 0.5))(x)
    assert tuple(tall.shape) == (2, 15, 12, 3)
    np.testing.assert_allclose(tall.numpy(), tf.image.resize(x, (15, 12)).numpy(), rtol=1e-5, atol=1e-6)
    assert tuple(keras.layers.RandomWidth((-0.5, -0.5))(x).shape) == (2, 10, 6, 3)
    np.testing.assert_array_equal(keras.layers.RandomWidth(0.4)(x, training=False).numpy(), x)
    widths = {keras.layers.RandomWidth(0.4)(x).shape[2] for _ in range(20)}
    assert len(widths) > 1 and all(7 <= w <= 16 for w in widths)
    with pytest.raises(ValueError, match="larger than -1"):
        keras.layers.RandomHeight((-1.5, 0.2))


def test_thresholded_relu_and_aliases():
    out = keras.layers.ThresholdedReLU(theta=0.5)(np.array([-1.0, 0.3, 0.5, 0.7], "float32"))
    np.testing.assert_array_equal(out.numpy(), np.array([0.0, 0.0, 0.0, 0.7], "float32"))
    with pytest.raises(ValueError, match="theta"):
        keras.layers.ThresholdedReLU(theta=-1)
    assert keras.initializers.OrthogonalInitializer is keras.initializers.Orthogonal
    assert keras.initializers.IdentityInitializer is keras.initializers.Identity
    restored = keras.initializers.deserialize(keras.initializers.serialize(keras.initializers.Constant(3.0)))
    assert float(restored((2,))[0]) == 3.0
    assert keras.mixed_precision.dtype_policy().name == "float32"


def test_a_function_initializer_saves_by_reference(tmp_path):
    """TF's basics guide: `Dense(1, kernel_initializer=tf.random.normal)` then `model.save(...keras)`."""
    x = tf.cast(tf.linspace(-2, 2, 21), tf.float32)  # ints give float64, as TF
    assert tf.linspace(-2, 2, 5).dtype == tf.float64
    model = keras.Sequential([keras.layers.Lambda(lambda v: tf.stack([v, v ** 2], axis=1)),
                              keras.layers.Dense(units=1, kernel_initializer=tf.random.normal)])
    model.compile(loss=keras.losses.MSE, optimizer=keras.optimizers.SGD(learning_rate=0.01))
    model.fit(x, x ** 2, epochs=2, batch_size=8, verbose=0)
    model.save(str(tmp_path / "m.keras"))
    config = keras.initializers.serialize(tf.random.normal)
    assert config["class_name"] == "function" and config["config"] == "normal"
