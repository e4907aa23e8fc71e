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


@pytest.fixture(scope="module", params=sorted(CASES))
def case(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(request.param)
    for replicas in (1, 2):
        proc = run_script([WORKER, out, request.param, "--replicas", str(replicas)], timeout=300)
        assert proc.returncode == 0, proc.stderr[-3000:]
    return request.param, out


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
