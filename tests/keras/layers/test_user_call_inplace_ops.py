"""A user's `call` writing `inputs -= ...` leaves the caller's tensor alone, as with TF's immutable tensors.

In the style of keras_io/examples/keras_recipes/antirectifier, whose layer does
`inputs -= tf.reduce_mean(inputs, axis=-1, keepdims=True)`. On TF that rebinds `inputs`; on a torch tensor it
wrote into the caller's tensor (a user's constant changed) and, after a `relu`, broke the backward pass
("modified by an inplace operation"). Values by hand: the layer centers each row.
"""

import numpy as np

import keraslike as tf
from keraslike import keras


class Antirectifier(keras.layers.Layer):
    def build(self, input_shape):
        dim = input_shape[-1]
        self.kernel = self.add_weight(shape=(dim * 2, dim), initializer="he_normal", name="kernel")

    def call(self, inputs):
        inputs -= tf.reduce_mean(inputs, axis=-1, keepdims=True)
        pos = tf.nn.relu(inputs)
        neg = tf.nn.relu(-inputs)
        return tf.matmul(tf.concat([pos, neg], axis=-1), self.kernel)


class Center(keras.layers.Layer):
    def call(self, inputs):
        inputs -= tf.reduce_mean(inputs, axis=-1, keepdims=True)
        return inputs


def test_the_callers_tensor_keeps_its_values():
    values = np.arange(6, dtype="float32").reshape(2, 3)
    for x in (tf.constant(values), tf.convert_to_tensor(values) * 1.0):
        out = Center()(x)
        np.testing.assert_array_equal(x.numpy(), values)
        np.testing.assert_allclose(out.numpy(), values - values.mean(-1, keepdims=True))


def test_fit_through_an_inplace_op_after_relu_matches_the_out_of_place_layer():
    x = np.random.RandomState(0).normal(size=(32, 6)).astype("float32")
    y = np.random.RandomState(1).randint(0, 3, 32)
    histories = []
    for layer in (Antirectifier, Center):
        for inplace in (True, False):
            tf.keras.utils.set_random_seed(0)
            middle = layer()
            if not inplace:  # the same layer written out of place
                middle.call = lambda inputs, _call=type(middle).call, _self=middle: _call(_self, inputs * 1.0)
            model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8), keras.layers.Activation("relu"),
                                      middle, keras.layers.Dense(3)])
            model.compile("sgd", keras.losses.SparseCategoricalCrossentropy(from_logits=True))
            histories.append(model.fit(x, y, epochs=2, batch_size=8, shuffle=False, verbose=0).history["loss"])
    np.testing.assert_allclose(histories[0], histories[1], rtol=1e-6)
    np.testing.assert_allclose(histories[2], histories[3], rtol=1e-6)
