"""Write goldens for masked attention: values AND gradients where a query row has no allowed key.

The text-transformer idiom `Embedding(mask_zero=True)` -> `MultiHeadAttention()(e, e)` masks whole query
rows (the padded positions); so does any `attention_mask` with an all-zero row. TF 2.21 (Keras 3) computes
such rows two ways, and both are recorded here:

- `ops.dot_product_attention` (MHA/GQA with `dropout == 0` and no `return_attention_scores`): masked logits are
  REPLACED by a large negative (`where`), so a fully masked row is uniform over all keys and gives no gradient
  to its query or to the keys;
- the `Softmax(mask)` layer (`return_attention_scores=True` or `dropout > 0`): the same `where`, then the
  masked probabilities are set to 0, so a fully masked row is all zeros.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_masked_attention_golden.py

It writes `tests/golden/masked_attention.npz`: per case NAME the inputs (`NAME/x`, `NAME/tokens`,
`NAME/mask`, `NAME/r` the cotangent of the loss `sum(out * r)`), the layer weights in Keras order
(`NAME/w0, w1, ...`), the outputs (`NAME/out`, `NAME/scores`) and the gradients of the loss with respect to
each weight (`NAME/g0, g1, ...`) or to the inputs (`NAME/gx...`). `tests/keras/layers/test_masked_attention.py`
reads it.
"""

import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "masked_attention.npz")
R = np.random.default_rng(21)
TOKENS = np.array([[4, 7, 2, 0, 0], [9, 0, 0, 0, 0]], "int32")  # padded positions are fully masked query rows


def f32(*shape, scale=1.0):
    return (R.standard_normal(shape) * scale).astype("float32")


def attention_mask():
    mask = R.random((2, 4, 4)) > 0.4
    mask[:, :, 0] = True
    mask[0, 1] = False  # a fully masked row
    mask[1, 3] = False
    return mask


def record(store, name, layer, loss_of, out_shape, extra=None):
    """Run `loss_of(r)` on a tape and store outputs, weights and gradients (dense) under `name/`."""
    r = f32(*out_shape)
    with tf.GradientTape(persistent=True) as tape:
        outs = loss_of()
        out = outs[0] if isinstance(outs, tuple) else outs
        loss = tf.reduce_sum(out * r)
    weights = layer.trainable_weights
    grads = tape.gradient(loss, weights)
    store[f"{name}/r"] = r
    store[f"{name}/out"] = out.numpy()
    if isinstance(outs, tuple):
        store[f"{name}/scores"] = outs[1].numpy()
    for i, (w, g) in enumerate(zip(weights, grads)):
        store[f"{name}/w{i}"] = w.numpy()
        store[f"{name}/g{i}"] = tf.convert_to_tensor(g).numpy()
    for key, value in (extra or {}).items():
        store[f"{name}/{key}"] = value


class Stack(keras.layers.Layer):
    """Embedding(mask_zero=True) followed by an attention layer called on the masked embeddings."""

    def __init__(self, attention, scores=False):
        super().__init__()
        self.embedding = keras.layers.Embedding(12, 6, mask_zero=True)
        self.attention = attention
        self.scores = scores

    def call(self, tokens):
        e = self.embedding(tokens)
        return self.attention(e, e, return_attention_scores=self.scores)


def embed_cases(store):
    for name, make, scores in (
            ("embed_mha", lambda: keras.layers.MultiHeadAttention(num_heads=2, key_dim=3), False),
            ("embed_mha_scores", lambda: keras.layers.MultiHeadAttention(num_heads=2, key_dim=3), True),
            ("embed_mha_dropout", lambda: keras.layers.MultiHeadAttention(num_heads=2, key_dim=3, dropout=0.5),
             False),
            ("embed_gqa", lambda: keras.layers.GroupQueryAttention(3, 4, 2), False),
            ("embed_gqa_scores", lambda: keras.layers.GroupQueryAttention(3, 4, 2), True)):
        stack = Stack(make(), scores)
        stack(TOKENS)
        stack.set_weights([w * 1.5 for w in stack.get_weights()])  # non-zero biases: (value bias shows the defect)
        stack.set_weights([w + f32(*w.shape, scale=0.3) for w in stack.get_weights()])
        record(store, name, stack, lambda stack=stack: stack(TOKENS, training=False), (2, 5, 6), {"tokens": TOKENS})


def mask_cases(store):
    x = f32(2, 4, 6)
    mask = attention_mask()
    for name, kwargs, scores, scale in (("mask_mha", {}, False, 1.0), ("mask_mha_scores", {}, True, 1.0),
                                        ("mask_mha_big", {}, False, 40.0), ("mask_mha_big_scores", {}, True, 40.0),
                                        ("mask_mha_dropout", {"dropout": 0.25}, False, 1.0)):
        mha = keras.layers.MultiHeadAttention(num_heads=3, key_dim=2, **kwargs)
        mha(x, x)
        mha.set_weights([w * scale + f32(*w.shape, scale=0.3) for w in mha.get_weights()])
        record(store, name, mha, lambda mha=mha, scores=scores: mha(
            x, x, attention_mask=mask, return_attention_scores=scores, training=False), (2, 4, 6),
               {"x": x, "mask": mask})


def softmax_cases(store):
    x = tf.constant(f32(2, 3, 4, scale=3.0))
    mask = R.random((2, 3, 4)) > 0.4
    mask[0, 1] = False
    fmask = R.random((2, 3, 4)).astype("float32")  # a float mask keeps the entries > 0.5
    fmask[1, 2] = 0.2
    for name, m in (("softmax_bool", mask), ("softmax_float", fmask)):
        r = f32(2, 3, 4)
        with tf.GradientTape() as tape:
            tape.watch(x)
            out = keras.layers.Softmax()(x, mask=m)
            loss = tf.reduce_sum(out * r)
        store.update({f"{name}/x": x.numpy(), f"{name}/mask": m, f"{name}/r": r, f"{name}/out": out.numpy(),
                      f"{name}/gx": tape.gradient(loss, x).numpy()})


def ops_cases(store):
    """`keras.ops.dot_product_attention` with a fully masked row, and `is_causal` with T != S."""
    for name, t, s, causal in (("dpa_mask", 4, 4, False), ("dpa_causal_short_q", 3, 5, True),
                               ("dpa_causal_long_q", 5, 3, True)):
        q, k, v = (tf.constant(f32(2, n, 2, 3)) for n in (t, s, s))
        mask = R.random((2, 1, t, s)) > 0.4
        mask[..., 0] = True
        mask[0, 0, 1] = False
        r = f32(2, t, 2, 3)
        with tf.GradientTape() as tape:
            tape.watch([q, k, v])
            out = keras.ops.dot_product_attention(q, k, v, mask=None if causal else mask, is_causal=causal)
            loss = tf.reduce_sum(out * r)
        gq, gk, gv = tape.gradient(loss, [q, k, v])
        store.update({f"{name}/q": q.numpy(), f"{name}/k": k.numpy(), f"{name}/v": v.numpy(), f"{name}/mask": mask,
                      f"{name}/r": r, f"{name}/out": out.numpy(), f"{name}/gq": gq.numpy(), f"{name}/gk": gk.numpy(),
                      f"{name}/gv": gv.numpy()})


def transformer_case(store):
    """The whole idiom as a functional model: Embedding(mask_zero) -> MHA -> GlobalAveragePooling1D -> Dense.
    MHA's output carries the query's mask, so the pooling averages the unpadded steps only."""
    tokens = keras.Input((5,), dtype="int32")
    e = keras.layers.Embedding(12, 6, mask_zero=True)(tokens)
    x = keras.layers.MultiHeadAttention(num_heads=2, key_dim=3)(e, e)
    x = keras.layers.GlobalAveragePooling1D()(x)
    model = keras.Model(tokens, keras.layers.Dense(3)(x))
    model.set_weights([w + f32(*w.shape, scale=0.3) for w in model.get_weights()])
    record(store, "transformer", model, lambda: model(TOKENS, training=False), (2, 3), {"tokens": TOKENS})


def transformer_fit_case(store):
    """`fit` on the idiom: 3 epochs of SGD; padded rows must not steer the updates."""
    tokens = keras.Input((5,), dtype="int32")
    e = keras.layers.Embedding(12, 6, mask_zero=True)(tokens)
    x = keras.layers.MultiHeadAttention(num_heads=2, key_dim=3)(e, e)
    x = keras.layers.GlobalAveragePooling1D()(x)
    model = keras.Model(tokens, keras.layers.Dense(3)(x))
    model.set_weights([w + f32(*w.shape, scale=0.3) for w in model.get_weights()])
    data = np.array([[4, 7, 2, 0, 0], [9, 0, 0, 0, 0], [3, 3, 5, 8, 1], [6, 2, 0, 0, 0]], "int32")
    y = f32(4, 3)
    for i, w in enumerate(model.get_weights()):
        store[f"fit/w{i}"] = w
    model.compile(keras.optimizers.SGD(0.5), "mse")
    history = model.fit(data, y, batch_size=2, epochs=3, shuffle=False, verbose=0)
    store.update({"fit/tokens": data, "fit/y": y, "fit/loss": np.array(history.history["loss"])})
    for i, w in enumerate(model.get_weights()):
        store[f"fit/final{i}"] = w


def explicit_mask_case(store):
    """Keras 3's MHA takes the query mask from the query's Keras mask only (an explicit `query_mask=` is not
    used); `value_mask=` is."""
    x = f32(2, 4, 6)
    query_mask = np.array([[1, 1, 0, 0], [1, 0, 0, 0]], bool)
    value_mask = np.array([[1, 1, 1, 0], [1, 1, 0, 0]], bool)
    mha = keras.layers.MultiHeadAttention(num_heads=2, key_dim=3)
    mha(x, x)
    record(store, "explicit_masks", mha, lambda: mha(x, x, query_mask=query_mask, value_mask=value_mask), (2, 4, 6),
           {"x": x, "query_mask": query_mask, "value_mask": value_mask})


def luong_cases(store):
    """`Attention` / `AdditiveAttention` with a fully padded value sequence and a causal mask."""
    q, v = f32(2, 4, 3), f32(2, 5, 3)
    q_mask = np.array([[1, 1, 1, 0], [1, 1, 0, 0]], bool)
    v_mask = np.array([[1, 1, 1, 0, 0], [0, 0, 0, 0, 0]], bool)
    for name, layer in (("luong", keras.layers.Attention(use_scale=True)),
                        ("bahdanau", keras.layers.AdditiveAttention())):
        layer([q, v])
        layer.set_weights([w + f32(*w.shape, scale=0.3) for w in layer.get_weights()])
        record(store, name, layer, lambda layer=layer: layer([q, v], mask=[q_mask, v_mask], use_causal_mask=True,
                                                             return_attention_scores=True), (2, 4, 3),
               {"q": q, "v": v, "q_mask": q_mask, "v_mask": v_mask})


def gate_window_cases(store):
    """Keras 3.15's `use_gate` and `sliding_window` on the idiom (with a causal mask: a causal window)."""
    for name, scores in (("gate_window", False), ("gate_window_scores", True)):
        mha = keras.layers.MultiHeadAttention(num_heads=2, key_dim=3, use_gate=True, sliding_window=2,
                                              kernel_regularizer="l2")
        embedding = keras.layers.Embedding(12, 6, mask_zero=True)
        mha(embedding(TOKENS), embedding(TOKENS))
        mha.set_weights([w + f32(*w.shape, scale=0.3) for w in mha.get_weights()])
        e = embedding(TOKENS)
        # a fresh `e` for every call: Keras's MHA removes the Keras masks of the tensors it is called on
        record(store, name, mha, lambda mha=mha, emb=embedding, scores=scores: mha(
            emb(TOKENS), emb(TOKENS), use_causal_mask=True, return_attention_scores=scores), (2, 5, 6),
               {"e": e.numpy(), "emb": embedding.get_weights()[0], "tokens": TOKENS,
                "config_keys": np.array(sorted(mha.get_config()))})


def block_case(store):
    """A post-norm transformer encoder block, as tutorials write it, as a functional model:
    Embedding(mask_zero) -> MHA -> Add -> LayerNorm -> Dense/Dense -> Add -> LayerNorm -> pooling -> Dense."""
    tokens = keras.Input((5,), dtype="int32")
    e = keras.layers.Embedding(12, 6, mask_zero=True)(tokens)
    a = keras.layers.MultiHeadAttention(num_heads=2, key_dim=3)(e, e)
    x = keras.layers.LayerNormalization()(keras.layers.Add()([e, a]))
    f = keras.layers.Dense(6)(keras.layers.Dense(8, activation="relu")(x))
    x = keras.layers.LayerNormalization()(keras.layers.Add()([x, f]))
    model = keras.Model(tokens, keras.layers.Dense(3)(keras.layers.GlobalAveragePooling1D()(x)))
    model.set_weights([w + f32(*w.shape, scale=0.3) for w in model.get_weights()])
    record(store, "block", model, lambda: model(TOKENS), (2, 3), {"tokens": TOKENS})
    # eager: the call removes the Keras mask of the tensors MHA was called on
    emb = keras.layers.Embedding(12, 6, mask_zero=True)
    e = emb(TOKENS)
    keras.layers.MultiHeadAttention(num_heads=2, key_dim=3)(e, e)
    store["block/e_mask_after_call"] = np.array(getattr(e, "_keras_mask", None) is not None)


def main():
    keras.utils.set_random_seed(21)
    store = {}
    embed_cases(store)
    mask_cases(store)
    softmax_cases(store)
    ops_cases(store)
    transformer_case(store)
    explicit_mask_case(store)
    luong_cases(store)
    transformer_fit_case(store)
    gate_window_cases(store)
    block_case(store)
    np.savez_compressed(OUT, **store)
    print(f"wrote {OUT} ({len(store)} arrays), TF {tf.__version__}, Keras {keras.__version__}")


if __name__ == "__main__":
    main()
