"""How Keras layers, models and optimizers appear in a TF object-based checkpoint (`module/trackable.py`).

TF names the objects of a checkpoint by their local names, which differ between the Keras versions that
write them; keraslike answers to both, and writes both where they can coexist:
  * a layer's weights: by the attribute that holds them (`kernel`), Keras 3's private alias (`_kernel`, as its
    Dense, Conv and Embedding layers hold them) and the weight's own name (Keras 2 tracks `add_weight(name)`);
  * a layer's sublayers and `tf.Module`s: by attribute name (subclassed models and layers, both versions);
  * the weight groups of a layer that holds as its own weights what Keras holds in sublayers
    (`_keras3_weight_groups`, e.g. MultiHeadAttention's `query_dense`): as Keras's sublayer attribute
    (`_query_dense`) holding `kernel`/`_kernel` and `bias`/`_bias`, the names of both Keras versions;
  * a Sequential or functional model's layers: Keras 2's `layer_with_weights-<j>` (j counts the layers that
    have weights), and Keras 3's `_operations/<i>` (i counts every operation: input layers and `keras.ops`
    nodes too, in Keras 3's order; matched by the order of the layers with weights on restore), under
    `_functional` for a Sequential model;
  * a compiled model's `optimizer`;
  * an optimizer: `_iterations`, `_learning_rate` and its slots per kind (Adam `_momentums`, `_velocities`,
    `_velocity_hats`; SGD `momentums`; RMSprop `_velocities`, `_momentums`, `_average_gradients`; Adagrad
    `_accumulators`), one per trainable variable in order; other optimizers: Keras 3's flat `_variables`
    list `[iterations, learning_rate, *slots]`. On restore the slots are read from those lists, or else from
    `_variables` without the iterations and learning-rate entries (Keras 2 and 3 order it differently).
A model restored before it has weights keeps the saved node and is restored when it builds (TF's deferred
restoration).
"""

import warnings

import numpy as np
import torch

from keraslike._src.distribute import sharded_values
from keraslike._src.keras.saving import optimizer_state
from keraslike._src.module import trackable
from keraslike._src.train import object_graph

# Keras optimizer class -> [(slot key in keraslike's optimizer state, Keras's slot list attribute)], in the
# order keraslike's flat state lists a variable's slots (sorted keys, `saving/optimizer_state.py`)
_SLOT_LISTS = {
    "Adam": [("exp_avg", "_momentums"), ("exp_avg_sq", "_velocities"), ("max_exp_avg_sq", "_velocity_hats")],
    "AdamW": [("exp_avg", "_momentums"), ("exp_avg_sq", "_velocities"), ("max_exp_avg_sq", "_velocity_hats")],
    "SGD": [("m", "momentums")],
    "RMSprop": [("m", "_momentums"), ("v", "_velocities")],
    "Adagrad": [("accumulator", "_accumulators")],
    "Nadam": [("m", "_momentums"), ("v", "_velocities")],
    "Adamax": [("m", "_m"), ("u", "_u")],
}


def _short(name):
    name = str(name).rsplit("/", 1)[-1]
    return name[:-2] if name.endswith(":0") else name


def _attribute_names(layer):
    """`{id(value): [attribute names]}` of the layer's own attributes (torch parameters, submodules, others)."""
    names = {}
    for store in (layer.__dict__.get("_parameters", {}), layer.__dict__.get("_modules", {}), layer.__dict__):
        for name, value in store.items():
            if value is not None and not name.startswith("__"):
                names.setdefault(id(value), []).append(name)
    return names


def _weight_children(layer, names):
    out = []
    for var in list(layer._trainable_vars) + list(layer._non_trainable_vars):
        attrs = [n for n in names.get(id(var), []) if n not in ("_trainable_vars", "_non_trainable_vars")]
        aliases = []
        for n in attrs + [_short(var.name)]:
            aliases += [n, n[1:] if n.startswith("_") else "_" + n]
        for n in dict.fromkeys(aliases):
            out.append((n, var))
    return out


class _WeightGroup:
    """A sublayer Keras has and keraslike folds into its parent's weights: its kernel and bias, by the names
    Keras 2 (`kernel`) and Keras 3 (`_kernel`) track them."""

    def __init__(self, variables):
        self.variables = variables

    def _trackable_children(self):
        out = []
        for name, var in zip(("kernel", "bias"), self.variables):
            out += [(name, var), ("_" + name, var)]
        return out


def _group_children(layer):
    groups = getattr(layer, "_keras3_weight_groups", None)
    if not callable(groups):
        return []
    return [("_" + group.lstrip("_"), _WeightGroup(variables)) for group, variables in groups().items()
            if variables]


def _is_sequential(model):
    """A Sequential's layer list, read from the instance: a subclassed model may define a `_stack` method (the
    pandas_dataframe tutorial's `MyModel`), which must not make it look like a Sequential."""
    return isinstance(model.__dict__.get("_stack"), list)


class _Operations(trackable.TrackableList):
    """Keras 3's `_operations` list of a Sequential/functional model: every node of its graph in Keras 3's
    order (`model.operations`: input layers interleaved as Keras 3 orders them, `keras.ops` nodes included).

    On restore the saved operations that hold values are matched, in order, to the layers that have weights.
    """

    def __init__(self, model):
        self.model = model
        if _is_sequential(model):  # a Sequential model: its input layer, then its layers
            super().__init__([getattr(model, "_input_layer", None)] + list(model.layers))
        else:  # Keras 3's `operations`: input layers where Keras 3 puts them, keras.ops nodes counted
            super().__init__(list(model.operations))

    def _restore_from_checkpoint(self, node, plan):
        saved = sorted(((int(name), child) for name, child in node.children() if name.isdigit() and
                        _has_values(child)), key=lambda item: item[0])
        live = [layer for layer in self.model.layers if layer.weights]
        if len(saved) != len(live):
            return []
        return [(layer, child) for layer, (_, child) in zip(live, saved)]


class _Functional:
    """Keras 3's `_functional` object inside a Sequential model: holds `_operations`."""

    def __init__(self, model):
        self.model = model

    def _trackable_children(self):
        return [("_operations", _Operations(self.model))]


def layer_children(layer):
    """`[(local name, child)]` of a Keras layer or model (module docstring)."""
    names = _attribute_names(layer)
    out = _weight_children(layer, names) + _group_children(layer)
    if _is_sequential(layer) or "_nodes" in layer.__dict__:  # Sequential / functional
        weighted = [sub for sub in layer.layers if sub.weights]
        out += [(f"layer_with_weights-{j}", sub) for j, sub in enumerate(weighted)]
        if _is_sequential(layer):
            out.append(("_functional", _Functional(layer)))
        else:
            out.append(("_operations", _Operations(layer)))
    else:
        for sub in list(layer._sublayers()) + list(layer._tracked_modules()):
            for n in names.get(id(sub), []):
                if n not in ("_modules_in_attributes",):
                    out.append((n, sub))
        for name, value in layer.__dict__.items():  # lists/dicts of layers, modules or variables
            if isinstance(value, (list, tuple, dict)) and not name.startswith("_") and trackable.is_trackable(value):
                out.append((name, trackable.wrap(value)))
        for name, sub in layer.__dict__.get("_modules", {}).items():  # containers of layers (ModuleList)
            if sub is not None and not trackable.is_trackable(sub) and sub._modules:
                out.append((name, trackable.TrackableDict(dict(sub._modules))))
    optimizer = getattr(layer, "optimizer", None) if hasattr(layer, "compile") else None
    if optimizer is not None and not isinstance(optimizer, str):
        out.append(("optimizer", getattr(optimizer, "inner_optimizer", optimizer)))
    return out


def restore_layer(layer, node, plan):
    """A layer without weights yet keeps `node` and is restored when it builds (TF's deferred restoration);
    a built one is matched child by child."""
    optimizer_node = node.child("optimizer") if hasattr(layer, "compile") else None
    if optimizer_node is not None and getattr(layer, "optimizer", None) is None and _has_values(optimizer_node):
        # the optimizer is attached later by `compile`: restored then (TF's deferred restoration)
        layer.__dict__["_deferred_optimizer"] = (plan, optimizer_node.node_id)
    if layer.weights or not _has_values(node):
        return False
    saved = plan.saved

    def restore_after_build():
        sub_plan = object_graph.plan_restore(layer, saved, node_id=node.node_id)
        sub_plan.apply()

    layer.__dict__["_deferred_restore"] = restore_after_build
    return True


def restore_deferred_optimizer(model):
    """`compile` attached `model.optimizer`: restore it from the checkpoint node a restore kept for it, counting
    what it uses in that restore's status (TF's deferred restoration keyed by the object-graph path)."""
    pending = model.__dict__.pop("_deferred_optimizer", None)
    optimizer = getattr(model, "optimizer", None)
    if pending is None or optimizer is None or isinstance(optimizer, str):
        return
    plan, node_id = pending
    sub_plan = object_graph.plan_restore(getattr(optimizer, "inner_optimizer", optimizer), plan.saved,
                                         node_id=node_id, context={
        "model": model, "status_plan": plan,
        "slots_consumed_when_created": plan.context.get("slots_consumed_when_created", False)})
    sub_plan.apply()
    plan.consumed |= sub_plan.consumed
    plan.handled |= sub_plan.handled
    plan.assignments += sub_plan.assignments
    plan.context.setdefault("restored_objects", []).extend(sub_plan.context.get("restored_objects", ()))


def _has_values(node, depth=0):
    if node.has_value():
        return True
    return depth < 64 and any(_has_values(child, depth + 1) for _, child in node.children())


class _Slot:
    """An optimizer slot (torch state) seen as a checkpoint leaf."""

    def __init__(self, optimizer, param, key):
        self.optimizer, self.param, self.key = optimizer, param, key
        self.name = f"{optimizer.name}/{_short(getattr(param, 'path', 'variable'))}_{key}"

    def _checkpoint_value(self):
        state = self.optimizer._torch.state.get(self.param, {}) if self.optimizer._torch is not None else {}
        value = state.get(self.key)
        if isinstance(value, torch.Tensor):
            return sharded_values.full_value(value, like=self.param).detach().cpu().clone()
        return torch.zeros(sharded_values.global_shape(self.param), dtype=self.param.dtype)


def optimizer_children(optimizer):
    """`[(local name, child)]` of a keraslike optimizer (module docstring)."""
    out = [("_iterations", optimizer.iterations)]
    if optimizer._schedule is None:
        out.append(("_learning_rate", optimizer._learning_rate))
    if optimizer._torch is None:
        return out
    params = list(optimizer._params)
    states = [optimizer._torch.state.get(p, {}) for p in params]
    keys = {k for state in states for k, v in state.items() if k != "step" and isinstance(v, torch.Tensor)}
    if not keys:  # no step taken yet: no slots to save
        return out
    lists = _SLOT_LISTS.get(type(optimizer).__name__)
    if lists is not None and keys <= {key for key, _ in lists}:
        for key, attribute in lists:
            if key in keys:
                out.append((attribute, trackable.TrackableList([_Slot(optimizer, p, key) for p in params])))
        return out
    values = optimizer_state.get_variables(optimizer)
    head = 2 if optimizer._schedule is None else 1
    out.append(("_variables", trackable.TrackableList(
        [optimizer.iterations] + ([optimizer._learning_rate] if head == 2 else [])
        + [torch.as_tensor(np.array(v)) for v in values[head:]])))
    return out


def _slot_nodes(optimizer, node, scalars):
    """The saved slot nodes in the flat order of `optimizer_state.get_variables` (Keras 3's), or None."""
    lists = _SLOT_LISTS.get(type(optimizer).__name__)
    if lists is not None:
        present = {key: node.child(attribute) for key, attribute in lists}
        present = {key: kind for key, kind in present.items() if kind is not None}
        if any(kind.children() for kind in present.values()):  # Keras 3 keeps an unused slot list empty
            present = {key: kind for key, kind in present.items() if kind.children()}  # (RMSprop `_momentums`)
        if present:
            counts = {len(kind.children()) for kind in present.values()}
            if len(counts) != 1:
                return None
            out = []
            # the flat order `optimizer_state.set_variables` reads: Keras 3's (slot passes over the variables)
            for i, key, _ in optimizer_state.keras_slots(optimizer, range(counts.pop()), lambda i: sorted(present)):
                child = present[key].child(str(i))
                if child is None or not child.has_value():
                    return None
                out.append(child)
            return out
    flat = node.child("_variables")
    if flat is None:
        return []
    return [child for _, child in flat.children() if child.node_id not in scalars and child.has_value()]


def restore_optimizer(optimizer, node, plan):
    """Plan restoring a keraslike optimizer from a saved Keras 2 / Keras 3 optimizer node.

    Raises:
        ValueError: when the saved slots do not fit this optimizer and its variables.
    """
    iterations, learning_rate = node.child("_iterations"), node.child("_learning_rate")
    if iterations is None or not iterations.has_value():
        return True
    scalars = {iterations.node_id} | ({learning_rate.node_id} if learning_rate is not None else set())
    values = [np.asarray(iterations.value())]
    if optimizer._schedule is None:
        has_lr = learning_rate is not None and learning_rate.has_value()
        values.append(np.asarray(learning_rate.value() if has_lr else float(optimizer._learning_rate)))
    slots = _slot_nodes(optimizer, node, scalars)
    if slots is None:
        raise ValueError(f"The optimizer state saved in {plan.saved.reader.prefix} does not fit {optimizer.name!r}: "
                         "its slot lists differ in length. Received: a checkpoint of another optimizer")
    values += [np.asarray(s.value()) for s in slots]
    with_values = [i for i in scalars if plan.saved.graph.nodes[i].attributes]
    plan.consumed |= set(with_values)
    plan.context.setdefault("restored_objects", []).append(optimizer.iterations)
    slot_ids = {s.node_id for s in slots}
    if slots and optimizer._torch is None:
        # the slots do not exist yet: TF restores them when the optimizer creates them (its first `apply`, here
        # `build`); `iterations` and the rate restore now. Until then tf_keras's status (`load_weights(prefix)`)
        # counts them unused; Keras 3's (`tf.train.Checkpoint`) counts them matched.
        head = 1 if optimizer._schedule is not None else 2
        plan.actions.append(lambda: optimizer_state.set_variables(optimizer, values[:head]))
        status_plan = plan.context.get("status_plan", plan)
        if not plan.context.get("slots_consumed_when_created"):
            status_plan.consumed |= slot_ids

        def apply_on_build():
            if optimizer_state.set_variables(optimizer, values):
                status_plan.consumed |= slot_ids
            else:
                warnings.warn(f"Skipping the optimizer state of {optimizer.name!r} in {plan.saved.reader.prefix}: "
                              f"its {len(values) - head} slots do not fit the {len(optimizer._params)} variables "
                              "it was built for.", stacklevel=4)

        optimizer.__dict__["_deferred_state"] = apply_on_build
        return True
    plan.consumed |= slot_ids
    model = plan.context.get("model")
    params = list(optimizer._params) if optimizer._params else (
        [p for p in model.trainable_weights if p.requires_grad] if model is not None else [])
    if not params:
        plan.actions.append(lambda: optimizer_state.set_variables(optimizer, values))
        return True

    def apply():
        if not optimizer_state.set_variables(optimizer, values, params):
            warnings.warn(f"Skipping the optimizer state of {optimizer.name!r} in {plan.saved.reader.prefix}: its "
                          f"{len(values) - 2} slots do not fit the {len(params)} variables of this model.",
                          stacklevel=3)

    plan.actions.append(apply)
    return True
