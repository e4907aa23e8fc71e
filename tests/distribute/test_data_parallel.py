"""Models DDP cannot take as they are train under 2 replicas exactly as on one device (issue 9 item 6).

Before `distribute/data_parallel.py`, `none_loss`, `unused` and `branch` crashed on 2 replicas with DDP's
"Expected to have finished reduction in the prior iteration". The optimizer is AdamW with weight decay, so a
parameter given a zero gradient instead of none (one device: left alone) would show in the weights.
"""

import numpy as np
import pytest

from tests.conftest import SCRIPTS, run_script

pytestmark = pytest.mark.slow
WORKER = SCRIPTS / "ddp_shapes.py"
# case: (how fit synchronises gradients, index of weights that must not move: no loss reaches them)
CASES = {
    "none_loss": (["plain_used"], [4, 5]),  # head "b" has loss None
    "unused": (["plain_masked"], [2, 3]),  # `spare` is never called
    "branch": (["plain_masked"], []),  # `extra` is used on every other global batch only
    "frozen": (["ddp", "ddp"], []),  # Sequential: DDP's fast path, re-wrapped after freezing + compile
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    out = tmp_path_factory.mktemp("ddp_shapes")
    cases = ",".join([*sorted(CASES), "split_branch"])
    for replicas in (1, 2):  # the 1-replica run writes every case's initial weights
        proc = run_script([WORKER, out, cases, "--replicas", str(replicas)], timeout=600)
        assert proc.returncode == 0, proc.stderr[-3000:]
    return out


@pytest.fixture(params=sorted(CASES))
def case(request, runs):
    return request.param, runs


def test_two_replicas_train_as_one_device(case):
    name, out = case
    modes, frozen_weights = CASES[name]
    one = np.load(out / f"{name}.1.rank0.npz")
    init = np.load(out / f"{name}.init.npz")
    for rank in range(2):
        two = np.load(out / f"{name}.2.rank{rank}.npz")
        assert list(two["modes"]) == modes
        np.testing.assert_allclose(two["loss"], one["loss"], rtol=1e-5)
        weights = sorted((k for k in one.files if k.startswith("w")), key=lambda k: int(k[1:]))
        for i, key in enumerate(weights):
            np.testing.assert_allclose(two[key], one[key], rtol=1e-5, atol=1e-6, err_msg=f"{name} {key}")
            moved = np.abs(two[key] - init[f"arr_{i}"]).max()
            assert (moved == 0) == (i in frozen_weights), (name, key, moved)


def test_a_branch_taken_on_one_replica_only_keeps_the_replicas_in_step(runs):
    ranks = [np.load(runs / f"split_branch.2.rank{r}.npz") for r in range(2)]
    init = np.load(runs / "split_branch.init.npz")
    assert list(ranks[0]["modes"]) == ["plain_masked"]
    for key in (k for k in ranks[0].files if k.startswith("w")):
        np.testing.assert_array_equal(ranks[0][key], ranks[1][key])
    assert np.abs(ranks[0]["w2"] - init["arr_2"]).max() > 0  # `extra` learned from replica 0's rows
