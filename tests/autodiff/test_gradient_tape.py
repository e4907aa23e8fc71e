"""tf.GradientTape against hand-computed derivatives and torch.autograd as the oracle.

Run: pytest tests/autodiff -q
"""

import numpy as np
import pytest
import torch

import keraslike as tf
import keraslike.nn  # noqa: F401 - attach tf.nn
from keraslike._src.autodiff.gradient_tape import GradientTape, UnconnectedGradients, stop_gradient


def _np(t):
    return t.detach().cpu().numpy()


def test_watched_constant_square():
    x = tf.constant(3.0)
    with GradientTape() as tape:
        tape.watch(x)
        y = x * x
    assert float(tape.gradient(y, x)) == 6.0
    assert not x.requires_grad  # the tape restored the constant


def test_variables_are_watched_automatically():
    w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    b = tf.Variable([0.5, -0.5])
    x = tf.constant([[1.0, 1.0]])
    with GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, w) + b)
    grads = tape.gradient(loss, {"w": w, "b": b})
    np.testing.assert_array_equal(_np(grads["w"]), [[1, 1], [1, 1]])
    np.testing.assert_array_equal(_np(grads["b"]), [1, 1])


def test_nonscalar_target_is_summed_and_output_gradients_weight():
    x = tf.Variable([1.0, 2.0, 3.0])
    with GradientTape(persistent=True) as tape:
        y = x * x
    np.testing.assert_array_equal(_np(tape.gradient(y, x)), [2, 4, 6])
    weighted = tape.gradient(y, x, output_gradients=tf.constant([1.0, 0.0, 2.0]))
    np.testing.assert_array_equal(_np(weighted), [2, 0, 12])


def test_non_persistent_tape_is_one_shot():
    x = tf.Variable(2.0)
    with GradientTape() as tape:
        y = x * x * x
    assert float(tape.gradient(y, x)) == 12.0
    with pytest.raises(RuntimeError, match="non-persistent GradientTape"):
        tape.gradient(y, x)


def test_persistent_tape_many_gradients():
    x = tf.constant(3.0)
    with GradientTape(persistent=True) as g:
        g.watch(x)
        y = x * x
        z = y * y
    assert float(g.gradient(z, x)) == 108.0
    assert float(g.gradient(y, x)) == 6.0
    del g


def test_unconnected_gradients():
    x, y = tf.Variable(1.0), tf.Variable(2.0)
    with GradientTape(persistent=True) as tape:
        z = x * 3.0
    assert tape.gradient(z, [x, y])[1] is None
    zero = tape.gradient(z, [x, y], unconnected_gradients=UnconnectedGradients.ZERO)[1]
    assert float(zero) == 0.0
    c = tf.constant(1.0)
    assert tape.gradient(z, c) is None  # unwatched constant


def test_watch_accessed_variables_false_and_non_trainable():
    a, b = tf.Variable(1.0), tf.Variable(2.0)
    frozen = tf.Variable(5.0, trainable=False)
    with GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(a)
        y = a * b * frozen
    ga, gb, gf = tape.gradient(y, [a, b, frozen])
    assert float(ga) == 10.0 and gb is None and gf is None


def test_nested_tapes_second_derivative():
    x = tf.constant(3.0)
    with GradientTape() as g:
        g.watch(x)
        with GradientTape() as gg:
            gg.watch(x)
            y = x * x * x
        dy_dx = gg.gradient(y, x)
    d2y_dx2 = g.gradient(dy_dx, x)
    assert float(dy_dx.detach()) == 27.0 and float(d2y_dx2) == 18.0


def test_stop_recording_and_stop_gradient():
    x = tf.Variable(2.0)
    with GradientTape() as tape:
        y = x * x
        with tape.stop_recording():
            z = x * x
        w = y + z + stop_gradient(x * 10.0)
    assert float(tape.gradient(w, x)) == 4.0
    with pytest.raises(RuntimeError, match="not recording"):
        with tape.stop_recording():
            pass


def test_against_torch_autograd_oracle():
    torch.manual_seed(0)
    w0, x0 = torch.randn(4, 3), torch.randn(5, 4)
    w = tf.Variable(w0)
    with GradientTape() as tape:
        loss = tf.reduce_mean(tf.nn.softmax(tf.matmul(x0, w)) ** 2)
    got = tape.gradient(loss, w)
    ref_w = w0.clone().requires_grad_(True)
    (ref,) = torch.autograd.grad(torch.mean(torch.softmax(x0 @ ref_w, -1) ** 2), ref_w)
    torch.testing.assert_close(got, ref)


def test_jacobian_matches_torch():
    x0 = torch.tensor([1.0, 2.0, 3.0])
    x = tf.Variable(x0)
    with GradientTape() as tape:
        y = tf.stack([x[0] * x[1], tf.sin(x[2]) * x[0]])
    jac = tape.jacobian(y, x)
    ref = torch.autograd.functional.jacobian(lambda v: torch.stack([v[0] * v[1], torch.sin(v[2]) * v[0]]), x0)
    torch.testing.assert_close(jac, ref)
    assert jac.shape == (2, 3)


def test_batch_jacobian():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with GradientTape() as tape:
        tape.watch(x)
        y = x * x  # [b, 2]
    bj = tape.batch_jacobian(y, x)
    np.testing.assert_array_equal(_np(bj), [[[2, 0], [0, 4]], [[6, 0], [0, 8]]])


def test_reset_and_watch_errors():
    x = tf.constant(2.0)
    with GradientTape() as tape:
        tape.watch(x)
        tape.reset()
        y = x * x
    assert tape.gradient(y, x) is None
    with GradientTape() as tape, pytest.raises(ValueError, match="Received"):
        tape.watch("not a tensor")
    with pytest.raises(ValueError):
        with GradientTape() as t2:
            z = tf.Variable(1.0) * 2.0
        t2.gradient(z, ["bad"])


def test_public_names():
    assert tf.GradientTape is GradientTape and tf.UnconnectedGradients is UnconnectedGradients


def test_watched_variables():
    v = tf.Variable(1.0)
    with GradientTape() as tape:
        y = v * 2.0
    tape.gradient(y, v)
    assert tape.watched_variables() == (v,)


def test_watched_variables_lists_what_the_tape_read_before_any_gradient():
    """TF's idiom `tape.gradient(loss, tape.watched_variables())`: the list is known before gradient."""
    trainable, frozen, unused = tf.Variable(1.0), tf.Variable(2.0, trainable=False), tf.Variable(5.0)
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        y = trainable * x + frozen
    assert [v is trainable for v in tape.watched_variables()] == [True]  # frozen and unused are not watched
    (grad,) = tape.gradient(y, tape.watched_variables())
    assert float(grad) == 3.0
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(unused)
        y = trainable * unused
    assert [v is unused for v in tape.watched_variables()] == [True]
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2), tf.keras.layers.Dense(1)])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(tf.ones((4, 3))))
    watched = tape.watched_variables()
    assert [tuple(v.shape) for v in watched] == [(3, 2), (2,), (2, 1), (1,)]
    assert all(g is not None for g in tape.gradient(loss, watched))
    assert type(trainable * x) is torch.Tensor  # outside tapes ops on variables give plain tensors, as before


def test_two_tapes_differentiate_through_the_same_ops_dcgan_style():
    # The DCGAN tutorial's train_step: one `with` opens a generator tape and a discriminator tape, both
    # losses use the discriminator's output on the fake images, and each tape takes one gradient. TF's tapes
    # record independently; the second gradient must not find the shared graph freed by the first.
    gen_w = tf.Variable([[0.5, -1.0], [2.0, 0.25]])
    disc_w = tf.Variable([[1.5], [-0.5]])
    noise = tf.constant([[1.0, 2.0], [3.0, -1.0]])
    real = tf.constant([[0.5, 0.5], [1.0, -2.0]])
    with tf.GradientTape() as gen_tape, tf.GradientTape() as disc_tape:
        fake = tf.tanh(tf.matmul(noise, gen_w))
        fake_out = tf.sigmoid(tf.matmul(fake, disc_w))
        real_out = tf.sigmoid(tf.matmul(real, disc_w))
        gen_loss = -tf.reduce_mean(tf.math.log(fake_out))
        disc_loss = -tf.reduce_mean(tf.math.log(real_out)) - tf.reduce_mean(tf.math.log(1.0 - fake_out))
    gen_grad = gen_tape.gradient(gen_loss, [gen_w])[0]
    disc_grad = disc_tape.gradient(disc_loss, [disc_w])[0]
    # hand-derived references (numpy)
    n, g, d, r = (np.array(v, dtype=np.float64) for v in (noise, gen_w, disc_w, real))
    f = np.tanh(n @ g)
    fo, ro = 1 / (1 + np.exp(-(f @ d))), 1 / (1 + np.exp(-(r @ d)))
    d_gen = ((-(1 - fo) / 2) @ d.T) * (1 - f ** 2)
    np.testing.assert_allclose(gen_grad.numpy(), n.T @ d_gen, rtol=1e-5)
    np.testing.assert_allclose(disc_grad.numpy(), r.T @ (-(1 - ro) / 2) + f.T @ (fo / 2), rtol=1e-5)
