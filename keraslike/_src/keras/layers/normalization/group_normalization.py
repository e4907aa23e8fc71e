"""`GroupNormalization` (keras/src/layers/normalization/group_normalization.py).

Channels are split into `groups`; each example is normalised over its
spatial positions and the channels of each group, then scaled per channel.
Computed by `torch.nn.functional.group_norm` on a channels-first view.
"""

import torch.nn.functional as F

from keraslike._src.keras import initializers
from keraslike._src.keras.layers.input_spec import fixed_axis
from keraslike._src.keras.layers.layer import Layer, weight_options_config


class GroupNormalization(Layer):
    """Group normalization (Wu & He, 2018).

    Args:
        groups: int, default 32; must divide the number of channels (-1: one group per channel).
        axis: int, the channels axis, default -1.
        epsilon: float, default 1e-3.
        center / scale: bool, default True.
        beta_initializer / gamma_initializer: default "zeros" / "ones".
        beta_regularizer, gamma_regularizer, beta_constraint, gamma_constraint: optional.

    Input/Output shape: unchanged. Weights: gamma `(C,)`, beta `(C,)`.

    Raises:
        ValueError: if the channels are undefined, fewer than `groups`, or not a multiple of it.
    """

    def __init__(self, groups=32, axis=-1, epsilon=1e-3, center=True, scale=True, beta_initializer="zeros",
                 gamma_initializer="ones", beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                 gamma_constraint=None, **kwargs):
        super().__init__(**kwargs)
        self.groups = groups
        self.axis = axis
        self.epsilon = float(epsilon)
        self.center = center
        self.scale = scale
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self._regularizers = (gamma_regularizer, beta_regularizer)
        self._constraints = (gamma_constraint, beta_constraint)

    def build(self, input_shape):
        channels = input_shape[self.axis]
        if channels is None:
            raise ValueError(f"Axis {self.axis} of the input should have a defined dimension. "
                             f"Received: input_shape={input_shape}")
        self.input_spec = fixed_axis(input_shape, self.axis, ndim=len(input_shape))
        if self.groups == -1:
            self.groups = channels
        if channels < self.groups or channels % self.groups:
            raise ValueError(
                f"Number of groups ({self.groups}) must be a divisor of, and not exceed, the number of channels "
                f"({channels}). Received: input_shape={input_shape}"
            )
        self.gamma = self.add_weight("gamma", (channels,), self.gamma_initializer, regularizer=self._regularizers[0],
                                     constraint=self._constraints[0]) if self.scale else None
        self.beta = self.add_weight("beta", (channels,), self.beta_initializer, regularizer=self._regularizers[1],
                                    constraint=self._constraints[1]) if self.center else None
        self.built = True

    def call(self, inputs):
        axis = self.axis % inputs.dim()
        x = inputs.movedim(axis, 1)
        y = F.group_norm(x, self.groups, self.gamma, self.beta, self.epsilon)
        return y.movedim(1, axis)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        return {**super().get_config(), "groups": self.groups, "axis": self.axis, "epsilon": self.epsilon,
                "center": self.center, "scale": self.scale,
                "beta_initializer": initializers.serialize(self.beta_initializer),
                "gamma_initializer": initializers.serialize(self.gamma_initializer),
                **weight_options_config(beta_regularizer=self._regularizers[1], gamma_regularizer=self._regularizers[0],
                                        beta_constraint=self._constraints[1], gamma_constraint=self._constraints[0])}
