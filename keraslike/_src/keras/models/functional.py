"""Functional models: `keras.Model(inputs, outputs)` replays a graph of layer calls.

Mirrors `keras/src/models/functional.py`: nodes are collected from the
outputs back to the inputs and run in topological order.
"""

from keraslike._src.keras.layers.core.input_layer import InputLayer
from keraslike._src.keras.layers.keras_tensor import KerasTensor, flatten, map_structure
from keraslike._src.keras.models.model import Model


class Functional(Model):
    """`Model(inputs, outputs, name=None)`.

    Args:
        inputs: a KerasTensor from `keras.Input`, or a list/dict of them.
        outputs: KerasTensor(s) computed from `inputs` by layer calls.

    Raises:
        ValueError: if `outputs` cannot be reached from `inputs`, or names repeat.
    """

    def __init__(self, inputs, outputs, name=None, trainable=True, **kwargs):
        super().__init__(name=name, trainable=trainable, **kwargs)
        for t in flatten(inputs) + flatten(outputs):
            if not isinstance(t, KerasTensor):
                raise ValueError(
                    "Expected inputs and outputs of a functional Model to be KerasTensors "
                    f"(from keras.Input and layer calls). Received: {t!r}"
                )
        self._inputs_struct = inputs
        self._outputs_struct = outputs
        self.inputs = flatten(inputs)
        self.outputs = flatten(outputs)
        self._nodes = _topological_nodes(self.outputs, self.inputs)
        names = set()
        for node in self._nodes:
            layer = node.layer
            if layer.name in names and layer not in [m for m in self._modules.values()]:
                raise ValueError(f"All layer names should be unique. Received duplicate name: {layer.name!r}")
            names.add(layer.name)
            if layer.name not in self._modules:
                self.add_module(layer.name, layer)
        self.built = True

    @property
    def input_shape(self):
        shapes = [t.shape for t in self.inputs]
        return shapes[0] if len(shapes) == 1 else shapes

    @property
    def output_shape(self):
        shapes = [t.shape for t in self.outputs]
        return shapes[0] if len(shapes) == 1 else shapes

    def _sublayers(self):
        return [m for m in self._modules.values() if not isinstance(m, InputLayer)]

    def call(self, inputs, training=None, mask=None):
        values = {}
        if isinstance(self._inputs_struct, dict) and isinstance(inputs, dict):
            for key, kt in self._inputs_struct.items():
                values[id(kt)] = inputs[key]
        else:
            given = flatten(inputs) if isinstance(inputs, (list, tuple, dict)) else [inputs]
            if len(given) != len(self.inputs):
                raise ValueError(
                    f"Model {self.name!r} expects {len(self.inputs)} input(s), but it received "
                    f"{len(given)} input tensors."
                )
            for kt, value in zip(self.inputs, given):
                values[id(kt)] = self._convert_leaf(value)
        for node in self._nodes:
            layer = node.layer
            args = map_structure(lambda t: values[id(t)] if isinstance(t, KerasTensor) else t, node.args)
            kwargs = map_structure(lambda t: values[id(t)] if isinstance(t, KerasTensor) else t, node.kwargs)
            if layer._call_takes_training and "training" not in kwargs:
                kwargs["training"] = training
            out = layer(*args, **kwargs)
            for kt, value in zip(flatten(node.outputs), flatten(out)):
                values[id(kt)] = value
        return map_structure(lambda t: values[id(t)], self._outputs_struct)

    def _build_for(self, inputs):
        self.built = True


Functional._graph_call = Functional.call


def _topological_nodes(outputs, inputs):
    input_ids = {id(t) for t in inputs}
    order, visiting, done = [], set(), set()

    def visit(tensor):
        if id(tensor) in input_ids:
            return
        node = tensor.node
        if node is None or isinstance(node.layer, InputLayer):
            raise ValueError(
                f"Graph disconnected: cannot obtain value for tensor {tensor!r}; it is not computed from "
                "the model's inputs. Pass every keras.Input the outputs depend on."
            )
        if id(node) in done:
            return
        if id(node) in visiting:  # pragma: no cover - cycles cannot be built with layer calls
            raise ValueError("The functional graph has a cycle.")
        visiting.add(id(node))
        for parent in node.parents():
            visit(parent)
        visiting.discard(id(node))
        done.add(id(node))
        order.append(node)

    for t in outputs:
        visit(t)
    return order
