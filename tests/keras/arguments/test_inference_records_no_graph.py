"""Issue 12 item 10: inference (`model(x)` outside tapes and training, `predict`, `evaluate`) records no autograd
graph and keeps no activations; `GradientTape`, `training=True`, `fit` and torch's `model.train()` still record.

Before the fix `model(x)` returned a tensor with a `grad_fn`, holding every activation saved for backward.
"""

import numpy as np
import torch

import keraslike as tf

keras = tf.keras


def _convnet():
    return keras.Sequential([keras.Input((16, 16, 3)), keras.layers.Conv2D(8, 3, activation="relu"),
                             keras.layers.Conv2D(8, 3, activation="relu"), keras.layers.Flatten(),
                             keras.layers.Dense(4)])


def _saved_bytes(fn):
    """Bytes autograd saves for backward while `fn` runs (what a recorded forward keeps alive)."""
    total = [0]

    def pack(t):
        total[0] += t.numel() * t.element_size()
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        fn()
    return total[0]


def test_plain_call_records_nothing_and_saves_no_activations():
    model, x = _convnet(), np.random.rand(32, 16, 16, 3).astype("float32")
    out = model(x)
    assert out.grad_fn is None and not out.requires_grad
    assert _saved_bytes(lambda: model(x)) == 0
    assert _saved_bytes(lambda: model(x, training=False)) == 0
    recorded = _saved_bytes(lambda: model(x, training=True))
    assert recorded > 32 * 14 * 14 * 8 * 4  # at least the first conv's activations


def test_tapes_training_and_torch_train_mode_still_record():
    model, x = _convnet(), np.random.rand(4, 16, 16, 3).astype("float32")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    assert all(g is not None for g in grads)
    assert model(x, training=True).grad_fn is not None
    model.train()  # plain torch code: module.train() then backward
    model(x).sum().backward()
    assert model.trainable_variables[0].grad is not None
    model.eval()
    assert model(x).grad_fn is None
    x_grad = torch.tensor(x, requires_grad=True)  # torch code asking for input gradients
    model(x_grad).sum().backward()
    assert x_grad.grad is not None


def test_predict_evaluate_fit_and_minimize():
    model, x, y = _convnet(), np.random.rand(8, 16, 16, 3).astype("float32"), np.random.rand(8, 4).astype("float32")
    model.compile(optimizer="sgd", loss="mse")
    before = model.get_weights()[0].copy()
    model.fit(x, y, epochs=1, verbose=0)
    assert not np.array_equal(before, model.get_weights()[0])
    assert _saved_bytes(lambda: model.predict(x, verbose=0)) == 0
    assert _saved_bytes(lambda: model.evaluate(x, y, verbose=0)) == 0
    opt = keras.optimizers.SGD(0.1)
    w = model.trainable_variables[-1]
    start = w.numpy().copy()
    opt.minimize(lambda: tf.reduce_sum(model(x)), [w])  # the callable runs on the optimizer's own tape
    np.testing.assert_allclose(w.numpy(), start - 0.1 * 8, rtol=1e-5)
