"""`tf.keras.experimental.WideDeepModel` (Keras 2, `tf_keras/src/premade_models/wide_deep.py`): a linear model
and a DNN trained jointly on the sum of their outputs.

    linear = tf.keras.experimental.LinearModel()
    dnn = tf.keras.Sequential([tf.keras.layers.Dense(64, activation="relu"), tf.keras.layers.Dense(1)])
    model = tf.keras.experimental.WideDeepModel(linear, dnn)
    model.compile(optimizer=["sgd", "adam"], loss="mse")   # one optimizer each, or one for both
    model.fit([linear_x, dnn_x], y, epochs=3)              # or fit(x, y): both models read x

With two optimizers, each training step computes both models' gradients from one loss, then the linear
optimizer updates the linear model's variables and the DNN optimizer the DNN's, in that order; the same
optimizer given twice takes two steps (its `iterations` counts both), as TF's.
"""

from keraslike._src.keras import activations
from keraslike._src.keras import optimizers as optimizers_module
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.models.model import Model
from keraslike._src.keras.optimizers.optimizer import Optimizer
from keraslike._src.keras.saving import saving_lib, serialization_lib
from keraslike._src.keras.tree import map_structure


class WideDeepModel(Model):
    """Wide & Deep model: `activation(linear_model(linear_inputs) + dnn_model(dnn_inputs))`.

    Args:
        linear_model: a `LinearModel` (any model whose output matches the DNN's).
        dnn_model: a `keras.Model` whose output matches the linear model's.
        activation: name or callable, default None (no activation), applied to the sum.
        **kwargs: `name`, `dtype`, `trainable` (the Layer's).

    Input: `[linear_inputs, dnn_inputs]` (a list or tuple of two), or one input that both models read.
    Output: the sum of the two models' outputs (structures added leaf by leaf).

    `compile(optimizer=[linear_optimizer, dnn_optimizer], ...)` trains each model with its own optimizer;
    `model.optimizer[0]` and `[1]` are them. A single optimizer trains both.
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
        linear_output = self.linear_model(linear_inputs)
        dnn_output = self.dnn_model(dnn_inputs, training=training)
        output = map_structure(lambda a, b: a + b, linear_output, dnn_output)
        if self.activation:
            return map_structure(self.activation, output)
        return output

    def compile(self, optimizer="rmsprop", *args, **kwargs):
        """`Model.compile`; `optimizer` may also be a list `[linear_optimizer, dnn_optimizer]` (each a name or
        an Optimizer).

        Raises:
            ValueError: an optimizer list whose length is not 2.
        """
        if isinstance(optimizer, (list, tuple)):
            if len(optimizer) != 2:
                raise ValueError("Expected `optimizer` to be one optimizer or a list of two (the linear model's, "
                                 f"then the DNN model's). Received: optimizer={optimizer!r}")
            optimizer = _OptimizerPair(optimizers_module.get(optimizer[0]), optimizers_module.get(optimizer[1]),
                                       self.linear_model, self.dnn_model)
        super().compile(optimizer, *args, **kwargs)

    def get_compile_config(self):
        """`Model.get_compile_config`; compiled with two optimizers, their list (as TF writes it)."""
        if isinstance(self.optimizer, _OptimizerPair) and self.compiled:
            return saving_lib.compile_config(self, [serialization_lib.serialize_keras_object(opt)
                                                    for opt in self.optimizer])
        return super().get_compile_config()

    def get_config(self):
        return {**Layer.get_config(self),
                "linear_model": serialization_lib.serialize_keras_object(self.linear_model),
                "dnn_model": serialization_lib.serialize_keras_object(self.dnn_model),
                "activation": activations.serialize(self.activation)}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        linear_model = serialization_lib.deserialize_layer(config.pop("linear_model"), custom_objects)
        dnn_model = serialization_lib.deserialize_layer(config.pop("dnn_model"), custom_objects)
        activation = activations.deserialize(config.pop("activation", None), custom_objects=custom_objects)
        return cls(linear_model=linear_model, dnn_model=dnn_model, activation=activation, **config)


class _OptimizerPair(Optimizer):
    """`model.optimizer` of a WideDeepModel compiled with two optimizers: it indexes as TF's list
    (`[linear_optimizer, dnn_optimizer]`) and steps the linear optimizer on the linear model's variables, then the
    DNN optimizer on the others. Its own `iterations` counts training steps. `model.save` writes the two as a list
    (`WideDeepModel.get_compile_config`); their slots are not restored on load (TF 2.21 skips them too)."""

    def __init__(self, linear_optimizer, dnn_optimizer, linear_model, dnn_model):
        super().__init__(learning_rate=0.0, name="wide_deep_optimizers")
        self._pair = (linear_optimizer, dnn_optimizer)
        self._models = (linear_model, dnn_model)
        self._linear_ids = set()

    def __getitem__(self, index):
        return self._pair[index]

    def __len__(self):
        return 2

    def __iter__(self):
        return iter(self._pair)

    @property
    def learning_rate(self):
        raise AttributeError("A WideDeepModel compiled with two optimizers has no single learning rate: read it on "
                             "`model.optimizer[0]` (linear) or `model.optimizer[1]` (DNN). Received: "
                             "optimizer=[linear_optimizer, dnn_optimizer]")

    @learning_rate.setter
    def learning_rate(self, value):
        raise AttributeError("A WideDeepModel compiled with two optimizers has no single learning rate: set it on "
                             f"`model.optimizer[0]` (linear) or `model.optimizer[1]` (DNN). Received: "
                             f"learning_rate={value!r}")

    lr = learning_rate

    def _split(self, variables):
        linear = [v for v in variables if id(v) in self._linear_ids]
        return linear, [v for v in variables if id(v) not in self._linear_ids]

    def build(self, var_list):
        self._linear_ids = {id(v) for v in self._models[0].trainable_weights}
        var_list = list(var_list)
        for v in var_list:
            if id(v) not in self._param_ids:
                self._param_ids.add(id(v))
                self._params.append(v)
        for optimizer, group in zip(self._pair, self._split(var_list)):
            optimizer.build(group)

    @property
    def variables(self):
        seen, inner = set(), []
        for optimizer in self._pair:
            if id(optimizer) not in seen:
                seen.add(id(optimizer))
                inner += optimizer.variables
        return [self.iterations] + inner

    def scale_loss(self, loss):
        return loss

    def _step(self, variables):
        """Each optimizer steps on its group only: the other group's gradients are set aside meanwhile (one torch
        optimizer may hold both groups when the same optimizer was given twice)."""
        groups = self._split(variables)
        for optimizer, group, other in zip(self._pair, groups, groups[::-1]):
            held = [(v, v.grad) for v in other]
            for v, _ in held:
                v.grad = None
            try:
                if group:
                    optimizer._step(group)
            finally:
                for v, grad in held:
                    v.grad = grad
            for v in group:
                v.grad = None
        self.iterations.add_(1)

    def finalize_variable_values(self, var_list):
        for optimizer, group in zip(self._pair, self._split(list(var_list))):
            optimizer.finalize_variable_values(group)

    def get_config(self):
        raise NotImplementedError("A WideDeepModel's pair of optimizers is serialized as the list of the two "
                                  "(`model.get_compile_config()`), not as one optimizer. Received: "
                                  "optimizer=[linear_optimizer, dnn_optimizer]")
