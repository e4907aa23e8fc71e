"""Write the golden for `Conv.convolution_op` overrides (keras-io's "Customizing the convolution operation of a
Conv2D layer": weight-standardized Conv2D, once overriding `convolution_op`, once calling it from `call`).

Run under real TensorFlow 2.21 / Keras 3.15 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_convolution_op_golden.py

It writes `tests/golden/convolution_op.npz`: `x`, `kernel`, `bias` and the two layers' outputs;
`tests/keras/layers/test_convolution_op.py` reads it (the layer classes are repeated there).
"""

import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402
from keras import layers  # noqa: E402


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


def main():
    rng = np.random.default_rng(0)
    x = rng.random((2, 7, 7, 3)).astype("float32")
    kernel = rng.normal(size=(3, 3, 3, 4)).astype("float32")
    bias = rng.normal(size=(4,)).astype("float32")
    out = {}
    for name, cls, kwargs in (("override", StandardizedConv2DWithOverride, {"activation": "relu"}),
                              ("call", StandardizedConv2DWithCall, {"strides": 2, "padding": "same"})):
        layer = cls(4, 3, **kwargs)
        layer.build(x.shape)
        layer.set_weights([kernel, bias])
        out[name] = np.asarray(layer(x))
    here = os.path.dirname(os.path.abspath(__file__))
    np.savez(os.path.join(here, "convolution_op.npz"), x=x, kernel=kernel, bias=bias, **out)


if __name__ == "__main__":
    main()
