"""`keras.Model`: a layer that trains (`compile`/`fit`/`evaluate`/`predict`).

Mirrors `keras/src/models/model.py`: `Model(inputs, outputs)` builds a
functional model; subclassing `Model` and defining `call` gives a subclassed
model. The model remembers the distribution strategy active when it was
created (`strategy.scope()`), as tf.keras does.
"""

import os

import torch

from keraslike._src.distribute import context
from keraslike._src.keras import backend, keras_version
from keraslike._src.keras.export import export_lib
from keraslike._src.keras.layers.keras_tensor import KerasTensor, flatten, map_structure
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.saving import keras2_config, object_registration, saving_lib, serialization_lib
from keraslike._src.keras.trainers.trainer import Trainer
from keraslike._src.keras.utils import summary_keras2
from keraslike._src.keras.utils.summary import print_summary
from keraslike._src.ops.tensor_spec import TensorSpec
from keraslike._src.train import checkpoint_state, tensor_bundle
from keraslike._src.train.checkpoint import Checkpoint


def _is_tf_checkpoint_path(filepath, save_format):
    if save_format is not None:
        return str(save_format).lower() in ("tf", "tensorflow")
    return not str(os.fspath(filepath)).endswith((".h5", ".hdf5", ".keras"))


def _looks_functional(args, kwargs):
    inputs = kwargs.get("inputs", args[0] if args else None)
    leaves = flatten(inputs) if inputs is not None else []
    return bool(leaves) and all(isinstance(t, KerasTensor) for t in leaves)


def _own_attrs(cls):
    """Attributes defined by `cls` or its user-defined bases (below keras.Model)."""
    names = set()
    for klass in cls.__mro__:
        if klass is Model:
            break
        names.update(vars(klass))
    return names


_FUNCTIONAL_SUBCLASSES = {}


def _functional_subclass(cls, functional):
    if cls not in _FUNCTIONAL_SUBCLASSES:
        _FUNCTIONAL_SUBCLASSES[cls] = type(cls.__name__, (cls, functional), {"__module__": cls.__module__})
    return _FUNCTIONAL_SUBCLASSES[cls]


class Model(Trainer, Layer):
    """Group layers into an object with training and inference features.

    `Model(inputs, outputs, name=None)` -> functional model; a subclass with
    `call(self, inputs, training=None)` -> subclassed model.
    """

    _keras2_children_first = True  # Keras 2 lists a model's layers' weights before its own (layers/layer.py)

    def __new__(cls, *args, **kwargs):
        functional_args = (args or "inputs" in kwargs) and _looks_functional(args, kwargs)
        if functional_args and (cls is Model or "call" not in _own_attrs(cls)):
            # Functional subclasses Model (models/functional.py), so it is found by name, not imported
            Functional = object_registration.builtin_objects("layers")["Functional"]  # noqa: N806
            if cls is Model:
                return super().__new__(Functional)
            # `class CustomModel(keras.Model)` (a custom train_step) built as `CustomModel(inputs, outputs)`
            return super().__new__(_functional_subclass(cls, Functional))
        return super().__new__(cls, *args, **kwargs)  # Layer.__new__ keeps plain arguments for get_config

    def __init__(self, *args, **kwargs):
        if _looks_functional(args, kwargs) and type(self).__new__ is Model.__new__:
            Functional = object_registration.builtin_objects("layers")["Functional"]  # noqa: N806
            if not isinstance(self, Functional):
                # Keras's functional subclassing: a subclass's `__init__` builds a graph and ends with
                # `super().__init__(inputs=inputs, outputs=outputs)`; the instance becomes a functional model of
                # its class, as `MnistModel(inputs, outputs)` would (Keras injects Functional into its bases)
                self.__class__ = _functional_subclass(type(self), Functional)
                Functional.__init__(self, *args, **kwargs)
                return
        Layer.__init__(self, **kwargs)
        Trainer.__init__(self)
        self._distribute_strategy = context.get_strategy()

    @property
    def distribute_strategy(self):
        return self._distribute_strategy

    _graph_call = None  # Sequential's / Functional's `call`: it replays a fixed graph of layer calls

    def _has_static_graph(self):
        """Whether every training forward uses the same weights, whatever the data.

        True for Sequential and functional models (and subclasses that keep their `call`) made only of
        keraslike layers and torch.nn modules; a subclassed `call` or a user-written layer may branch on
        the data. Data-parallel training takes DDP's fast path only for these (`distribute/data_parallel`).
        """
        graph_call = type(self)._graph_call
        if graph_call is None or type(self).call is not graph_call:
            return False
        return all(type(m).__module__.startswith(("keraslike.", "torch.nn.")) for m in self.modules())

    @property
    def layers(self):
        return [m for m in self._sublayers()]

    def get_layer(self, name=None, index=None):
        """Layer by `name` or `index`.

        Raises:
            ValueError: if no layer matches (lists the names).
        """
        layers = self.layers
        if index is not None:
            if not -len(layers) <= index < len(layers):
                raise ValueError(f"Expected index < {len(layers)}. Received: index={index}")
            return layers[index]
        for layer in layers:
            if layer.name == name:
                return layer
        raise ValueError(
            f"No such layer: {name}. Existing layers are: {[layer.name for layer in layers]}. Received: name={name!r}"
        )

    def summary(self, line_length=None, positions=None, print_fn=None, expand_nested=False, show_trainable=False,
                layer_range=None):
        """Print the tf.keras summary table (layer, output shape, params, totals); Keras 2's plain table under
        `TF_USE_LEGACY_KERAS=1`.

        Raises:
            NotImplementedError: for `expand_nested=True`, `show_trainable=True` or a `layer_range`,
                which keraslike's table does not draw yet.
        """
        if expand_nested or show_trainable or layer_range is not None:
            raise NotImplementedError(
                "keraslike's summary() draws the default table only. Received: "
                f"expand_nested={expand_nested}, show_trainable={show_trainable}, layer_range={layer_range}")

        if keras_version.legacy_keras():  # Keras 2's plain table, `print_fn` called per line
            summary_keras2.print_summary(self, line_length=line_length, positions=positions, print_fn=print_fn)
            return
        print_summary(self, line_length=line_length, positions=positions, print_fn=print_fn)

    def build(self, input_shape=None):
        """Create the weights by calling the model on zeros of `input_shape` (batch dim may be None)."""
        if input_shape is not None and not self.built and not self.__dict__.get("_building_on_call"):
            self.built = True
            shape = tuple(1 if d is None else d for d in input_shape)
            with torch.no_grad():
                self(torch.zeros(shape, device=backend.current_device()))
        self.built = True

    def _build_for(self, inputs):
        # A subclassed model builds by running `call`: its layers build themselves on first use.
        # The input shape is kept for `build_config` (a saved subclassed model is rebuilt from it).
        self._build_shapes = map_structure(
            lambda t: (None, *tuple(t.shape)[1:]) if hasattr(t, "shape") else None, inputs)
        self._first_call_specs = map_structure(
            lambda t: (tuple(t.shape), t.dtype) if hasattr(t, "shape") and hasattr(t, "dtype") else None, inputs)
        if type(self).build is not Model.build:  # a user `build(input_shape)` runs before the first call (Keras 3)
            self.__dict__["_building_on_call"] = True
            try:
                self.build(self._build_shapes)
            finally:
                del self.__dict__["_building_on_call"]
        self.built = True

    def save_spec(self, dynamic_batch=True):
        """The `tf.TensorSpec`s of the model's call arguments as `(args, kwargs)` (TF 2's `Model.save_spec`).

        Defined once the model has inputs: a functional/Sequential model's `keras.Input`s, or the first call
        of a subclassed model (directly, or through `fit`/`evaluate`/`predict`).

        Args:
            dynamic_batch: True (default) gives the batch dimension as None; False keeps the first call's
                batch size (a functional input's own, None unless `batch_size` was given).

        Returns:
            `((inputs_spec,), {})`, `inputs_spec` shaped like the inputs (a TensorSpec or a list/dict of them);
            None before the model has inputs.
        """
        def spec(shape, dtype, name=None):
            shape = (None, *shape[1:]) if dynamic_batch and shape else tuple(shape)
            return TensorSpec(shape, dtype, name=name)

        struct = getattr(self, "_inputs_struct", None)
        if struct is None and getattr(self, "_input_layer", None) is not None:
            struct = self._input_layer.output
        if struct is not None:
            return (map_structure(lambda t: spec(tuple(t.shape), t.dtype, t.name), struct),), {}
        first = self.__dict__.get("_first_call_specs")
        if first is None:
            return None
        return (_specs_of(first, spec),), {}

    # ---- saving (keras/src/models/model.py; implemented in keraslike/_src/keras/saving) ----
    def save(self, filepath, overwrite=True, zipped=None, **kwargs):
        """Save the whole model to a Keras 3 `.keras` zip (config, weights, optimizer state).

        Only the chief writes under a multi-replica strategy; the file is replaced atomically.
        """
        saving_lib.save_model(self, filepath, overwrite=overwrite, **kwargs)

    def save_weights(self, filepath, overwrite=True, save_format=None, max_shard_size=None, **kwargs):
        """Save the weights.

        `x.weights.h5` uses Keras 3's HDF5 layout; any other `.h5`/`.hdf5` path Keras 2's legacy layout
        (`layer_names`/`weight_names`, what tf_keras's `save_weights("w.h5")` writes and Keras 3's
        `load_weights("w.h5")` reads; Keras 3 itself refuses to write it). Any other path is a TF-format
        checkpoint prefix, as TF 2's `save_weights` wrote: `prefix.index` + `prefix.data-00000-of-00001`
        and the directory's `checkpoint` file, so `tf.train.latest_checkpoint(dir)` finds it.

        Raises:
            NotImplementedError: for `max_shard_size` (Keras 3's sharded `.weights.json` files).
            TypeError: for other keyword arguments.
        """
        if max_shard_size is not None:
            raise NotImplementedError("keraslike writes one weights file; sharding is not supported. "
                                      f"Received: max_shard_size={max_shard_size!r}")
        unknown = set(kwargs) - {"_extra_attrs"}
        if unknown:
            raise TypeError(f"save_weights() got unexpected keyword arguments {sorted(unknown)}. "
                            f"Received: kwargs={kwargs}")

        if _is_tf_checkpoint_path(filepath, save_format):
            prefix = Checkpoint(root=self).write(os.fspath(filepath))  # the model is the root, as in TF 2
            directory = os.path.dirname(prefix) or "."
            checkpoint_state.write_state(directory, prefix, [prefix], self)
            return
        saving_lib.save_weights(self, filepath, overwrite=overwrite, _extra_attrs=kwargs.get("_extra_attrs"))

    def load_weights(self, filepath, skip_mismatch=False, by_name=False, **kwargs):
        """Load weights saved by `save_weights` or `save` (here, by Keras 3 or by Keras 2), or a TF-format prefix.

        Args:
            filepath: a `.weights.h5`/`.keras` file, a legacy `.h5` file (Keras 2's `save_weights("w.h5")` or a
                whole-model `.h5`), or a TF checkpoint prefix.
            skip_mismatch: skip (with a warning) layers whose weights do not match instead of raising.
            by_name: legacy `.h5` files only: match layers by name instead of by position (Keras 2 and 3).

        Raises:
            ValueError: if the file is missing or its weights do not match this model, for `by_name` with a
                file that is not a legacy `.h5`, or for keyword arguments other than Keras 3's
                (`objects_to_skip`, which keraslike does not support).
        """
        if kwargs:
            raise ValueError(f"Invalid keyword arguments: {kwargs}. keraslike's load_weights takes filepath, "
                             f"skip_mismatch and by_name. Received: kwargs={kwargs}")
        if filepath is not None and os.path.exists(os.fspath(filepath) + ".index"):
            if by_name:
                raise ValueError("`by_name` only supports loading legacy '.h5' or '.hdf5' files. "
                                 f"Received: filepath={filepath}")
            if tensor_bundle.is_bundle(os.fspath(filepath)):  # TF's format (TF 2 / tf_keras, keraslike)
                return Checkpoint(root=self)._restore(os.fspath(filepath), slots_consumed_when_created=True)
            return Checkpoint(model=self).read(os.fspath(filepath))  # keraslike's earlier format
        saving_lib.load_weights(self, filepath, skip_mismatch=skip_mismatch, by_name=by_name)

    def export(self, filepath, format="tf_saved_model", verbose=None, input_signature=None, **kwargs):  # noqa: A002
        """Export the model's forward pass for inference (Keras 3's `Model.export`).

        `format="tf_saved_model"` writes keraslike's SavedModel directory (config + weights; see
        `keraslike/_src/keras/export/export_lib.py`) with a `serve` endpoint and a `serving_default`
        signature, which `tf.saved_model.load` and `keras.layers.TFSMLayer` reload.

        Args:
            filepath: the directory to write.
            format: "tf_saved_model"; Keras's "onnx", "openvino", "litert" and "torch" raise
                NotImplementedError (use torch.onnx / torch.export on this torch.nn.Module).
            verbose: print the endpoints (default: yes).
            input_signature: optional TensorSpec (or list/dict of them) for the inputs; default the
                model's inputs (`save_spec`).

        Raises:
            ValueError: an unknown format, or a model that has no inputs yet.
        """
        export_lib.export_model(self, filepath, format=format, verbose=verbose, input_signature=input_signature,
                                **kwargs)

    def get_compile_config(self):
        """The arguments given to `compile` as `model.save` writes them (`compile_config` of `config.json`): the
        optimizer, loss and metrics serialized (Keras 3); when the model is not compiled `{}` (Keras 3), None
        (tf_keras)."""
        compiled = saving_lib.compile_config(self)
        return compiled if compiled is not None or keras_version.legacy_keras() else {}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """A model from its `get_config()` (Keras 3's or Keras 2's spelling).

        A functional config (`layers`, `input_layers`, `output_layers`) rebuilds the graph, its layers found in
        `custom_objects`, the registry or keraslike's built-ins; any other config goes to the constructor, as
        for a subclassed model.

        Args:
            config: dict from `get_config()`.
            custom_objects: optional dict name -> class/function for custom layers (Keras 2 and 3 take it).
        """
        if isinstance(config, dict) and {"layers", "input_layers", "output_layers"} <= set(config):
            full = keras2_config.to_keras3({"class_name": "Functional", "config": config})
            with object_registration.CustomObjectScope(custom_objects or {}):
                if cls.__module__.startswith("keraslike."):
                    return serialization_lib.deserialize_layer(full, custom_objects)
                # a user's Model subclass built from inputs and outputs (only `train_step` overridden): Keras
                # rebuilds the graph as an instance of that class
                return serialization_lib.functional_from_config(full["config"], cls, custom_objects)
        with object_registration.CustomObjectScope(custom_objects or {}):
            return cls(**config)

    def to_json(self, **kwargs):
        """The model's Keras 3 config as a JSON string (`keras.models.model_from_json` reads it)."""
        return saving_lib.to_json(self, **kwargs)


def _specs_of(structure, make):
    """Nested `(shape, dtype)` leaves (tuples of a tuple and a dtype) as TensorSpecs, keeping lists and dicts."""
    if isinstance(structure, tuple) and len(structure) == 2 and isinstance(structure[0], tuple):
        return make(*structure)
    if isinstance(structure, dict):
        return {k: _specs_of(v, make) for k, v in structure.items()}
    if isinstance(structure, (list, tuple)):
        return type(structure)(_specs_of(v, make) for v in structure)
    return structure
