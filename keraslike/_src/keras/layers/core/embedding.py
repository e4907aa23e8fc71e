"""`Embedding` (keras/src/layers/core/embedding.py): integer ids -> dense vectors."""

import operator
import warnings

import torch
import torch.nn.functional as F

from keraslike._src.keras import initializers, keras_version
from keraslike._src.keras.layers.core.lora import add_lora_weights, merged
from keraslike._src.keras.layers.core import quantization_config as quantization_config_lib
from keraslike._src.keras.layers.core.lora import lora_config as _lora_config
from keraslike._src.keras.layers.layer import Layer, insert_key, weight_options_config, with_activity_regularizer
from keraslike._src.ops import sparse_gradient
from keraslike._src.ops.indexing import index_range_error


def _dimension(name, value):
    """`input_dim`/`output_dim` as an int: Keras 3 takes a positive Python int only; tf_keras (Keras 2) takes anything
    with `__index__` (numpy ints, integer scalar tensors such as `tf.shape(x)[1]`), then checks it is positive."""
    if keras_version.legacy_keras() and not isinstance(value, bool):
        try:
            index = operator.index(value)
        except TypeError:
            raise TypeError(f"`{name}` must be an integer (a value with __index__). "
                            f"Received: {name}={value!r}") from None
        if index <= 0:
            raise ValueError(f"Both `input_dim` and `output_dim` should be positive. Received: {name}={index}")
        return index
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise ValueError(f"`{name}` must be a positive integer (of type int). "
                         f"Received: {name}={value!r} (of type {type(value).__name__})")
    return value


class Embedding(Layer):
    """Look up rows of an `(input_dim, output_dim)` table.

    Args:
        input_dim: int, vocabulary size (largest id + 1).
        output_dim: int, embedding size.
        embeddings_initializer: default RandomUniform(-0.05, 0.05) (Keras's "uniform").
        embeddings_regularizer, embeddings_constraint, activity_regularizer: optional.
        mask_zero: bool, default False: id 0 is padding; the output carries a `(batch, steps)` mask
            (`output._keras_mask`, as Keras 2) that RNN layers and GlobalAveragePooling1D honour.
        weights: optional `(input_dim, output_dim)` matrix (or `[matrix]`): the initial embeddings; the layer
            is built at once (Keras 3).
        lora_rank, lora_alpha: optional LoRA fine-tuning (see `enable_lora`).
        input_length: Keras 2's argument; warns and is unused, as in Keras 3.

    Input shape: `(batch, ...)` ints (floats are cast). Output shape: `(batch, ..., output_dim)`.
    Weights: embeddings `(input_dim, output_dim)`.

    Raises:
        ValueError: if `input_dim` or `output_dim` is not a positive int (Keras 3: a Python int only; Keras 2 also
            takes numpy ints and integer scalar tensors, e.g. `tf.shape(x)[1]`), or `weights` has the wrong shape.
        TypeError: under Keras 2, for a dimension that is not an integer (tf_keras: no `__index__`).
    """

    _casts_int_inputs = False  # integer inputs are ids / go to the module as given

    def __init__(self, input_dim, output_dim, embeddings_initializer=None, embeddings_regularizer=None,
                 embeddings_constraint=None, mask_zero=False, weights=None, lora_rank=None, lora_alpha=None,
                 input_length=None, quantization_config=None, **kwargs):
        quantization_config_lib.check(quantization_config)
        super().__init__(**kwargs)
        self.input_dim = _dimension("input_dim", input_dim)
        self.output_dim = _dimension("output_dim", output_dim)
        self.embeddings_initializer = initializers.get(embeddings_initializer) if embeddings_initializer not in (
            None, "uniform") else initializers.RandomUniform()
        self.embeddings_regularizer = embeddings_regularizer
        self.embeddings_constraint = embeddings_constraint
        self.mask_zero = mask_zero
        if input_length is not None:
            warnings.warn("Argument `input_length` is deprecated. Just remove it.", stacklevel=2)  # as Keras 3
        self.input_length = input_length
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.lora_enabled = False
        if weights is not None:  # Keras 3 builds at once and sets the matrix
            self.build()
            self.set_weights(weights if isinstance(weights, list) and len(weights) == 1 else [weights])

    def build(self, input_shape=None):
        self.embeddings = self.add_weight("embeddings", (self.input_dim, self.output_dim),
                                          self.embeddings_initializer, regularizer=self.embeddings_regularizer,
                                          constraint=self.embeddings_constraint)
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank, self.lora_alpha)

    def enable_lora(self, rank, lora_alpha=None, a_initializer="he_uniform", b_initializer="zeros"):
        """Freeze `embeddings` and learn a rank-`rank` update `(lora_alpha / rank) * A @ B` (Keras 3).

        Raises:
            ValueError: with `embeddings_constraint`, before build, or when already enabled.
        """
        if not self.built:
            raise ValueError("Cannot enable lora on a layer that isn't yet built.")
        self.lora_embeddings_a, self.lora_embeddings_b = add_lora_weights(
            self, self.embeddings, "embeddings", rank, lora_alpha, a_initializer, b_initializer,
            self.embeddings_constraint, self.embeddings_regularizer)

    def call(self, inputs):
        ids = inputs if inputs.dtype in (torch.int64, torch.int32) else inputs.long()
        table = merged(self, self.embeddings, self.lora_embeddings_a, self.lora_embeddings_b) \
            if self.lora_enabled else self.embeddings
        try:  # torch's kernel checks the range (no host sync on the good path); TF's CPU gather raises too
            if sparse_gradient.applies(table):  # TF's IndexedSlices gradient, as Keras 3's optimizers use it
                out = sparse_gradient.gather_rows(table, ids)
            else:
                out = F.embedding(ids, table)
        except (IndexError, RuntimeError) as err:
            if "out of range" not in str(err) and "out of bounds" not in str(err):
                raise
            raise index_range_error(ids, table.shape[0], f"{self.name}/GatherV2") from None
        if self.mask_zero:
            out._keras_mask = ids != 0
        return out

    def compute_mask(self, inputs, mask=None):
        """`inputs != 0` when `mask_zero`, else None."""
        return (torch.as_tensor(inputs) != 0) if self.mask_zero else None

    def compute_output_shape(self, input_shape):
        return (*input_shape, self.output_dim)

    def get_config(self):
        config = {**super().get_config(), "input_dim": self.input_dim, "output_dim": self.output_dim,
                  "embeddings_initializer": initializers.serialize(self.embeddings_initializer),
                  **weight_options_config(embeddings_regularizer=self.embeddings_regularizer,
                                          embeddings_constraint=self.embeddings_constraint)}
        config = insert_key(with_activity_regularizer(config, self), "mask_zero", self.mask_zero)
        return config | quantization_config_lib.entry() | _lora_config(self)
