"""`tf.keras.experimental.LinearModel` (Keras 2, `tf_keras/src/premade_models/linear.py`): `y = b + sum_i x_i @ W_i`.

One bias-free `Dense` per input (a single tensor, a list of tensors, or a dict of them: one per key, named after
the key, taken in sorted key order), their outputs summed, then the model's own bias and activation. Kernels
start at zero by default, as TF's.

    model = tf.keras.experimental.LinearModel()            # units=1
    model.compile(optimizer="sgd", loss="mse")
    model.fit(x, y, epochs=3)                              # x: (samples, features), a list or a dict of arrays
"""

from keraslike._src.keras import activations, initializers, regularizers
from keraslike._src.keras.layers.core.dense import Dense
from keraslike._src.keras.layers.input_spec import InputSpec
from keraslike._src.keras.layers.layer import Layer, weight_options_config
from keraslike._src.keras.models.model import Model


def _is_shape_list(input_shape):
    """A list/tuple of shapes (one per input), as opposed to one shape (a tuple of ints and None)."""
    return isinstance(input_shape, (list, tuple)) and bool(input_shape) and all(
        isinstance(s, (list, tuple)) for s in input_shape)


class LinearModel(Model):
    """Linear model for regression and classification: `activation(bias + sum_i inputs_i @ kernel_i)`.

    Args:
        units: positive int, default 1: the output size (without the batch dimension).
        activation: name or callable, default None (no activation).
        use_bias: bool, default True: add a bias (intercept) of shape `(units,)`.
        kernel_initializer: default "zeros": the initializer of every input's kernel.
        bias_initializer: default "zeros".
        kernel_regularizer: optional regularizer of every kernel.
        bias_regularizer: optional regularizer of the bias.
        **kwargs: `name`, `dtype`, `trainable` (the Layer's).

    Input shape: `(batch, features)`, a list of such tensors, or a dict of them (every key the model was built
    with must be given again; extra keys are ignored).
    Output shape: `(batch, units)`.
    Weights: one kernel `(features_i, units)` per input (dict inputs: a `Dense` named after each key), then the bias.

    Raises:
        ValueError: called with a dict that lacks a key the model was built with.
    """

    def __init__(self, units=1, activation=None, use_bias=True, kernel_initializer="zeros",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)

    def _dense(self, shape, name=None):
        layer = Dense(units=self.units, use_bias=False, kernel_initializer=self.kernel_initializer,
                      kernel_regularizer=self.kernel_regularizer, name=name)
        layer.build(shape)
        return layer

    def build(self, input_shape):
        if isinstance(input_shape, dict):
            names = sorted(input_shape)
            self.input_specs = [InputSpec(shape=input_shape[name], name=name) for name in names]
            self.dense_layers = [self._dense(input_shape[name], name=name) for name in names]
        elif _is_shape_list(input_shape):
            self.dense_layers = [self._dense(shape) for shape in input_shape]
        else:
            self.dense_layers = [self._dense(input_shape)]
        self.bias = self.add_weight("bias", (self.units,), self.bias_initializer,
                                    regularizer=self.bias_regularizer) if self.use_bias else None
        self.built = True

    def call(self, inputs):
        if isinstance(inputs, dict):
            names = [layer.name for layer in self.dense_layers]
            missing = set(names) - set(inputs)
            if missing:
                raise ValueError("The `inputs` dictionary does not match the structure expected by the model."
                                 f"\n\tExpected keys: {set(names)}\n\tReceived keys: {set(inputs)}"
                                 f"\n\tMissing keys: {missing}")
            inputs = [inputs[name] for name in names]
        if isinstance(inputs, (list, tuple)):
            result = None
            for value, layer in zip(inputs, self.dense_layers):
                output = layer(value)
                result = output if result is None else result + output
        else:
            result = self.dense_layers[0](inputs)
        if self.use_bias:
            result = result + self.bias
        return self.activation(result) if self.activation is not None else result

    def get_config(self):
        return {**Layer.get_config(self), "units": self.units,
                "activation": activations.serialize(self.activation), "use_bias": self.use_bias,
                "kernel_initializer": initializers.serialize(self.kernel_initializer),
                "bias_initializer": initializers.serialize(self.bias_initializer),
                **weight_options_config(kernel_regularizer=self.kernel_regularizer,
                                        bias_regularizer=self.bias_regularizer)}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        del custom_objects
        return cls(**config)
