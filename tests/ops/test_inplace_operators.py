"""`x += y` on tensors follows TF's immutable tensors (the style-transfer tutorial's train_step).

`loss += total_variation_weight * tf.image.total_variation(image)` adds a shape-[1] tensor to a scalar loss:
in TF it rebinds `loss` to a new shape-[1] tensor; torch's in-place add refuses the broadcast. Torch code that
mutates plain tensors in place keeps doing so.
"""

import numpy as np
import torch

import keraslike as tf


def test_style_transfer_loss_update_in_a_tf_function():
    image = tf.Variable(tf.reshape(tf.range(48, dtype=tf.float32) / 48.0, [1, 4, 4, 3]))
    opt = tf.keras.optimizers.Adam(learning_rate=0.02, beta_1=0.99, epsilon=1e-1)

    @tf.function()
    def train_step(image):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(image ** 2)
            before = loss
            loss += 30 * tf.image.total_variation(image)
        grad = tape.gradient(loss, image)
        opt.apply_gradients([(grad, image)])
        return before, loss, grad

    start = image.numpy()
    before, loss, grad = train_step(image)
    assert before.shape == () and loss.shape == (1,)  # `before` is not changed by `+=` (TF tensors are immutable)
    # d/dx [sum(x^2) + 30 * sum|dx| + 30 * sum|dy|], by hand: every neighbour difference here is positive
    expected = 2 * start
    dx = np.zeros_like(start)
    dx[:, 1:, :, :] += 1
    dx[:, :-1, :, :] -= 1
    dy = np.zeros_like(start)
    dy[:, :, 1:, :] += 1
    dy[:, :, :-1, :] -= 1
    np.testing.assert_allclose(grad.numpy(), expected + 30 * (dx + dy), rtol=1e-6)
    assert not np.allclose(image.numpy(), start)


def test_scalar_plus_equals_vector_rebinds():
    s = tf.constant(1.0)
    t = s
    s += tf.constant([1.0, 2.0])
    assert s.numpy().tolist() == [2.0, 3.0] and t.numpy() == 1.0


def test_torch_code_keeps_in_place_updates():
    x = torch.zeros(3)
    y = x
    y += 1
    assert x.tolist() == [1.0, 1.0, 1.0]
    with torch.no_grad():
        p = torch.nn.Parameter(torch.zeros(2))
        q = p
        q += 1
        assert p.tolist() == [1.0, 1.0]
