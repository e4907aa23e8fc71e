"""initializers.Constant with an array value, as tutorials/structured_data/imbalanced_data sets its output bias
(`Constant(np.log([pos / neg]))`): found by the conformance corpus. Keras 3 broadcasts the value to the shape."""

import numpy as np

import keraslike as tf


def test_output_bias_from_class_ratio():
    pos, neg = 50, 9950
    initial_bias = np.log([pos / neg])
    model = tf.keras.Sequential([
        tf.keras.Input((4,)),
        tf.keras.layers.Dense(1, activation="sigmoid", kernel_initializer="zeros",
                              bias_initializer=tf.keras.initializers.Constant(initial_bias)),
    ])
    pred = model.predict(np.ones((3, 4), "float32"), verbose=0)
    np.testing.assert_allclose(pred, np.full((3, 1), pos / (pos + neg)), rtol=1e-5)  # sigmoid(log(p/n))


def test_constant_broadcasts_arrays_and_keeps_scalars():
    np.testing.assert_array_equal(tf.keras.initializers.Constant([1.0, 2.0])((3, 2)).numpy(), [[1, 2]] * 3)
    np.testing.assert_array_equal(tf.keras.initializers.Constant(0.5)((2,)).numpy(), [0.5, 0.5])
    assert tf.keras.initializers.Constant(np.array([1.5])).get_config() == {"value": [1.5]}
