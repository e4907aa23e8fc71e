"""`tf.random.*_candidate_sampler`: candidates for sampled softmax / NCE losses, with TF's expected counts.

Mirrors `tensorflow/python/ops/candidate_sampling_ops.py` and the kernel's `range_sampler.cc`:

- each sampler returns `(sampled_candidates [num_sampled] int64, true_expected_count [batch, num_true]
  float32, sampled_expected_count [num_sampled] float32)` as a namedtuple with TF's field names;
- `unique=False`: candidates are drawn with replacement and a class of probability p has expected count
  `p * num_sampled`; `unique=True`: draws repeat until `num_sampled` distinct classes are found after
  `num_tries` draws, and the expected count is `1 - (1 - p) ** num_tries` (`p * num_sampled` when no draw was
  rejected), exactly TF's formula;
- distributions: uniform `1 / range_max`; log-uniform (Zipfian) `log((c + 2) / (c + 1)) / log(range_max + 1)`;
  fixed unigram `unigrams ** distortion` normalised, with ids below `num_reserved_ids` at probability 0
  (sharding, `num_shards > 1`, raises NotImplementedError); all-candidates: `0..num_sampled-1`.

Draws follow `seed` as the other op-seeded `tf.random` ops (same seed, same candidates within keraslike; not
TF's values). `learned_unigram_candidate_sampler` (a sampler whose counts persist across calls of one graph
op) is not provided.
"""

import collections
import math

import torch

from keraslike._src.ops import random as tf_random
from keraslike._src.ops.conversion import to_tensor

CandidateSamplerResult = collections.namedtuple(
    "CandidateSamplerResult", ["sampled_candidates", "true_expected_count", "sampled_expected_count"])


def _true_classes(true_classes, num_true):
    t = to_tensor(true_classes, None, "true_classes")
    if t.dtype != torch.int64 or t.dim() != 2 or t.shape[1] != int(num_true):
        raise ValueError(f"`true_classes` must be an int64 tensor of shape [batch_size, num_true={num_true}]. "
                         f"Received: shape={list(t.shape)}, dtype={t.dtype}")
    return t


def _check_counts(num_sampled, unique, range_max):
    if int(num_sampled) < 0 or int(range_max) <= 0:
        raise ValueError(f"`num_sampled` must be >= 0 and `range_max` > 0. Received: num_sampled={num_sampled}, "
                         f"range_max={range_max}")
    if unique and int(num_sampled) > int(range_max):
        raise ValueError("With unique=True, `num_sampled` cannot exceed the number of classes. "
                         f"Received: num_sampled={num_sampled}, range_max={range_max}")


def _sample(draw, prob, true_classes, num_sampled, unique, seed):
    """`draw(n, gen)` -> n int64 class ids; `prob(ids)` -> float64 probabilities."""
    gen = tf_random.op_generator(seed)
    num_sampled = int(num_sampled)
    if not unique:
        sampled = draw(num_sampled, gen)
        tries = num_sampled
    else:
        chosen, seen, tries = [], set(), 0
        while len(chosen) < num_sampled:
            for c in draw(max(num_sampled - len(chosen), 1) * 2, gen).tolist():
                if len(chosen) == num_sampled:
                    break
                tries += 1
                if c not in seen:
                    seen.add(c)
                    chosen.append(c)
        sampled = torch.tensor(chosen, dtype=torch.int64)

    def expected(ids):
        p = prob(ids.cpu())
        if tries == num_sampled:
            return (p * num_sampled).to(torch.float32)
        return (-torch.expm1(tries * torch.log1p(-p))).to(torch.float32)

    return CandidateSamplerResult(sampled.to(true_classes.device), expected(true_classes).to(true_classes.device),
                                  expected(sampled).to(true_classes.device))


def _rand(n, gen):
    dev = gen.device if gen is not None else torch.device("cpu")
    return torch.rand(n, dtype=torch.float64, generator=gen, device=dev).cpu()


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None, name=None):
    """`tf.random.uniform_candidate_sampler`: candidates uniform over `[0, range_max)` (see module docstring)."""
    tc = _true_classes(true_classes, num_true)
    _check_counts(num_sampled, unique, range_max)
    range_max = int(range_max)
    return _sample(lambda n, g: torch.floor(_rand(n, g) * range_max).to(torch.int64).clamp_(max=range_max - 1),
                   lambda ids: torch.where((ids >= 0) & (ids < range_max), 1.0 / range_max, 0.0).to(torch.float64),
                   tc, num_sampled, unique, seed)


def log_uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None, name=None):
    """`tf.random.log_uniform_candidate_sampler`: Zipfian candidates over `[0, range_max)`,
    `P(c) = log((c + 2) / (c + 1)) / log(range_max + 1)` (ids sorted by decreasing frequency)."""
    tc = _true_classes(true_classes, num_true)
    _check_counts(num_sampled, unique, range_max)
    range_max = int(range_max)
    log_range = math.log(range_max + 1)

    def draw(n, g):
        v = torch.floor(torch.exp(_rand(n, g) * log_range)).to(torch.int64) - 1
        return v.clamp_(0, range_max - 1)

    def prob(ids):
        c = ids.to(torch.float64)
        p = (torch.log(c + 2.0) - torch.log(c + 1.0)) / log_range
        return torch.where((ids >= 0) & (ids < range_max), p, torch.zeros_like(p))

    return _sample(draw, prob, tc, num_sampled, unique, seed)


def _vocab_counts(vocab_file):
    counts = []
    with open(vocab_file, encoding="utf-8") as f:
        for line_no, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                counts.append(float(line.split(",")[-1]))
            except ValueError:
                raise ValueError(f"Line {line_no} of {vocab_file} does not end in a count (CSV 'word,count'). "
                                 f"Received: {line!r}") from None
    return counts


def fixed_unigram_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, vocab_file="",
                                    distortion=1.0, num_reserved_ids=0, num_shards=1, shard=0, unigrams=(),
                                    seed=None, name=None):
    """`tf.random.fixed_unigram_candidate_sampler`: candidates with probability proportional to
    `count ** distortion`, counts from `unigrams` or `vocab_file` (CSV, the count in the last column), after
    `num_reserved_ids` zero-probability ids. `num_shards > 1` raises NotImplementedError.

    Raises:
        ValueError: for both or neither of `vocab_file`/`unigrams`, or a count list that does not cover
            `range_max` ids.
        NotImplementedError: for `num_shards > 1`.
    """
    tc = _true_classes(true_classes, num_true)
    _check_counts(num_sampled, unique, range_max)
    if bool(vocab_file) == bool(len(unigrams)):
        raise ValueError("Give exactly one of `vocab_file` and `unigrams`. "
                         f"Received: vocab_file={vocab_file!r}, unigrams of length {len(unigrams)}")
    if int(num_shards) != 1 or int(shard) != 0:
        raise NotImplementedError("fixed_unigram_candidate_sampler with num_shards > 1 (TF's shard-local id "
                                  f"ranges) is not implemented. Received: num_shards={num_shards}, shard={shard}")
    counts = _vocab_counts(vocab_file) if vocab_file else [float(u) for u in unigrams]
    weights = [0.0] * int(num_reserved_ids) + [c ** float(distortion) for c in counts]
    range_max = int(range_max)
    if len(weights) != range_max:
        raise ValueError(f"`num_reserved_ids` + the number of unigram counts must equal range_max={range_max}. "
                         f"Received: {int(num_reserved_ids)} + {len(counts)}")
    w = torch.tensor(weights, dtype=torch.float64)
    if float(w.sum()) <= 0 or bool((w < 0).any()):
        raise ValueError("The unigram counts must be non-negative with a positive sum. Received: unigrams")
    probs = w / w.sum()
    if unique and int(num_sampled) > int((probs > 0).sum()):
        raise ValueError("With unique=True, `num_sampled` cannot exceed the classes of non-zero probability. "
                         f"Received: num_sampled={num_sampled}")

    def draw(n, g):
        dev = g.device if g is not None else torch.device("cpu")
        return torch.multinomial(probs.to(dev), n, replacement=True, generator=g).cpu()

    def prob(c):
        inside = (c >= 0) & (c < range_max)
        return torch.where(inside, probs[c.clamp(0, range_max - 1)], torch.zeros((), dtype=torch.float64))

    return _sample(draw, prob, tc, num_sampled, unique, seed)


def all_candidate_sampler(true_classes, num_true, num_sampled, unique, seed=None, name=None):
    """`tf.random.all_candidate_sampler`: the candidates `0..num_sampled-1`, every expected count 1.

    Raises:
        ValueError: for a true class outside `[0, num_sampled)` (as TF's kernel).
    """
    tc = _true_classes(true_classes, num_true)
    n = int(num_sampled)
    if bool(((tc < 0) | (tc >= n)).any()):
        raise ValueError(f"`true_classes` must lie in [0, num_sampled={n}). Received: values outside it")
    return CandidateSamplerResult(torch.arange(n, dtype=torch.int64, device=tc.device),
                                  torch.ones(tc.shape, dtype=torch.float32, device=tc.device),
                                  torch.ones(n, dtype=torch.float32, device=tc.device))
