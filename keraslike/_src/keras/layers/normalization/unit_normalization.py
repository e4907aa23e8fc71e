"""`UnitNormalization` and `RMSNormalization`
(keras/src/layers/normalization/{unit_normalization,rms_normalization}.py)."""

from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.ops import nn as ops_nn


class UnitNormalization(Layer):
    """Scale each sample to unit L2 norm along `axis`: `x / max(||x||, 1e-12)`.

    Args:
        axis: int or list of ints, default -1.
    """

    supports_masking = True

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(axis, (int, list, tuple)):
            raise TypeError(f"Invalid value for `axis` argument: expected an int or a list/tuple of ints. "
                            f"Received: axis={axis}")
        self.axis = list(axis) if isinstance(axis, (list, tuple)) else axis

    def call(self, inputs):
        axis = tuple(self.axis) if isinstance(self.axis, list) else self.axis
        return ops_nn.normalize(inputs, axis=axis, order=2, epsilon=1e-12)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "axis": self.axis}


class RMSNormalization(Layer):
    """Root-mean-square normalisation: `x * rsqrt(mean(x**2, axis) + epsilon) * scale`.

    Args:
        axis: int or list of ints, default -1; the trainable `scale` (init ones) has those axes' sizes.
        epsilon: float, default 1e-6.
    """

    def __init__(self, axis=-1, epsilon=1e-6, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis
        self.epsilon = epsilon

    def build(self, input_shape):
        if isinstance(self.axis, (list, tuple)):
            self.axis = sorted(self.axis)
            shape = tuple(input_shape[a] for a in self.axis)
        else:
            shape = (input_shape[self.axis],)
            self.axis = [self.axis]
        self.scale = self.add_weight("scale", shape, "ones")
        self.built = True

    def call(self, x):
        return ops_nn.rms_normalization(x, scale=self.scale, axis=tuple(self.axis), epsilon=self.epsilon)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "axis": self.axis, "epsilon": self.epsilon}
