"""MultiHeadAttention against a numpy transcription of Keras's einsum formulas."""

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike.keras import layers

RNG = np.random.default_rng(5)


def np_mha(query, value, weights, key_dim, mask=None):
    wq, bq, wk, bk, wv, bv, wo, bo = weights
    q = np.einsum("btd,dhk->bthk", query, wq) + bq
    k = np.einsum("bsd,dhk->bshk", value, wk) + bk
    v = np.einsum("bsd,dhk->bshk", value, wv) + bv
    logits = np.einsum("bthk,bshk->bhts", q / np.sqrt(key_dim), k)
    if mask is not None:
        # float32, as Keras: -1e9 swamps the logits, so a fully masked row becomes uniform
        logits = (logits.astype(np.float32) + (1.0 - mask[:, None].astype(np.float32)) * np.float32(-1e9))
        logits = logits.astype(np.float64)
    e = np.exp(logits - logits.max(-1, keepdims=True))
    probs = e / e.sum(-1, keepdims=True)
    ctx = np.einsum("bhts,bshv->bthv", probs, v)
    return np.einsum("bthv,hvo->bto", ctx, wo) + bo, probs


def np_of(t):
    return t.detach().cpu().numpy()


def test_weights_layout_and_values():
    query = RNG.standard_normal((2, 3, 8)).astype("float32")
    value = RNG.standard_normal((2, 5, 6)).astype("float32")
    mha = layers.MultiHeadAttention(num_heads=2, key_dim=4, value_dim=3)
    out = mha(query, value)
    shapes = [w.shape for w in mha.get_weights()]
    assert shapes == [(8, 2, 4), (2, 4), (6, 2, 4), (2, 4), (6, 2, 3), (2, 3), (2, 3, 8), (8,)]
    assert mha.weights[0].path.endswith("query/kernel")
    weights = [RNG.standard_normal(s).astype("float32") * 0.5 for s in shapes]
    mha.set_weights(weights)
    out, scores = mha(torch.tensor(query), torch.tensor(value), return_attention_scores=True)
    ref, probs = np_mha(query, value, weights, 4)
    np.testing.assert_allclose(np_of(out), ref, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(np_of(scores), probs, rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(np_of(mha(query, value)), ref, rtol=1e-4, atol=1e-5)  # fused path agrees


def test_masks_causal_and_fully_masked_rows():
    x = RNG.standard_normal((2, 4, 6)).astype("float32")
    mha = layers.MultiHeadAttention(num_heads=3, key_dim=2)
    mha(x, x)
    weights = [w.astype(np.float64) for w in mha.get_weights()]
    causal = np.tril(np.ones((4, 4), bool))[None].repeat(2, 0)
    np.testing.assert_allclose(np_of(mha(x, x, use_causal_mask=True)), np_mha(x, x, weights, 2, causal)[0],
                               rtol=1e-4, atol=1e-5)
    mask = RNG.random((2, 4, 4)) > 0.4
    mask[0, 1] = False  # a fully masked row: Keras's -1e9 keeps it finite (uniform weights)
    out = np_of(mha(torch.tensor(x), torch.tensor(x), attention_mask=torch.tensor(mask)))
    assert np.isfinite(out).all()
    np.testing.assert_allclose(out, np_mha(x, x, weights, 2, mask)[0], rtol=1e-4, atol=1e-5)


def test_functional_self_attention_block_and_errors():
    inp = layers.Input((5, 8))
    att = layers.MultiHeadAttention(num_heads=2, key_dim=4)(inp, inp)
    out = layers.LayerNormalization()(layers.Add()([inp, att]))
    model = tf.keras.Model(inp, out)
    assert model.output_shape == (None, 5, 8)
    assert tuple(model(RNG.standard_normal((3, 5, 8)).astype("float32")).shape) == (3, 5, 8)
    with pytest.raises(ValueError, match="Received: num_heads=0"):
        layers.MultiHeadAttention(0, 4)
    cfg = layers.MultiHeadAttention(2, 4, dropout=0.1).get_config()
    assert layers.MultiHeadAttention.from_config(cfg).dropout == 0.1
