"""Write goldens for masked sequences through RNNs and pooling: values, output masks AND gradients.

The masks have post-padding, pre-padding and one fully masked sequence, where kernels that skip masked
steps can part ways with TF's per-step `where`.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_masked_sequence_golden.py

It writes `tests/golden/masked_sequence.npz`: `x`, `mask` and `x_inf` (masked steps set to +inf) shared by
all cases, and per case NAME the cotangent `NAME/r` of the loss `sum(out * r)`, the weights in Keras order
(`NAME/w0, ...`), the output (`NAME/out`), its Keras mask (`NAME/out_mask`, absent when None) and the
gradients for each weight (`NAME/g0, ...`) and for the input (`NAME/gx`).
`tests/keras/layers/test_masked_kernel_routes.py` reads it.
"""

import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402

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
    np.savez_compressed(OUT, **store)
    print(f"wrote {OUT} ({len(store)} arrays), TF {tf.__version__}, Keras {keras.__version__}")


if __name__ == "__main__":
    main()
