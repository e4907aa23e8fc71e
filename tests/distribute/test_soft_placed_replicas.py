"""MirroredStrategy given GPUs the machine lacks: soft-placed on the CPU with a warning (as TF), or an error
when soft placement is off."""

import numpy as np
import pytest
import torch

import keraslike as tf
from tests.conftest import SCRIPTS, in_turn, run_scripts

WORKER = SCRIPTS / "soft_placed_gpus.py"


@pytest.mark.skipif(torch.cuda.device_count() >= 2, reason="the machine has the GPUs")
def test_error_when_soft_placement_is_off():
    tf.config.set_soft_device_placement(False)
    try:
        with pytest.raises(ValueError, match="soft device placement is off"):
            tf.distribute.MirroredStrategy(["GPU:0", "GPU:1"])
    finally:
        tf.config.set_soft_device_placement(True)


@pytest.mark.slow
@pytest.mark.skipif(torch.cuda.device_count() >= 2, reason="the machine has the GPUs")
def test_missing_gpus_run_as_two_cpu_replicas(tmp_path):
    mirrored, single = run_scripts([WORKER, tmp_path / "mirrored.npz"], [WORKER, tmp_path / "single.npz", "--single"])
    assert mirrored.returncode == 0, mirrored.stderr
    assert "run on the CPU instead" in mirrored.stderr
    assert single.returncode == 0, single.stderr
    a, b = np.load(tmp_path / "mirrored.npz"), np.load(tmp_path / "single.npz")
    assert int(a["replicas"]) == 2 and int(b["replicas"]) == 1
    for key in ("arr_0", "arr_1"):  # the same computation as one device on the global batch
        np.testing.assert_allclose(a[key], b[key], rtol=1e-5, atol=1e-6)


@pytest.mark.slow
def test_strategies_made_in_turn(tmp_path_factory):
    # tests/scripts/strategies_in_turn.py, run in the distribute_two_replicas group (tests/conftest.py IN_TURN):
    # a program's two-replica strategy re-runs it as two processes, then one-device strategies follow
    result, folder = in_turn(tmp_path_factory, "distribute_two_replicas")["strategies_in_turn"]
    assert result.returncode == 0, result.stderr
    out = np.load(folder / "out.npz")
    assert list(out["replicas"]) == [2, 1]
    assert float(out["reduced"]) == 1.0  # the default strategy has one replica
    assert float(out["summed"]) == 2.0  # the two-replica strategy still sums over both processes
    # one-device fit, kernel 1, bias 0: first batch loss 1 -> after one SGD step on batch 1 the second batch's
    # loss is ((1 - 0.1 * 2) + (0 - 0.1 * 2))^2 = 0.36; the epoch mean is (1 + 0.36) / 2
    np.testing.assert_allclose(float(out["loss"]), (1.0 + 0.36) / 2, rtol=1e-5)
