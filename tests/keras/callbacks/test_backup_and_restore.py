"""BackupAndRestore: a run SIGKILLed mid-epoch and restarted ends with the same weights as an uninterrupted run.

One uninterrupted run is the reference for both kinds of backup (every epoch, and every 2 batches, as in TF's
multi-worker tutorial): backing up never changes training. The independent runs go at the same time.
"""

import json
import os

import numpy as np
import pytest

import keraslike as tf
from tests.conftest import SCRIPTS, run_scripts

WORKER = SCRIPTS / "backup_restore.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("backup")
    by_epoch, by_batches = base / "backup_epoch", base / "backup_batches"
    straight, killed_epoch, killed_batches = run_scripts(
        [WORKER, base / "straight.npz", base / "backup_straight"],
        [WORKER, base / "epoch.npz", by_epoch, "--kill-epoch", "2"],  # SIGKILL mid-epoch 2
        # killed after batch 4 of epoch 2: the last backup was after batch 3 (batches 0-1 and 2-3 of that epoch)
        [WORKER, base / "batches.npz", by_batches, "--save-freq", "2", "--kill-epoch", "2", "--kill-batch", "4"],
    )
    assert straight.returncode == 0, straight.stderr
    state = {"killed_epoch": killed_epoch.returncode, "killed_batches": killed_batches.returncode,
             "epoch_exists": (base / "epoch.npz").exists(),
             "epoch_backup": os.path.exists(by_epoch / "latest.weights.h5"),
             "batches_metadata": json.loads((by_batches / "training_metadata.json").read_text())}
    resumed_epoch, resumed_batches = run_scripts(
        [WORKER, base / "epoch.npz", by_epoch],
        [WORKER, base / "batches.npz", by_batches, "--save-freq", "2"],
    )
    assert resumed_epoch.returncode == 0, resumed_epoch.stderr
    assert resumed_batches.returncode == 0, resumed_batches.stderr
    state["epoch_backup_left"] = by_epoch.exists()
    return {"straight": np.load(base / "straight.npz"), "epoch": np.load(base / "epoch.npz"),
            "batches": np.load(base / "batches.npz"), **state}


@pytest.mark.slow
def test_killed_and_restarted_run_matches_uninterrupted(runs):
    assert runs["killed_epoch"] == -9  # SIGKILL mid-epoch 2
    assert not runs["epoch_exists"] and runs["epoch_backup"]
    a, b = runs["straight"], runs["epoch"]
    assert list(b["epochs"]) == [2, 3]  # the interrupted epoch is redone
    assert int(a["iterations"]) == int(b["iterations"]) == 4 * 7
    for i in range(4):
        np.testing.assert_array_equal(a[f"arr_{i}"], b[f"arr_{i}"])
    assert not runs["epoch_backup_left"]  # deleted after a successful fit


@pytest.mark.slow
def test_save_freq_batches_resumes_mid_epoch(runs):
    """tensorflow/docs multi_worker_with_keras.ipynb: BackupAndRestore(save_freq=N) backs up every N batches."""
    assert runs["killed_batches"] == -9
    assert runs["batches_metadata"] == {"epoch": 2, "batch": 3}
    a, b = runs["straight"], runs["batches"]
    assert list(b["epochs"]) == [2, 3]
    assert int(b["trained"]) == 7 - 4 + 7  # epoch 2 resumes at batch 4, then all of epoch 3
    assert int(a["iterations"]) == int(b["iterations"]) == 4 * 7
    for i in range(4):
        np.testing.assert_array_equal(a[f"arr_{i}"], b[f"arr_{i}"])


def test_save_freq_validation():
    for bad in ("batch", 0, True, 1.5):
        with pytest.raises(ValueError, match="save_freq"):
            tf.keras.callbacks.BackupAndRestore("/tmp/unused", save_freq=bad)


def _small_model():
    model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(2)])
    model.compile(optimizer="adam", loss="mse")
    return model


def test_double_checkpoint_restores_the_previous_backup_when_the_latest_is_unreadable(tmp_path):
    x, y = np.ones((8, 3), "float32"), np.zeros((8, 2), "float32")
    backup = tmp_path / "backup"
    _small_model().fit(x, y, epochs=2, verbose=0, callbacks=[tf.keras.callbacks.BackupAndRestore(
        backup, double_checkpoint=True, delete_checkpoint=False)])
    assert json.loads((backup / "training_metadata.json.bkp").read_text())["epoch"] == 1
    (backup / "latest.weights.h5").write_bytes(b"not an h5 file")  # a corrupted latest backup
    history = _small_model().fit(x, y, epochs=3, verbose=0, callbacks=[tf.keras.callbacks.BackupAndRestore(
        backup, double_checkpoint=True)])
    assert history.epoch == [1, 2]  # resumed from the previous backup (after epoch 0)
    with pytest.raises(ValueError, match="latest.weights.h5"):  # without double_checkpoint: an error, as Keras 3
        (tmp_path / "b2").mkdir()
        (tmp_path / "b2" / "latest.weights.h5").write_bytes(b"not an h5 file")
        _small_model().fit(x, y, epochs=1, verbose=0, callbacks=[tf.keras.callbacks.BackupAndRestore(
            tmp_path / "b2")])
