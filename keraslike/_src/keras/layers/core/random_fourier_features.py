"""Keras 2's `tf.keras.layers.experimental.RandomFourierFeatures` (tf_keras/src/layers/kernelized.py).

Random Fourier features approximate a shift-invariant kernel (Rahimi & Recht): for a rank-2 input `x`
`(batch, input_dim)`, the layer returns `cos(x @ (W / s) + b)` of shape `(batch, output_dim)`, where `W`
`(input_dim, output_dim)` is drawn once from the kernel's spectral distribution and not trained (`"gaussian"`:
standard normal, the RBF kernel; `"laplacian"`: standard Cauchy; or any initializer), `b ~ U(0, 2 pi)` is not
trained, and the scale `s` (one weight, non-negative, trained when the layer is) starts at `scale`, by default
`sqrt(input_dim / 2)` for the gaussian kernel and 1 otherwise. The layer is not trainable unless
`trainable=True`. A dense layer on top (with a hinge loss) gives a kernel SVM (keras-io's quasi-SVM example).
"""

import math

import numpy as np
import torch

from keraslike._src.keras import initializers
from keraslike._src.keras.layers.input_spec import InputSpec
from keraslike._src.keras.layers.layer import Layer

_KERNELS = ("gaussian", "laplacian")


class RandomFourierFeatures(Layer):
    """`cos(x @ (kernel / kernel_scale) + bias)`: random features of a shift-invariant kernel (see module)."""

    def __init__(self, output_dim, kernel_initializer="gaussian", scale=None, trainable=False, name=None, **kwargs):
        if output_dim <= 0:
            raise ValueError(f"`output_dim` should be a positive integer. Received: output_dim={output_dim}")
        if isinstance(kernel_initializer, str) and kernel_initializer.lower() not in _KERNELS:
            raise ValueError(f"Unsupported `kernel_initializer`: expected one of {list(_KERNELS)} or an "
                             f"initializer. Received: kernel_initializer={kernel_initializer!r}")
        if scale is not None and scale <= 0.0:
            raise ValueError(f"When provided, `scale` should be a positive float. Received: scale={scale}")
        super().__init__(trainable=trainable, name=name, **kwargs)
        self.output_dim = output_dim
        self.kernel_initializer = kernel_initializer
        self.scale = scale

    def build(self, input_shape):
        if len(input_shape) != 2:
            raise ValueError(f"The rank of the input tensor should be 2. Received: input_shape={input_shape}")
        input_dim = input_shape[1]
        if input_dim is None:
            raise ValueError(f"The last dimension of the input tensor should be defined. Received: "
                             f"input_shape={input_shape}")
        self.input_spec = InputSpec(ndim=2, axes={1: input_dim})
        shape = (input_dim, self.output_dim)
        self.unscaled_kernel = self.add_weight(name="unscaled_kernel", shape=shape, dtype="float32",
                                               initializer=_features_initializer(self.kernel_initializer, shape),
                                               trainable=False)
        self.bias = self.add_weight(name="bias", shape=(self.output_dim,), dtype="float32",
                                    initializer=initializers.RandomUniform(0.0, 2 * math.pi), trainable=False)
        if self.scale is None:
            gaussian = isinstance(self.kernel_initializer, str) and self.kernel_initializer.lower() == "gaussian"
            self.scale = float(np.sqrt(input_dim / 2.0)) if gaussian else 1.0
        self.kernel_scale = self.add_weight(name="kernel_scale", shape=(1,), dtype="float32",
                                            initializer=initializers.Constant(self.scale), trainable=True,
                                            constraint="non_neg")
        self.built = True

    def call(self, inputs):
        inputs = inputs.to(torch.float32) if isinstance(inputs, torch.Tensor) else torch.as_tensor(
            np.asarray(inputs, dtype=np.float32))
        kernel = self.unscaled_kernel / self.kernel_scale
        return torch.cos(inputs @ kernel + self.bias)

    def compute_output_shape(self, input_shape):
        if len(input_shape) != 2 or input_shape[-1] is None:
            raise ValueError(f"Expected a rank-2 input with a defined last dimension. Received: "
                             f"input_shape={input_shape}")
        return (input_shape[0], self.output_dim)

    def get_config(self):
        kernel_initializer = self.kernel_initializer
        if not isinstance(kernel_initializer, str):
            kernel_initializer = initializers.serialize(kernel_initializer)
        return {**super().get_config(), "output_dim": self.output_dim, "kernel_initializer": kernel_initializer,
                "scale": self.scale}


def _features_initializer(initializer, shape):
    if not isinstance(initializer, str):
        return initializers.get(initializer)
    if initializer.lower() == "gaussian":
        return initializers.RandomNormal(stddev=1.0)
    probs = np.random.uniform(0.0, 1.0, size=shape)  # standard Cauchy samples, as Keras 2 draws them (NumPy)
    return initializers.Constant(np.tan(np.pi * (probs - 0.5)))
