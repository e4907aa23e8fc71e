"""`keras.layers.TorchModuleWrapper`: any `torch.nn.Module` as a Keras layer (Keras 3's name).

Mirrors `keras/src/utils/torch_utils.py`. The wrapped module's parameters and
buffers become the layer's weights, so `compile`/`fit`, `get_weights`,
`summary()` and every strategy see them; DistributedDataParallel sees them as
ordinary submodule parameters.

The way back needs no wrapper: every keraslike layer and model *is* a
`torch.nn.Module` (see `Layer`).
"""

import torch

from keraslike._src.distribute import context
from keraslike._src.keras import backend
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.ops.variables import Variable


class TorchModuleWrapper(Layer):
    """Use a `torch.nn.Module` as a Keras layer.

    The module runs as is: inputs are passed through unchanged, so a torchvision
    model keeps its NCHW layout (`(batch, channels, height, width)`), unlike
    keraslike's own image layers, which are channels_last (`(batch, h, w, c)`).
    Declare inputs accordingly, e.g. `keras.Input(shape=(3, 224, 224))`, or
    transpose with `keras.layers.Permute((3, 1, 2))` in front of the wrapper.

    On wrapping, the module is moved to the current device (the strategy's or
    the innermost `tf.device` scope's) and its parameters and buffers are
    turned, in place and sharing storage, into keraslike `Variable`s (a
    `torch.nn.Parameter` subclass with TF's `numpy()`, `assign`, `name`):
    parameters with `requires_grad` are the trainable weights, the others and
    the buffers (batch norm running statistics) the non-trainable weights,
    named `<layer name>/<parameter name>` (`torch_module_wrapper/fc.weight`).
    Build any torch optimizer over `module.parameters()` after wrapping. Under
    a multi-replica strategy, the chief's initial values are broadcast (as for
    any variable created in the scope).

    The Keras `training` flag sets the module's mode: `training=True` (as in
    `fit`) calls `module.train()`; otherwise (`predict`, `evaluate`, a plain
    call) `module.eval()`, so dropout and batch norm behave as in Keras.

    Args:
        module: the `torch.nn.Module` to wrap.
        name: layer name, default `torch_module_wrapper` made unique.
        output_shape: optional output shape without the batch dimension, returned
            by `compute_output_shape`.
        **kwargs: other `Layer` arguments (`trainable`, `dtype`).

    Input shape:
        Whatever `module.forward` takes (positional and keyword arguments are forwarded).

    Output shape:
        Whatever `module.forward` returns.

    Raises:
        TypeError: if `module` is not a `torch.nn.Module`.

    Example:

    >>> import torchvision
    >>> model = keras.Sequential([
    ...     keras.Input(shape=(3, 32, 32)),
    ...     keras.layers.TorchModuleWrapper(torchvision.models.resnet18(num_classes=10)),
    ... ])
    >>> model.compile("adam", keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    >>> model.fit(x_nchw, y, batch_size=32)
    """

    _casts_int_inputs = False  # integer inputs are ids / go to the module as given

    def __init__(self, module, name=None, output_shape=None, **kwargs):
        if not isinstance(module, torch.nn.Module):
            raise TypeError(
                "Expected a torch.nn.Module to wrap in TorchModuleWrapper. "
                f"Received: module={module!r} of type {type(module).__name__}"
            )
        super().__init__(name=name, **kwargs)
        self.module = module.to(backend.current_device())
        self._output_shape = tuple(output_shape) if output_shape is not None else None
        fresh = self._track_module()
        strategy = context.get_strategy()
        if fresh and context.has_strategy() and strategy.num_replicas_in_sync > 1:
            with torch.no_grad():
                strategy.broadcast(fresh)
        self.built = True

    # ---- weights ---------------------------------------------------------------------------
    def _track_module(self):
        """Turn new parameters/buffers of the module into Variables; rebuild the weight lists.

        Returns the Variables created by this call. Cheap when nothing changed; it runs on every
        weight listing because torch code may replace buffers (e.g. `module.to(device)`).
        """
        replaced = {}
        for tensors, is_param in self._tensor_slots():
            for key, tensor in list(tensors.items()):
                if tensor is None or isinstance(tensor, Variable):
                    continue
                var = replaced.get(id(tensor))
                if var is None:
                    var = replaced[id(tensor)] = _as_variable(tensor, is_param)
                tensors[key] = var
        trainable, non_trainable = [], []
        for qualname, param in self.module.named_parameters():
            _name(param, f"{self.name}/{qualname}")
            (trainable if param._trainable else non_trainable).append(param)
        for qualname, buffer in self.module.named_buffers():
            _name(buffer, f"{self.name}/{qualname}")
            non_trainable.append(buffer)
        self._trainable_vars[:] = trainable
        self._non_trainable_vars[:] = non_trainable
        return list(replaced.values())

    def _tensor_slots(self):
        for module in self.module.modules():
            yield module._parameters, True
            yield module._buffers, False

    @property
    def weights(self):
        self._track_module()
        return super().weights

    @property
    def trainable_weights(self):
        self._track_module()
        return super().trainable_weights

    @property
    def non_trainable_weights(self):
        self._track_module()
        return super().non_trainable_weights

    variables = weights
    trainable_variables = trainable_weights
    non_trainable_variables = non_trainable_weights

    # ---- calling ---------------------------------------------------------------------------
    def call(self, *args, training=None, **kwargs):
        mode = bool(training)
        if self.module.training != mode:
            self.module.train(mode)
        return self.module(*args, **kwargs)

    def compute_output_shape(self, input_shape):
        return None if self._output_shape is None else (None, *self._output_shape)

    # ---- config ----------------------------------------------------------------------------
    def get_config(self):
        module = type(self.module)
        return {**super().get_config(), "module": f"{module.__module__}.{module.__qualname__}",
                "output_shape": self._output_shape}

    @classmethod
    def from_config(cls, config):
        raise NotImplementedError(
            "TorchModuleWrapper cannot be rebuilt from a config: that would mean unpickling the torch module, "
            "which keraslike never does. Build the module in code, wrap it again, and load the weights "
            f"(`model.load_weights(...)` or `set_weights`). Received: config with module={config.get('module')!r}"
        )


def _as_variable(tensor, is_param):
    """A Variable sharing `tensor`'s storage (no copy); trainable iff a parameter that requires grad."""
    trainable = bool(is_param and tensor.requires_grad)
    var = torch.Tensor._make_subclass(Variable, tensor.detach(), trainable)
    var.__dict__.update(getattr(tensor, "__dict__", {}))
    var._trainable = trainable
    var._keras_name = "Variable"
    return var


def _name(var, name):
    if var._keras_name == "Variable":
        var._keras_name = name
