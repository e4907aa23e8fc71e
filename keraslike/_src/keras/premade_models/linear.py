"""`tf.keras.experimental.LinearModel`: `y = activation(bias + sum_i x_i @ w_i)`.

tf_keras's premade linear model (Keras 2; Keras 3 removed it, keraslike keeps it in both modes): one bias-free
Dense kernel per input (an input, each input of a list, or each key of a dict in sorted order, the Dense named
after the key), summed, plus one bias. Kernels and bias start at zeros.

Example:
    >>> model = tf.keras.experimental.LinearModel()
    >>> model.compile(optimizer="sgd", loss="mse")
    >>> model.fit(x, y, epochs=10)   # x: (n, features)
"""

from keraslike._src.keras import activations, initializers, regularizers
from keraslike._src.keras.layers.core.dense import Dense
from keraslike._src.keras.models.model import Model


def _is_shape(value):
    return isinstance(value, (tuple, list)) and all(d is None or isinstance(d, int) for d in value)


class LinearModel(Model):
    """Linear model for regression and classification.

    Args:
        units: output dimension.
        activation: applied to the sum (default: none).
        use_bias: whether the model adds a bias.
        kernel_initializer, bias_initializer: initializers (default `"zeros"`).
        kernel_regularizer, bias_regularizer: regularizers of the kernels and the bias.
        **kwargs: `Model` arguments (`name`, ...).

    Input shape: a tensor `(batch, features)`, a list of them, or a dict of them.
    Output shape: `(batch, units)`.
    """

    def __init__(self, units=1, activation=None, use_bias=True, kernel_initializer="zeros", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)

    def _dense(self, name=None):
        return Dense(self.units, use_bias=False, kernel_initializer=self.kernel_initializer,
                     kernel_regularizer=self.kernel_regularizer, name=name)

    def build(self, input_shape):
        if isinstance(input_shape, dict):
            names = sorted(input_shape)
            self.dense_layers = [self._dense(name) for name in names]
            shapes = [input_shape[name] for name in names]
        elif isinstance(input_shape, (tuple, list)) and input_shape and not _is_shape(input_shape):
            self.dense_layers = [self._dense() for _ in input_shape]
            shapes = list(input_shape)
        else:
            self.dense_layers = [self._dense()]
            shapes = [input_shape]
        for layer, shape in zip(self.dense_layers, shapes):
            layer.build(tuple(shape))
        self.bias = self.add_weight(name="bias", shape=(self.units,), initializer=self.bias_initializer,
                                    regularizer=self.bias_regularizer, trainable=True) if self.use_bias else None
        self.built = True

    def call(self, inputs):
        if isinstance(inputs, dict):
            names = [layer.name for layer in self.dense_layers]
            missing = set(names) - set(inputs)
            if missing:
                raise ValueError("The `inputs` dictionary does not match the structure expected by the model.\n\t"
                                 f"Expected keys: {set(names)}\n\tReceived keys: {set(inputs)}\n\tMissing keys: "
                                 f"{missing}")
            inputs = [inputs[name] for name in names]
        elif not isinstance(inputs, (tuple, list)):
            inputs = [inputs]
        result = None
        for x, layer in zip(inputs, self.dense_layers):
            output = layer(x)
            result = output if result is None else result + output
        if self.bias is not None:
            result = result + self.bias
        return self.activation(result) if self.activation is not None else result

    def get_config(self):
        return {"name": self.name, "units": self.units, "activation": activations.serialize(self.activation),
                "use_bias": self.use_bias,
                "kernel_initializer": initializers.serialize(self.kernel_initializer),
                "bias_initializer": initializers.serialize(self.bias_initializer),
                "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
                "bias_regularizer": regularizers.serialize(self.bias_regularizer)}
