"""Per-replica layer randomness and the agreed pipeline stream, in one process (no process group needed).

`ReplicaRandomness(replica_id, num_replicas, device)` is what each replica enters around a step; here two
instances stand for two replicas of the same program. The multi-process checks are in
`test_replica_steps.py` / `test_coverage.py`.
"""

import random

import numpy as np
import torch

import keraslike as tf
from keraslike._src.distribute import replica_random


def _steps(replica_id, seed, steps=3):
    tf.keras.utils.set_random_seed(seed)
    randomness = replica_random.ReplicaRandomness(replica_id, 2, torch.device("cpu"))
    draws = []
    for _ in range(steps):
        with randomness:
            draws.append(torch.rand(8))
    return torch.stack(draws), torch.rand(4)  # the step draws, then one draw from the agreed stream


def test_replicas_draw_different_numbers_in_steps_reproducibly():
    a0, after0 = _steps(0, seed=3)
    a1, after1 = _steps(1, seed=3)
    assert not torch.equal(a0, a1)  # replicas differ
    assert not torch.equal(a0[0], a0[1])  # steps differ
    b0, _ = _steps(0, seed=3)
    torch.testing.assert_close(a0, b0, rtol=0, atol=0)  # the same seed repeats
    c0, _ = _steps(0, seed=4)
    assert not torch.equal(a0, c0)
    # the agreed stream does not move inside steps: after them it continues as if they had not run
    tf.keras.utils.set_random_seed(3)
    expected = torch.rand(4)
    torch.testing.assert_close(after0, expected, rtol=0, atol=0)
    torch.testing.assert_close(after1, expected, rtol=0, atol=0)


def test_one_replica_uses_the_global_stream_unchanged():
    tf.keras.utils.set_random_seed(5)
    randomness = replica_random.ReplicaRandomness(0, 1, torch.device("cpu"))
    with randomness:
        inside = torch.rand(5)
    tf.keras.utils.set_random_seed(5)
    torch.testing.assert_close(inside, torch.rand(5), rtol=0, atol=0)


def test_layer_seed_is_unchanged_on_replica_zero_and_mixed_elsewhere():
    assert replica_random.seed_for_replica(3, 0) == 3
    assert replica_random.seed_for_replica(3, 1) != 3
    assert replica_random.seed_for_replica(3, 1) == replica_random.seed_for_replica(3, 1)
    assert replica_random.seed_for_replica(3, 1) != replica_random.seed_for_replica(3, 2)


def test_rng_states_travel_in_one_tensor():
    random.seed(1)
    np.random.seed(2)
    torch.manual_seed(3)
    np.random.normal()  # a cached gaussian is part of numpy's state
    blob = replica_random._pack_state(torch.device("cpu"))
    expected = (random.random(), np.random.normal(), torch.rand(3))
    random.seed(9)
    np.random.seed(9)
    torch.manual_seed(9)
    replica_random._unpack_state(blob.clone(), torch.device("cpu"))
    assert random.random() == expected[0]
    assert np.random.normal() == expected[1]
    torch.testing.assert_close(torch.rand(3), expected[2], rtol=0, atol=0)


class _Probe(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)
        self.seen = []

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        ctx = tf.distribute.get_replica_context()
        x, _ = data
        self.seen.append((int(ctx.replica_id_in_sync_group), ctx.num_replicas_in_sync,
                          int(ctx.all_reduce("SUM", tf.shape(x)[0]))))
        return super().train_step(data)


def test_fit_steps_run_in_the_default_replica_context():
    x, y = np.ones((10, 2), "float32"), np.zeros((10, 1), "float32")
    assert isinstance(tf.distribute.get_replica_context(), tf.distribute.ReplicaContext)  # outside strategies
    model = _Probe()
    model.compile(optimizer="sgd", loss="mse")
    model.fit(x, y, batch_size=4, verbose=0)
    assert model.seen == [(0, 1, 4), (0, 1, 4), (0, 1, 2)]
    strategy = tf.distribute.OneDeviceStrategy("/cpu:0")
    with strategy.scope():
        assert tf.distribute.get_replica_context() is None  # cross-replica context, as TF
        model = _Probe()
        model.compile(optimizer="sgd", loss="mse")
    model.fit(x, y, batch_size=8, verbose=0)
    assert model.seen == [(0, 1, 8), (0, 1, 2)]
