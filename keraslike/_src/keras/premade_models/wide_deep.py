"""`tf.keras.experimental.WideDeepModel`: `activation(linear_model(x_linear) + dnn_model(x_dnn))`.

tf_keras's premade wide & deep model (Keras 2; keraslike keeps it in both modes). Called with a list of two
inputs, the first goes to the linear model and the second to the DNN; any other input goes to both.
`compile(optimizer=[linear_optimizer, dnn_optimizer])` trains each half with its own optimizer, in that order
within a step, as tf_keras does (one optimizer object given twice steps twice per batch, as there); a single
optimizer trains both. With two, `model.optimizer` is one optimizer routing each weight to its half's (tf_keras
holds the list).
"""

from keraslike._src.keras import activations
from keraslike._src.keras import optimizers as optimizers_module
from keraslike._src.keras.models.model import Model
from keraslike._src.keras.optimizers.multi_optimizer import MultiOptimizer
from keraslike._src.keras.saving import serialization_lib


class _WideDeepOptimizer(MultiOptimizer):
    """The linear half's optimizer for the linear model's weights, the DNN's for the rest, stepped in that order."""

    def __init__(self, model, linear_optimizer, dnn_optimizer):
        self._halves = (linear_optimizer, dnn_optimizer)
        self._model_ref = [model]  # a list: the model is not tracked as this optimizer's attribute
        super().__init__(self._pick, name="wide_deep_optimizer")
        self._inner_optimizers = [linear_optimizer] + ([dnn_optimizer] if dnn_optimizer is not linear_optimizer
                                                       else [])

    def _is_linear(self, var):
        return any(var is v for v in self._model_ref[0].linear_model.trainable_weights)

    def _pick(self, var):
        return self._halves[0] if self._is_linear(var) else self._halves[1]

    def _step(self, variables):
        linear = [v for v in variables if self._is_linear(v)]
        dnn = [v for v in variables if not self._is_linear(v)]
        for opt, group in zip(self._halves, (linear, dnn)):
            if group:
                opt._step(group)
        self.iterations.add_(1)


class WideDeepModel(Model):
    """Wide & Deep model: the sum of a linear model and a DNN, through `activation`.

    Args:
        linear_model: a `LinearModel` (its output must match the DNN's).
        dnn_model: a Keras model.
        activation: applied to the sum (default: none).
        **kwargs: `Model` arguments (`name`, ...).
    """

    def __init__(self, linear_model, dnn_model, activation=None, **kwargs):
        super().__init__(**kwargs)
        self.linear_model = linear_model
        self.dnn_model = dnn_model
        self.activation = activations.get(activation)

    def call(self, inputs, training=None):
        if isinstance(inputs, (tuple, list)) and len(inputs) == 2:
            linear_inputs, dnn_inputs = inputs
        else:
            linear_inputs = dnn_inputs = inputs
        output = self.linear_model(linear_inputs) + self.dnn_model(dnn_inputs, training=training)
        return self.activation(output) if self.activation is not None else output

    def compile(self, optimizer="rmsprop", *args, **kwargs):
        """`Model.compile`; `optimizer` may be `[linear_optimizer, dnn_optimizer]` (module docstring).

        Raises:
            ValueError: a list of other than two optimizers.
        """
        if isinstance(optimizer, (list, tuple)):
            if len(optimizer) != 2:
                raise ValueError("WideDeepModel takes one optimizer or a list of two (linear, dnn). "
                                 f"Received: optimizer={optimizer!r}")
            linear, dnn = (optimizers_module.get(o) for o in optimizer)
            optimizer = _WideDeepOptimizer(self, linear, dnn)
        return super().compile(optimizer, *args, **kwargs)

    def get_config(self):
        return {"name": self.name,
                "linear_model": serialization_lib.serialize_keras_object(self.linear_model),
                "dnn_model": serialization_lib.serialize_keras_object(self.dnn_model),
                "activation": activations.serialize(self.activation)}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        linear = serialization_lib.deserialize_keras_object(config.pop("linear_model"), custom_objects=custom_objects)
        dnn = serialization_lib.deserialize_keras_object(config.pop("dnn_model"), custom_objects=custom_objects)
        return cls(linear, dnn, activation=activations.get(config.pop("activation", None)), **config)
