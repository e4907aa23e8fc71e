"""`keras.Sequential`: a linear stack of layers (keras/src/models/sequential.py)."""

import torch

from keraslike._src.keras import keras_version
from keraslike._src.keras.backend import naming
from keraslike._src.keras.layers.core.input_layer import InputLayer
from keraslike._src.keras.layers.keras_tensor import KerasTensor
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.models.functional import adjust_input_rank, cast_to_input_dtype
from keraslike._src.keras.models.model import Model
from keraslike._src.keras.saving import keras2_config, object_registration, serialization_lib
from keraslike._src.ops import string_tensor


class Sequential(Model):
    """`Sequential([layers], name=None)`; layers may also be added with `add`.

    The first item may be `keras.Input(shape=...)`, an `InputLayer`, or a
    layer given `input_shape=`; then the model is built at once (as
    tf.keras), otherwise on its first call or `fit`.

    Raises:
        TypeError: when something that is not a layer is added.
        ValueError: when a layer name repeats.
    """

    def __init__(self, layers=None, name=None, trainable=True):
        super().__init__(name=name, trainable=trainable)
        self._input_layer = None
        self._stack = []
        self._output_shapes = {}
        for layer in layers or []:
            self.add(layer)

    def add(self, layer):
        """Append a layer (or `keras.Input`) on top of the stack."""
        if isinstance(layer, KerasTensor):
            layer = layer.node.layer
        if isinstance(layer, InputLayer):
            if self._stack or self._input_layer is not None:
                raise ValueError(
                    "An Input can only be the first item of a Sequential model. "
                    f"Received: {layer.name!r} after {len(self._stack)} layers"
                )
            self._input_layer = layer
            return
        if not isinstance(layer, Layer):
            raise TypeError(
                "Expected a keras layer instance as argument to Sequential.add(). "
                f"Received: layer={layer!r} of type {type(layer).__name__}"
            )
        key = naming.module_key(layer.name, self)
        if any(naming.module_key(existing.name, self) == key and existing is not layer for existing in self._stack):
            raise ValueError(
                f"All layers added to a Sequential model should have unique names. Name {layer.name!r} "
                "is already the name of a layer in this model. Update the `name` argument to pass a unique name."
            )
        if keras_version.legacy_keras() and self._input_layer is None and any(e is layer for e in self._stack):
            # tf_keras: a Sequential without an input shape yet is later run over `model.layers`, which lists an
            # instance once, so the repeat is skipped (with an input shape, `add` calls it again at once)
            return
        if not self._stack and self._input_layer is None and layer._batch_input_shape is not None:
            self._input_layer = _auto_input(layer, batch_shape=layer._batch_input_shape)
        self._stack.append(layer)
        self.add_module(naming.module_key(layer.name, self), layer)
        self.built = False
        if self._input_layer is not None:
            self._build_symbolic()

    def pop(self):
        """Remove and return the last layer.

        Raises:
            IndexError: if there are no layers (Keras's TypeError in older versions).
        """
        if not self._stack:
            raise IndexError("There are no layers in the model to pop.")
        layer = self._stack.pop()
        built = self.__dict__.get("_symbolic_ids", ())
        if len(built) == len(self._stack) + 2:  # tf.keras: the output is the previous layer's, nothing re-called
            self.__dict__["_symbolic_ids"] = built[:-1]
            self.__dict__["_symbolic_outputs"] = self.__dict__["_symbolic_outputs"][:-1]
            self.outputs = [self.__dict__["_symbolic_outputs"][-1]]
            self._output_shapes.pop(layer.name, None)
        del self._modules[naming.module_key(layer.name, self)]
        return layer

    @property
    def layers(self):
        if keras_version.legacy_keras():  # tf_keras lists a layer instance added twice once; Keras 3 at each position
            seen = set()
            return [layer for layer in self._stack if not (id(layer) in seen or seen.add(id(layer)))]
        return list(self._stack)

    def _sublayers(self):
        return list(self._stack)

    def _tracked_layers(self):
        return ([self._input_layer] if self._input_layer is not None else []) + list(self._stack)

    @property
    def input_shape(self):
        return self._input_layer.batch_shape if self._input_layer is not None else None

    @property
    def inputs(self):
        return [self._input_layer.output] if self._input_layer is not None else None

    @property
    def input(self):
        """Keras 2 (`TF_USE_LEGACY_KERAS=1`): the input KerasTensor once the model has an input shape. Keras 3: as
        for any layer, the input of its functional-API call (a Sequential used standalone has none: it raises)."""
        if keras_version.legacy_keras() and self._input_layer is not None and not (
                "input" in self._modules or "_input_value" in self.__dict__):
            return self._input_layer.output
        return Layer.input.fget(self)

    @input.setter
    def input(self, value):
        Layer.input.fset(self, value)

    @property
    def output(self):
        """Keras 2 (`TF_USE_LEGACY_KERAS=1`): the output KerasTensor once the model has an input shape. Keras 3: as
        for any layer, the output of its functional-API call (a Sequential used standalone has none: it raises)."""
        if keras_version.legacy_keras() and self._input_layer is not None and not (
                "output" in self._modules or "_output_value" in self.__dict__):
            if not self.outputs:
                self._build_symbolic()
            return self.outputs[0]
        return Layer.output.fget(self)

    @output.setter
    def output(self, value):
        Layer.output.fset(self, value)

    def _build_symbolic(self):
        # a stack that only grew since the last build calls just its new layers on the last output, as
        # tf.keras's `add` does: calling the earlier layers again would give each one more inbound node (Keras 2's
        # summary then shows `multiple`, `layer.output` refuses)
        built, tensors = self.__dict__.get("_symbolic_ids", ()), self.__dict__.get("_symbolic_outputs", [])
        ids = (id(self._input_layer), *map(id, self._stack))
        if not (built and ids[:len(built)] == built):
            built, tensors = ids[:1], [self._input_layer.output]
        tensors = tensors[:len(built)]
        shapes = {layer.name: self._output_shapes.get(layer.name) for layer in self._stack[:len(built) - 1]}
        for layer in self._stack[len(built) - 1:]:
            tensors.append(layer(tensors[-1]))
            shapes[layer.name] = tensors[-1].shape if isinstance(tensors[-1], KerasTensor) else None
        self._output_shapes = shapes
        self.outputs = [tensors[-1]]
        self.__dict__["_symbolic_ids"], self.__dict__["_symbolic_outputs"] = ids, tensors
        self.built = True

    def build(self, input_shape=None):
        if input_shape is not None and self._input_layer is None:
            self._input_layer = _auto_input(self._stack[0] if self._stack else None, batch_shape=tuple(input_shape))
        if self._input_layer is not None:
            self._build_symbolic()
        self.built = True

    def call(self, inputs, training=None, mask=None):
        x = inputs
        input_layer = self._input_layer
        if input_layer is not None and not isinstance(x, (list, tuple, dict)) and input_layer.type_spec is None:
            x = cast_to_input_dtype(adjust_input_rank(self._convert_leaf(x), input_layer.batch_shape,
                                                      input_layer.name), input_layer.output.dtype)
        if mask is not None and isinstance(x, torch.Tensor):  # `model(x, mask=m)`: the first layers see it (Keras)
            x = x.view_as(x)  # a new tensor object: the caller's keeps no mask
            x._keras_mask = mask
        for layer in self._stack:
            x = layer(x, training=training) if layer._call_takes_training else layer(x)
        return x

    def _build_for(self, inputs):
        if self._input_layer is None and hasattr(inputs, "shape"):
            dtype = "string" if string_tensor.is_string_tensor(inputs) else None  # raw text into TextVectorization
            self._input_layer = _auto_input(self._stack[0] if self._stack else None,
                                            batch_shape=(None, *tuple(inputs.shape)[1:]), dtype=dtype)
            self._build_symbolic()
        self.built = True

    @property
    def output_shape(self):
        """The output shape (batch dimension None), once the model has an input shape."""
        if self._input_layer is None:
            raise AttributeError(f"Sequential model '{self.name}' has no defined output shape: it has no input "
                                 "shape yet (start it with `keras.Input(shape)` or call it on data).")
        if not self.outputs:
            self._build_symbolic()
        return tuple(self.outputs[0].shape)

    def get_build_config(self):
        """`{"input_shape": [None, ...]}`, the model's batch input shape (None before it has one)."""
        if self._input_layer is None:
            return None
        return {"input_shape": list(self._input_layer.batch_shape)}

    def get_config(self):
        """Keras 3's Sequential config: `name`, `trainable`, `dtype`, `layers` (InputLayer first when the model
        has an input shape) and `build_input_shape`; `Sequential.from_config` rebuilds the model from it."""
        return serialization_lib.serialize_layer(self)["config"]

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """The model of `get_config()` (Keras 3's spelling, or Keras 2's: `batch_input_shape`, a bare list)."""
        full = keras2_config.to_keras3({"class_name": "Sequential", "config": config})
        with object_registration.CustomObjectScope(custom_objects or {}):
            return serialization_lib.deserialize_layer(full, custom_objects)


Sequential._graph_call = Sequential.call


def _auto_input(first, **kwargs):
    """The InputLayer a Sequential makes for itself: Keras 3 names it `input_layer`; Keras 2
    (`TF_USE_LEGACY_KERAS=1`) after the first layer, `dense_input`."""
    name = f"{first.name}_input" if first is not None and keras_version.legacy_keras() else None
    return InputLayer(name=name, **kwargs)
