"""BackupAndRestore: a run SIGKILLed mid-epoch and restarted ends with the same weights as an uninterrupted run."""

import os

import numpy as np

from tests.conftest import SCRIPTS, run_script

WORKER = SCRIPTS / "backup_restore.py"


def test_killed_and_restarted_run_matches_uninterrupted(tmp_path):
    straight = run_script([WORKER, tmp_path / "straight.npz", tmp_path / "backup_a"])
    assert straight.returncode == 0, straight.stderr
    killed = run_script([WORKER, tmp_path / "resumed.npz", tmp_path / "backup_b", "--kill-epoch", "2"])
    assert killed.returncode == -9  # SIGKILL mid-epoch 2
    assert not (tmp_path / "resumed.npz").exists()
    assert os.path.exists(tmp_path / "backup_b" / "latest.weights.h5")
    resumed = run_script([WORKER, tmp_path / "resumed.npz", tmp_path / "backup_b"])
    assert resumed.returncode == 0, resumed.stderr
    a, b = np.load(tmp_path / "straight.npz"), np.load(tmp_path / "resumed.npz")
    assert list(b["epochs"]) == [2, 3]  # the interrupted epoch is redone
    assert int(a["iterations"]) == int(b["iterations"]) == 4 * 7
    for i in range(4):
        np.testing.assert_array_equal(a[f"arr_{i}"], b[f"arr_{i}"])
    assert not (tmp_path / "backup_b").exists()  # deleted after a successful fit
