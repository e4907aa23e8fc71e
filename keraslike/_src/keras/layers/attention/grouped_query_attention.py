"""`GroupQueryAttention` (keras/src/layers/attention/grouped_query_attention.py).

Queries have `num_query_heads` heads, keys and values `num_key_value_heads` (which must divide
it); each key/value head serves `num_query_heads // num_key_value_heads` query heads. Projections
are `EinsumDense` layers made in Keras's order (query, key, [gate], value, output), so
`get_weights()` exchanges with Keras. Masks follow Keras: `query_mask` `(B, T)`, `value_mask` and
`key_mask` `(B, S)`, `attention_mask` `(B, T, S)`, `use_causal_mask` (top-left aligned) and
`sliding_window` (`|i - j| < window`), combined with AND; a mask left None comes from that input's Keras
mask (`Embedding(mask_zero=True)`). With `dropout == 0` and no `return_attention_scores` attention runs as TF's
`dot_product_attention` in torch's fused kernel (a query row with no allowed key is uniform over the keys);
otherwise as Keras's `Softmax(mask)`, where such a row is all zeros (`keraslike/_src/ops/masked_attention.py`).
"""

import math

import torch

from keraslike._src.keras import initializers
from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.layers.core.einsum_dense import EinsumDense
from keraslike._src.keras.layers.layer import Layer, weight_options_config, with_activity_regularizer
from keraslike._src.keras.random import random
from keraslike._src.keras.random.seed_generator import SeedGenerator
from keraslike._src.ops import dropout_mask, masked_attention


class GroupQueryAttention(Layer):
    """Grouped-query attention.

    Args:
        head_dim: int, size of each head.
        num_query_heads, num_key_value_heads: ints; the second must divide the first.
        dropout: float, dropout on the attention probabilities while training.
        use_bias: bool, default True.
        sliding_window: optional int, attend only to positions closer than it.
        flash_attention: None/True/False; chooses torch's kernel (same values): True allows only the flash
            kernel (CUDA), False every other one, None (or `keras.config.enable_flash_attention()`) as torch
            chooses; True with `return_attention_scores` raises, as Keras.
        kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer, kernel_constraint,
        bias_constraint: for every projection.
        use_gate: bool, default False: multiply the attention output by `sigmoid(gate(query))` (a projection
            of the query) before the output projection, as Keras's `use_gate`.
        seed: optional int for the dropout.

    Call args: `query` `(B, T, dim)`, `value` `(B, S, dim)`, `key` (default `value`), the masks,
        `return_attention_scores`, `training`, `use_causal_mask`.

    Raises:
        ValueError: if the head counts do not divide.
    """

    keras_class_name = "GroupedQueryAttention"  # Keras's class (exported as GroupQueryAttention): default names


    def __init__(self, head_dim, num_query_heads, num_key_value_heads, dropout=0.0, use_bias=True, sliding_window=None,
                 flash_attention=None, kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, use_gate=False, seed=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        if num_query_heads % num_key_value_heads:
            raise ValueError("`num_query_heads` must be divisible by `num_key_value_heads`. Received: "
                             f"num_query_heads={num_query_heads}, num_key_value_heads={num_key_value_heads}")
        self.head_dim, self.num_query_heads, self.num_key_value_heads = head_dim, num_query_heads, num_key_value_heads
        self.num_repeats = num_query_heads // num_key_value_heads
        self.dropout, self.use_bias, self.sliding_window = float(dropout), use_bias, sliding_window
        self.flash_attention, self.use_gate, self.seed = flash_attention, use_gate, seed
        self._dense_kwargs = dict(kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                                  kernel_constraint=kernel_constraint, bias_constraint=bias_constraint)
        self._init_args = {"kernel_initializer": kernel_initializer, "bias_initializer": bias_initializer}
        self._kernel_init = initializers.get(kernel_initializer)
        self._bias_init = initializers.get(bias_initializer)
        object.__setattr__(self, "seed_generator", None)  # made in build when dropout > 0, as Keras's Dropout

    def _sublayer_kwargs(self):
        """Each sub-layer's arguments, with clones of the initializers (as Keras: not one seed for all kernels)."""
        return dict(self._dense_kwargs, kernel_initializer=initializers.clone(self._kernel_init),
                    bias_initializer=initializers.clone(self._bias_init))

    def build(self, query_shape, value_shape=None, key_shape=None):
        if isinstance(query_shape, (list, tuple)) and query_shape and isinstance(query_shape[0], (list, tuple)):
            query_shape = query_shape[0]
        feature_dim = query_shape[-1]
        uh, vh = "uh" if self.use_bias else None, "vh" if self.use_bias else None
        self._query_dense = EinsumDense("bqm,muh->bquh", (None, self.num_query_heads, self.head_dim), bias_axes=uh,
                                        name="query", **self._sublayer_kwargs())
        self._key_dense = EinsumDense("bkm,mvh->bkvh", (None, self.num_key_value_heads, self.head_dim),
                                      bias_axes=vh, name="key", **self._sublayer_kwargs())
        if self.use_gate:
            self._gate_dense = EinsumDense("bqm,muh->bquh", (None, self.num_query_heads, self.head_dim),
                                           bias_axes=uh, activation="sigmoid", name="gate", **self._sublayer_kwargs())
        self._value_dense = EinsumDense("bkm,mvh->bkvh", (None, self.num_key_value_heads, self.head_dim),
                                        bias_axes=vh, name="value", **self._sublayer_kwargs())
        # Keras makes its Dropout (and so the mask's generator) here, between the value and output projections
        object.__setattr__(self, "seed_generator", SeedGenerator(self.seed) if self.dropout > 0 else None)
        self._output_dense = EinsumDense("bquh,uhm->bqm", (None, feature_dim),
                                         bias_axes="m" if self.use_bias else None, name="attention_output",
                                         **self._sublayer_kwargs())
        self.built = True

    def _mask(self, t, s, device, query_mask, value_mask, key_mask, attention_mask, use_causal_mask):
        auto = None

        def both(a, b):
            return b if a is None else a & b

        if query_mask is not None:
            auto = torch.as_tensor(query_mask, device=device).bool().unsqueeze(-1)
        for m in (value_mask, key_mask):
            if m is not None:
                auto = both(auto, torch.as_tensor(m, device=device).bool().unsqueeze(-2))
        rows = torch.arange(t, device=device).unsqueeze(-1)
        cols = torch.arange(s, device=device).unsqueeze(0)
        if use_causal_mask:
            auto = both(auto, (rows >= cols).unsqueeze(0))
        if self.sliding_window is not None:
            auto = both(auto, ((rows - cols).abs() < self.sliding_window).unsqueeze(0))
        if auto is None:
            return None if attention_mask is None else torch.as_tensor(attention_mask, device=device).bool()
        return auto if attention_mask is None else torch.as_tensor(attention_mask, device=device).bool() & auto

    def call(self, query, value, key=None, query_mask=None, value_mask=None, key_mask=None, attention_mask=None,
             return_attention_scores=False, training=None, use_causal_mask=False):
        flash = self.flash_attention or keras_config.is_flash_attention_enabled()
        if flash and return_attention_scores:
            raise ValueError("Returning attention scores is not supported when flash attention is enabled. Please "
                             "disable flash attention to access attention scores.")
        # as Keras's Layer.__call__: a `<arg>_mask` left None comes from that argument's Keras mask
        query_mask = getattr(query, "_keras_mask", None) if query_mask is None else query_mask
        value_mask = getattr(value, "_keras_mask", None) if value_mask is None else value_mask
        if key is not None and key_mask is None:
            key_mask = getattr(key, "_keras_mask", None)
        value = self._convert_leaf(value)  # the base class converts only the first argument
        key = value if key is None else self._convert_leaf(key)
        mask = self._mask(query.shape[1], value.shape[1], query.device, query_mask, value_mask, key_mask,
                          attention_mask, use_causal_mask)
        gate = self._gate_dense(query) if self.use_gate else None
        q = self._query_dense(query)
        k = self._key_dense(key).repeat_interleave(self.num_repeats, dim=2)
        v = self._value_dense(value).repeat_interleave(self.num_repeats, dim=2)
        allowed = None if mask is None else (mask.unsqueeze(1) if mask.dim() == 3 else mask)  # (B, 1, T, S)
        scores = None
        if return_attention_scores or self.dropout > 0:  # Keras's Softmax(mask) path: fully masked rows are 0
            logits = torch.einsum("bquh,bkuh->buqk", q * (1.0 / math.sqrt(float(self.head_dim))), k)
            scores = masked_attention.masked_softmax(logits, allowed)
            probs = scores
            if training and self.dropout > 0:
                probs = dropout_mask.dropout(scores, self.dropout) if self.seed_generator is None else \
                    random.dropout(scores, self.dropout, seed=self.seed_generator)
            out = torch.einsum("buqk,bkuh->bquh", probs, v)
        else:  # Keras's dot_product_attention path: fully masked rows are uniform
            with masked_attention.sdpa_backends(q, flash):
                out = masked_attention.attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), allowed,
                                                 scale=1.0 / math.sqrt(float(self.head_dim))).transpose(1, 2)
        out = self._output_dense(out * gate if gate is not None else out)
        return (out, scores) if return_attention_scores else out

    def compute_output_shape(self, query_shape, value_shape=None, key_shape=None):
        return tuple(query_shape)

    def get_config(self):
        # Keras 3's keys and order (its config has no flash_attention: a choice of kernel, not of values)
        return with_activity_regularizer({
            **super().get_config(), "head_dim": self.head_dim, "num_query_heads": self.num_query_heads,
            "num_key_value_heads": self.num_key_value_heads, "use_bias": self.use_bias, "use_gate": self.use_gate,
            "sliding_window": self.sliding_window, "dropout": self.dropout,
            "kernel_initializer": initializers.serialize(self._kernel_init),
            "bias_initializer": initializers.serialize(self._bias_init),
            **weight_options_config(**{k: v for k, v in self._dense_kwargs.items()
                                       if k.endswith(("_regularizer", "_constraint"))}),
            "seed": self.seed}, self)
