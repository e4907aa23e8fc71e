"""`LayerNormalization` (keras/src/layers/normalization/layer_normalization.py).

Each example is normalised over `axis` (default the last), then scaled by
`gamma` and shifted by `beta` spanning those axes. Trailing axes use the
fused `torch.nn.functional.layer_norm`.
"""

import torch
import torch.nn.functional as F

from keraslike._src.keras import initializers
from keraslike._src.keras.layers.input_spec import InputSpec
from keraslike._src.keras.layers.layer import Layer, weight_options_config


class LayerNormalization(Layer):
    """Normalise each example over `axis`: `(x - mean) / sqrt(var + epsilon) * gamma + beta`.

    Args:
        axis: int or list of ints, default -1.
        epsilon: float, default 1e-3.
        center: bool, default True (`beta`). scale: bool, default True (`gamma`).
        rms_scaling: bool, default False: `x * rsqrt(var(x) + epsilon) * gamma` (no centering, no beta). This
            is Keras 3's formula (its docs call it deprecated because it scales by the variance, not the
            mean square); keraslike matches Keras so models and checkpoints give the same numbers.
        beta_initializer / gamma_initializer: default "zeros" / "ones".
        beta_regularizer, gamma_regularizer, beta_constraint, gamma_constraint: optional.

    Input/Output shape: unchanged. Weights: gamma, beta of shape `[input_shape[a] for a in axis]`.

    Raises:
        ValueError: if a normalised axis has an undefined size.
    """

    supports_masking = True

    def __init__(self, axis=-1, epsilon=1e-3, center=True, scale=True, rms_scaling=False, beta_initializer="zeros",
                 gamma_initializer="ones", beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                 gamma_constraint=None, **kwargs):
        super().__init__(**kwargs)
        self.axis = [axis] if isinstance(axis, int) else list(axis)
        self._axis_arg = axis if isinstance(axis, int) else list(axis)  # the config writes it as given (Keras)
        self.epsilon = float(epsilon)
        self.center = center and not rms_scaling
        self.scale = scale
        self.rms_scaling = rms_scaling
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self._regularizers = (gamma_regularizer, beta_regularizer)
        self._constraints = (gamma_constraint, beta_constraint)

    def build(self, input_shape):
        ndim = len(input_shape)
        self._axes = sorted(a % ndim for a in self.axis)
        shape = tuple(input_shape[a] for a in self._axes)
        if None in shape:
            raise ValueError(f"LayerNormalization needs defined sizes on axis={self.axis}. "
                             f"Received: input_shape={input_shape}")
        self._trailing = self._axes == list(range(ndim - len(self._axes), ndim))
        self.input_spec = InputSpec(axes={a - ndim: int(input_shape[a]) for a in self._axes})
        self.gamma = self.add_weight("gamma", shape, self.gamma_initializer, regularizer=self._regularizers[0],
                                     constraint=self._constraints[0]) if self.scale else None
        self.beta = self.add_weight("beta", shape, self.beta_initializer, regularizer=self._regularizers[1],
                                    constraint=self._constraints[1]) if self.center else None
        self.built = True

    def _param_view(self, param, ndim):
        shape = [1] * ndim
        for a, size in zip(self._axes, param.shape):
            shape[a] = size
        return param.reshape(shape)

    def call(self, inputs):
        axes = [a % inputs.dim() for a in self._axes]
        if self.rms_scaling:
            var = torch.var(inputs.float(), dim=axes, keepdim=True, correction=0)
            y = inputs * torch.rsqrt(var + self.epsilon).to(inputs.dtype)
            return y * self._param_view(self.gamma, inputs.dim()) if self.gamma is not None else y
        if self._trailing:
            return F.layer_norm(inputs, tuple(inputs.shape[axes[0]:]),
                                None if self.gamma is None else self.gamma,
                                None if self.beta is None else self.beta, self.epsilon)
        var, mean = torch.var_mean(inputs, dim=axes, keepdim=True, correction=0)
        y = (inputs - mean) * torch.rsqrt(var + self.epsilon)
        if self.gamma is not None:
            y = y * self._param_view(self.gamma, inputs.dim())
        if self.beta is not None:
            y = y + self._param_view(self.beta, inputs.dim())
        return y

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        return {**super().get_config(), "axis": self._axis_arg, "epsilon": self.epsilon, "center": self.center,
                "scale": self.scale, "rms_scaling": self.rms_scaling,
                "beta_initializer": initializers.serialize(self.beta_initializer),
                "gamma_initializer": initializers.serialize(self.gamma_initializer),
                **weight_options_config(beta_regularizer=self._regularizers[1], gamma_regularizer=self._regularizers[0],
                                        beta_constraint=self._constraints[1], gamma_constraint=self._constraints[0])}
