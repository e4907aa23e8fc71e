"""`Conv.convolution_op(inputs, kernel)` (keras-io "Customizing the convolution operation of a Conv2D layer"):
a subclass overriding it changes what `call` convolves with; a subclass's `call` may call it with its own
kernel. Values against TF 2.21 / Keras 3.15 (`tests/golden/make_convolution_op_golden.py`)."""

from pathlib import Path

import numpy as np

import keraslike as tf
from keraslike.keras import layers

GOLDEN = np.load(Path(__file__).parents[2] / "golden" / "convolution_op.npz")


class StandardizedConv2DWithOverride(layers.Conv2D):
    def convolution_op(self, inputs, kernel):
        mean, var = tf.nn.moments(kernel, axes=[0, 1, 2], keepdims=True)
        return tf.nn.conv2d(inputs, (kernel - mean) / tf.sqrt(var + 1e-10), padding="VALID",
                            strides=list(self.strides), name=self.__class__.__name__)


class StandardizedConv2DWithCall(layers.Conv2D):
    def call(self, inputs):
        mean, var = tf.nn.moments(self.kernel, axes=[0, 1, 2], keepdims=True)
        result = self.convolution_op(inputs, (self.kernel - mean) / tf.sqrt(var + 1e-10))
        if self.use_bias:
            result = result + self.bias
        return result


def _layer(cls, **kwargs):
    layer = cls(4, 3, **kwargs)
    layer.build(GOLDEN["x"].shape)
    layer.set_weights([GOLDEN["kernel"], GOLDEN["bias"]])
    return layer


def test_overridden_convolution_op_is_what_call_uses():
    out = _layer(StandardizedConv2DWithOverride, activation="relu")(GOLDEN["x"])
    np.testing.assert_allclose(np.asarray(out), GOLDEN["override"], rtol=1e-5, atol=1e-5)


def test_call_may_convolve_its_own_kernel():
    out = _layer(StandardizedConv2DWithCall, strides=2, padding="same")(GOLDEN["x"])
    np.testing.assert_allclose(np.asarray(out), GOLDEN["call"], rtol=1e-5, atol=1e-5)


def test_plain_conv_convolution_op_is_call_without_bias_and_activation():
    layer = _layer(layers.Conv2D, activation="relu")
    x = GOLDEN["x"]
    no_bias = np.asarray(layer.convolution_op(tf.constant(x), layer.kernel))
    np.testing.assert_allclose(np.maximum(no_bias + GOLDEN["bias"], 0), np.asarray(layer(x)), rtol=1e-5, atol=1e-6)
