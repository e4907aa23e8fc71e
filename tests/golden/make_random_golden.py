"""Writes tests/golden/random_state.json under real TF 2.21: `create_rng_state` words and the state of a
`tf.random.Generator` after draws (the sampled values themselves: make_issue25_docb_golden.py).

    /work/tfvenv/bin/python tests/golden/make_random_golden.py
"""

import json
import os

import tensorflow as tf

out = {"create_rng_state": [], "generator_states": {}}
for seed, alg in [(1234, "philox"), (-1, "philox"), (2**70 + 5, "threefry"), ([1, 2], "philox"),
                  ([1, 2, 3, 4], "philox"), (2**64 + 3, "philox"), (7, "threefry")]:
    out["create_rng_state"].append([str(seed) if isinstance(seed, int) else seed, alg,
                                    tf.random.create_rng_state(seed, alg).numpy().tolist()])
g = tf.random.Generator.from_seed(1234)
states = [g.state.numpy().tolist()]
g.normal([3])
states.append(g.state.numpy().tolist())
g.uniform([2, 2])
states.append(g.state.numpy().tolist())
g.skip(5)
states.append(g.state.numpy().tolist())
out["generator_states"]["seed1234_normal3_uniform2x2_skip5"] = states
k = tf.random.Generator.from_key_counter(7, [1, 2], "philox")
out["generator_states"]["key7_counter12"] = [k.state.numpy().tolist(), int(k.key.numpy()), int(k.algorithm)]
# Expected counts with unique=False are deterministic (p * num_sampled); the candidates are not.
tc = tf.constant([[0, 3], [5, 9]], tf.int64)
uni = [1.0, 2.0, 3.0, 4.0, 5.0, 1, 1, 1, 1, 1]
samplers = {
    "log_uniform": tf.random.log_uniform_candidate_sampler(tc, 2, 4, False, 10),
    "uniform": tf.random.uniform_candidate_sampler(tc, 2, 4, False, 10),
    "fixed_unigram": tf.random.fixed_unigram_candidate_sampler(tc, 2, 3, False, 11, unigrams=uni, distortion=0.5,
                                                               num_reserved_ids=1),
}
out["candidate_true_expected"] = {k: r.true_expected_count.numpy().tolist() for k, r in samplers.items()}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "random_state.json"), "w") as f:
    json.dump(out, f, indent=1)
