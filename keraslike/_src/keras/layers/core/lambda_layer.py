"""`keras.layers.Lambda`: wrap an arbitrary function as a layer (keras/src/layers/core/lambda_layer.py)."""

import inspect

from keraslike._src.keras.layers.layer import Layer


class Lambda(Layer):
    """Apply `function(inputs, **arguments)`.

    Args:
        function: callable taking the input tensor (or list of tensors); it may
            also accept `training` and `mask` keyword arguments.
        output_shape: optional, accepted for compatibility (shapes are inferred by running `function`).
        mask: optional, accepted for compatibility.
        arguments: optional dict of extra keyword arguments for `function`.

    Input shape: anything `function` accepts. Output shape: what it returns.

    Raises:
        TypeError: if `function` is not callable.

    The function is not serialized: `get_config` records its name only, and
    `from_config` needs it passed back through `custom_objects` (nothing is unpickled).
    """

    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        if not callable(function):
            raise TypeError(f"Lambda expects a callable `function`. Received: function={function!r}")
        self.function = function
        self.output_shape_arg = output_shape
        self.mask = mask
        self.arguments = dict(arguments or {})
        try:
            params = inspect.signature(function).parameters
        except (TypeError, ValueError):
            params = {}
        self._fn_takes_training = "training" in params
        self._fn_takes_mask = "mask" in params

    def call(self, inputs, mask=None, training=None):
        kwargs = dict(self.arguments)
        if self._fn_takes_training:
            kwargs["training"] = training
        if self._fn_takes_mask:
            kwargs["mask"] = mask
        return self.function(inputs, **kwargs)

    def get_config(self):
        name = getattr(self.function, "__name__", type(self.function).__name__)
        return {**super().get_config(), "function": name, "arguments": self.arguments}
