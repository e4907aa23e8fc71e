"""BackupAndRestore: a run SIGKILLed mid-epoch and restarted ends with the same weights as an uninterrupted run."""

import os

import numpy as np
import pytest

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


@pytest.mark.slow
def test_save_freq_batches_resumes_mid_epoch(tmp_path):
    """tensorflow/docs multi_worker_with_keras.ipynb: BackupAndRestore(save_freq=N) backs up every N batches."""
    import json

    straight = run_script([WORKER, tmp_path / "straight.npz", tmp_path / "backup_a", "--save-freq", "2"])
    assert straight.returncode == 0, straight.stderr
    # killed after batch 4 of epoch 2: the last backup was after batch 3 (batches 0-1 and 2-3 of that epoch)
    killed = run_script([WORKER, tmp_path / "resumed.npz", tmp_path / "backup_b", "--save-freq", "2",
                         "--kill-epoch", "2", "--kill-batch", "4"])
    assert killed.returncode == -9
    with open(tmp_path / "backup_b" / "training_metadata.json") as f:
        assert json.load(f) == {"epoch": 2, "batch": 3}
    resumed = run_script([WORKER, tmp_path / "resumed.npz", tmp_path / "backup_b", "--save-freq", "2"])
    assert resumed.returncode == 0, resumed.stderr
    a, b = np.load(tmp_path / "straight.npz"), np.load(tmp_path / "resumed.npz")
    assert list(b["epochs"]) == [2, 3]
    assert int(b["trained"]) == 7 - 4 + 7  # epoch 2 resumes at batch 4, then all of epoch 3
    assert int(a["iterations"]) == int(b["iterations"]) == 4 * 7
    for i in range(4):
        np.testing.assert_array_equal(a[f"arr_{i}"], b[f"arr_{i}"])


def test_save_freq_validation():
    import keraslike as tf

    for bad in ("batch", 0, True, 1.5):
        with pytest.raises(ValueError, match="save_freq"):
            tf.keras.callbacks.BackupAndRestore("/tmp/unused", save_freq=bad)
