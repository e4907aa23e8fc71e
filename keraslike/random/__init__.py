"""`tf.random`: seeding and sampling (TF's global/op seed rules), stateless ops and `tf.random.Generator`."""

# ruff: noqa: F401, I001
from keraslike._src.ops.random import Algorithm
from keraslike._src.ops.random import (
    categorical, fold_in, gamma, normal, poisson, set_seed, shuffle, split, stateless_binomial,
    stateless_categorical, stateless_gamma, stateless_normal, stateless_parameterized_truncated_normal,
    stateless_poisson, stateless_truncated_normal, stateless_uniform, truncated_normal, uniform,
)
from keraslike._src.ops.candidate_sampling import (
    all_candidate_sampler, fixed_unigram_candidate_sampler, log_uniform_candidate_sampler, uniform_candidate_sampler,
)
from keraslike._src.ops.random_generator import (
    Generator, create_rng_state, get_global_generator, set_global_generator,
)
from keraslike.random import experimental
