"""Functional models: `keras.Model(inputs, outputs)` replays a graph of layer calls.

Mirrors `keras/src/models/functional.py`: nodes are collected from the
outputs back to the inputs and run in topological order.
"""

import warnings

import torch

from keraslike._src.keras import keras_version
from keraslike._src.keras.backend import naming
from keraslike._src.keras.layers.core.input_layer import InputLayer
from keraslike._src.keras.layers import added_metrics
from keraslike._src.keras.layers.keras_tensor import KerasTensor, flatten, is_symbolic, map_structure
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.models.model import Model
from keraslike._src.keras.ops.symbolic import OpLayer
from keraslike._src.keras.saving import serialization_lib
from keraslike._src.keras.saving.functional_graph import ordered_layers
from keraslike._src.keras.trainers.input_validation import check_batched
from keraslike._src.ops import string_tensor
from keraslike._src.sparse import sparse_ops
from keraslike._src.sparse.sparse_tensor import SparseTensor


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
        for node in _nodes_in_keras_layer_order(self._nodes, self.outputs, self.inputs):
            layer = node.layer
            if layer.name in names and layer not in [m for m in self._modules.values()]:
                raise ValueError(f"All layer names should be unique. Received duplicate name: {layer.name!r}")
            names.add(layer.name)
            key = naming.module_key(layer.name, self)
            if key not in self._modules:
                self.add_module(key, layer)
            elif self._modules[key] is not layer:
                raise ValueError(f"All layer names should be unique (up to '.' and '/'). Received duplicate "
                                 f"name: {layer.name!r}")
        self.__dict__["_operations_in_order"] = tuple(ordered_layers(self))  # the graph is fixed from here on
        self.built = True

    def _default_name(self):
        """Keras 3: `functional`, `functional_1`, ...; Keras 2 (`TF_USE_LEGACY_KERAS=1`): `model`, `model_1`."""
        if keras_version.legacy_keras() and type(self) is Functional:
            return naming.uniquify("model")
        return super()._default_name()

    @property
    def input(self):
        """Keras's `model.input`: the inputs as given to the constructor (one KerasTensor, or their list or dict)."""
        if "input" in self._modules or "_input_value" in self.__dict__:
            return Layer.input.fget(self)
        return self._inputs_struct

    @input.setter
    def input(self, value):
        Layer.input.fset(self, value)

    @property
    def output(self):
        """Keras's `model.output`: the outputs as given to the constructor (one KerasTensor, or their list/dict)."""
        if "output" in self._modules or "_output_value" in self.__dict__:
            return Layer.output.fget(self)
        return self._outputs_struct

    @output.setter
    def output(self, value):
        Layer.output.fset(self, value)

    def get_build_config(self):
        """`{"input_shape": None}`, as Keras 3 writes for a functional model (its graph gives the shapes)."""
        return {"input_shape": None}

    def get_config(self):
        """Keras 3's functional config: `name`, `trainable`, `layers` (with `inbound_nodes`), `input_layers`,
        `output_layers`; `Model.from_config` rebuilds the graph from it."""
        return serialization_lib.serialize_layer(self)["config"]

    @property
    def output_names(self):
        """Keras 3's `output_names`: the names of the layers that make the outputs, in `model.outputs` order
        (an attribute there: assigning replaces it)."""
        names = self.__dict__.get("_output_names_set")
        if names is not None:
            return names
        return [t.node.layer.name if t.node is not None else t.name for t in self.outputs]

    @output_names.setter
    def output_names(self, value):
        self.__dict__["_output_names_set"] = value

    @property
    def input_shape(self):
        shapes = [t.shape for t in self.inputs]
        return shapes[0] if len(shapes) == 1 else shapes

    @property
    def output_shape(self):
        shapes = [t.shape for t in self.outputs]
        return shapes[0] if len(shapes) == 1 else shapes

    @property
    def operations(self):
        """Keras 3's `model.operations`: every node of the graph, InputLayers and `keras.ops` nodes included,
        in Keras's order (by decreasing depth, ties in the order a walk from the outputs meets them)."""
        return list(self._operations_in_order)

    @property
    def layers(self):
        """The model's layers in Keras's order, its `InputLayer`s included.

        Keras 3 leaves out the `keras.ops` nodes of the graph (they are Operations, not layers); under
        `TF_USE_LEGACY_KERAS=1` they are listed, as tf_keras lists its `TFOpLambda` layers.
        """
        if keras_version.legacy_keras():
            return list(self._operations_in_order)
        return [op for op in self._operations_in_order if not isinstance(op, OpLayer)]

    def _sublayers(self):
        return [m for m in self._modules.values() if not isinstance(m, InputLayer)]

    def _tracked_layers(self):
        return self.layers

    def call(self, inputs, training=None, mask=None):
        pairs = [(kt, sparse_ops.to_dense(value) if isinstance(value, SparseTensor) else value)
                 for kt, value in self._standardize_inputs(inputs)]  # a sparse Input's layers see its dense form
        values = {id(kt): value if kt.type_spec is not None else  # a composite input (Keras 2's type_spec)
                  cast_to_input_dtype(adjust_input_rank(self._convert_leaf(value), kt.shape, kt.name), kt.dtype)
                  for kt, value in pairs}
        if mask is not None:  # `model(x, mask=m)`: one mask per input, in model-input order (Keras)
            for (kt, _), input_mask in zip(pairs, flatten(mask)):
                if input_mask is not None and isinstance(values[id(kt)], torch.Tensor):
                    value = values[id(kt)].view_as(values[id(kt)])  # a new tensor object: the caller's keeps its mask
                    value._keras_mask = input_mask
                    values[id(kt)] = value
        for node in self._nodes:
            layer = node.layer
            args = map_structure(lambda t: values[id(t)] if isinstance(t, KerasTensor) else t, node.args)
            kwargs = map_structure(lambda t: values[id(t)] if isinstance(t, KerasTensor) else t, node.kwargs)
            if layer._call_takes_training and (training is not None or "training" not in kwargs):
                # the model's `training` wins over a node's recorded one (Keras 3 records Dropout's default
                # `training=False` in its files), which applies when the model is called without one
                kwargs["training"] = training
            out = layer(*args, **kwargs)
            for kt, value in zip(flatten(node.outputs), flatten(out)):
                values[id(kt)] = value
        for kind, kt, name, aggregation in self.__dict__.get("_symbolic_additions", ()):
            if kind == "loss":
                self._add_call_loss(values[id(kt)])
            else:
                added_metrics.add_metric(self, values[id(kt)], name=name, aggregation=aggregation)
        outputs = map_structure(lambda t: values[id(t)], self._outputs_struct)
        if isinstance(outputs, (list, tuple)) and len(outputs) == 1:  # `Model(x, [y])(x)` is y itself (Keras 2, 3)
            return outputs[0]
        return outputs

    def add_loss(self, loss):
        """`add_loss`; under Keras 2, a loss computed from the model's symbolic tensors
        (`model.add_loss(tf.reduce_sum(x1) * 0.1)` after `Model(inputs, outputs)`) is computed from each call's
        values and added then, as tf_keras inserts its `AddLoss` node into the graph. Keras 3 refuses one."""
        if not is_symbolic(loss):
            return super().add_loss(loss)
        if not keras_version.legacy_keras():
            raise ValueError("`add_loss()` can only be called from inside `build()` or `call()`, on a tensor input "
                             "(Keras 3; Keras 2, TF_USE_LEGACY_KERAS=1, takes a symbolic tensor of a functional "
                             f"model). Received: loss={loss!r}")
        self._add_symbolic("loss", loss)

    def add_metric(self, value, name=None, aggregation=None, **kwargs):
        """Keras 2's `add_metric`, also with a tensor computed from the model's symbolic tensors
        (`model.add_metric(K.std(x1), name="std_of_activation")`): its mean over each call's values is logged,
        as tf_keras's `AddMetric` graph node does."""
        if not is_symbolic(value):
            return super().add_metric(value, name=name, aggregation=aggregation, **kwargs)
        if kwargs:
            raise TypeError(f"add_metric() got unexpected keyword arguments {sorted(kwargs)}. Received: "
                            f"kwargs={kwargs}")
        added_metrics.check_arguments(value, name, aggregation)
        self._add_symbolic("metric", value, name, aggregation)
        added_metrics.add_metric(self, None, name=name, aggregation=aggregation, create_only=True)

    def _add_symbolic(self, kind, tensor, name=None, aggregation=None):
        """Runs the graph that computes `tensor` (from the model's inputs) in each call after the outputs', and
        hands its value to `add_loss`/`add_metric` there."""
        tensors = [t for t in flatten(tensor) if isinstance(t, KerasTensor)]
        if len(tensors) != 1 or tensors[0] is not tensor:
            raise ValueError(f"Expected one symbolic tensor for a model's add_{kind}. Received: {tensor!r}")
        known = {id(node) for node in self._nodes}
        for node in _topological_nodes([tensor], self.inputs):
            if id(node) in known:
                continue
            self._nodes.append(node)
            key = naming.module_key(node.layer.name, self)
            if node.layer not in list(self._modules.values()) and key not in self._modules:
                self.add_module(key, node.layer)
        self.__dict__.setdefault("_symbolic_additions", []).append((kind, tensor, name, aggregation))

    def _build_for(self, inputs):
        self.built = True

    def _standardize_inputs(self, inputs):
        """`[(input KerasTensor, value)]` for a call (Keras 3's `Functional._standardize_inputs`).

        A dict is matched to the inputs by key: the keys of a dict of inputs, else the
        `keras.Input(name=...)` names (extra keys are ignored, as Keras does). A list or
        tuple is taken in model-input order (`model.inputs`), a single tensor feeds a single input.

        Raises:
            ValueError: a dict without one of the inputs' names, or a wrong number of tensors.
        """
        struct = self._inputs_struct
        if isinstance(inputs, dict):
            if isinstance(struct, dict):
                keyed = list(struct.items())
            else:
                keyed = [(kt.name, kt) for kt in self.inputs]
            missing = [key for key, _ in keyed if key not in inputs]
            if not missing:
                return [(kt, inputs[key]) for key, kt in keyed]
            raise ValueError(f'Missing data for input "{missing[0]}". You passed a data dictionary with keys '
                             f"{sorted(inputs)}. Expected the following keys: {[key for key, _ in keyed]}. "
                             f"Received: inputs with keys {sorted(inputs)}")
        given = flatten(inputs) if isinstance(inputs, (list, tuple)) else [inputs]
        if len(given) != len(self.inputs):
            raise ValueError(
                f"Model {self.name!r} expects {len(self.inputs)} input(s), but it received "
                f"{len(given)} input tensors. Received: inputs of type {type(inputs).__name__}"
            )
        return list(zip(self.inputs, given))


def cast_to_input_dtype(value, dtype):
    """A numeric tensor in the `keras.Input`'s dtype (Keras 3 converts model inputs to it: int, uint8, bool or
    float64 arrays into a float32 Input become float32; floats into an int32 Input become int32)."""
    if not isinstance(value, torch.Tensor) or not isinstance(dtype, torch.dtype) or value.dtype == dtype \
            or value.is_complex() or dtype.is_complex:
        return value
    return value.to(dtype)


def adjust_input_rank(value, expected_shape, name="input"):
    """`value` with a trailing axis of size 1 added or dropped to match `expected_shape` (Keras 3's rule).

    A `(batch,)` array fed to a `(None, 1)` input becomes `(batch, 1)`; a `(batch, 1)` array fed to a
    `(None,)` input becomes `(batch,)`. An axis is added only when the other known sizes then match: one
    `(6, 6, 1)` sample for a `(None, 6, 6, 1)` input is an unbatched dataset, not a batch of six 6x1 images.

    Raises:
        ValueError: any other rank mismatch (an unbatched Dataset, say), as Keras 3 does.
    """
    shape = getattr(value, "shape", None)
    strings = string_tensor.is_string_tensor(value)
    if shape is None or expected_shape is None or not (hasattr(value, "unsqueeze") or strings):
        return value
    rank, ref = len(shape), len(expected_shape)
    if rank == ref - 1 and expected_shape[-1] == 1 and all(
            e is None or e == s for e, s in zip(expected_shape[1:-1], tuple(shape)[1:])):
        return string_tensor.string_tensor(value.numpy()[..., None]) if strings else value.unsqueeze(-1)
    if rank == ref + 1 and rank and shape[-1] == 1:
        return string_tensor.string_tensor(value.numpy()[..., 0]) if strings else value.squeeze(-1)
    if rank != ref and keras_version.legacy_keras():  # tf_keras warns and runs the layers on the tensor as given
        warnings.warn(f"Model was constructed with shape {tuple(expected_shape)} for input {name!r}, but it was "
                      f"called on an input with incompatible shape {tuple(shape)}.", stacklevel=3)
        return value
    check_batched(value, expected_shape, name)
    return value


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


def _nodes_in_keras_layer_order(nodes, outputs, inputs):
    """`nodes` (one per layer, its first) in the order Keras lists the model's `layers` (and so its weights):
    by decreasing depth (the longest path to an output), ties by first visit in a depth-first walk from the
    outputs (Keras's `map_graph`). `get_weights`/`set_weights` then exchange with Keras on branched graphs."""
    in_graph = {id(node) for node in nodes}
    input_ids = {id(t) for t in inputs}
    first_visit, seen = {}, set()
    stack = [t for t in reversed(outputs)]
    while stack:  # pre-order DFS, parents in call order (iterative: deep graphs would pass the recursion limit)
        tensor = stack.pop()
        node = tensor.node
        if id(tensor) in input_ids or node is None or id(node) not in in_graph or id(node) in seen:
            continue
        seen.add(id(node))
        first_visit.setdefault(id(node.layer), len(first_visit))
        stack.extend(reversed(node.parents()))
    node_depth, layer_depth = {}, {}
    for node in reversed(nodes):
        depth = max(node_depth.setdefault(id(node), 0), layer_depth.get(id(node.layer), 0))
        layer_depth[id(node.layer)] = node_depth[id(node)] = depth
        for parent in node.parents():
            if id(parent) not in input_ids and parent.node is not None and id(parent.node) in in_graph:
                node_depth[id(parent.node)] = max(depth + 1, node_depth.get(id(parent.node), 0))
    first_node = {}
    for node in nodes:
        first_node.setdefault(id(node.layer), node)
    return sorted(first_node.values(), key=lambda n: (-layer_depth[id(n.layer)], first_visit.get(id(n.layer), 0)))
