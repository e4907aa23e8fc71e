"""`keras.random`: Keras 3's seeding contract and the distributions' moments."""

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike.keras import random


def test_int_seed_is_stateless():
    for fn in (lambda s: random.normal((5,), seed=s), lambda s: random.uniform((5,), seed=s),
               lambda s: random.randint((5,), 0, 100, seed=s), lambda s: random.truncated_normal((5,), seed=s),
               lambda s: random.gamma((5,), 2.0, seed=s), lambda s: random.beta((5,), 2.0, 3.0, seed=s),
               lambda s: random.binomial((5,), 10, 0.3, seed=s), lambda s: random.shuffle(np.arange(10), seed=s),
               lambda s: random.categorical(np.zeros((2, 4), "float32"), 6, seed=s),
               lambda s: random.dropout(np.ones(20, "float32"), 0.5, seed=s)):
        a, b, c = fn(3), fn(3), fn(4)
        assert torch.equal(a, b)
        assert not torch.equal(a, c)


def test_seed_generator_advances_and_is_reproducible():
    gen = random.SeedGenerator(1337)
    np.testing.assert_array_equal(gen.state.numpy(), [1337, 0])
    a = random.normal((4,), seed=gen)
    b = random.normal((4,), seed=gen)
    np.testing.assert_array_equal(gen.state.numpy(), [1337, 2])
    assert not torch.equal(a, b)
    again = random.SeedGenerator(1337)
    assert torch.equal(random.normal((4,), seed=again), a)
    assert torch.equal(random.normal((4,), seed=again), b)
    assert random.SeedGenerator.from_config(gen.get_config()).get_config() == {"seed": 1337, "name": gen.name}


def test_unseeded_follows_the_global_seed():
    tf.keras.utils.set_random_seed(7)
    a = random.normal((4,))
    b = random.normal((4,))
    tf.keras.utils.set_random_seed(7)
    assert torch.equal(random.normal((4,)), a)
    assert not torch.equal(a, b)
    tf.keras.utils.set_random_seed(7)
    g1 = random.SeedGenerator()
    tf.keras.utils.set_random_seed(7)
    g2 = random.SeedGenerator()
    assert g1.get_config()["seed"] is None and torch.equal(g1.state, g2.state)


def test_distribution_moments():
    n = 200_000
    x = random.normal((n,), mean=2.0, stddev=3.0, seed=1)
    assert abs(float(x.mean()) - 2.0) < 0.05 and abs(float(x.std()) - 3.0) < 0.05
    u = random.uniform((n,), minval=-1.0, maxval=3.0, seed=2)
    assert float(u.min()) >= -1.0 and float(u.max()) < 3.0 and abs(float(u.mean()) - 1.0) < 0.02
    t = random.truncated_normal((n,), stddev=2.0, seed=3)
    assert float(t.abs().max()) <= 4.0 and abs(float(t.std()) - 2.0 * 0.8796) < 0.02  # std of N(0,1) cut at 2
    g = random.gamma((n,), 3.0, seed=4)
    assert abs(float(g.mean()) - 3.0) < 0.05
    be = random.beta((n,), 2.0, 6.0, seed=5)
    assert abs(float(be.mean()) - 0.25) < 0.01
    bi = random.binomial((n,), 10.0, 0.3, seed=6)
    assert abs(float(bi.mean()) - 3.0) < 0.03 and bi.dtype == torch.float32
    r = random.randint((n,), 2, 5, seed=7)
    assert r.dtype == torch.int32 and set(r.unique().tolist()) == {2, 3, 4}
    cat = random.categorical(np.log(np.array([[0.1, 0.9]], "float32")), n, seed=8)
    assert cat.shape == (1, n) and abs(float(cat.float().mean()) - 0.9) < 0.01
    d = random.dropout(np.ones(n, "float32"), 0.25, seed=9)
    np.testing.assert_allclose(np.unique(d.numpy()), [0.0, 1 / 0.75], rtol=1e-6)
    assert abs(float((d == 0).float().mean()) - 0.25) < 0.01


def test_dropout_noise_shape_and_shuffle_axis():
    x = np.ones((3, 4, 5), "float32")
    d = random.dropout(x, 0.5, noise_shape=(None, 1, 5), seed=1).numpy()
    assert (d == d[:, :1, :]).all()
    s = random.shuffle(np.arange(12).reshape(3, 4), axis=1, seed=2).numpy()
    assert sorted(s[0].tolist()) == [0, 1, 2, 3] and (s - s[:, :1] == s[0] - s[0, 0]).all()


def test_bad_arguments():
    with pytest.raises(ValueError, match="integer `dtype`"):
        random.randint((2,), 0, 3, dtype="float32")
    with pytest.raises(ValueError, match="seed"):
        random.normal((2,), seed="abc")
    with pytest.raises(ValueError, match="rate"):
        random.dropout(np.ones(2), 1.5)
    with pytest.raises(ValueError, match="integer"):
        random.SeedGenerator(1.5)
