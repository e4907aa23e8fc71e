"""`MultiHeadAttention` (keras/src/layers/attention/multi_head_attention.py).

Weights in Keras's EinsumDense layouts, in Keras's order:
query/kernel `(query_dim, num_heads, key_dim)`, query/bias `(num_heads, key_dim)`,
key/kernel `(key_dim_in, num_heads, key_dim)`, key/bias, value/kernel
`(value_dim_in, num_heads, value_dim)`, value/bias, attention_output/kernel
`(num_heads, value_dim, output_dim)`, attention_output/bias `(output_dim,)`.

    q = query @ Wq + bq;  k = key @ Wk + bk;  v = value @ Wv + bv        # (B, T|S, H, d)
    scores = softmax(where(mask, q k^T / sqrt(key_dim), -big))           # (B, H, T, S)
    output = (dropout(scores) v) @ Wo + bo                                # (B, T, output_dim)

Keras computes this two ways and so does this layer (`keraslike/_src/ops/masked_attention.py`):
with `dropout == 0` and no `return_attention_scores`, TF's `dot_product_attention`, run here in torch's
`scaled_dot_product_attention` (a query row with no allowed key is uniform over the keys and passes no
gradient to the query or keys); otherwise Keras's `Softmax(mask)`, where such a row is all zeros.
"""

import math

import torch

from keraslike._src import errors
from keraslike._src.keras import constraints, initializers, regularizers
from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.random import random as keras_random
from keraslike._src.keras.random.seed_generator import SeedGenerator
from keraslike._src.ops import masked_attention


class MultiHeadAttention(Layer):
    """Multi-head attention (Vaswani et al., 2017).

    Args:
        num_heads: int, number of heads.
        key_dim: int, size of each head for query and key.
        value_dim: int, size of each head for value; default `key_dim`.
        dropout: float, dropout on the attention probabilities while training.
        use_bias: bool, default True.
        output_shape: int or tuple, last dimension(s) of the output; default the query's last dimension.
        attention_axes: None (default): attend over all axes between batch and features (inner axes are
            flattened into one sequence, which is what Keras's default computes); else an int or a list of
            inner axes (negative counted from the end): attention over those, the other inner axes acting as
            batch axes, as Keras. Saved as Keras writes it once built (`[1]` for a sequence). Masks need the
            default axes.
        sliding_window: None or a positive int: query `i` attends only to keys `j` with `|i - j| < sliding_window`
            (ANDed with the other masks; with `use_causal_mask`, a causal window).
        flash_attention: None/True/False: True allows only torch's flash kernel (CUDA; no scores, no dropout),
            False every other kernel, None (default) as `keras.config.enable_flash_attention()` says.
        kernel_initializer / bias_initializer: default "glorot_uniform" / "zeros".
        kernel_regularizer, bias_regularizer, activity_regularizer (of the projections, as Keras 3),
            kernel_constraint, bias_constraint: optional.
        use_gate: bool, default False: multiply the attention output by `sigmoid(query @ gate/kernel + gate/bias)`
            `(B, T, num_heads, value_dim)` before the output projection (gated attention, as Keras).
        seed: optional int.

    Call args: `query` `(B, T, dim)`, `value` `(B, S, dim)`, `key` (default `value`),
        `attention_mask` (bool `(B, T, S)`, True = attend), `return_attention_scores` (bool),
        `training`, `use_causal_mask` (bool), `value_mask` / `key_mask` (bool `(B, S)`, default the
        inputs' Keras masks); `query_mask` is accepted and not used, as Keras 3: the query mask is the query's
        Keras mask (`Embedding(mask_zero=True)`), and the output carries it.

    Output shape: `(B, T, output_dim)`; with `return_attention_scores`, also `(B, num_heads, T, S)`
        (generally `(B, <other inner dims>, num_heads, <query attention dims>, <key attention dims>)`).

    Raises:
        ValueError: on non-positive `num_heads`/`key_dim`/`sliding_window`, an `attention_axes` that is not
            inner axes of the query, or flash attention with `dropout`.
        NotImplementedError: masks with non-default `attention_axes`.
    """

    def __init__(self, num_heads, key_dim, value_dim=None, dropout=0.0, use_bias=True, output_shape=None,
                 attention_axes=None, sliding_window=None, flash_attention=None, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, use_gate=False, seed=None, **kwargs):
        super().__init__(**kwargs)
        # Keras 3 gives the regularizer to the four projection (EinsumDense) sublayers, not to this layer's output
        self._projection_activity = regularizers.get(activity_regularizer) if activity_regularizer else None
        for name, value in (("num_heads", num_heads), ("key_dim", key_dim)):
            if not isinstance(value, int) or value <= 0:
                raise ValueError(f"`{name}` must be a positive integer. Received: {name}={value!r}")
        if isinstance(attention_axes, int) and not isinstance(attention_axes, bool):
            attention_axes = (attention_axes,)
        elif attention_axes is not None:
            if not isinstance(attention_axes, (list, tuple)) or not all(
                    isinstance(a, int) and not isinstance(a, bool) for a in attention_axes):
                raise ValueError("`attention_axes` must be an int, list, or tuple of ints. "
                                 f"Received: attention_axes={attention_axes}")
            attention_axes = tuple(attention_axes)
        if sliding_window is not None and (isinstance(sliding_window, bool) or not isinstance(sliding_window, int)
                                           or sliding_window <= 0):
            raise ValueError(f"`sliding_window` must be `None` or a positive integer. Received: "
                             f"sliding_window={sliding_window}")
        self._flash_attention = flash_attention or keras_config.is_flash_attention_enabled()
        if self._flash_attention and dropout > 0.0:
            raise ValueError("Dropout is not supported when flash attention is enabled. Please set dropout to 0.0 to "
                             f"use flash attention. Received: dropout={dropout}")
        self.sliding_window = sliding_window
        self.use_gate = bool(use_gate)
        self.num_heads = num_heads
        self.key_dim = key_dim
        self.value_dim = value_dim or key_dim
        self.dropout = float(dropout)
        self.use_bias = use_bias
        self.output_shape_arg = output_shape
        self.attention_axes = attention_axes
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self._reg = (regularizers.get(kernel_regularizer), regularizers.get(bias_regularizer))
        self._con = (constraints.get(kernel_constraint), constraints.get(bias_constraint))
        self.seed = seed
        object.__setattr__(self, "seed_generator", None)  # made in build when dropout > 0, as Keras's Dropout
        self._weights_built = False

    def build(self, query_shape, value_shape=None, key_shape=None):
        """Create the weights once the query, value (and key) feature sizes are known."""
        if value_shape is None:  # the base class only knows the query; weights come on the first call
            return
        key_shape = key_shape or value_shape
        self.attention_axes = _normalized_axes(self.attention_axes, len(query_shape))
        out = self.output_shape_arg or query_shape[-1]
        self._out_dims = (out,) if isinstance(out, int) else tuple(out)
        h = self.num_heads
        projections = [("query", query_shape[-1], self.key_dim), ("key", key_shape[-1], self.key_dim)]
        if self.use_gate:  # Keras's order: query, key, gate, value, attention_output
            projections.append(("gate", query_shape[-1], self.value_dim))
        for name, dim, head in (*projections, ("value", value_shape[-1], self.value_dim)):
            self._dense(name, (dim, h, head), (h, head))
        # Keras makes its Dropout (and so the mask's generator) here, between the value and output projections
        object.__setattr__(self, "seed_generator", SeedGenerator(self.seed) if self.dropout > 0 else None)
        self._dense("attention_output", (h, self.value_dim, *self._out_dims), self._out_dims, inputs=2)
        self._weights_built = True
        self.built = True

    def _dense(self, name, kernel_shape, bias_shape, inputs=1):
        # each projection gets clones of the initializers, as Keras's sub-layers (not one seed for all kernels); a
        # Keras 3 EinsumDense kernel's fans are its equation's: the first `inputs` axes in, the rest out
        kernel_init, bias_init = initializers.clone(self.kernel_initializer), initializers.clone(self.bias_initializer)
        kernel_init = initializers.with_fan_axes(kernel_init, range(inputs), range(inputs, len(kernel_shape)))
        kernel = self.add_weight(f"{name}/kernel", kernel_shape, kernel_init, regularizer=self._reg[0],
                                 constraint=self._con[0])
        bias = self.add_weight(f"{name}/bias", bias_shape, bias_init, regularizer=self._reg[1],
                               constraint=self._con[1]) if self.use_bias else None
        setattr(self, f"_{name}_weights", (kernel, bias))

    def _project(self, x, name, activation=None):
        kernel, bias = getattr(self, f"_{name}_weights")
        y = torch.einsum("btd,dhk->bthk", x, kernel)
        y = y + bias if bias is not None else y
        y = y if activation is None else activation(y)
        self._projection_penalty(y)
        return y

    def _projection_penalty(self, y):
        if self._projection_activity is not None:
            self._add_call_loss(self._projection_activity(y) / y.shape[0] if y.shape[0] else y.new_zeros(()))

    def call(self, query, value, key=None, query_mask=None, value_mask=None, key_mask=None, attention_mask=None,
             return_attention_scores=False, training=None, use_causal_mask=False):
        # Keras 3 takes the query mask from the query's Keras mask only: an explicit `query_mask` is not used;
        # `value_mask`/`key_mask` left None come from those inputs' Keras masks. (Eager Keras also takes the masks
        # off the tensors it was given; its functional models keep them, and so does this layer, eager or not.)
        query_mask = getattr(query, "_keras_mask", None)
        value_mask = getattr(value, "_keras_mask", None) if value_mask is None else value_mask
        if key is not None and key_mask is None:
            key_mask = getattr(key, "_keras_mask", None)
        value = self._convert_leaf(value)  # the base class converts only the first argument
        key = value if key is None else self._convert_leaf(key)
        if not self._weights_built:
            self.build(tuple(query.shape), tuple(value.shape), tuple(key.shape))
        layout = _AxesLayout(self.attention_axes, query.dim())
        if not layout.is_default:
            given = {"attention_mask": attention_mask, "query_mask (the query's Keras mask)": query_mask,
                     "value_mask": value_mask, "key_mask": key_mask,
                     "use_causal_mask": use_causal_mask or None, "sliding_window": self.sliding_window}
            for name, value_given in given.items():
                if value_given is not None:
                    raise NotImplementedError(
                        "keraslike's MultiHeadAttention takes masks only when it attends over every inner axis "
                        f"(attention_axes={tuple(range(1, query.dim() - 1))}). Received: "
                        f"attention_axes={self.attention_axes} with {name}")
            out, scores = self._attend(layout.fold(query), layout.fold(value), layout.fold(key), None, None, None,
                                       None, return_attention_scores, training, False)
            out = layout.unfold(out, query.shape, len(self._out_dims))
            if scores is not None:
                scores = layout.unfold_scores(scores, query.shape, key.shape)
            return (out, scores) if return_attention_scores else out
        out, scores = self._attend(query, value, key, query_mask, value_mask, key_mask, attention_mask,
                                   return_attention_scores, training, use_causal_mask)
        if scores is not None:  # Keras's shape: (B, H, <query attention dims>, <key attention dims>)
            scores = scores.reshape(query.shape[0], self.num_heads, *query.shape[1:-1], *key.shape[1:-1])
        return (out, scores) if return_attention_scores else out

    def _attend(self, query, value, key, query_mask, value_mask, key_mask, attention_mask, return_attention_scores,
                training, use_causal_mask):
        """`(output, scores or None)` of attention over the inner axes of `query`/`value`/`key`, flattened."""
        batch, inner_q = query.shape[0], tuple(query.shape[1:-1])
        q_in = query.reshape(batch, -1, query.shape[-1])
        v_in = value.reshape(batch, -1, value.shape[-1])
        k_in = key.reshape(batch, -1, key.shape[-1])
        mask = self._mask(query, q_in.shape[1], v_in.shape[1], query_mask, value_mask, key_mask, attention_mask,
                          use_causal_mask, self.sliding_window)
        gate = self._project(q_in, "gate", torch.sigmoid).transpose(1, 2) if self.use_gate else None  # (B, H, T, vd)
        q = self._project(q_in, "query").transpose(1, 2)  # (B, H, T, kd)
        k = self._project(k_in, "key").transpose(1, 2)  # (B, H, S, kd)
        v = self._project(v_in, "value").transpose(1, 2)  # (B, H, S, vd)
        flash = self._flash_attention or keras_config.is_flash_attention_enabled()
        if flash and (return_attention_scores or self.dropout > 0):
            raise ValueError("Returning attention scores or dropout is not supported when flash attention is "
                             "enabled. Please disable flash attention. Received: "
                             f"return_attention_scores={return_attention_scores}, dropout={self.dropout}")
        allowed = None if mask is None else self._scores_mask(mask, batch, q_in.shape[1], v_in.shape[1])
        scores = None
        if return_attention_scores or self.dropout > 0:  # Keras's Softmax(mask) path: fully masked rows are 0
            logits = (q * (1.0 / math.sqrt(self.key_dim))) @ k.transpose(-1, -2)
            scores = masked_attention.masked_softmax(logits, allowed)
            dropped = training and self.seed_generator is not None
            ctx = (keras_random.dropout(scores, self.dropout, seed=self.seed_generator) if dropped else scores) @ v
        else:  # Keras's dot_product_attention path: fully masked rows are uniform
            with masked_attention.sdpa_backends(q, flash):
                ctx = masked_attention.attention(q, k, v, allowed, scale=1.0 / math.sqrt(self.key_dim))
        if gate is not None:
            ctx = ctx * gate
        kernel, bias = self._attention_output_weights
        out = torch.einsum("bhtv,hvo->bto", ctx, kernel.reshape(self.num_heads, self.value_dim, -1))
        if bias is not None:
            out = out + bias.reshape(-1)
        self._projection_penalty(out)
        out = out.reshape(batch, *inner_q, *self._out_dims)
        if query_mask is not None:  # the output keeps the query's mask, as Keras
            out._keras_mask = query_mask.reshape(batch, *inner_q).to(torch.bool)
        return out, scores

    @staticmethod
    def _mask(query, t, s, query_mask, value_mask, key_mask, attention_mask, causal, window):
        """Combined boolean `(B, T, S)` mask (True = attend) or None, as Keras's `_compute_attention_mask`."""
        mask = None

        def combine(current, new):
            return new if current is None else current & new

        def as_bool(m, shape):
            return torch.as_tensor(m, device=query.device).reshape(shape).to(torch.bool)

        batch = query.shape[0]
        if query_mask is not None:
            mask = combine(mask, as_bool(query_mask, (batch, -1, 1)))
        if value_mask is not None:
            mask = combine(mask, as_bool(value_mask, (batch, 1, -1)))
        if key_mask is not None:
            mask = combine(mask, as_bool(key_mask, (batch, 1, -1)))
        if causal:
            mask = combine(mask, torch.ones(t, s, dtype=torch.bool, device=query.device).tril().unsqueeze(0))
        if window is not None:  # a symmetric band: |i - j| < window
            rows = torch.arange(t, device=query.device).unsqueeze(-1)
            cols = torch.arange(s, device=query.device).unsqueeze(0)
            mask = combine(mask, ((rows - cols).abs() < window).unsqueeze(0))
        if attention_mask is not None:  # Keras: `cast(attention_mask, bool) & automatic mask`, broadcast
            given = torch.as_tensor(attention_mask, device=query.device).to(torch.bool)
            if mask is None:
                return given
            try:
                return given & mask
            except RuntimeError:
                raise errors.InvalidArgumentError(
                    None, "LogicalAnd", f"Incompatible shapes: {list(given.shape)} vs. {list(mask.shape)}: "
                    "`attention_mask` must broadcast with the inputs' Keras masks (batch, query steps, key steps). "
                    f"Received: attention_mask of shape {tuple(given.shape)}") from None
        return None if mask is None else mask.expand(batch, t, s)

    def _scores_mask(self, mask, batch, t, s):
        """The combined mask at the scores' rank `(B, H, T, S)`, as Keras's `_masked_softmax`: a lower-rank mask
        gains axes before its last two (a `(B, T, S)` mask holds for every head; a `(B, 1, 1, S)` one, the
        BERT-style padding mask, for every head and query step).

        Raises:
            InvalidArgumentError: the mask does not broadcast to the scores (TF raises it in the softmax).
        """
        while mask.dim() < 4:
            mask = mask.unsqueeze(-3)
        scores = (batch, self.num_heads, t, s)
        try:
            if torch.broadcast_shapes(tuple(mask.shape), scores) == scores:
                return mask
        except RuntimeError:
            pass
        raise errors.InvalidArgumentError(
            None, "AddV2", f"Incompatible shapes: {list(scores)} vs. {list(mask.shape)}: the attention mask must "
            "broadcast to the attention scores (batch, num_heads, query steps, key steps). Received: a mask of "
            f"shape {tuple(mask.shape)}")

    def _keras3_weight_groups(self):
        """`{group: [variables]}` as Keras 3 saves this layer in `.keras`/`.weights.h5` files: each projection is
        an EinsumDense sublayer (`query_dense/vars/0` kernel, `/1` bias), the softmax and dropout hold nothing."""
        names = [("query", "query_dense"), ("key", "key_dense"), ("gate", "_gate_dense"), ("value", "value_dense"),
                 ("attention_output", "output_dense")]
        groups = {group: [w for w in getattr(self, f"_{name}_weights") if w is not None]
                  for name, group in names if hasattr(self, f"_{name}_weights")}
        return {**groups, "_dropout_layer": [], "_softmax": []}

    def get_config(self):
        return {**super().get_config(), "num_heads": self.num_heads, "key_dim": self.key_dim,
                "value_dim": self.value_dim, "dropout": self.dropout, "use_bias": self.use_bias,
                "use_gate": self.use_gate, "output_shape": self.output_shape_arg,
                "attention_axes": self.attention_axes, "sliding_window": self.sliding_window,
                "kernel_initializer": initializers.serialize(self.kernel_initializer),
                "bias_initializer": initializers.serialize(self.bias_initializer),
                "kernel_regularizer": _serialize(regularizers, self._reg[0]),
                "bias_regularizer": _serialize(regularizers, self._reg[1]),
                "activity_regularizer": _serialize(regularizers, self._projection_activity),
                "kernel_constraint": _serialize(constraints, self._con[0]),
                "bias_constraint": _serialize(constraints, self._con[1]), "seed": self.seed}


def _normalized_axes(axes, rank):
    """Keras's `attention_axes` once the query's rank is known: None -> every inner axis; negative axes counted
    from the end of the query's shape.

    Raises:
        ValueError: an axis that is not an inner axis (neither the batch nor the feature axis).
    """
    if axes is None:
        return tuple(range(1, rank - 1))
    normalized = tuple(a if a >= 0 else rank + a for a in axes)
    if not normalized or any(not 1 <= a <= rank - 2 for a in normalized) or len(set(normalized)) != len(normalized):
        raise ValueError(f"`attention_axes` must name distinct axes of the query other than its batch axis (0) and "
                         f"feature axis ({rank - 1}). Received: attention_axes={axes} for a query of rank {rank}")
    return normalized


class _AxesLayout:
    """Attention over some inner axes: the others become batch axes (Keras's einsum with shared batch letters).

    `fold` moves `(B, <inner>, C)` to `(B * <other dims>, <attention dims>, C)` (attention axes in the given
    order); `unfold` puts the output back in the query's axis order.
    """

    def __init__(self, axes, rank):
        self.axes = tuple(axes)
        self.others = tuple(a for a in range(1, rank - 1) if a not in self.axes)
        self.order = (0, *self.others, *self.axes)
        self.is_default = self.axes == tuple(range(1, rank - 1))

    def fold(self, x):
        x = x.permute(*self.order, x.dim() - 1)
        return x.reshape(-1, *x.shape[1 + len(self.others):])

    def unfold(self, out, query_shape, n_out_dims):
        lead = [query_shape[a] for a in self.order]  # (B, <other dims>, <attention dims>)
        out = out.reshape(*lead, *out.shape[out.dim() - n_out_dims:])
        inverse = sorted(range(len(self.order)), key=lambda i: self.order[i])
        return out.permute(*inverse, *range(len(self.order), out.dim()))

    def unfold_scores(self, scores, query_shape, key_shape):
        """`(B * others, H, Tq, Tk)` -> Keras's `(B, <other dims>, H, <query attention dims>, <key ones>)`."""
        return scores.reshape(query_shape[0], *(query_shape[a] for a in self.others), scores.shape[1],
                              *(query_shape[a] for a in self.axes), *(key_shape[a] for a in self.axes))


def _serialize(module, obj):
    return None if obj is None else module.serialize(obj)
