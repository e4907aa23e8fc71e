"""Activation layers: Softmax, ReLU, LeakyReLU, PReLU, ELU
(keras/src/layers/activations/{softmax,relu,leaky_relu,prelu,elu}.py).

Output shape equals input shape for all of them.
"""

import torch.nn.functional as F

from keraslike._src.keras import activations, initializers, keras_version
from keraslike._src.keras.layers.layer import Layer, insert_key, weight_options_config
from keraslike._src.ops import masked_attention

class Softmax(Layer):
    """Softmax over `axis` (int or tuple), with an optional `mask`.

    Args:
        axis: int or tuple of ints, default -1.

    Call args: `inputs`, `mask` (broadcastable to `inputs`; True, or > 0.5 for a numeric mask, keeps an
        entry). As Keras: masked logits are replaced by -1e9 (-3e4 in float16) before the softmax and the
        masked probabilities are set to 0 after it, so a fully masked row is all zeros and masked entries
        pass no gradient.

    Raises:
        ValueError: if the mask has more dimensions than `inputs` or does not broadcast to it.
    """

    supports_masking = True

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, inputs, mask=None):
        if mask is not None:
            mask = masked_attention.as_allowed(mask).to(inputs.device)
            _check_broadcastable(mask, inputs)
        return masked_attention.masked_softmax(inputs, mask, self.axis)

    def get_config(self):
        return {**super().get_config(), "axis": self.axis}


def _check_broadcastable(mask, inputs):
    pairs = zip(reversed(mask.shape), reversed(inputs.shape))
    if mask.dim() > inputs.dim() or any(m not in (1, i) for m, i in pairs):
        raise ValueError("The `mask` must be broadcastable to `inputs`: each mask dimension 1 or the input's, and "
                         f"no more dimensions. Received: inputs.shape={tuple(inputs.shape)}, "
                         f"mask.shape={tuple(mask.shape)}")


class ReLU(Layer):
    """`max(x, 0)` with optional cap, leak below `threshold`, and threshold.

    Args:
        max_value: float >= 0 or None (no cap).
        negative_slope: float >= 0, default 0.
        threshold: float >= 0, default 0.

    Raises:
        ValueError: on a negative `max_value`, `negative_slope` or `threshold`.
    """

    supports_masking = True

    def __init__(self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs):
        super().__init__(**kwargs)
        for name, value in (("max_value", max_value), ("negative_slope", negative_slope), ("threshold", threshold)):
            if value is not None and value < 0:
                raise ValueError(f"`{name}` of a ReLU layer cannot be a negative value. Received: {name}={value}")
        self.max_value = max_value
        self.negative_slope = negative_slope
        self.threshold = threshold

    def call(self, inputs):
        return activations.relu(inputs, negative_slope=self.negative_slope, max_value=self.max_value,
                                threshold=self.threshold)

    def get_config(self):
        return {**super().get_config(), "max_value": self.max_value, "negative_slope": self.negative_slope,
                "threshold": self.threshold}


class LeakyReLU(Layer):
    """`x if x >= 0 else negative_slope * x`.

    Args:
        negative_slope: float >= 0, default 0.3 (Keras 3). `alpha` is the Keras 2 name and still accepted.

    Raises:
        ValueError: if `negative_slope` is None or negative.
    """

    supports_masking = True

    def __init__(self, negative_slope=0.3, **kwargs):
        if "alpha" in kwargs:
            negative_slope = kwargs.pop("alpha")
        super().__init__(**kwargs)
        if negative_slope is None or negative_slope < 0:
            raise ValueError(
                "The negative_slope value of a Leaky ReLU layer cannot be None or negative. "
                f"Received: negative_slope={negative_slope}"
            )
        self.negative_slope = float(negative_slope)

    def call(self, inputs):
        return F.leaky_relu(inputs, self.negative_slope)

    def get_config(self):
        return {**super().get_config(), "negative_slope": self.negative_slope}


class PReLU(Layer):
    """Parametric ReLU: `relu(x) - alpha * relu(-x)` with a learned `alpha`.

    Args:
        alpha_initializer: default "zeros".
        alpha_regularizer, alpha_constraint: optional.
        shared_axes: int or list of ints (1-indexed, batch excluded) along which alpha is shared,
            e.g. `[1, 2]` for one alpha per channel of an image.

    Weights: alpha of shape `input_shape[1:]` with the shared axes set to 1.
    """

    supports_masking = True

    def __init__(self, alpha_initializer="zeros", alpha_regularizer=None, alpha_constraint=None,
                 shared_axes=None, **kwargs):
        super().__init__(**kwargs)
        self.alpha_initializer = initializers.get(alpha_initializer)
        self.alpha_regularizer = alpha_regularizer
        self.alpha_constraint = alpha_constraint
        if shared_axes is None:
            self.shared_axes = None
        else:
            self.shared_axes = [shared_axes] if isinstance(shared_axes, int) else list(shared_axes)

    def build(self, input_shape):
        shape = list(input_shape[1:])
        for axis in self.shared_axes or []:
            shape[axis - 1] = 1
        if None in shape:
            raise ValueError(f"PReLU needs defined non-shared dimensions. Received: input_shape={input_shape}")
        self.alpha = self.add_weight("alpha", tuple(shape), self.alpha_initializer,
                                     regularizer=self.alpha_regularizer, constraint=self.alpha_constraint)
        self.built = True

    def call(self, inputs):
        return F.relu(inputs) - self.alpha * F.relu(-inputs)

    def get_config(self):
        return {**super().get_config(), "alpha_initializer": initializers.serialize(self.alpha_initializer),
                **weight_options_config(alpha_regularizer=self.alpha_regularizer,
                                        alpha_constraint=self.alpha_constraint),
                "shared_axes": self.shared_axes}


class ELU(Layer):
    """`x if x > 0 else alpha * (exp(x) - 1)`.

    Args:
        alpha: float, default 1.0.
    """

    supports_masking = True

    def __init__(self, alpha=1.0, **kwargs):
        super().__init__(**kwargs)
        self.alpha = float(alpha)

    def call(self, inputs):
        return F.elu(inputs, self.alpha)

    def get_config(self):
        if keras_version.legacy_keras():
            return {**super().get_config(), "alpha": self.alpha}
        return insert_key(super().get_config(), "alpha", self.alpha, after="name")  # Keras 3's order
