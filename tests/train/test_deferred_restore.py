"""tf.train.Checkpoint.restore before the model has weights: values apply when it builds (TF's deferred restore)."""

import numpy as np
import torch

import keraslike as tf


class Sub(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = tf.keras.layers.Dense(4, activation="relu")
        self.d2 = tf.keras.layers.Dense(2)

    def call(self, x):
        return self.d2(self.d1(x))


def _trained(make, tmp_path):
    model, opt = make(), tf.keras.optimizers.Adam(0.1)
    x = torch.randn(8, 3)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x)))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    ckpt = tf.train.Checkpoint(model=model, optimizer=opt)
    path = ckpt.save(str(tmp_path / "ckpt"))
    return model, opt, x, path


def _check(make, tmp_path):
    model, opt, x, _ = _trained(make, tmp_path)
    fresh, fresh_opt = make(), tf.keras.optimizers.Adam(0.1)
    tf.train.Checkpoint(model=fresh, optimizer=fresh_opt).restore(tf.train.latest_checkpoint(str(tmp_path)))
    np.testing.assert_allclose(fresh(x).numpy(), model(x).numpy(), rtol=1e-6)  # the first call already restored
    # the optimizer state follows once the optimizer builds: one more identical step stays identical
    for m, o in ((model, opt), (fresh, fresh_opt)):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(m(x)))
        o.apply_gradients(zip(tape.gradient(loss, m.trainable_variables), m.trainable_variables))
    for a, b in zip(fresh.get_weights(), model.get_weights()):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)
    assert int(fresh_opt.iterations) == int(opt.iterations) == 2


def test_deferred_restore_sequential(tmp_path):
    _check(lambda: tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(2)]),
           tmp_path)


def test_deferred_restore_subclassed(tmp_path):
    _check(Sub, tmp_path)
