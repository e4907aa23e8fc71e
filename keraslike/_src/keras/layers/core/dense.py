"""`keras.layers.Dense`: `activation(inputs @ kernel + bias)` (keras/src/layers/core/dense.py)."""

import numpy as np

from keraslike._src.extension_type import dispatch
from keraslike._src.extension_type.extension_type import ExtensionType
from keraslike._src.keras import activations, initializers, keras_version
from keraslike._src.keras.layers.core.lora import KernelLoRA
from keraslike._src.keras.layers.core import quantization_config as quantization_config_lib
from keraslike._src.keras.layers.core.lora import lora_config as _lora_config
from keraslike._src.keras.layers.input_spec import fixed_axis
from keraslike._src.keras.layers.layer import Layer, weight_options_config, with_activity_regularizer
from keraslike._src.ops import half_matmul
from keraslike._src.ops import math as math_ops
from keraslike._src.sparse import sparse_ops
from keraslike._src.sparse.sparse_tensor import SparseTensor


class Dense(Layer, KernelLoRA):
    """Densely connected layer.

    Args:
        units: positive int, output size.
        activation: name or callable, default None (linear).
        use_bias: bool, default True.
        kernel_initializer: default "glorot_uniform"; bias_initializer: default "zeros".
        kernel_regularizer, bias_regularizer, activity_regularizer, kernel_constraint,
        bias_constraint: optional callables.
        lora_rank, lora_alpha: optional LoRA: the layer is built with `enable_lora(lora_rank, lora_alpha)`.

    Input shape: `(batch, ..., input_dim)`. Output shape: `(batch, ..., units)`.
    Weights: kernel `(input_dim, units)` (Keras layout), bias `(units,)`.

    Raises:
        ValueError: if `units` is not a positive int, or the input's last
            dimension differs from the one the layer was built for.
    """

    supports_masking = True

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, lora_rank=None,
                 lora_alpha=None, quantization_config=None, **kwargs):
        quantization_config_lib.check(quantization_config)
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        if keras_version.legacy_keras() and not isinstance(units, int) and np.ndim(units) == 0:
            units = int(units)  # tf_keras converts (Dense(tf.reduce_prod(shape).numpy()) in the autoencoder tutorial)
        if not isinstance(units, int) or isinstance(units, bool) or units <= 0:
            raise ValueError(f"Expected units to be a positive integer. Received: units={units!r}")
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = kernel_regularizer
        self.bias_regularizer = bias_regularizer
        self.kernel_constraint = kernel_constraint
        self.bias_constraint = bias_constraint
        self._input_dim = None
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.lora_enabled = False

    def build(self, input_shape):
        input_dim = input_shape[-1]
        if input_dim is None:
            raise ValueError(
                f"The last dimension of the inputs to layer {self.name!r} must be defined. "
                f"Received: input_shape={input_shape}"
            )
        self._input_dim = int(input_dim)
        self.input_spec = fixed_axis(input_shape, -1, min_ndim=2)
        self.kernel = self.add_weight("kernel", (self._input_dim, self.units), self.kernel_initializer,
                                      regularizer=self.kernel_regularizer, constraint=self.kernel_constraint)
        self.bias = self.add_weight("bias", (self.units,), self.bias_initializer,
                                    regularizer=self.bias_regularizer,
                                    constraint=self.bias_constraint) if self.use_bias else None
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank, self.lora_alpha)

    def call(self, inputs):
        if inputs.shape[-1] != self._input_dim:
            raise ValueError(
                f'Input 0 of layer "{self.name}" is incompatible with the layer: expected axis -1 of '
                f"input shape to have value {self._input_dim}, but received input with shape "
                f"{tuple(inputs.shape)}"
            )
        kernel = self.lora_merged_kernel()
        if isinstance(inputs, ExtensionType):  # TF's Dense calls tf.matmul: a handler registered for it runs
            out = dispatch.dispatched(math_ops.matmul)(inputs, kernel)
            return self.activation(out + self.bias if self.bias is not None else out)
        if isinstance(inputs, SparseTensor):  # TF's Dense multiplies a rank-2 SparseTensor without densifying it
            out = sparse_ops.sparse_dense_matmul(inputs, kernel)
            return self.activation(out + self.bias if self.bias is not None else out)
        return self.activation(half_matmul.affine(inputs, kernel, self.bias))

    def compute_output_shape(self, input_shape):
        return (*input_shape[:-1], self.units)

    def get_config(self):
        config = {**super().get_config(), "units": self.units,
                "activation": activations.serialize(self.activation), "use_bias": self.use_bias,
                "kernel_initializer": initializers.serialize(self.kernel_initializer),
                "bias_initializer": initializers.serialize(self.bias_initializer),
                **weight_options_config(kernel_regularizer=self.kernel_regularizer,
                                        bias_regularizer=self.bias_regularizer,
                                        kernel_constraint=self.kernel_constraint,
                                        bias_constraint=self.bias_constraint),
                **quantization_config_lib.entry()} | _lora_config(self)
        if keras_version.legacy_keras():  # tf_keras's Dense lists activity_regularizer (None too)
            config = with_activity_regularizer(config, self)
        return config
