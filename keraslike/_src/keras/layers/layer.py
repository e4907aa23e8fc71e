"""`keras.layers.Layer`: a `torch.nn.Module` with Keras's contract.

Mirrors `keras/src/layers/layer.py`: lazy `build(input_shape)` on the first
call, `add_weight` with Keras initializers and names (`dense/kernel`), weights
in Keras layouts, `trainable`, `get_weights`/`set_weights`, the `training`
flag propagated to nested layers, and symbolic calls on `KerasTensor`s for
the functional API. Because it is an `nn.Module`, any keraslike layer or
model can be used directly in plain torch code.
"""

import collections
import contextlib
import functools
import inspect
import math
import threading
import weakref

import numpy as np
import torch

from keraslike._src import errors, torch_members
from keraslike._src.autodiff import gradient_tape
from keraslike._src.distribute import fully_sharded, sharded_values
from keraslike._src.keras import backend, constraints, initializers, keras_version, regularizers
from keraslike._src.keras.backend import naming
from keraslike._src.keras.layers import added_metrics
from keraslike._src.keras.layers.input_spec import assert_input_compatibility
from keraslike._src.keras.layers.keras_tensor import (
    KerasTensor, Node, UnknownTypeSpec, flatten, is_symbolic, map_structure,
)
from keraslike._src.keras.layers.layer_meta import LayerMeta
from keraslike._src.keras.mixed_precision.policy import config_entry as policy_config_entry
from keraslike._src.keras.layers.layer_utils import (
    _inferred_output_shape,
    _attach_symbolic_masks,
    _declared_output_shape,
    _batch_for_fixed_reshape,
    _example_value,
    _has_unknown_dims,
    _known_batch,
    _symbolic_outputs,
    _global_is_mixed,
    _global_policy_if_default,
    _numpy_to_tensor,
    _resolve_policy,
    _unique,
    auto_config,
)
from keraslike._src.keras.saving import checkpoint_tracking, object_registration
from keraslike._src.module import tracking
from keraslike._src.ops.string_tensor import StringTensor, looks_like_strings, string_tensor
from keraslike._src.ops import dtypes, value_semantics, variables
from keraslike._src.ops.variables import Variable

_training_stack = []


class _CallState(threading.local):
    depth = 0  # this thread's layer-call depth (0 outside any layer call)


_local = _CallState()
_with_call_losses = weakref.WeakSet()  # layers whose `_call_losses` may be non-empty (the next outer call clears)


@functools.lru_cache(maxsize=None)
def _user_call(cls):
    """Whether `cls.call` is a user's (defined outside keraslike): its inputs are given as copy-on-write tensors."""
    call = getattr(cls, "call", None)
    module = getattr(call, "__module__", None) or ""
    return not (module == "keraslike" or module.startswith("keraslike."))


def _requires_grad(structure):
    return any(isinstance(t, torch.Tensor) and t.requires_grad for t in flatten(structure))


def _structure_mask(inputs):
    """The masks of a list/tuple of input tensors (None for each unmasked one), or None when none is masked."""
    if not isinstance(inputs, (list, tuple)):
        return None
    masks = [getattr(t, "_keras_mask", None) for t in inputs]
    return masks if any(m is not None for m in masks) else None


def _call_state():
    """This thread's layer-call depth (0 outside any layer call): the outermost call sets grad mode."""
    return _local


_weight_scopes = threading.local()


@contextlib.contextmanager
def weight_scope(layer, fresh=False):
    """The layers whose call or build is running, outermost first: TF names a weight created meanwhile by their
    path (`model/rnn/lstm_cell/kernel`; `Variable.path`, and the name under TF_USE_LEGACY_KERAS=1). A layer
    building a sublayer directly (`self.cell.build(...)`) enters the sublayer's scope itself where tf_keras does
    (an RNN's cell, Bidirectional's layers); Keras 3 always does."""
    stack = _weight_scopes.__dict__.setdefault("stack", [])
    if stack and stack[-1] is layer:  # already in it (a symbolic call running the layer on example tensors)
        yield
        return
    if fresh:  # the outer layers' scopes do not apply (tf_keras builds a functional graph in its own scope)
        _weight_scopes.stack = [layer]
        try:
            yield
        finally:
            _weight_scopes.stack = stack
        return
    stack.append(layer)
    try:
        yield
    finally:
        stack.pop()


def _build_in_own_scope(build):
    """`build` run in the layer's own weight scope under Keras 3 (which builds every layer in its name scope,
    however `build` is reached: `rnn/lstm_cell/kernel` for an RNN a file's build_config builds); tf_keras does
    not (a sublayer built directly gets its parent's scope)."""
    @functools.wraps(build)
    def scoped(self, *args, **kwargs):
        if keras_version.legacy_keras():
            return build(self, *args, **kwargs)
        with weight_scope(self):
            return build(self, *args, **kwargs)

    scoped._in_weight_scope = True
    return scoped


def _weight_path(layer, name):
    """`<outer layers>/<layer>/<name>` as TF names a weight `layer` creates now (`weight_scope`)."""
    stack = [scope.name for scope in _weight_scopes.__dict__.get("stack", ())]
    if not stack:
        return f"{layer.name}/{name}"
    if _weight_scopes.stack[-1] is not layer and not keras_version.legacy_keras():
        stack.append(layer.name)  # Keras 3 builds every layer in its own name scope
    return "/".join(stack + [name])


@contextlib.contextmanager
def training_scope(training):
    """Make `training` the value nested layer calls inherit when not given explicitly."""
    _training_stack.append(training)
    try:
        yield
    finally:
        _training_stack.pop()


def current_training():
    return _training_stack[-1] if _training_stack else None


_KERAS2_NODE_GETTERS = {"get_input_at": ("input", False), "get_output_at": ("output", False),
                        "get_input_shape_at": ("input shape", True), "get_output_shape_at": ("output shape", True)}


class Layer(torch.nn.Module, metaclass=LayerMeta):
    """Base class of all layers.

    Args:
        trainable: bool, default True; False freezes the layer's weights.
        name: str; default is the snake-case class name made unique (`dense_1`).
        dtype: weights and compute dtype, default floatx ("float32").
        input_shape: tuple without the batch dimension; on a first layer it
            lets `Sequential` build immediately (as tf.keras).
        batch_input_shape / input_dim: the older spellings of the same.
        weights: optional list of numpy arrays in `get_weights()` order, set when the layer is built
            (Keras 2's argument; a count or shape mismatch raises ValueError then).
        activity_regularizer: optional regularizer of the layer's output, added to `losses` at each call.

    Subclasses implement `build(input_shape)` (create weights with
    `add_weight`) and `call(inputs, training=None)`.

    Every layer and model is also a `torch.nn.Module` (`parameters()`,
    `state_dict()`, `to()`, ...). `help()` lists only the Keras API; torch's
    methods are documented by `help(torch.nn.Module)`.
    """

    # attributes a subclass fills with plain data (a lookup layer's vocabulary): never walked for sublayers, which
    # `model.losses` lists on every training step
    _attributes_without_layers = frozenset()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        object_registration.register_builtin("layers", cls)  # found by name when deserializing
        build = cls.__dict__.get("build")
        if callable(build) and not getattr(build, "_in_weight_scope", False):
            cls.build = _build_in_own_scope(build)

    #: Whether integer/bool inputs are cast to the compute dtype when the layer has float weights (the float
    #: result TF's type promotion gives `Dense`/`Conv` on int inputs); False for layers that index with them.
    _casts_int_inputs = True
    #: Keras's `input_spec` (an `InputSpec` or a list of them) checked on every call, or None.
    input_spec = None

    def __new__(cls, *args, **kwargs):
        instance = super().__new__(cls)
        if cls._records_init_args(cls):  # a user class without get_config: Keras 3's auto config
            instance.__dict__["_auto_config"] = auto_config(cls, args, kwargs)
        return instance

    def __init__(self, trainable=True, name=None, dtype=None, input_shape=None, batch_input_shape=None,
                 input_dim=None, autocast=True, activity_regularizer=None, **kwargs):
        """Create the layer; its arguments are in the class docstring (`help(type(self))`)."""
        early = self.__dict__.pop("_assigned_before_init", None)  # `self.x = ...` run before this call
        held = {k: self.__dict__[k] for k in ("_parameters", "_buffers", "_modules")} if early else {}
        super().__init__()
        for key, values in held.items():  # torch's Module.__init__ starts empty dicts: keep what was assigned
            self.__dict__[key].update(values)
        self.training = False  # torch's module mode: `model.train()` makes plain calls record autograd
        allowed = {"batch_size", "weights"}
        unknown = set(kwargs) - allowed
        if unknown:
            raise ValueError(
                f"Unrecognized keyword arguments passed to {type(self).__name__}: {sorted(unknown)}. "
                f"Received: kwargs={kwargs}"
            )
        self.name = name or self._default_name()
        self._trainable = bool(trainable)
        self.built = False
        if kwargs.get("weights") is not None:  # Keras 2's `Layer(weights=[...])`: set once the layer is built
            self.__dict__["_pending_weights"] = list(kwargs["weights"])
        self._dtype_policy = _resolve_policy(dtype)
        self._dtype_name = self._dtype_policy.variable_dtype
        # an explicit float32 layer under a mixed global policy computes in float32 (Keras's output-layer advice)
        self._force_float32 = dtype is not None and self._dtype_policy.name == "float32" and _global_is_mixed()
        self._autocast = autocast
        self._trainable_vars = []
        self._non_trainable_vars = []
        self._losses = []  # callables: weight regularizers, `add_loss(callable)`; evaluated when `losses` is read
        self._call_losses = []  # tensors added during the latest call (`add_loss(tensor)`, activity regularizer)
        self.activity_regularizer = regularizers.get(activity_regularizer) if activity_regularizer else None
        if input_dim is not None and input_shape is None:
            input_shape = (input_dim,)
        if batch_input_shape is not None:
            self._batch_input_shape = tuple(batch_input_shape)
        elif input_shape is not None:
            shape = (input_shape,) if isinstance(input_shape, int) else tuple(input_shape)
            self._batch_input_shape = (kwargs.get("batch_size"),) + shape
        else:
            self._batch_input_shape = None
        call_params = inspect.signature(self.call).parameters
        self._call_takes_training = "training" in call_params
        self._call_takes_mask = "mask" in call_params
        self._call_context_positions = _context_positions(call_params)
        self._inbound_nodes = []
        for attr in early or ():  # track them now, in the order they were assigned, as Keras does
            if hasattr(self, attr):
                value = getattr(self, attr)
                self._track_attribute(attr, value)
                self.__dict__.setdefault("_layer_order", [])
                self._track_layer_order(attr, value)


    def _default_name(self):
        """A name for a layer made without one: its Keras class name in snake case, made unique (`dense_1`)."""
        kind = getattr(type(self), "keras_class_name", None)  # Keras's class name where the export differs
        kind = kind if isinstance(kind, str) else type(self).__name__
        return naming.uniquify(naming.to_snake_case(kind))

    def __dir__(self):
        # torch's Module.__dir__ starts from dir(type(self)), which LayerMeta trims for help(); an
        # instance lists torch's methods too (tab completion of `model.state_dict`)
        return torch_members.instance_dir(self, super().__dir__())

    # ---- properties --------------------------------------------------------------------
    @property
    def built(self):
        """Whether `build` has created the weights. Becoming True applies `weights=` given to the constructor."""
        return self.__dict__.get("_built", False)

    @built.setter
    def built(self, value):
        self.__dict__["_built"] = bool(value)
        if value and "_pending_weights" in self.__dict__:
            self.set_weights(self.__dict__.pop("_pending_weights"))

    @property
    def dtype(self):
        return dtypes.DTypeName(self._dtype_name)  # "float32", equal to tf.float32 too, as TF's

    @property
    def compute_dtype(self):
        policy = self._dtype_policy if self._dtype_policy.is_mixed else _global_policy_if_default(self)
        return dtypes.DTypeName(policy.compute_dtype)

    @property
    def dtype_policy(self):
        return self._dtype_policy

    @property
    def supports_masking(self):
        """Whether this layer gives its outputs a Keras mask (`output._keras_mask`) from `compute_mask(inputs,
        previous_mask)`: a mask on the input passes through, and a layer that overrides `compute_mask` makes one
        (Keras 3's default: True exactly when `compute_mask` is overridden). Settable."""
        value = self.__dict__.get("_supports_masking")
        if value is None:
            return type(self).compute_mask is not Layer.compute_mask
        return value

    @supports_masking.setter
    def supports_masking(self, value):
        self.__dict__["_supports_masking"] = bool(value)

    @property
    def variable_dtype(self):
        return dtypes.DTypeName(self._dtype_name)

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        value = bool(value)
        self._trainable = value
        for var in self._trainable_vars:
            var.requires_grad_(value and var.trainable)  # a variable frozen on its own (LoRA base) stays frozen
        for layer in self._sublayers():
            layer.trainable = value

    # ---- functional-API views ----------------------------------------------------------------
    @property
    def output(self):
        """The KerasTensor(s) of this layer's first functional-API call (Keras's `layer.output`: node 0).

        Raises:
            AttributeError: if the layer was never called on a KerasTensor.
        """
        if "output" in self._modules:  # a subclass that named a sublayer `output`
            return self._modules["output"]
        if "_output_value" in self.__dict__:
            return self.__dict__["_output_value"]
        if not self._inbound_nodes:
            raise AttributeError(f"Layer {self.name} has no defined output: it was never called on a KerasTensor "
                                 "(keras.Input or another layer's output).")
        return self._inbound_nodes[0].outputs

    @output.setter
    def output(self, value):
        self.__dict__["_output_value"] = value

    @property
    def input(self):
        """The input KerasTensor(s) of this layer's first functional-API call (Keras's `layer.input`: node 0)."""
        if "input" in self._modules:
            return self._modules["input"]
        if "_input_value" in self.__dict__:
            return self.__dict__["_input_value"]
        if not self._inbound_nodes or not self._inbound_nodes[0].args:
            raise AttributeError(f"Layer {self.name} is not connected, no input to return.")
        return self._inbound_nodes[0].args[0]

    def _node_attribute(self, node_index, which):
        if not self._inbound_nodes:
            raise RuntimeError(f"The layer {self.name!r} has never been called and thus has no defined {which}.")
        if not 0 <= node_index < len(self._inbound_nodes):
            raise ValueError(f"Asked to get {which} at node {node_index}, but the layer has only "
                             f"{len(self._inbound_nodes)} inbound nodes. Received: node_index={node_index}")
        node = self._inbound_nodes[node_index]
        return node.outputs if which.startswith("output") else (node.args[0] if node.args else None)

    def __getattr__(self, name):
        # Keras 2's node getters (`get_output_at(node_index)`, ...), under TF_USE_LEGACY_KERAS=1 only: Keras 3
        # layers have none. Looked up here, after torch's parameters/buffers/sublayers were not found.
        which = _KERAS2_NODE_GETTERS.get(name)
        if which is None or not keras_version.legacy_keras():
            return super().__getattr__(name)

        def getter(node_index):
            value = self._node_attribute(node_index, which[0])
            return map_structure(lambda t: tuple(t.shape), value) if which[1] else value
        getter.__name__ = name
        return getter

    @input.setter
    def input(self, value):
        self.__dict__["_input_value"] = value

    def _node_shapes(self, which):
        shapes = []
        for node in self._inbound_nodes:
            tensors = node.outputs if which == "output" else (node.args[0] if node.args else None)
            shape = map_structure(lambda t: tuple(t.shape) if isinstance(t, KerasTensor) else None, tensors)
            if shape not in shapes:
                shapes.append(shape)
        if not shapes:
            raise AttributeError(f"The layer {self.name!r} has never been called and thus has no defined {which} "
                                 "shape.")
        if len(shapes) > 1:
            raise AttributeError(f"The layer {self.name!r} has multiple inbound nodes, with different {which} "
                                 f"shapes. Hence the notion of \"{which} shape\" is ill-defined for the layer. "
                                 f"Received: {which} shapes={shapes}")
        return shapes[0]

    @property
    def output_shape(self):
        """Keras 2's `layer.output_shape` (removed in Keras 3, kept in both modes): the output shape of the
        layer's functional-API calls (batch dimension None).

        Raises:
            AttributeError: the layer was never called on a KerasTensor, or its calls gave different shapes.
        """
        if "_output_shape_value" in self.__dict__:
            return self.__dict__["_output_shape_value"]
        return self._node_shapes("output")

    @output_shape.setter
    def output_shape(self, value):
        self.__dict__["_output_shape_value"] = value

    @property
    def input_shape(self):
        """Keras 2's `layer.input_shape` (removed in Keras 3, kept in both modes), as `output_shape`."""
        if "_input_shape_value" in self.__dict__:
            return self.__dict__["_input_shape_value"]
        return self._node_shapes("input")

    @input_shape.setter
    def input_shape(self, value):
        self.__dict__["_input_shape_value"] = value

    def _sublayers(self):
        """The layers this layer holds, in Keras 3's tracking order (its `Layer._layers`): the order they were
        first assigned to an attribute (directly, or inside lists, tuples and dicts, nested ones depth first), a
        layer appended to a held list later coming after those assigned before. As in Keras 3, a layer stays
        tracked when its attribute is reassigned or deleted, and leaves when removed from a held list or dict."""
        reachable = self._reachable_sublayers()
        order = self.__dict__.get("_layer_order")
        if order is None or not (order or reachable):
            return reachable
        known = {id(layer) for layer, _ in order}
        order.extend((layer, None) for layer in reachable if id(layer) not in known)  # appended to a held list
        live = {id(layer) for layer in reachable}
        order[:] = [(layer, origin) for layer, origin in order
                    if id(layer) in live or not self._removed_from_container(origin)]
        return [layer for layer, _ in order]

    def _removed_from_container(self, origin):
        """Whether a layer no longer reachable that came from `origin` (the `(name, container)` it was found in, None
        when not known) was taken out of a container this layer still holds (Keras untracks it then)."""
        if origin is None:
            return True
        name, container = origin
        if container is None:  # assigned directly: Keras keeps it when the attribute changes
            return False
        return self._modules.get(name, self.__dict__.get(name)) is container

    def _reachable_sublayers(self):
        """The layers held now by this layer's torch submodules and by the lists/dicts assigned to its attributes."""
        held = [*self._modules.values(), *(self.__dict__.get(n) for n in self.__dict__.get("_layer_containers", ()))]
        return _layers_in(held)

    def _track_layer_order(self, name, value):
        """Keras 3's tracker on `self.<name> = value`: layers held by `value` not yet tracked join the end of the
        order (after any appended to held lists meanwhile); a layer already tracked keeps its place."""
        order = self.__dict__["_layer_order"]
        known = {id(layer) for layer, _ in order}
        stored = self._modules.get(name, self.__dict__.get(name))
        container = None if isinstance(stored, Layer) else stored
        for layer in _layers_in(stored):
            if id(layer) not in known:
                order.append((layer, (name, container)))
                known.add(id(layer))
        containers = self.__dict__.setdefault("_layer_containers", [])
        if name in _BOOKKEEPING or name in type(self)._attributes_without_layers:
            return
        if isinstance(value, (list, tuple, dict)) and not isinstance(stored, torch.nn.Module):
            if name not in containers:
                containers.append(name)
        elif name in containers:
            containers.remove(name)

    def _tracked_layers(self):
        """The layers Keras tracks directly under this one (its `_layers`): a model's `layers` (a Sequential's
        InputLayer too), a layer's sublayers."""
        return self._sublayers()

    @property
    def submodules(self):
        """Keras 2 (`TF_USE_LEGACY_KERAS=1`, where a layer is a `tf.Module`): every layer and `tf.Module` under
        this one, not itself, as a tuple, in `tf.Module`'s walk order (each node's children, then theirs).
        Keras 3 layers are not `tf.Module`s and have no `submodules` (AttributeError, as Keras 3 on TF)."""
        if not keras_version.legacy_keras():
            raise AttributeError(f"'{type(self).__name__}' object has no attribute 'submodules' (a Keras 3 layer "
                                 "is not a tf.Module; `_flatten_layers(include_self=False)` lists its layers)")
        return tuple(tracking.flatten(self, predicate=tracking.is_node))

    def _flatten_layers(self, include_self=True, recursive=True):
        """This layer and the layers under it, each once (Keras's private walk, which user code calls).

        Keras 3 walks a deque that puts each layer's children, reversed, in front of it; tf_keras
        (`TF_USE_LEGACY_KERAS=1`) puts them in order: the two list nested models differently.
        """
        ordered = keras_version.legacy_keras()
        found = [self] if include_self else []
        seen, queue = set(), collections.deque(self._tracked_layers())
        while queue:
            layer = queue.popleft()
            if id(layer) in seen:
                continue
            seen.add(id(layer))
            found.append(layer)
            if recursive:
                children = layer._tracked_layers()
                queue.extendleft(reversed(children) if ordered else children)
        return found

    def _tracked_modules(self):
        """`tf.Module`s held by this layer's attributes (`self.block = tf.Module()`), in assignment order."""
        return self.__dict__.get("_modules_in_attributes", ())

    # Keras 2 (`TF_USE_LEGACY_KERAS=1`, tf_keras) orders weights otherwise: a layer lists every trainable weight
    # (its own, then its children's), then every non-trainable one; a model lists each child's weights, then its
    # own (trainable, then non-trainable). `keras.Model` sets this True.
    _keras2_children_first = False

    @property
    def weights(self):
        """All weights: own trainable, own non-trainable, then sublayers' and held `tf.Module`s' (Keras order).

        Own weights are those `add_weight` made and the `tf.Variable`s assigned to attributes
        (`self.w = tf.Variable(...)`, also inside lists and dicts), as `tf.keras` layers track them.
        Under `TF_USE_LEGACY_KERAS=1`, Keras 2's order: a layer's trainable weights (own, then its
        children's), then its non-trainable ones; a model's children's weights, then its own.
        """
        if keras_version.legacy_keras():
            if self._keras2_children_first:
                return _unique([w for child in self._weight_children() for w in child.variables]
                               + self._trainable_vars + self._non_trainable_vars)
            return _unique(self.trainable_weights + self.non_trainable_weights)
        return _unique(self._trainable_vars + self._non_trainable_vars
                       + [w for child in self._weight_children() for w in child.variables])

    def _weight_children(self):
        """The sublayers, then the held `tf.Module`s, whose weights this layer's include."""
        return [*self._sublayers(), *self._tracked_modules()]

    @property
    def trainable_weights(self):
        if not self._trainable:
            return []
        own = [v for v in self._trainable_vars if v.trainable]
        children = [w for child in self._weight_children() for w in child.trainable_variables]
        if self._keras2_children_first and keras_version.legacy_keras():
            return _unique(children + own)
        return _unique(own + children)

    @property
    def non_trainable_weights(self):
        legacy = keras_version.legacy_keras()
        if not self._trainable and not legacy:
            return self.weights
        own_trainable = [v for v in self._trainable_vars if v.trainable]
        own = [v for v in self._trainable_vars if not v.trainable] + self._non_trainable_vars
        if not self._trainable and self._keras2_children_first:  # tf_keras: all trainable, then all non-trainable
            children = self._weight_children()
            return _unique([w for c in children for w in c.trainable_variables] + own_trainable
                           + [w for c in children for w in c.non_trainable_variables] + own)
        if not self._trainable:  # a Keras 2 layer: its own weights, then its children's
            return _unique(own_trainable + own + [w for c in self._weight_children() for w in c.variables])
        children = [w for child in self._weight_children() for w in child.non_trainable_variables]
        if self._keras2_children_first and legacy:
            return _unique(children + own)
        return _unique(own + children)

    def _tf_tracked_attributes(self, traversal_key=None):
        """What a `tf.Module` walk sees in this layer (`module/tracking.py`): its own non-trainable weights, its
        own trainable weights, then its sublayers and held modules (the order of a `tf.keras` 2 layer)."""
        return [("_non_trainable_weights", list(self._non_trainable_vars)),
                ("_trainable_weights", list(self._trainable_vars)),
                ("_self_tracked_trackables", list(self._tracked_layers()) + list(self._tracked_modules()))]

    def _trackable_children(self):
        """This layer's children in a TF object-based checkpoint (`keras/saving/checkpoint_tracking.py`)."""
        return checkpoint_tracking.layer_children(self)

    def _restore_from_checkpoint(self, node, plan):
        return checkpoint_tracking.restore_layer(self, node, plan)

    variables = weights
    trainable_variables = trainable_weights
    non_trainable_variables = non_trainable_weights

    @property
    def losses(self):
        """Losses of this layer and its sublayers (scalar tensors): those added by the latest call
        (`add_loss` in `call`, activity regularization), then the weight regularization penalties."""
        own = list(self._call_losses) + [fn() for fn in self._losses]
        return own + [loss for layer in self._sublayers() for loss in layer.losses]

    def add_metric(self, value, name=None, aggregation=None, **kwargs):
        """Keras 2's `add_metric` (removed in Keras 3; kept in both modes): log the mean of `value` as `name`.

        Call it in `call` with a tensor: a `keras.metrics.Mean` named `name`, held by this layer, averages every
        value given to it until the metrics are reset, so `fit`/`evaluate` log it per epoch (`name`,
        `val_<name>`) as Keras 2 does (`keraslike/_src/keras/layers/added_metrics.py`).

        Args:
            value: a tensor (any shape; its mean over elements is what counts).
            name: str, required.
            aggregation: None or "mean" (the only aggregation Keras 2 supported).

        Raises:
            ValueError: no `name`, another `aggregation`. TypeError: unknown keyword arguments, or a Metric
                object as `value`.
        """
        if kwargs:
            raise TypeError(f"add_metric() got unexpected keyword arguments {sorted(kwargs)}. Received: "
                            f"kwargs={kwargs}")
        added_metrics.add_metric(self, value, name=name, aggregation=aggregation)

    def add_loss(self, loss):
        """Add a loss tensor to `losses` (Keras 3: until the next top-level call), or a zero-argument callable
        evaluated each time `losses` is read (TF 2)."""
        if callable(loss) and not isinstance(loss, torch.Tensor):
            self._losses.append(loss)
        else:
            self._add_call_loss(loss)

    def _add_call_loss(self, loss):
        """Add a loss tensor of this call (`add_loss`, activity regularization): in `losses` until the next
        outermost call."""
        self._call_losses.append(loss)
        _with_call_losses.add(self)

    # ---- weights -----------------------------------------------------------------------
    def add_variable(self, shape, initializer, dtype=None, trainable=True, autocast=True, regularizer=None,
                     constraint=None, name=None):
        """Keras 3's `add_variable(shape, initializer, ...)`: `add_weight` with the shape first (same result)."""
        return self.add_weight(name=name, shape=shape, initializer=initializer, dtype=dtype, trainable=trainable,
                               regularizer=regularizer, constraint=constraint, autocast=autocast)

    def add_weight(self, name=None, shape=None, initializer=None, dtype=None, trainable=True,
                   regularizer=None, constraint=None, autocast=True, aggregation="none",
                   overwrite_with_gradient=False, synchronization=None, **kwargs):
        """Create, register and return a weight `Variable` named `<layer>/<name>`.

        Args:
            name: str, e.g. "kernel".
            shape: tuple of ints.
            initializer: name or initializer; default glorot_uniform for floats
                (Keras's default), zeros otherwise.
            dtype: default the layer dtype.
            trainable: bool.
            regularizer: optional callable weight -> scalar loss.
            constraint: optional callable applied after each optimizer step.
            autocast: default True: inside the call of a layer with a mixed dtype policy the weight reads as the
                compute dtype (float16 for "mixed_float16"); False keeps it in its own dtype (Keras's meaning).
            aggregation, synchronization: accepted (README "accepted, no effect": replicas hold identical copies
                kept equal by the gradient all-reduce).
            overwrite_with_gradient: only False.

        Raises:
            NotImplementedError: for `overwrite_with_gradient=True`.
            TypeError: for other keyword arguments (TF 2's `use_resource`, `partitioner`, `getter`, ...).
        """
        if kwargs:
            raise TypeError(f"add_weight() got unexpected keyword arguments {sorted(kwargs)}. "
                            f"Received: kwargs={kwargs}")
        if overwrite_with_gradient:
            raise NotImplementedError("add_weight(overwrite_with_gradient=True) is not supported by keraslike's "
                                      "optimizers. Received: overwrite_with_gradient=True")
        regularizer = regularizers.get(regularizer) if regularizer is not None else None
        constraint = constraints.get(constraint) if constraint is not None else None
        name = name or f"variable_{len(self._trainable_vars) + len(self._non_trainable_vars)}"
        torch_dtype = getattr(torch, (dtype or self._dtype_name).replace("tf.", ""))
        init = initializers.get(initializer or ("glorot_uniform" if torch_dtype.is_floating_point else "zeros"))
        value = init(tuple(int(d) for d in (shape or ())), dtype=torch_dtype)
        value = value.to(device=backend.current_device(), dtype=torch_dtype)
        var = Variable(value, trainable=trainable, name=_weight_path(self, name))
        var._layer_weight = True
        var._tf_keras_name = keras_version.legacy_keras()  # tf_keras names weights by path: "dense/kernel:0"
        variables.report_dtype_name(var, not var._tf_keras_name)  # Keras 3: kernel.dtype == "float32"
        var._autocast = bool(autocast)
        var.constraint = constraint
        attr = name.replace("/", "_").replace(".", "_")
        if attr in self._parameters or hasattr(type(self), attr):
            attr = f"{attr}_{len(self._parameters)}"
        self.register_parameter(attr, var)
        (self._trainable_vars if trainable else self._non_trainable_vars).append(var)
        if trainable and not self._trainable:
            var.requires_grad_(False)
        if regularizer is not None:
            self._losses.append(lambda v=var, r=regularizer: r(v))
        return var

    def get_weights(self):
        """Weights as numpy arrays in Keras layouts (Dense kernel `(in, out)`)."""
        return [w.numpy() for w in self.weights]

    def set_weights(self, weights):
        """Set weights from numpy arrays in `get_weights()` order and shapes.

        Raises:
            ValueError: on a count or shape mismatch (names the layer and shapes).
        """
        params = self.weights
        if len(params) != len(weights):
            raise ValueError(
                f"Layer {self.name!r} expected {len(params)} weights, but the provided list has "
                f"{len(weights)}. Received: weights with shapes {[np.shape(w) for w in weights]}"
            )
        for var, value in zip(params, weights):  # every shape first: a failed call changes no weight
            if tuple(np.shape(value)) != sharded_values.global_shape(var):
                raise ValueError(
                    f"Layer {self.name!r} weight {var.path!r} has shape {sharded_values.global_shape(var)}; "
                    f"received value of shape {tuple(np.shape(value))}. Received: weights with shapes "
                    f"{[np.shape(w) for w in weights]}"
                )
        for var, value in zip(params, weights):
            var.assign(value)

    def count_params(self):
        """Number of scalars in all weights (int); a sharded variable counts its full shape."""
        return int(sum(math.prod(sharded_values.global_shape(w)) for w in self.weights))

    # ---- calling ---------------------------------------------------------------------------
    def build(self, input_shape):
        """Create weights for inputs of `input_shape` (tuple with batch `None`)."""
        self.built = True

    def call(self, inputs, *args, **kwargs):
        raise NotImplementedError(f"Layer {type(self).__name__} does not implement call().")

    def compute_output_shape(self, input_shape, *more_shapes):
        """The output shape(s) for inputs of `input_shape` (a shape, or a list/dict of shapes; layers called with
        several positional inputs, such as `MultiHeadAttention(query, value)`, take one shape each).

        keraslike's own layers (and every layer under Keras 2, `TF_USE_LEGACY_KERAS=1`, whose base class traces
        `call`) find it by running `call` on example inputs: unknown dims stay None, a known batch stays. A user
        layer that does not implement it raises NotImplementedError, as Keras 3's base class does.
        """
        if not (type(self).__module__.startswith("keraslike.") or keras_version.legacy_keras()):
            raise NotImplementedError(f"Layer {type(self).__name__} does not have a `compute_output_shape` method "
                                      "implemented. Should implement `def compute_output_shape(self, input_shape)`.")
        return _inferred_output_shape(self, (input_shape, *more_shapes))

    compute_output_shape._keraslike_inferred = True  # not a declaration: a symbolic call infers shapes itself

    def __call__(self, *args, **kwargs):
        if args and isinstance(args[0], torch.Tensor):
            return super().__call__(*args, **kwargs)
        if not args and kwargs:  # the inputs passed by `call`'s own name: `endpoint(logits=x, targets=y)` (Keras)
            first = _first_call_argument(type(self))
            if first is not None and first in kwargs:
                args = (kwargs.pop(first),)
        if is_symbolic((args, kwargs)):
            with weight_scope(self, fresh=keras_version.legacy_keras()):
                return self._symbolic_call(args, kwargs)
        return super().__call__(*args, **kwargs)

    def forward(self, inputs, *args, **kwargs):
        """What `layer(inputs, ...)` runs on tensors (torch's entry point): build on first use, then `call`.

        The outermost call clears the losses the previous call added (Keras 3) and, for inference (not
        `training=True`, no `GradientTape` recording, the torch module not put in `train()` mode, no input
        that requires grad), runs under `torch.no_grad()`: no autograd graph, no activations kept (TF
        records only on tapes; the last two conditions keep plain torch loops working).
        """
        if self._call_context_positions and args:
            by_keyword = "training" in kwargs
            args, kwargs = _bind_context_args(self._call_context_positions, args, kwargs)
            if not by_keyword and kwargs.get("training") is not None and not keras_version.legacy_keras():
                # Keras 3 passes `training` to `call` by keyword itself, so a positional value (a mask given
                # second, `model(x, mask)`) raises there; it must not silently select training mode here
                value = kwargs["training"]
                hint = ("Pass `training=` and `mask=` by keyword (Keras 3; Keras 2, under TF_USE_LEGACY_KERAS=1, "
                        f"binds them by position). Received: training={value!r} by position")
                if not isinstance(value, torch.Tensor) and not any(
                        k.__name__ in ("Functional", "Sequential") for k in type(self).__mro__):
                    raise ValueError("Only input tensors may be passed as positional arguments. The following argument "
                                     f"value should be passed as a keyword argument: {value!r} (of type "
                                     f"{type(value)}). {hint}")
                raise TypeError(f"{type(self).__name__}.call() got multiple values for argument 'training'. {hint}")
        state = _call_state()
        if state.depth:
            if sharded_values.active():  # a fully sharded layer gathers its weights for its call
                return fully_sharded.gathering(self, self._call_once)(inputs, args, kwargs)
            return self._call_once(inputs, args, kwargs)
        if _with_call_losses:  # only layers that added call losses have any to clear
            for layer in self.modules():
                if layer in _with_call_losses:
                    layer._call_losses.clear()
                    _with_call_losses.discard(layer)
        training = kwargs.get("training")
        if training is None:
            training = current_training()
        record = torch.is_grad_enabled() and (_truthy(training) or self.training or gradient_tape.is_recording()
                                              or _requires_grad((inputs, args)))
        call = self._call_once
        if sharded_values.active():
            call = fully_sharded.gathering(self, call)
            if sharded_values.holds_mesh_shards(self):  # keras.distribution.ModelParallel: compute on DTensors
                call = functools.partial(sharded_values.call_on_mesh, self, call)
        state.depth += 1
        try:
            if record:
                return call(inputs, args, kwargs)
            with torch.no_grad():
                return call(inputs, args, kwargs)
        finally:
            state.depth -= 1

    def _call_once(self, inputs, args, kwargs):
        scope_dtype = self._autocast_scope_dtype()
        with weight_scope(self):
            if scope_dtype is False:
                return self._call_converted(inputs, args, kwargs)
            with variables.autocast_scope(scope_dtype):
                return self._call_converted(inputs, args, kwargs)

    def _autocast_scope_dtype(self):
        """The dtype this call's floating weights read as (Keras's AutocastScope): the compute dtype for a layer
        with a mixed policy or inside one (None there for a layer that does not autocast or computes in a
        non-float dtype); False when the current reading stays as it is (the common case)."""
        policy = self._dtype_policy
        current = variables.autocast_dtype()
        if current is None:
            if policy.is_mixed and self._autocast:
                return getattr(torch, policy.compute_dtype)
            return False
        compute = getattr(torch, policy.compute_dtype, None)
        if not self._autocast or compute is None or not compute.is_floating_point:
            return None
        return False if compute == current else compute

    def _call_converted(self, inputs, args, kwargs):
        inputs = self._convert_inputs(inputs)
        if self.input_spec is not None:
            assert_input_compatibility(self.input_spec, inputs, self.name)
        if not self.built:
            self._build_for(inputs)
            if "_deferred_restore" in self.__dict__:
                self._apply_deferred_restore(inputs, args, kwargs)
        if self._casts_int_inputs and self._autocast and not (
                isinstance(inputs, torch.Tensor) and inputs.is_floating_point()):
            inputs = self._promote_int_inputs(inputs)
        for key in ("mask", "attention_mask"):   # numpy masks, as TF eager takes them
            if kwargs.get(key) is not None:
                device = inputs.device if isinstance(inputs, torch.Tensor) else backend.current_device()
                kwargs[key] = map_structure(lambda v, d=device: _numpy_to_tensor(v, d), kwargs[key])
        mask = getattr(inputs, "_keras_mask", None)
        if mask is None:
            mask = _structure_mask(inputs)  # a list of inputs: their masks, when any is masked
        if mask is not None and self._call_takes_mask and kwargs.get("mask") is None:
            kwargs["mask"] = mask
        previous_mask = kwargs.get("mask") if kwargs.get("mask") is not None else mask
        if _user_call(type(self)):  # `inputs -= x` in a user's call must not write into the caller's tensor
            inputs = value_semantics.copy_on_write(inputs)
        if self._call_takes_training:
            training = kwargs.get("training")
            if training is None:
                training = _training_stack[-1] if _training_stack else None
                kwargs["training"] = training
            _training_stack.append(training)
            try:
                outputs = self.call(inputs, *args, **kwargs)
            finally:
                _training_stack.pop()
        elif self._force_float32 and torch.is_autocast_enabled(inputs.device.type if isinstance(
                inputs, torch.Tensor) else "cpu"):
            kwargs.pop("training", None)
            with torch.autocast(inputs.device.type, enabled=False):
                outputs = self.call(inputs.float() if inputs.is_floating_point() else inputs, *args, **kwargs)
        else:
            if "training" in kwargs:
                del kwargs["training"]
            outputs = self.call(inputs, *args, **kwargs)
        if self.supports_masking:
            self._set_output_masks(inputs, outputs, previous_mask)
        if self.activity_regularizer is not None:
            self._add_activity_losses(outputs)
        return outputs

    def _add_activity_losses(self, outputs):
        """Keras 3: `activity_regularizer(output) / batch size` for each output tensor, into `losses`."""
        for out in flatten(outputs):
            if isinstance(out, torch.Tensor):
                loss = self.activity_regularizer(out)
                if out.dim() > 0:
                    loss = loss / out.shape[0] if out.shape[0] else torch.zeros_like(loss)
                self._add_call_loss(loss)

    def _apply_deferred_restore(self, inputs, args, kwargs):
        """Assign checkpoint values restored before this model had weights (TF's deferred restoration)."""
        values = self.__dict__.pop("_deferred_restore")
        if callable(values):  # a TF-format checkpoint node (saving/checkpoint_tracking.py)
            if not self.weights:  # subclassed models create weights inside call: run it once
                with torch.no_grad():
                    self.call(inputs, *args, **{k: v for k, v in kwargs.items() if k != "training"})
            values()
            return
        if len(self.weights) < len(values):  # subclassed models create weights inside call: run it once
            with torch.no_grad():
                self.call(inputs, *args, **{k: v for k, v in kwargs.items() if k != "training"})
        weights = self.weights
        if len(weights) != len(values):
            raise ValueError(f"The checkpoint holds {len(values)} weights for {self.name!r}, which has "
                             f"{len(weights)}. Received: a checkpoint of a different model")
        for var, value in zip(weights, values):
            var.assign(value)

    def _set_output_masks(self, inputs, outputs, previous_mask):
        """Give each output tensor without a mask its mask from `compute_mask(inputs, previous_mask)` (Keras's
        `_set_mask_metadata`)."""
        flat_outputs = [t for t in flatten(outputs) if isinstance(t, torch.Tensor)]
        if not flat_outputs or all(getattr(t, "_keras_mask", None) is not None for t in flat_outputs):
            return
        masks = self.compute_mask(inputs, previous_mask)
        if masks is None:
            return
        for tensor, mask in zip(flat_outputs, flatten(masks)):
            if mask is not None and getattr(tensor, "_keras_mask", None) is None:
                tensor._keras_mask = mask

    def compute_mask(self, inputs, mask=None):
        """The mask of this layer's output (default: the input mask, unchanged)."""
        return mask

    def _input_float_dtype(self):
        """The dtype floating inputs are cast to: this layer's own compute dtype (its policy's, e.g. float16 for
        "mixed_float16", float64 for "float64"), or None where inputs are not cast (`autocast=False`, a non-float
        layer dtype). A default-dtype layer under a global mixed policy computes through torch autocast."""
        if not self._autocast:
            return None
        dtype = getattr(torch, self._dtype_policy.compute_dtype, None)
        return dtype if isinstance(dtype, torch.dtype) and dtype.is_floating_point else None

    def _convert_inputs(self, inputs):
        if isinstance(inputs, torch.Tensor):
            if self._trainable_vars and inputs.device != self._trainable_vars[0].device:
                inputs = inputs.to(self._trainable_vars[0].device)  # TF copies inputs to the op's device
            if inputs.is_floating_point():
                dtype = self._input_float_dtype()
                if dtype is not None and inputs.dtype != dtype:
                    return inputs.to(dtype)
            return inputs
        return map_structure(self._convert_leaf, inputs)

    def _promote_int_inputs(self, inputs):
        """Integer/bool tensors -> the compute dtype, for keraslike's layers with float weights (uint8 images into
        Conv2D: their ops promote, as TF's matmul/conv do) and subclasses of them. A layer written from the base
        `Layer` gets the integers as given, as Keras casts only floating inputs (ids into
        `tf.nn.embedding_lookup`, `tf.one_hot`, `tf.gather`)."""
        own = self._trainable_vars or self._non_trainable_vars
        if not own or not own[0].is_floating_point() or not _builtin_call(type(self)):
            return inputs

        def cast(t):
            if isinstance(t, StringTensor):
                raise ValueError(
                    f"Layer '{self.name}' computes with float weights and cannot take a tf.string tensor; map strings "
                    "to numbers first (TextVectorization, StringLookup, Hashing or tf.strings.to_number). "
                    f"Received: inputs of dtype string and shape {t.shape}")
            if isinstance(t, torch.Tensor) and not (t.is_floating_point() or t.is_complex()):
                return t.to(getattr(torch, self.compute_dtype))
            return t

        return cast(inputs) if isinstance(inputs, torch.Tensor) else map_structure(cast, inputs)

    def _convert_leaf(self, value):
        if type(value).__module__.startswith("pandas") and hasattr(value, "to_numpy"):
            value = value.to_numpy()  # a DataFrame/Series called on directly, as Keras converts it
        dtype = self._input_float_dtype()
        if isinstance(value, (np.ndarray, list, str, bytes, np.generic)) and looks_like_strings(value):
            return string_tensor(value)  # string columns into a model's tf.string Inputs, as TF converts them
        if isinstance(value, (np.ndarray, list, float, int, np.generic)):  # float64 numpy to a float64 layer stays
            value = backend.to_float_tensor(value, dtype=dtype, device=backend.current_device())
        if isinstance(value, torch.Tensor) and value.is_floating_point():
            if dtype is not None and value.dtype != dtype:
                return value.to(dtype)
        return value

    def _build_for(self, inputs):
        shapes = map_structure(lambda t: (None, *tuple(t.shape)[1:]) if hasattr(t, "shape") else None, inputs)
        self.build(shapes)
        self.built = True

    def _symbolic_call(self, args, kwargs):
        """Record a functional-API call and infer output specs.

        The layer runs once on small zero tensors (batch 1; other unknown dims 8) to get output
        dtypes and shapes; a shape from `compute_output_shape` wins, so unknown dims stay `None`.
        """
        inputs = args[0] if args else None
        shapes = map_structure(lambda t: t.shape if isinstance(t, KerasTensor) else None, inputs)
        if not self.built:
            self.build(shapes)
            self.built = True
        declared = _declared_output_shape(self, shapes)
        inferred = None
        try:
            out, other, batch = self._example_calls(args, kwargs)
            outputs = inferred = _symbolic_outputs(out, other, batch)
        except Exception:
            if declared is None and not any(isinstance(t, KerasTensor) and t.type_spec is not None
                                            for t in flatten((args, kwargs))):
                raise
            # a layer on a composite input of unknown rank (TF traces it with unknown shapes): its output type
            # is unknown here; the model hands the layer's value on as it comes
            outputs = None if declared is not None else KerasTensor((), type_spec=UnknownTypeSpec())
        if declared is not None:
            dtypes_out = [t.dtype for t in flatten(outputs)] if outputs is not None else []
            declared_list = declared if isinstance(declared, list) else [declared]
            if outputs is None or len(declared_list) == len(dtypes_out):
                dtype_default = getattr(torch, self._dtype_name, torch.float32)
                made = [KerasTensor(shape, dtypes_out[i] if i < len(dtypes_out) else dtype_default)
                        for i, shape in enumerate(declared_list)]
                outputs = made if isinstance(declared, list) else made[0]
        if inferred is not None and outputs is not None:
            _attach_symbolic_masks(inferred, outputs)
        node = Node(self, args, kwargs, outputs)
        for i, tensor in enumerate(flatten(outputs)):
            tensor.node = node
            tensor.name = self.name if i == 0 else f"{self.name}_{i}"
        self._inbound_nodes.append(node)
        return outputs

    def _inferred_output_shape_of(self, args):
        """Output shapes of `call` on the KerasTensors `args` (positional; run on examples, no node recorded)."""
        out, other, batch = self._example_calls(args, {})
        return map_structure(lambda t: tuple(t.shape), _symbolic_outputs(out, other, batch))

    def _example_calls(self, args, kwargs):
        """The outputs of `call` on example values (unknown dims 8); on other sizes for the unknown non-batch
        dims (9; None when there are none) to tell which output dims are unknown; and the batch size the outputs
        are known to have (None: unknown). The examples have batch 1, unless `call` reshapes to a fixed shape that
        needs another batch (`_batch_for_fixed_reshape`): the outputs then have that batch, as TF's shape
        inference finds from the fixed reshape."""
        batch = 1
        try:
            out = self._example_call(args, kwargs, 8)
        except errors.InvalidArgumentError as error:
            batch = _batch_for_fixed_reshape(error, (args, kwargs))
            if batch is None:
                raise
            out = self._example_call(args, kwargs, 8, batch=batch)
        other = self._example_call(args, kwargs, 9, quiet=True, batch=batch) \
            if _has_unknown_dims((args, kwargs)) else None
        return out, other, (_known_batch((args, kwargs)) if batch == 1 else batch)

    def _example_call(self, args, kwargs, unknown, quiet=False, batch=1):
        """Run the layer without autograd on example values for `args`/`kwargs` (unknown batch `batch`, other
        unknown dims `unknown`); with `quiet`, None where that fails."""
        try:
            with torch.no_grad(), added_metrics.example_calls():
                return super().__call__(*map_structure(lambda v: _example_value(v, unknown, batch), args),
                                        **map_structure(lambda v: _example_value(v, unknown, batch), kwargs))
        except Exception:
            if not quiet:
                raise
            return None

    # ---- config ----------------------------------------------------------------------------
    def get_config(self):
        """`{"name", "trainable", "dtype"}`; for a user subclass that does not override `get_config`, also its
        constructor arguments (Keras 3's auto config).

        Raises:
            NotImplementedError: such a subclass was built with arguments that are not plain values (a layer,
                an array): it must implement `get_config()` to be saved, as in Keras 3.
        """
        config = {"name": self.name, "trainable": self.trainable, "dtype": policy_config_entry(self._dtype_policy)}
        if self.activity_regularizer is not None:
            config["activity_regularizer"] = regularizers.serialize(self.activity_regularizer)
        if self._batch_input_shape is not None and keras_version.legacy_keras():
            config["batch_input_shape"] = self._batch_input_shape  # Keras 3 writes no input shape of a layer
        if "_auto_config" in self.__dict__:
            auto = self.__dict__["_auto_config"]
            if auto is None:
                raise NotImplementedError(
                    f"Object {type(self).__name__} was created by passing non-serializable argument values in "
                    "`__init__()`, and therefore the object must override `get_config()` in order to be "
                    "serializable. Please implement `get_config()` (and `from_config()` when its arguments are "
                    f"layers or other objects). Received: an instance of {type(self).__name__}")
            params = inspect.signature(type(self).__init__).parameters
            if "name" not in params and not any(p.kind is p.VAR_KEYWORD for p in params.values()):
                config.pop("name")
            config.update(auto)
        return config

    def get_build_config(self):
        """`{"input_shape": shape}`: the input shape the layer was built with, as Keras 3 saves it so a loaded layer
        can be built before its weights are set (`build_from_config`); None when it was not built, or for the
        stateless layers Keras 3 builds at construction (Dropout, pooling, ReLU, ...; Keras records no shape)."""
        if not self.built or _built_at_init(type(self)):
            return None
        shape = built_input_shape(self)
        return None if shape is None else {"input_shape": shape}

    def build_from_config(self, config):
        """Build the layer from `get_build_config()`'s dict (nothing for None or an unknown shape)."""
        shape = (config or {}).get("input_shape")
        if shape is None or self.built:
            return
        shape = tuple(shape) if shape and not isinstance(shape[0], (list, tuple)) else [tuple(s) for s in shape]
        self.build(shape)
        self.built = True

    @staticmethod
    def _records_init_args(cls):
        """Whether instances of `cls` keep their constructor arguments for `get_config` (user classes only)."""
        return cls.get_config is Layer.get_config and not cls.__module__.startswith("keraslike.") and \
            getattr(cls, "_inputs_struct", None) is None and "Functional" not in {k.__name__ for k in cls.__mro__}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}, built={self.built}>"

    def __setattr__(self, name, value):
        if "_modules" not in self.__dict__:  # assigned before `super().__init__()`, which Keras allows
            torch.nn.Module.__init__(self)
            self.__dict__["_assigned_before_init"] = []
        if "_assigned_before_init" in self.__dict__ and name not in self.__dict__["_assigned_before_init"]:
            self.__dict__["_assigned_before_init"].append(name)
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, torch.nn.Module) for v in value):
            value = torch.nn.ModuleList(value)
        elif isinstance(value, dict) and value and all(isinstance(v, torch.nn.Module) for v in value.values()):
            value = torch.nn.ModuleDict(value)
        tracked = "_trainable_vars" in self.__dict__  # Layer.__init__ has run: track what attributes hold
        if tracked:
            self._track_attribute(name, value)
            self.__dict__.setdefault("_layer_order", [])
            Layer._sublayers(self)  # first records the layers appended to held lists since the last assignment
        super().__setattr__(name, value)
        if tracked:
            self._track_layer_order(name, value)

    def _track_attribute(self, name, value):
        """Make the `tf.Variable`s and `tf.Module`s in attribute `name`'s new value this layer's own (as
        `tf.keras` does), and drop those only its old value held. Variables that `add_weight` made (this or
        another layer's) and Keras layers (sublayers, tracked by torch) are left as they are."""
        held = self.__dict__.setdefault("_attribute_tracked", {})  # attribute name -> (variables, modules)
        variables, nodes = tracking.collect(value)
        variables = [v for v in variables if not getattr(v, "_layer_weight", False)]
        modules = [n for n in nodes if not isinstance(n, torch.nn.Module)]
        old_vars, old_modules = held.pop(name, ((), ()))
        if variables or modules:
            held[name] = (variables, modules)
        still = {id(obj) for vs, ms in held.values() for obj in (*vs, *ms)}
        for var in old_vars:
            if id(var) not in still:
                for own in (self._trainable_vars, self._non_trainable_vars):
                    own[:] = [v for v in own if v is not var]
        tracked_modules = self.__dict__.setdefault("_modules_in_attributes", [])
        tracked_modules[:] = [m for m in tracked_modules if id(m) in still or not any(m is o for o in old_modules)]
        for var in variables:
            if not any(var is v for v in self._trainable_vars + self._non_trainable_vars):
                (self._trainable_vars if var.trainable else self._non_trainable_vars).append(var)
                if var.trainable and not self._trainable:
                    var.requires_grad_(False)
        for module in modules:
            if not any(module is m for m in tracked_modules):
                tracked_modules.append(module)

def weight_options_config(**options):
    """Keras's config entries of weight regularizers and constraints (`kernel_regularizer=...`): each one
    serialized as its namespace does (`{"module": "keras.regularizers", "class_name": "L2", ...}`), None kept; a plain
    function is kept as is (the saver writes it by reference)."""
    config = {}
    for name, value in options.items():
        module = regularizers if name.endswith("_regularizer") else constraints
        value = None if value is None else module.get(value)
        config[name] = module.serialize(value) if hasattr(value, "get_config") else value
    return config


# Keras 3's layers that set `built` in their constructor (no weights, no build step): their configs carry no
# `build_config`. A subclass that defines its own `build` is built as any layer.
_BUILT_AT_INIT = frozenset({
    "Activation", "ActivityRegularization", "AlphaDropout", "Dropout", "ELU", "GaussianDropout", "GaussianNoise",
    "Identity", "InputLayer", "LeakyReLU", "Masking", "ReLU", "Reshape", "Softmax", "SpatialDropout1D",
    "SpatialDropout2D", "SpatialDropout3D", "UnitNormalization", "AveragePooling1D", "AveragePooling2D",
    "AveragePooling3D", "MaxPooling1D", "MaxPooling2D", "MaxPooling3D", "GlobalAveragePooling1D",
    "GlobalAveragePooling2D", "GlobalAveragePooling3D", "GlobalMaxPooling1D", "GlobalMaxPooling2D",
    "GlobalMaxPooling3D"})


def _built_at_init(cls):
    for klass in cls.__mro__:
        if klass.__module__.startswith("keraslike."):
            return klass.__name__ in _BUILT_AT_INIT
        if "build" in vars(klass):
            return False
    return False


def built_input_shape(layer):
    """The input shape `layer` was built with, as JSON-ready lists (a list of shapes for several inputs), when it
    can be known (its first graph node, or the shape its build recorded), else None."""
    for node in getattr(layer, "_inbound_nodes", []):
        if node.args and isinstance(node.args[0], KerasTensor):
            return list(node.args[0].shape)
        if node.args and isinstance(node.args[0], (list, tuple)) and all(
                isinstance(t, KerasTensor) for t in node.args[0]):
            return [list(t.shape) for t in node.args[0]]
    shape = layer.__dict__.get("_build_shapes")
    if shape is None:
        shape = layer.__dict__.get("_recorded_build_shape")
    return _as_lists(shape) if shape is not None else None


def _as_lists(shape):
    if isinstance(shape, (list, tuple)):
        return [_as_lists(s) for s in shape]
    return shape


def with_activity_regularizer(config, layer):
    """`config` with Keras's `"activity_regularizer"` entry (None included) right after its last weight regularizer,
    where Keras 3's weighted layers (Conv, EinsumDense, Embedding, RNN layers, ...) list it; left where it is when
    `Layer.get_config` already put a set one first (as Keras's base config does)."""
    if "activity_regularizer" in config:
        return config
    value = regularizers.serialize(layer.activity_regularizer) if layer.activity_regularizer is not None else None
    last = [k for k in config if k.endswith("_regularizer")][-1:]
    return insert_key(config, "activity_regularizer", value, after=last[0] if last else None)


def keras3_order(config, keys):
    """Under Keras 3, `config` with `keys` (those present) first, in that order, then its other keys; under
    tf_keras `config` unchanged."""
    if keras_version.legacy_keras():
        return config
    return {**{k: config[k] for k in keys if k in config}, **config}


def insert_key(config, key, value, after=None, before=None):
    """A copy of `config` with `key: value` placed right after key `after` (or right before `before`; at the end
    when neither is in `config`): Keras's key order shows when users print a config."""
    out = {}
    items = [(k, v) for k, v in config.items() if k != key]
    placed = False
    for k, v in items:
        if k == before and not placed:
            out[key], placed = value, True
        out[k] = v
        if k == after and not placed:
            out[key], placed = value, True
    if not placed:
        out[key] = value
    return out


# lists keraslike's layers and models keep for themselves (never holding layers): not walked for sublayers
_BOOKKEEPING = frozenset({"_trainable_vars", "_non_trainable_vars", "_losses", "_call_losses", "_inbound_nodes",
                          "_jit_steps", "_build_shapes", "_first_call_specs"})


_MAY_HOLD_LAYERS = (Layer, torch.nn.ModuleDict, dict, torch.nn.ModuleList, list, tuple)


def _layers_in(value):
    """The layers in an attribute value (itself, or inside nested lists, tuples and dicts), depth first, once each.

    Items that can hold no layer (a vocabulary's strings, numbers, arrays) are skipped without a call: a layer's
    held lists are walked whenever its sublayers are listed, and a 10,000-word list cost a Python call per word."""
    found, seen = [], set()

    def visit(obj):
        if id(obj) in seen:
            return
        seen.add(id(obj))
        if isinstance(obj, Layer):
            found.append(obj)
        elif isinstance(obj, (torch.nn.ModuleDict, dict)):
            for item in obj.values():
                if isinstance(item, _MAY_HOLD_LAYERS):
                    visit(item)
        elif isinstance(obj, (torch.nn.ModuleList, list, tuple)):
            for item in obj:
                if isinstance(item, _MAY_HOLD_LAYERS):
                    visit(item)

    visit(value)
    return found


object_registration.register_builtin_base("layers", Layer)


@functools.lru_cache(maxsize=None)
def _builtin_call(cls):
    """Whether a `call` of keraslike's own layer classes runs for `cls` (a built-in layer, or a user subclass of
    one, which may reach it through `super().call`); False for a layer written from the base `Layer`/`Model`."""
    return any("call" in vars(klass) and klass.__module__.startswith("keraslike.") and klass.__name__ not in (
        "Layer", "Model", "Functional", "Sequential") for klass in cls.__mro__)


def _context_positions(call_params):
    """The names of `call`'s positional parameters after the inputs, when `training` or `mask` is one of them
    (so `model(x, True)` binds `training` as Keras 2 binds it), else ()."""
    names = []
    for param in list(call_params.values())[1:]:
        if param.kind is not inspect.Parameter.POSITIONAL_OR_KEYWORD:
            break
        names.append(param.name)
    return tuple(names) if {"training", "mask"} & set(names) else ()


def _bind_context_args(names, args, kwargs):
    """Moves positional `training`/`mask` values (and the positional values after them) into `kwargs` by name,
    so the framework's own `training`/`mask` handling sees them (Keras 2's `call_spec.get_arg_value`)."""
    first = min(names.index(n) for n in ("training", "mask") if n in names)
    if len(args) <= first or len(args) > len(names):  # nothing to bind, or extra values for a `*args`
        return args, kwargs
    moved = dict(zip(names[first:], args[first:]))
    duplicated = sorted(set(moved) & set(kwargs))
    if duplicated:
        raise TypeError(f"call() got multiple values for argument(s) {duplicated}: passed by position and by "
                        f"keyword. Received: {len(args)} positional argument(s) after the inputs and "
                        f"kwargs={sorted(kwargs)}")
    return args[:first], {**kwargs, **moved}


def _truthy(training):
    """Whether a `training` value asks for training mode: a bool or scalar; a non-scalar array (Keras 2 passes
    whatever the caller gave positionally down to the sublayers) counts as training for autograd recording."""
    try:
        return bool(training)
    except (ValueError, RuntimeError):
        return True


@functools.lru_cache(maxsize=None)
def _first_call_argument(cls):
    """The name of the first parameter of `cls.call` after `self` (the inputs), or None."""
    try:
        params = list(inspect.signature(cls.call).parameters.values())[1:]
    except (TypeError, ValueError):
        return None
    if params and params[0].kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD):
        return params[0].name
    return None
