"""Sparse (IndexedSlices) Embedding updates under 2 replicas equal real TF's one-device values
(tests/golden/sparse_optimizers.npz): the occurrences' squares, clipped values and present rows of each replica
are combined across replicas as TF's all-gather of the slices would."""

import os

import numpy as np
import pytest

from tests.conftest import in_turn

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]  # waits for its in-turn group
GOLDEN = np.load(os.path.join(os.path.dirname(__file__), "..", "golden", "sparse_optimizers.npz"))


def test_two_replica_fit_equals_tf(tmp_path_factory):
    proc, tmp_path = in_turn(tmp_path_factory, "distribute_two_replicas")["sparse_updates"]  # conftest IN_TURN
    assert proc.returncode == 0, proc.stderr
    two = np.load(tmp_path / "two.npz")
    assert int(two["replicas"]) == 2
    for name in ("model/adam", "model/adam_clipvalue", "legacy/sgd_momentum", "legacy/sgd_clipvalue", "keras2/adam"):
        np.testing.assert_allclose(two[name], GOLDEN[name][-1], rtol=2e-4, atol=2e-5, err_msg=name)
