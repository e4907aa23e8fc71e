"""Masked attention equals TF 2.21 in values AND gradients, whichever torch kernel runs it (issue 21, item 2).

A query row with no allowed key (the padded positions of `Embedding(mask_zero=True)` ->
`MultiHeadAttention()(e, e)`, an all-zero `attention_mask` row) is where torch's kernels and TF part ways:
TF replaces masked logits (`where`), so such a row is uniform over the keys with no gradient to its query or
the keys on the `dot_product_attention` path, and all zeros on the `Softmax(mask)` path
(`return_attention_scores=True`, `dropout > 0`). Goldens: `tests/golden/make_masked_attention_golden.py`.

Run:
    OMP_NUM_THREADS=1 python -m pytest -q tests/keras/layers/test_masked_attention.py
"""

import pathlib

import numpy as np
import pytest
import torch
from torch.nn.attention import SDPBackend, sdpa_kernel

import keraslike as tf
from keraslike.keras import layers, ops

GOLD = np.load(pathlib.Path(__file__).resolve().parents[2] / "golden" / "masked_attention.npz")

# every backend torch can run here: math and the CPU flash kernel, or the CUDA kernels on a GPU machine
BACKENDS = [None, [SDPBackend.MATH], [SDPBackend.FLASH_ATTENTION]]
if torch.cuda.is_available():
    BACKENDS += [[SDPBackend.EFFICIENT_ATTENTION], [SDPBackend.CUDNN_ATTENTION]]


def case(name):
    prefix = name + "/"
    return {key[len(prefix):]: GOLD[key] for key in GOLD.files if key.startswith(prefix)}


def weights_of(c):
    return [c[f"w{i}"] for i in range(sum(1 for k in c if k.startswith("w")))]


def grads_of(c):
    return [c[f"g{i}"] for i in range(sum(1 for k in c if k.startswith("g") and k[1:].isdigit()))]


def backend_scope(backends):
    return sdpa_kernel(backends) if backends else torch.enable_grad()


def with_backends(backends, fn):
    """`fn()` with only `backends` allowed; skipped where that kernel cannot take these shapes (e.g. a CUDA kernel
    and a head size of 3)."""
    try:
        with backend_scope(backends):
            return fn()
    except RuntimeError as e:
        if "No available kernel" in str(e):
            pytest.skip(f"{backends[0].name} cannot run these shapes here: {e}")
        raise


def loss_and_grads(variables, run, r):
    with tf.GradientTape() as tape:
        outs = run()
        out = outs[0] if isinstance(outs, tuple) else outs
        loss = tf.reduce_sum(out * tf.constant(r))
    grads = [tf.convert_to_tensor(g).numpy() for g in tape.gradient(loss, variables)]
    return outs, grads


def assert_matches(c, outs, grads, atol=1e-5):
    out = outs[0] if isinstance(outs, tuple) else outs
    np.testing.assert_allclose(out.numpy(), c["out"], rtol=1e-4, atol=atol)
    if "scores" in c:
        np.testing.assert_allclose(outs[1].numpy(), c["scores"], rtol=1e-4, atol=1e-6)
    for i, (got, want) in enumerate(zip(grads, grads_of(c), strict=True)):
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=atol, err_msg=f"gradient {i}")


EMBED = {
    "embed_mha": lambda: layers.MultiHeadAttention(num_heads=2, key_dim=3),
    "embed_mha_scores": lambda: layers.MultiHeadAttention(num_heads=2, key_dim=3),
    "embed_mha_dropout": lambda: layers.MultiHeadAttention(num_heads=2, key_dim=3, dropout=0.5),
    "embed_gqa": lambda: layers.GroupQueryAttention(3, 4, 2),
    "embed_gqa_scores": lambda: layers.GroupQueryAttention(3, 4, 2),
}


def embed_stack(name):
    c = case(name)
    embedding, attention = layers.Embedding(12, 6, mask_zero=True), EMBED[name]()
    e = embedding(c["tokens"])
    attention(e, e)
    embedding.set_weights(weights_of(c)[:1])
    attention.set_weights(weights_of(c)[1:])
    scores = name.endswith("_scores")

    def run():
        e = embedding(c["tokens"])
        return attention(e, e, return_attention_scores=scores, training=False)
    return c, run, embedding.trainable_weights + attention.trainable_weights


@pytest.mark.parametrize("backends", BACKENDS, ids=lambda b: "auto" if b is None else b[0].name)
@pytest.mark.parametrize("name", sorted(EMBED))
def test_embedding_mask_zero_attention_values_and_gradients(name, backends):
    """The text-transformer idiom: padded query rows are fully masked. Before: value bias gradient +0.631 vs
    TF's +0.0257 (torch's CPU fused backward with an additive -1e9 mask), and scores 0.2 where TF has 0."""
    c, run, variables = embed_stack(name)
    outs, grads = with_backends(backends, lambda: loss_and_grads(variables, run, c["r"]))
    assert_matches(c, outs, grads)


@pytest.mark.parametrize("backends", BACKENDS, ids=lambda b: "auto" if b is None else b[0].name)
@pytest.mark.parametrize("name", ["mask_mha", "mask_mha_scores", "mask_mha_big", "mask_mha_big_scores",
                                  "mask_mha_dropout"])
def test_attention_mask_with_an_all_zero_row(name, backends):
    """`attention_mask` with fully masked rows; `_big` has logits of hundreds, where an additive -1e9 in float32
    no longer gives equal logits (TF's `where` does)."""
    c = case(name)
    mha = layers.MultiHeadAttention(num_heads=3, key_dim=2, dropout=0.25 if name.endswith("dropout") else 0.0)
    mha(c["x"], c["x"])
    mha.set_weights(weights_of(c))
    x, mask = tf.constant(c["x"]), tf.constant(c["mask"])
    scores = name.endswith("_scores")
    outs, grads = with_backends(backends, lambda: loss_and_grads(
        mha.trainable_weights, lambda: mha(x, x, attention_mask=mask, return_attention_scores=scores, training=False),
        c["r"]))
    assert_matches(c, outs, grads, atol=1e-4 if "big" in name else 1e-5)


def test_fully_masked_row_gradients_against_finite_differences():
    """float64 central differences of the loss in the value bias and the query kernel (TF's semantics have no
    kink there: a fully masked row is uniform whatever the logits)."""
    c = case("mask_mha")
    mha = layers.MultiHeadAttention(num_heads=3, key_dim=2, dtype="float64")
    x = tf.constant(c["x"].astype(np.float64))
    mask = tf.constant(c["mask"])
    mha(x, x)
    weights = [w.astype(np.float64) for w in weights_of(c)]
    mha.set_weights(weights)
    r = tf.constant(c["r"].astype(np.float64))

    def loss():
        return float(tf.reduce_sum(mha(x, x, attention_mask=mask) * r))
    _, grads = loss_and_grads(mha.trainable_weights, lambda: mha(x, x, attention_mask=mask), c["r"].astype(np.float64))
    for index in (5, 0):  # value/bias, query/kernel
        numeric = np.zeros_like(weights[index])
        for pos in np.ndindex(weights[index].shape):
            for sign in (1, -1):
                w = [a.copy() for a in weights]
                w[index][pos] += sign * 1e-6
                mha.set_weights(w)
                numeric[pos] += sign * loss() / 2e-6
        mha.set_weights(weights)
        np.testing.assert_allclose(grads[index], numeric, rtol=1e-6, atol=1e-7)
        np.testing.assert_allclose(grads[index], grads_of(c)[index], rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("name", ["softmax_bool", "softmax_float"])
def test_softmax_layer_mask(name):
    """`Softmax()(x, mask=m)`: masked entries (False, or <= 0.5 for a float mask) are 0, a fully masked row is 0,
    and the gradient goes only through the kept entries."""
    c = case(name)
    x = tf.Variable(c["x"])
    with tf.GradientTape() as tape:
        out = layers.Softmax()(x, mask=tf.constant(c["mask"]))
        loss = tf.reduce_sum(out * tf.constant(c["r"]))
    np.testing.assert_allclose(out.numpy(), c["out"], rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(tape.gradient(loss, x).numpy(), c["gx"], rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize("name", ["dpa_mask", "dpa_causal_short_q", "dpa_causal_long_q"])
def test_ops_dot_product_attention(name):
    """`keras.ops.dot_product_attention`: a fully masked row is uniform (no NaN); `is_causal` is TF's
    top-left-aligned lower triangle when the query and key lengths differ."""
    c = case(name)
    q, k, v = (tf.Variable(c[n]) for n in "qkv")
    causal = "causal" in name
    with tf.GradientTape() as tape:
        out = ops.dot_product_attention(q, k, v, mask=None if causal else tf.constant(c["mask"]), is_causal=causal)
        loss = tf.reduce_sum(out * tf.constant(c["r"]))
    np.testing.assert_allclose(out.numpy(), c["out"], rtol=1e-4, atol=1e-5)
    for got, n in zip(tape.gradient(loss, [q, k, v]), "qkv"):
        np.testing.assert_allclose(got.numpy(), c[f"g{n}"], rtol=1e-4, atol=1e-5, err_msg=n)


def test_transformer_idiom_model_pools_only_unpadded_steps():
    """Embedding(mask_zero) -> MHA -> GlobalAveragePooling1D -> Dense as a functional model: MHA's output
    carries the query's mask (as Keras), so the pooling averages the unpadded steps; values and gradients
    of every weight equal TF's."""
    c = case("transformer")
    tokens = tf.keras.Input((5,), dtype="int32")
    e = layers.Embedding(12, 6, mask_zero=True)(tokens)
    x = layers.MultiHeadAttention(num_heads=2, key_dim=3)(e, e)
    x = layers.GlobalAveragePooling1D()(x)
    model = tf.keras.Model(tokens, layers.Dense(3)(x))
    model.set_weights(weights_of(c))
    outs, grads = loss_and_grads(model.trainable_weights, lambda: model(c["tokens"], training=False), c["r"])
    assert_matches(c, outs, grads)


def test_eager_output_carries_the_query_mask():
    c = case("embed_mha")
    embedding, mha = layers.Embedding(12, 6, mask_zero=True), layers.MultiHeadAttention(num_heads=2, key_dim=3)
    e = embedding(c["tokens"])
    out = mha(e, e)
    np.testing.assert_array_equal(out._keras_mask.numpy(), c["tokens"] != 0)
    out, _ = mha(e, e, return_attention_scores=True)
    np.testing.assert_array_equal(out._keras_mask.numpy(), c["tokens"] != 0)


def test_explicit_query_mask_is_not_used_as_keras():
    """Keras 3 reads the query mask from the query's Keras mask only; an explicit `value_mask=` is used."""
    c = case("explicit_masks")
    mha = layers.MultiHeadAttention(num_heads=2, key_dim=3)
    mha(c["x"], c["x"])
    mha.set_weights(weights_of(c))
    x = tf.constant(c["x"])
    outs, grads = loss_and_grads(mha.trainable_weights, lambda: mha(
        x, x, query_mask=tf.constant(c["query_mask"]), value_mask=tf.constant(c["value_mask"])), c["r"])
    assert_matches(c, outs, grads)


@pytest.mark.parametrize("name", ["luong", "bahdanau"])
def test_luong_and_bahdanau_attention_with_a_fully_padded_value_sequence(name):
    c = case(name)
    layer = layers.Attention(use_scale=True) if name == "luong" else layers.AdditiveAttention()
    q, v = tf.constant(c["q"]), tf.constant(c["v"])
    layer([q, v])
    layer.set_weights(weights_of(c))
    masks = [tf.constant(c["q_mask"]), tf.constant(c["v_mask"])]
    outs, grads = loss_and_grads(layer.trainable_weights, lambda: layer(
        [q, v], mask=masks, use_causal_mask=True, return_attention_scores=True), c["r"])
    assert_matches(c, outs, grads)


def test_fit_on_the_transformer_idiom_follows_tf():
    """3 epochs of SGD on Embedding(mask_zero) -> MHA -> GlobalAveragePooling1D -> Dense: losses and final
    weights as TF (before the fix the padded rows' gradients and the unmasked pooling steered the updates)."""
    c = case("fit")
    tokens = tf.keras.Input((5,), dtype="int32")
    e = layers.Embedding(12, 6, mask_zero=True)(tokens)
    x = layers.MultiHeadAttention(num_heads=2, key_dim=3)(e, e)
    x = layers.GlobalAveragePooling1D()(x)
    model = tf.keras.Model(tokens, layers.Dense(3)(x))
    model.set_weights(weights_of(c))
    model.compile(tf.keras.optimizers.SGD(0.5), "mse")
    history = model.fit(c["tokens"], c["y"], batch_size=2, epochs=3, shuffle=False, verbose=0)
    np.testing.assert_allclose(history.history["loss"], c["loss"], rtol=1e-4)
    for i, w in enumerate(model.get_weights()):
        np.testing.assert_allclose(w, c[f"final{i}"], rtol=1e-4, atol=1e-5, err_msg=f"weight {i}")


@pytest.mark.parametrize("name", ["gate_window", "gate_window_scores"])
def test_use_gate_and_sliding_window(name):
    """Keras 3.15's `use_gate` (weights in Keras's order: query, key, gate, value, output) and `sliding_window`
    (a causal window here), on masked embeddings; the config has Keras's keys."""
    c = case(name)
    embedding = layers.Embedding(12, 6, mask_zero=True)
    mha = layers.MultiHeadAttention(num_heads=2, key_dim=3, use_gate=True, sliding_window=2, kernel_regularizer="l2")
    mha(embedding(c["tokens"]), embedding(c["tokens"]))
    embedding.set_weights([c["emb"]])
    mha.set_weights(weights_of(c))
    scores = name.endswith("_scores")
    outs, grads = loss_and_grads(mha.trainable_weights, lambda: mha(
        embedding(c["tokens"]), embedding(c["tokens"]), use_causal_mask=True, return_attention_scores=scores),
        c["r"])
    assert_matches(c, outs, grads)
    config = mha.get_config()
    assert sorted(config) == list(c["config_keys"])
    clone = layers.MultiHeadAttention.from_config(config)
    assert (clone.sliding_window, clone.use_gate) == (2, True)
    assert clone.get_config()["kernel_regularizer"] == config["kernel_regularizer"] is not None


def test_sliding_window_and_flash_errors():
    with pytest.raises(ValueError, match="Received: sliding_window=0"):
        layers.MultiHeadAttention(2, 3, sliding_window=0)
    with pytest.raises(ValueError, match="Received: dropout=0.1"):
        layers.MultiHeadAttention(2, 3, dropout=0.1, flash_attention=True)
    if not torch.cuda.is_available():
        mha = layers.MultiHeadAttention(2, 3, flash_attention=True)
        x = np.zeros((1, 2, 4), "float32")
        with pytest.raises(ValueError, match="only on CUDA devices"):
            mha(x, x)


def test_transformer_encoder_block_model():
    """The post-norm encoder block as tutorials write it (MHA -> Add -> LayerNorm -> FFN -> Add -> LayerNorm ->
    GlobalAveragePooling1D -> Dense): values and gradients of every weight as TF. Needs the residual `Add` to
    pass the masks on (Keras's merge rule); before, the pooling averaged the padding."""
    c = case("block")
    tokens = tf.keras.Input((5,), dtype="int32")
    e = layers.Embedding(12, 6, mask_zero=True)(tokens)
    a = layers.MultiHeadAttention(num_heads=2, key_dim=3)(e, e)
    x = layers.LayerNormalization()(layers.Add()([e, a]))
    f = layers.Dense(6)(layers.Dense(8, activation="relu")(x))
    x = layers.LayerNormalization()(layers.Add()([x, f]))
    model = tf.keras.Model(tokens, layers.Dense(3)(layers.GlobalAveragePooling1D()(x)))
    model.set_weights(weights_of(c))
    outs, grads = loss_and_grads(model.trainable_weights, lambda: model(c["tokens"]), c["r"])
    assert_matches(c, outs, grads)


def test_inputs_keep_their_keras_masks():
    """Eager Keras takes the Keras masks off the tensors MHA is called on (golden: `e_mask_after_call` False);
    in Keras's functional models they stay, and keraslike (whose functional models run eagerly) keeps them
    always, so a model and its eager transcription agree."""
    assert not bool(case("block")["e_mask_after_call"])
    e = layers.Embedding(12, 6, mask_zero=True)(case("block")["tokens"])
    layers.MultiHeadAttention(num_heads=2, key_dim=3)(e, e)
    np.testing.assert_array_equal(e._keras_mask.numpy(), case("block")["tokens"] != 0)


def test_ops_flash_attention_runs_the_flash_kernel_or_says_why():
    q = np.ones((1, 3, 2, 4), "float32")
    if not torch.cuda.is_available():
        with pytest.raises(ValueError, match="only on CUDA devices"):
            ops.dot_product_attention(q, q, q, flash_attention=True)
    with pytest.raises(ValueError, match="attn_logits_soft_cap=2.0"):
        ops.dot_product_attention(q, q, q, flash_attention=True, attn_logits_soft_cap=2.0)


def _broadcast_mask_case():
    """keras-io's seq2seq Transformer passes `mask[:, tf.newaxis, tf.newaxis, :]`, a BERT-style `(B, 1, 1, S)`
    padding mask, and other programs a `(T, S)` one for every sample: Keras broadcasts them to the scores."""
    rng = np.random.default_rng(0)
    q = rng.normal(size=(3, 4, 6)).astype("float32")
    v = rng.normal(size=(3, 5, 6)).astype("float32")
    keep = np.array([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1], [1, 0, 0, 0, 0]], "int32")
    mha = tf.keras.layers.MultiHeadAttention(num_heads=2, key_dim=3)
    mha(q, v)
    mha.set_weights([np.sin(np.arange(np.prod(w.shape)) * 0.37 + i).reshape(w.shape).astype("float32") * 0.5
                     for i, w in enumerate(mha.get_weights())])
    return mha, q, v, keep


def test_attention_masks_broadcast_as_in_keras():
    # keraslike reshaped every attention_mask to (B, T, S): `shape '[1, 8, 8]' is invalid for input of size 8`
    mha, q, v, keep = _broadcast_mask_case()
    out4 = np.asarray(mha(q, v, attention_mask=keep[:, None, None, :]))
    out3 = np.asarray(mha(q, v, attention_mask=np.repeat(keep[:, None, :], 4, axis=1)))
    np.testing.assert_allclose(out4, out3, rtol=1e-6, atol=1e-7)
    # TF 2.21 (Keras 3 and tf_keras alike)
    np.testing.assert_allclose(out4[2, 1, :4], [0.09432, 0.09433, 0.08157, 0.05777], atol=2e-5)
    out2 = np.asarray(mha(q, v, attention_mask=np.tril(np.ones((4, 5), "int32"))))
    np.testing.assert_allclose(out2[1, 0, :4], [0.61606, 0.86578, 0.99832, 0.99574], atol=2e-5)


def test_a_padding_mask_on_a_keras_masked_query_broadcasts_over_the_batch_as_in_keras():
    # Keras ANDs the (B, 1, 1, S) mask with the query's (B, T, 1) Keras mask: (B, B, T, S), which fits the
    # (B, H, T, S) scores only when B is 1 or the head count: TF 2.21 raises InvalidArgumentError (Incompatible
    # shapes: [3,2,4,4] vs. [3,3,4,4]), as it does in the seq2seq example's fit
    mha, _, _, keep = _broadcast_mask_case()
    x = tf.keras.layers.Embedding(10, 6, mask_zero=True)(np.array([[1, 2, 0, 0], [3, 4, 5, 0], [1, 1, 1, 1]]))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Incompatible shapes"):
        mha(x, x, attention_mask=keep[:, None, None, :4])
