"""A layer written from the base `Layer` gets its integer inputs as given (the keras-io masking guide's
`CustomEmbedding`: `tf.nn.embedding_lookup(self.embeddings, inputs)` on int32 ids). Keras 2 and 3 cast only
floating inputs to the compute dtype; keraslike's built-in layers (and subclasses of them) still take integer
images/features, as TF's promoting matmul/conv do."""

import numpy as np

import keraslike as tf
from keraslike import keras


class CustomEmbedding(keras.layers.Layer):
    def __init__(self, input_dim, output_dim, mask_zero=False, **kwargs):
        super().__init__(**kwargs)
        self.input_dim = input_dim
        self.output_dim = output_dim
        self.mask_zero = mask_zero

    def build(self, input_shape):
        self.embeddings = self.add_weight(shape=(self.input_dim, self.output_dim), initializer="random_normal",
                                          dtype="float32")

    def call(self, inputs):
        return tf.nn.embedding_lookup(self.embeddings, inputs)

    def compute_mask(self, inputs, mask=None):
        if not self.mask_zero:
            return None
        return tf.not_equal(inputs, 0)


def test_custom_embedding_looks_up_integer_ids():
    layer = CustomEmbedding(10, 32, mask_zero=True)
    x = (np.random.default_rng(0).random((3, 10)) * 9).astype("int32")
    y = layer(x)
    np.testing.assert_array_equal(np.asarray(y), layer.embeddings.numpy()[x])
    np.testing.assert_array_equal(np.asarray(layer.compute_mask(x)), x != 0)


def test_custom_layer_sees_integer_dtype():
    seen = []

    class OneHotDense(keras.layers.Layer):
        def build(self, input_shape):
            self.kernel = self.add_weight(shape=(4, 2), initializer="ones")

        def call(self, inputs):
            seen.append(inputs.dtype)
            return tf.matmul(tf.one_hot(inputs, 4), self.kernel)

    out = OneHotDense()(np.array([0, 3, 1], "int32"))
    assert seen == [tf.int32]
    np.testing.assert_allclose(np.asarray(out), np.ones((3, 2)))


def test_builtin_layers_and_their_subclasses_still_take_integer_inputs():
    class DoubledDense(keras.layers.Dense):
        def call(self, inputs):
            return super().call(inputs) * 2

    x = np.arange(6, dtype="uint8").reshape(2, 3)
    dense = keras.layers.Dense(2, kernel_initializer="ones")
    np.testing.assert_allclose(np.asarray(dense(x)), [[3, 3], [12, 12]])
    np.testing.assert_allclose(np.asarray(DoubledDense(2, kernel_initializer="ones")(x)), [[6, 6], [24, 24]])
