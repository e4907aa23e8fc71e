"""`Attention` (Luong, dot-product) and `AdditiveAttention` (Bahdanau)
(keras/src/layers/attention/{attention,additive_attention}.py).

Called as `layer([query, value])` or `layer([query, value, key])` with `(batch, Tq, dim)` queries
and `(batch, Tv, dim)` values/keys; `mask=[query_mask, value_mask]` are `(batch, Tq)` / `(batch, Tv)`
bools. Scores `(batch, Tq, Tv)` at masked values get `-1e9` (-65504 in float16) before the softmax;
`use_causal_mask=True` hides later values; masked query rows output zeros.
"""

import torch

from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.random import random
from keraslike._src.keras.random.seed_generator import SeedGenerator
from keraslike._src.ops import dropout_mask


class Attention(Layer):
    """Dot-product attention: `softmax(scale * query @ key^T) @ value`.

    Args:
        use_scale: bool, default False; if True a trainable scalar `scale` (init 1) multiplies the scores.
        score_mode: "dot" (default) or "concat" (`sum(tanh(scale * (q + k)))` times a trainable scalar).
        dropout: float in [0, 1), dropout on the attention weights while training.
        seed: optional int for the dropout.

    Call args: `inputs` ([query, value] or [query, value, key]), `mask`, `training`,
    `return_attention_scores=False`, `use_causal_mask=False`.

    Output shape: `(batch, Tq, value_dim)` (and the `(batch, Tq, Tv)` scores when asked).

    Raises:
        ValueError: for another `score_mode` or inputs that are not a list of 2 or 3 tensors.
    """

    def __init__(self, use_scale=False, score_mode="dot", dropout=0.0, seed=None, **kwargs):
        super().__init__(**kwargs)
        if score_mode not in ("dot", "concat"):
            raise ValueError(f"Invalid value for argument score_mode. Expected one of {{'dot', 'concat'}}. "
                             f"Received: score_mode={score_mode}")
        self.use_scale = use_scale
        self.score_mode = score_mode
        self.dropout = float(dropout)
        self.seed = seed
        # Keras makes the dropout's generator here when dropout > 0 (unseeded: a Python-`random` draw)
        object.__setattr__(self, "seed_generator", SeedGenerator(seed) if dropout > 0 else None)

    def build(self, input_shape):
        _validate(input_shape)
        if self.use_scale:
            self.scale = self.add_weight("scale", (), "ones")
        if self.score_mode == "concat":
            self.concat_score_weight = self.add_weight("concat_score_weight", (), "ones")
        self.built = True

    def _weight(self, name):
        return self._parameters.get(name)  # None when the option that creates it is off

    def _calculate_scores(self, query, key):
        scale = self._weight("scale")
        if self.score_mode == "dot":
            scores = torch.matmul(query, key.transpose(-2, -1))
            return scores * scale if scale is not None else scores
        summed = query.unsqueeze(-2) + key.unsqueeze(-3)
        if scale is not None:
            summed = scale * summed
        return self._weight("concat_score_weight") * torch.sum(torch.tanh(summed), dim=-1)

    def call(self, inputs, mask=None, training=False, return_attention_scores=False, use_causal_mask=False):
        _validate(inputs, mask)
        query, value = inputs[0], inputs[1]
        key = inputs[2] if len(inputs) > 2 else value
        q_mask = mask[0] if mask else None
        v_mask = mask[1] if mask else None
        scores = self._calculate_scores(query, key)
        allowed = None
        if v_mask is not None:
            allowed = v_mask.bool().unsqueeze(-2)
        if use_causal_mask:
            tq, tv = scores.shape[-2], scores.shape[-1]
            causal = torch.ones((tq, tv), dtype=torch.bool, device=scores.device).tril()
            allowed = causal if allowed is None else allowed & causal
        if allowed is not None:
            big = 65504.0 if scores.dtype == torch.float16 else 1.0e9
            scores = torch.where(allowed, scores, scores - big)
        weights = torch.softmax(scores, dim=-1)
        if training and self.dropout > 0:
            weights = _dropout(weights, self.dropout, self.seed_generator)
        out = torch.matmul(weights, value)
        if q_mask is not None:
            out = torch.where(q_mask.bool().unsqueeze(-1), out, torch.zeros_like(out))
        return (out, weights) if return_attention_scores else out

    def compute_mask(self, inputs, mask=None):
        if mask is None or mask[0] is None:
            return None
        return mask[0]

    def compute_output_shape(self, input_shape):
        return (*input_shape[0][:-1], input_shape[1][-1])

    def get_config(self):
        return {**super().get_config(), "use_scale": self.use_scale, "score_mode": self.score_mode,
                "dropout": self.dropout, "seed": self.seed}


class AdditiveAttention(Attention):
    """Additive attention: scores `sum(scale * tanh(query[:, :, None] + key[:, None]), -1)`.

    Args:
        use_scale: bool, default True: a trainable `scale` vector of shape `(dim,)` (glorot_uniform).
        dropout: float in [0, 1), dropout on the attention weights while training.
        seed: optional int.
    """

    def __init__(self, use_scale=True, dropout=0.0, **kwargs):
        super().__init__(use_scale=use_scale, dropout=dropout, **kwargs)

    def build(self, input_shape):
        _validate(input_shape)
        dim = input_shape[0][-1]
        if self.use_scale:
            self.scale = self.add_weight("scale", (dim,), "glorot_uniform")
        self.built = True

    def _calculate_scores(self, query, key):
        summed = torch.tanh(query.unsqueeze(-2) + key.unsqueeze(-3))
        scale = self._weight("scale")
        if scale is not None:
            summed = scale * summed
        return torch.sum(summed, dim=-1)

    def get_config(self):
        config = super().get_config()
        config.pop("score_mode")
        return config


def _validate(inputs, mask=None):
    if not isinstance(inputs, (list, tuple)) or len(inputs) not in (2, 3):
        raise ValueError(f"Attention layers must be called on a list of inputs, namely [query, value] or "
                         f"[query, value, key]. Received: inputs={inputs!r}")
    if mask is not None and (not isinstance(mask, (list, tuple)) or len(mask) not in (2, 3)):
        raise ValueError(f"Attention layers' `mask` must be a list [query_mask, value_mask]. Received: mask={mask!r}")


def _dropout(weights, rate, generator):
    if generator is None:
        return dropout_mask.dropout(weights, rate)
    return random.dropout(weights, rate, seed=generator)
