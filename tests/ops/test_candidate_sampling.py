"""tf.random candidate samplers: TF 2.21's expected counts (tests/golden/make_random_golden.py), TF's
unique-sampling formula, and the sampled distributions checked statistically."""

import json
import math
import os

import numpy as np
import pytest
import torch

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden", "random_state.json")
TC = torch.tensor([[0, 3], [5, 9]])
UNI = [1.0, 2.0, 3.0, 4.0, 5.0, 1, 1, 1, 1, 1]


def _run(kind, unique=False, num_sampled=None, seed=None):
    if kind == "log_uniform":
        return tf.random.log_uniform_candidate_sampler(TC, 2, num_sampled or 4, unique, 10, seed=seed)
    if kind == "uniform":
        return tf.random.uniform_candidate_sampler(TC, 2, num_sampled or 4, unique, 10, seed=seed)
    return tf.random.fixed_unigram_candidate_sampler(TC, 2, num_sampled or 3, unique, 11, unigrams=UNI,
                                                     distortion=0.5, num_reserved_ids=1, seed=seed)


def test_expected_counts_match_tf():
    with open(GOLDEN) as f:
        gold = json.load(f)["candidate_true_expected"]
    for kind, want in gold.items():
        r = _run(kind)
        assert r._fields == ("sampled_candidates", "true_expected_count", "sampled_expected_count")
        assert r.sampled_candidates.dtype == torch.int64 and r.true_expected_count.dtype == torch.float32
        np.testing.assert_allclose(r.true_expected_count.numpy(), want, rtol=1e-6, err_msg=kind)
        # the sampled candidates' expected counts follow the same p * num_sampled rule
        p_true = {int(c): e for c, e in zip(TC.reshape(-1).tolist(), r.true_expected_count.reshape(-1).tolist())}
        for c, e in zip(r.sampled_candidates.tolist(), r.sampled_expected_count.tolist()):
            if c in p_true:
                assert e == pytest.approx(p_true[c], rel=1e-6)


def _probs(kind):
    if kind == "uniform":
        return [0.1] * 10
    if kind == "log_uniform":
        return [(math.log(c + 2) - math.log(c + 1)) / math.log(11) for c in range(10)]
    w = np.array([0.0] + [u ** 0.5 for u in UNI])
    return list(w / w.sum())


def test_unique_uses_tfs_num_tries_formula():
    for kind in ("log_uniform", "uniform", "fixed_unigram"):
        r = _run(kind, unique=True, num_sampled=5, seed=2)
        cands = r.sampled_candidates.tolist()
        assert len(set(cands)) == 5
        probs = _probs(kind)
        # TF: 1 - (1 - p)^num_tries, one integer num_tries >= num_sampled for every candidate
        # (p * num_sampled when no draw was rejected)
        tries = set()
        for c, e in zip(cands, r.sampled_expected_count.tolist()):
            p = probs[c]
            tries.add(5 if e == pytest.approx(5 * p, rel=1e-5) else round(math.log(1 - e) / math.log(1 - p)))
        assert len(tries) == 1 and min(tries) >= 5, (kind, tries)
        (n,) = tries
        want = [5 * probs[c] if n == 5 else 1 - (1 - probs[c]) ** n for c in cands]
        np.testing.assert_allclose(r.sampled_expected_count.numpy(), want, rtol=1e-5)


def test_sampled_distributions():
    r = tf.random.log_uniform_candidate_sampler(TC, 2, 20000, False, 10, seed=1)
    freq = np.bincount(r.sampled_candidates.numpy(), minlength=10) / 20000
    want = [(math.log(c + 2) - math.log(c + 1)) / math.log(11) for c in range(10)]
    np.testing.assert_allclose(freq, want, atol=0.012)
    f = tf.random.fixed_unigram_candidate_sampler(TC, 2, 20000, False, 11, unigrams=UNI, distortion=0.5,
                                                  num_reserved_ids=1, seed=1)
    freq = np.bincount(f.sampled_candidates.numpy(), minlength=11) / 20000
    np.testing.assert_allclose(freq, _probs("fixed_unigram"), atol=0.012)
    tf.random.set_seed(4)
    a = tf.random.uniform_candidate_sampler(TC, 2, 6, True, 10, seed=9).sampled_candidates
    tf.random.set_seed(4)
    assert torch.equal(a, tf.random.uniform_candidate_sampler(TC, 2, 6, True, 10, seed=9).sampled_candidates)


def test_all_candidate_sampler_and_errors():
    r = tf.random.all_candidate_sampler(torch.tensor([[0, 3]]), 2, 4, True)
    assert r.sampled_candidates.tolist() == [0, 1, 2, 3]
    assert r.true_expected_count.tolist() == [[1.0, 1.0]] and r.sampled_expected_count.tolist() == [1.0] * 4
    with pytest.raises(ValueError, match="num_sampled"):
        tf.random.all_candidate_sampler(TC, 2, 4, True)
    with pytest.raises(ValueError, match="unique=True"):
        tf.random.uniform_candidate_sampler(TC, 2, 11, True, 10)
    with pytest.raises(ValueError, match="num_true"):
        tf.random.uniform_candidate_sampler(TC, 3, 2, True, 10)
    with pytest.raises(NotImplementedError, match="num_shards"):
        tf.random.fixed_unigram_candidate_sampler(TC, 2, 2, False, 10, unigrams=UNI, num_shards=2)
