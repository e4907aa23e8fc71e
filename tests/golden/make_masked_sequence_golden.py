"""Write goldens for masked sequences through RNNs and pooling: values, output masks AND gradients.

The masks have post-padding, pre-padding and one fully masked sequence, where kernels that skip masked
steps can part ways with TF's per-step `where`.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_masked_sequence_golden.py

It writes `tests/golden/masked_sequence.npz`: `x`, `mask` and `x_inf` (masked steps set to +inf) shared by
all cases, and per case NAME the cotangent `NAME/r` of the loss `sum(out * r)`, the weights in Keras order
(`NAME/w0, ...`), the output (`NAME/out`), its Keras mask (`NAME/out_mask`, absent when None) and the
gradients for each weight (`NAME/g0, ...`) and for the input (`NAME/gx`).
Then the losses of a tagger (`Embedding(mask_zero)` -> `LSTM(return_sequences)` -> `Dense`, weights
`tagger/w...`) on its masked predictions (`loss_NAME/value`, gradients `loss_NAME/g...`), and `fit` with it
(`tagger_fit/loss`, `tagger_fit/evaluate`, `tagger_fit/final...`).
`tests/keras/layers/test_masked_kernel_routes.py` and `tests/keras/losses/test_masked_losses.py` read it.
"""

import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402
from keras.src.losses.losses import LossFunctionWrapper  # noqa: E402  (what compile wraps a function in)

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "masked_sequence.npz")
R = np.random.default_rng(22)
MASK = np.array([[1, 1, 1, 1, 0, 0],   # post-padding
                 [0, 0, 1, 1, 1, 1],   # pre-padding
                 [0, 0, 0, 0, 0, 0],   # fully masked
                 [1, 1, 1, 1, 1, 1]], bool)
X = R.standard_normal((4, 6, 4)).astype("float32")
X_INF = np.where(MASK[..., None], X, np.float32(np.inf)).astype("float32")

CASES = {
    "lstm_seq": (lambda: keras.layers.LSTM(3, return_sequences=True), X),
    "lstm_last_state": (lambda: keras.layers.LSTM(3, return_state=True), X),
    "lstm_backwards": (lambda: keras.layers.LSTM(3, return_sequences=True, go_backwards=True), X),
    "lstm_zero_output": (lambda: keras.layers.LSTM(3, return_sequences=True, zero_output_for_mask=True), X),
    "gru_seq": (lambda: keras.layers.GRU(3, return_sequences=True), X),
    "gru_v1_last": (lambda: keras.layers.GRU(3, reset_after=False), X),
    "simple_rnn_seq": (lambda: keras.layers.SimpleRNN(3, return_sequences=True), X),
    "bidirectional_lstm": (lambda: keras.layers.Bidirectional(keras.layers.LSTM(3, return_sequences=True)), X),
    "global_average_pooling_inf": (lambda: keras.layers.GlobalAveragePooling1D(), X_INF),
}


TOKENS = np.array([[4, 7, 2, 5, 0, 0], [9, 1, 0, 0, 0, 0], [3, 3, 5, 8, 1, 2], [6, 2, 2, 0, 0, 0]], "int32")
Y_REG = R.standard_normal((4, 6, 3)).astype("float32")
Y_CLS = R.integers(0, 3, (4, 6)).astype("int32")
SW = np.array([[1.0], [0.5], [2.0], [0.0]], "float32")  # per sequence, (batch, 1)


def tagger():
    """Embedding(mask_zero) -> LSTM(return_sequences) -> Dense: its output carries the padding mask."""
    tokens = keras.Input((6,), dtype="int32")
    x = keras.layers.Embedding(12, 4, mask_zero=True)(tokens)
    x = keras.layers.LSTM(5, return_sequences=True)(x)
    return keras.Model(tokens, keras.layers.Dense(3)(x))


LOSSES = {  # name: (loss, target, sample_weight)
    "mse": (lambda: keras.losses.MeanSquaredError(), Y_REG, None),
    "mse_sw": (lambda: keras.losses.MeanSquaredError(), Y_REG, SW),
    "mse_sum": (lambda: keras.losses.MeanSquaredError(reduction="sum"), Y_REG, None),
    "mse_none": (lambda: keras.losses.MeanSquaredError(reduction="none"), Y_REG, None),
    "mse_mean_sw": (lambda: keras.losses.MeanSquaredError(reduction="mean_with_sample_weight"), Y_REG, SW),
    "scce": (lambda: keras.losses.SparseCategoricalCrossentropy(from_logits=True), Y_CLS, None),
    "scce_ignore": (lambda: keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=0), Y_CLS,
                    SW),
    "huber_fn": (lambda: keras.losses.huber, Y_REG, None),  # a plain function, as compile wraps it
}


def loss_cases(store):
    """Losses on predictions that carry a Keras mask: the padded steps are left out (Keras 3's Loss.__call__)."""
    model = tagger()
    model.set_weights([w + R.standard_normal(w.shape).astype("float32") * 0.2 for w in model.get_weights()])
    for i, w in enumerate(model.get_weights()):
        store[f"tagger/w{i}"] = w
    store.update({"tagger/tokens": TOKENS, "tagger/y_reg": Y_REG, "tagger/y_cls": Y_CLS, "tagger/sw": SW})
    for name, (make, y, sw) in LOSSES.items():
        loss = make()
        if not isinstance(loss, keras.losses.Loss):
            loss = LossFunctionWrapper(loss)
        with tf.GradientTape() as tape:
            value = loss(y, model(TOKENS), sample_weight=sw)
            total = tf.reduce_sum(value)
        store[f"loss_{name}/value"] = value.numpy()
        for i, g in enumerate(tape.gradient(total, model.trainable_weights)):
            store[f"loss_{name}/g{i}"] = tf.convert_to_tensor(g).numpy()
    model.compile(keras.optimizers.SGD(0.3), keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(TOKENS, Y_CLS, batch_size=2, epochs=2, shuffle=False, verbose=0)
    store["tagger_fit/loss"] = np.array(history.history["loss"])
    store["tagger_fit/evaluate"] = np.array(model.evaluate(TOKENS, Y_CLS, batch_size=4, verbose=0))
    for i, w in enumerate(model.get_weights()):
        store[f"tagger_fit/final{i}"] = w


MERGES = {  # name: (layer, which inputs are masked)
    "add_both": (lambda: keras.layers.Add(), (True, True)),
    "add_one": (lambda: keras.layers.Add(), (True, False)),
    "average_both": (lambda: keras.layers.Average(), (True, True)),
    "concat_features": (lambda: keras.layers.Concatenate(), (True, True)),
    "concat_features_one": (lambda: keras.layers.Concatenate(), (False, True)),
    "concat_time_one": (lambda: keras.layers.Concatenate(axis=1), (True, False)),
    "dot": (lambda: keras.layers.Dot(axes=2), (True, True)),
}


def merge_cases(store):
    """The Keras mask a merge layer gives its output, eagerly (Embedding(mask_zero) inputs)."""
    a_tokens = np.array([[4, 7, 0, 0], [9, 0, 0, 0]], "int32")
    b_tokens = np.array([[4, 0, 0, 0], [9, 3, 3, 0]], "int32")
    for name, (make, masked) in MERGES.items():
        a = keras.layers.Embedding(12, 3, mask_zero=masked[0])(a_tokens)
        b = keras.layers.Embedding(12, 3, mask_zero=masked[1])(b_tokens)
        out_mask = getattr(make()([a, b]), "_keras_mask", None)
        store[f"merge_{name}/mask"] = np.array(False) if out_mask is None else out_mask.numpy()
    store["merge/a_tokens"], store["merge/b_tokens"] = a_tokens, b_tokens


def main():
    keras.utils.set_random_seed(22)
    store = {"x": X, "mask": MASK, "x_inf": X_INF}
    for name, (make, data) in CASES.items():
        layer = make()
        x = tf.Variable(data)
        layer(x, mask=MASK)
        layer.set_weights([w + R.standard_normal(w.shape).astype("float32") * 0.2 for w in layer.get_weights()])
        with tf.GradientTape() as tape:
            outs = layer(x, mask=MASK)
            out = outs[0] if isinstance(outs, (list, tuple)) else outs
            r = R.standard_normal(out.shape).astype("float32")
            loss = tf.reduce_sum(tf.where(tf.math.is_finite(out), out * r, 0.0))
        grads = tape.gradient(loss, [x] + layer.trainable_weights)
        store[f"{name}/r"] = r
        store[f"{name}/out"] = out.numpy()
        out_mask = getattr(out, "_keras_mask", None)
        if out_mask is not None:
            store[f"{name}/out_mask"] = out_mask.numpy()
        store[f"{name}/gx"] = grads[0].numpy()
        for i, (w, g) in enumerate(zip(layer.trainable_weights, grads[1:])):
            store[f"{name}/w{i}"] = w.numpy()
            store[f"{name}/g{i}"] = g.numpy()
    loss_cases(store)
    merge_cases(store)
    np.savez_compressed(OUT, **store)
    print(f"wrote {OUT} ({len(store)} arrays), TF {tf.__version__}, Keras {keras.__version__}")


if __name__ == "__main__":
    main()
