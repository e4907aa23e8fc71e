"""tf.random.Generator / Algorithm / create_rng_state (state words vs real TF 2.21 goldens,
tests/golden/make_random_golden.py), the new stateless ops, fold_in/split and index_shuffle: TF's documented
invariants and distributions checked statistically (values are not TF's Philox streams)."""

import json
import math
import os

import numpy as np
import pytest
import torch

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden", "random_state.json")


def _golden():
    with open(GOLDEN) as f:
        return json.load(f)


def test_create_rng_state_matches_tf():
    for seed, alg, words in _golden()["create_rng_state"]:
        seed = int(seed) if isinstance(seed, str) else seed
        assert tf.random.create_rng_state(seed, alg).tolist() == words, (seed, alg)


def test_generator_state_evolution_matches_tf():
    g = tf.random.Generator.from_seed(1234)
    states = [g.state.numpy().tolist()]
    g.normal([3])
    states.append(g.state.numpy().tolist())
    g.uniform([2, 2])
    states.append(g.state.numpy().tolist())
    g.skip(5)
    states.append(g.state.numpy().tolist())
    gold = _golden()["generator_states"]
    assert states == gold["seed1234_normal3_uniform2x2_skip5"]
    k = tf.random.Generator.from_key_counter(7, [1, 2], "philox")
    assert [k.state.numpy().tolist(), int(k.key), k.algorithm] == gold["key7_counter12"]
    assert isinstance(g.state, tf.Variable) and g.state.dtype == torch.int64 and not g.state.trainable


def test_generator_reproducible_and_resettable():
    a, b = tf.random.Generator.from_seed(5), tf.random.Generator.from_seed(5)
    x1, x2 = a.normal([4]), a.normal([4])
    assert torch.equal(x1, b.normal([4])) and not torch.equal(x1, x2)
    a.reset_from_seed(5)
    assert torch.equal(a.normal([4]), x1)
    c = tf.random.Generator(copy_from=b)
    assert torch.equal(c.normal([4]), b.normal([4]))
    a.state.assign(tf.random.create_rng_state(5, "philox"))  # moving the variable moves the generator
    assert torch.equal(a.normal([4]), x1)
    t = tf.random.Generator.from_seed(5, alg=tf.random.Algorithm.THREEFRY)
    assert t.algorithm == 2 and t.state.shape == (2,)
    assert tf.random.Generator.from_seed(5, alg="auto_select").algorithm == 1
    n1, n2 = tf.random.Generator.from_non_deterministic_state(), tf.random.Generator()
    assert not torch.equal(n1.state, n2.state)
    with pytest.raises(ValueError, match="alg"):
        tf.random.Generator.from_seed(1, alg="mersenne")
    with pytest.raises(ValueError, match="state"):
        tf.random.Generator(state=[1, 2], alg="philox")


def test_generator_distributions():
    g = tf.random.Generator.from_seed(0)
    u = g.uniform([20000], minval=2.0, maxval=4.0)
    assert u.min() >= 2.0 and u.max() < 4.0 and abs(u.mean().item() - 3.0) < 0.03
    n = g.normal([20000], mean=1.0, stddev=2.0, dtype=tf.float64)
    assert n.dtype == torch.float64 and abs(n.mean().item() - 1.0) < 0.06 and abs(n.std().item() - 2.0) < 0.06
    t = g.truncated_normal([20000])
    assert t.abs().max() <= 2.0 and abs(t.std().item() - 0.8796) < 0.02  # std of N(0,1) cut at +-2
    b = g.binomial([20000], counts=10.0, probs=0.3)
    assert b.dtype == torch.int32 and abs(b.double().mean().item() - 3.0) < 0.05
    i = g.uniform([1000], minval=3, maxval=7, dtype=tf.int32)
    assert set(i.tolist()) == {3, 4, 5, 6}
    full = g.uniform_full_int([4], dtype=tf.int64)
    assert full.dtype == torch.int64
    seeds = g.make_seeds(3)
    assert seeds.shape == (2, 3) and seeds.dtype == torch.int64
    s1, s2 = g.split(2)
    assert not torch.equal(s1.normal([3]), s2.normal([3]))


def test_global_generator():
    g = tf.random.get_global_generator()
    assert g is tf.random.get_global_generator() and tf.random.experimental.get_global_generator() is g
    mine = tf.random.Generator.from_seed(3)
    tf.random.set_global_generator(mine)
    try:
        assert tf.random.get_global_generator() is mine
    finally:
        tf.random.set_global_generator(g)
    with pytest.raises(TypeError):
        tf.random.set_global_generator(3)


def test_fold_in_and_split_are_deterministic_seeds():
    s = tf.constant([1, 2])
    f = tf.random.fold_in(s, 3)
    assert f.dtype == torch.int32 and f.shape == (2,) and torch.equal(f, tf.random.fold_in(s, 3))
    assert not torch.equal(f, tf.random.fold_in(s, 4))
    assert torch.equal(tf.random.experimental.stateless_fold_in(s, 3), f)
    with pytest.raises(ValueError, match="alg"):
        tf.random.fold_in(s, 3, alg="mt19937")
    sp = tf.random.split(tf.constant([1, 2], tf.int64), num=4)
    assert sp.shape == (4, 2) and sp.dtype == torch.int64 and len({tuple(r) for r in sp.tolist()}) == 4
    assert torch.equal(tf.random.experimental.stateless_split(tf.constant([1, 2], tf.int64), 4), sp)
    a = tf.random.stateless_normal([2000], seed=sp[0])
    b = tf.random.stateless_normal([2000], seed=sp[1])
    assert abs(np.corrcoef(a.numpy(), b.numpy())[0, 1]) < 0.1


def test_new_stateless_ops():
    seed = [4, 5]
    g = tf.random.stateless_gamma([20000, 2], seed, alpha=[2.0, 5.0], beta=[1.0, 2.0])
    assert torch.equal(g, tf.random.stateless_gamma([20000, 2], seed, alpha=[2.0, 5.0], beta=[1.0, 2.0]))
    np.testing.assert_allclose(g.mean(0).numpy(), [2.0, 2.5], rtol=0.03)  # alpha / beta
    p = tf.random.stateless_poisson([20000], seed, lam=4.0)
    assert p.dtype == torch.int32 and abs(p.double().mean().item() - 4.0) < 0.06
    bi = tf.random.stateless_binomial([20000], seed, counts=20.0, probs=0.25)
    assert bi.dtype == torch.int32 and abs(bi.double().mean().item() - 5.0) < 0.06
    c = tf.random.stateless_categorical(tf.math.log([[0.2, 0.8]]), 20000, seed)
    assert c.shape == (1, 20000) and c.dtype == torch.int64 and abs(c.double().mean().item() - 0.8) < 0.02
    tn = tf.random.stateless_parameterized_truncated_normal([20000], seed, means=1.0, stddevs=2.0,
                                                             minvals=0.0, maxvals=3.0)
    assert tn.min() >= 0.0 and tn.max() <= 3.0
    # mean of N(1, 2^2) truncated to [0, 3]: mu + sigma * (pdf(a) - pdf(b)) / (cdf(b) - cdf(a))
    a, b = -0.5, 1.0
    pdf = [math.exp(-v * v / 2) / math.sqrt(2 * math.pi) for v in (a, b)]
    cdf = [0.5 * (1 + math.erf(v / math.sqrt(2))) for v in (a, b)]
    assert abs(tn.mean().item() - (1.0 + 2.0 * (pdf[0] - pdf[1]) / (cdf[1] - cdf[0]))) < 0.025
    sh = tf.random.experimental.stateless_shuffle(tf.range(10), seed)
    assert sorted(sh.tolist()) == list(range(10))
    assert torch.equal(sh, tf.random.experimental.stateless_shuffle(tf.range(10), seed))


def test_stateful_gamma_poisson_shapes_and_moments():
    tf.random.set_seed(1)
    g = tf.random.gamma([10000], alpha=[1.0, 3.0], beta=2.0)
    assert g.shape == (10000, 2)
    np.testing.assert_allclose(g.mean(0).numpy(), [0.5, 1.5], rtol=0.05)
    p = tf.random.poisson([10000], lam=[1.0, 6.0], dtype=tf.int64, seed=3)
    assert p.shape == (10000, 2) and p.dtype == torch.int64
    np.testing.assert_allclose(p.double().mean(0).numpy(), [1.0, 6.0], rtol=0.05)


def test_index_shuffle_is_a_permutation():
    for max_index in (0, 9, 1000):
        idx = tf.range(max_index + 1, dtype=tf.int64)
        out = tf.random.experimental.index_shuffle(idx, [2, 3], max_index)
        assert out.dtype == torch.int64 and sorted(out.tolist()) == list(range(max_index + 1))
    a = tf.random.experimental.index_shuffle(tf.range(100), [2, 3], 99)
    assert not torch.equal(a, tf.random.experimental.index_shuffle(tf.range(100), [2, 4], 99))
    assert not torch.equal(a, tf.range(100))
    big = tf.random.experimental.index_shuffle(tf.constant([0, 1, 2], tf.int64), [8, 9], 2**40)
    assert len(set(big.tolist())) == 3 and max(big.tolist()) <= 2**40
    with pytest.raises(tf.errors.InvalidArgumentError, match="seed"):  # TF's seed is [2] (the raw op's [3])
        tf.random.experimental.index_shuffle(3, [1, 2, 3], 9)


class _FakeReplica:
    """What a multi-replica step's ReplicaContext exposes to a Generator (id and replica count)."""

    def __init__(self, replica_id):
        self.replica_id_in_sync_group = torch.tensor(replica_id, dtype=torch.int32)
        self.num_replicas_in_sync = 2


def test_generator_streams_differ_per_replica_and_states_stay_equal():
    from keraslike._src.distribute import context  # test-only: enter replica context without processes

    draws, states = [], []
    for replica in (0, 1):
        g = tf.random.Generator.from_seed(11)
        with context.replica_scope(_FakeReplica(replica)):
            draws.append(g.normal([8]))
        states.append(g.state.numpy().tolist())
    assert not torch.equal(draws[0], draws[1])  # TF: each replica gets its own stream
    assert states[0] == states[1]
    g = tf.random.Generator.from_seed(11)
    with context.replica_scope(_FakeReplica(0)):
        assert torch.equal(g.normal([8]), draws[0])  # reproducible per replica


def test_split_gives_tfs_child_generators():
    """`Generator.split` keys each child with the parent's `uniform_full_int` draws, as TF (goldens from
    tests/golden/make_generator_split_golden.py)."""
    with open(os.path.join(os.path.dirname(__file__), "..", "golden", "generator_split.json")) as f:
        golden = json.load(f)
    for seed, want in golden.items():
        g = tf.random.Generator.from_seed(int(seed))
        children = g.split(3)
        np.testing.assert_allclose([c.normal([2]).numpy() for c in children], want["children_normal"], rtol=1e-6)
        assert children[0].uniform([3], maxval=100, dtype=tf.int64).numpy().tolist() == want["child_uniform_int"]
        np.testing.assert_allclose(g.normal([2]).numpy(), want["parent_normal"], rtol=1e-6)
