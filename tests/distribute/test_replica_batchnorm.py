"""`BatchNormalization(synchronized=False)` under 2 replicas follows TF 2.21 (issue 21 item 4).

Each replica keeps its own moving statistics (`evaluate`/`predict` normalise its rows with them) and a read
outside the steps (`get_weights`, `save`) gives replica 0's under Keras 3, the replicas' mean under
`TF_USE_LEGACY_KERAS=1` (Keras 2). The goldens come from real TF 2.21 running the same model, weights and
data (`tests/golden/make_replica_batchnorm_golden.py`). Before the fix keraslike averaged the replicas'
batch statistics into one shared moving mean: evaluate 2.1461 where TF gives 1.3987.
"""

import json

import numpy as np
import pytest

from tests.conftest import REPO, in_turn

GOLDEN = json.loads((REPO / "tests" / "golden" / "replica_batchnorm.json").read_text())


@pytest.fixture(scope="module")
def ranks(tmp_path_factory):
    proc, out = in_turn(tmp_path_factory, "distribute_two_replicas")["replica_batchnorm"]  # tests/conftest.py IN_TURN
    assert proc.returncode == 0, proc.stderr[-3000:]
    return [json.loads((out / f"rank{r}.json").read_text()) for r in range(2)]


@pytest.mark.slow
@pytest.mark.timeout(900)  # the first test waits for its in-turn group
@pytest.mark.parametrize("keras", ["keras3", "keras2"])
def test_evaluate_and_predict_use_each_replicas_statistics(ranks, keras):
    golden = GOLDEN[keras]
    for rank in ranks:
        np.testing.assert_allclose(rank[keras]["evaluate"], golden["evaluate"], rtol=1e-4)
        np.testing.assert_allclose(rank[keras]["predict"], golden["predict"], rtol=1e-4, atol=1e-5)


@pytest.mark.slow
@pytest.mark.timeout(900)  # the first test waits for its in-turn group
@pytest.mark.parametrize("keras", ["keras3", "keras2"])
def test_get_weights_and_save_read_what_tf_reads(ranks, keras):
    golden = GOLDEN[keras]
    for rank in ranks:  # replica 1 reads replica 0's values (Keras 3) or the mean (Keras 2), as TF's one process
        for key in ("weights", "loaded", "after"):
            for got, want in zip(rank[keras][key], golden["weights"]):
                np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5, err_msg=key)


def test_golden_keras3_and_keras2_differ_only_in_the_read():
    k3, k2 = GOLDEN["keras3"], GOLDEN["keras2"]
    np.testing.assert_allclose(k3["evaluate"], k2["evaluate"], rtol=1e-6)
    assert not np.allclose(k3["weights"][4], k2["weights"][4])  # moving_mean: replica 0's vs the mean
