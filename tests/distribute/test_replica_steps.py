"""Inside fit's steps under 2 replicas: replica context, per-replica randomness, mid-epoch stops, per-replica inputs.

The worker is `tests/scripts/replica_steps.py`; each replica writes what it saw to OUT.rank<r>.npz. The
references are one device (the same script with one replica) and hand-counted batches.
"""

import numpy as np
import pytest

from tests.conftest import in_turn

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]  # the first test waits for its in-turn groups


@pytest.fixture(scope="module")
def ranks(tmp_path_factory):
    # the runs are jobs of the shared in-turn groups (tests/conftest.py IN_TURN)
    proc, two_dir = in_turn(tmp_path_factory, "distribute_two_replicas")["replica_steps"]
    one, one_dir = in_turn(tmp_path_factory, "one_replica")["replica_steps"]
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert one.returncode == 0, one.stderr[-4000:]
    return [np.load(two_dir / f"two.rank{r}.npz") for r in range(2)], np.load(one_dir / "one.rank0.npz")


def test_steps_and_layers_run_in_replica_context(ranks):
    (r0, r1), _ = ranks
    # 20 rows, global batch 8: local batches 4/4, 4/4, 2/2; all_reduce(SUM) of the local size = global size
    for rank, data in enumerate((r0, r1)):
        for kind in ("train", "test", "predict"):
            rows = data[f"context_{kind}"]
            np.testing.assert_array_equal(rows[:, 0], [rank] * 3)  # replica_id_in_sync_group
            np.testing.assert_array_equal(rows[:, 1], [2] * 3)  # num_replicas_in_sync
            np.testing.assert_array_equal(rows[:, 2], [8, 8, 4])  # all_reduce of tf.shape(x)[0]
            np.testing.assert_array_equal(rows[:, 3], [1] * 3)  # all_gather of the ids: 0 + 1
        ids = data["context_layer_ids"]
        assert ids[0] == -1  # the build call outside any step: cross-replica context (None), as TF
        np.testing.assert_array_equal(ids[1:], [rank] * (len(ids) - 1))


def test_dropout_and_noise_differ_across_replicas_and_repeat_for_a_seed(ranks):
    (r0, r1), _ = ranks
    for run in ("mask_run0", "mask_run1"):
        # (steps, rows, 256): Dropout | Dropout(seed=3) | GaussianNoise | GaussianNoise(seed=4), on ones
        a, b = r0[run], r1[run]
        assert a.shape == (2, 4, 256)
        for part in (slice(0, 64), slice(64, 128)):
            same = (a[..., part] == b[..., part]).mean()
            assert 0.3 < same < 0.7, same  # independent masks agree on about half the units
            kept = (a[..., part] != 0).mean()
            assert 0.35 < kept < 0.65
        for part in (slice(128, 192), slice(192, 256)):
            assert (a[..., part] == b[..., part]).mean() < 0.01  # independent noise
            assert 0.7 < (a[..., part] - 1.0).std() < 1.3
        assert not np.array_equal(a[0], a[1])  # and change from step to step
    for data in (r0, r1):  # the same seed gives the same masks again
        np.testing.assert_array_equal(data["mask_run0"], data["mask_run1"])


def test_stop_training_on_one_replica_stops_every_replica_at_that_batch(ranks):
    (r0, r1), _ = ranks
    for data in (r0, r1):
        np.testing.assert_array_equal(data["stop_callback_batches"], [0, 1, 2])
        assert int(data["stop_callback_epochs"]) == 1


def test_terminate_on_nan_on_one_replica_stops_at_the_batch(ranks):
    (r0, r1), _ = ranks
    for data in (r0, r1):
        np.testing.assert_array_equal(data["stop_nan_batches"], [0, 1, 2, 3])
        assert int(data["stop_nan_epochs"]) == 1


def test_fit_on_datasets_from_function_uses_each_replicas_batches(ranks):
    (r0, r1), one = ranks
    # 48 rows, per-replica batch 8 dealt alternately: replica 0 trains on rows 0-7, 16-23, 32-39 each epoch
    np.testing.assert_array_equal(np.sort(r0["fn48_ids"]), np.sort(np.tile(
        np.concatenate([np.arange(0, 8), np.arange(16, 24), np.arange(32, 40)]), 2)))
    seen = np.concatenate([r0["fn48_ids"], r1["fn48_ids"]])
    np.testing.assert_array_equal(np.bincount(seen.astype(int)), [2] * 48)  # every row once per epoch
    for data in (r0, r1):  # the same updates as one device on global batches of 16
        for key in ("fn48_w0", "fn48_w1"):
            np.testing.assert_allclose(data[key], one[key], rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(data["fn48_eval"], data["fn48_eval_ref"], rtol=1e-5)
        np.testing.assert_allclose(data["fn48_predict"], data["fn48_predict_ref"], rtol=1e-5, atol=1e-6)


def test_uneven_per_replica_datasets_neither_hang_nor_drop_rows(ranks):
    (r0, r1), one = ranks
    # 56 rows = 7 per-replica batches: replica 0 gets 4, replica 1 gets 3 and runs one empty step
    seen = np.concatenate([r0["fn56_ids"], r1["fn56_ids"]])
    np.testing.assert_array_equal(np.bincount(seen.astype(int)), [2] * 56)
    assert len(r0["fn56_ids"]) == 2 * 32 and len(r1["fn56_ids"]) == 2 * 24
    np.testing.assert_array_equal(r0["fn56_w0"], r1["fn56_w0"])
    # the last step holds rows 48-55 on replica 0 only: one device's last batch, and its update (TF would
    # average replica 0's mean with replica 1's empty one: half the step; README, "Where keraslike differs")
    for key in ("w0", "w1"):
        for data in (r0, one):
            np.testing.assert_allclose(data[f"fn56_{key}"], data[f"fn56_fit_ref_{key}"], rtol=1e-5, atol=1e-6)
    for data in (r0, r1):
        np.testing.assert_allclose(data["fn56_eval"], data["fn56_eval_ref"], rtol=1e-5)
        np.testing.assert_allclose(data["fn56_predict"], data["fn56_predict_ref"], rtol=1e-5, atol=1e-6)


def test_a_step_of_per_replica_datasets_averages_the_rows_it_holds(ranks):
    """The function asks `get_per_replica_batch_size(64)` but batches 16 rows in all: a step is the mean over
    those 16 rows on one device and on 2 replicas (as TF: each replica's mean / N), not their sum / 64."""
    (r0, r1), one = ranks
    for data in (r0, r1, one):
        for key in ("w0", "w1"):
            np.testing.assert_allclose(data[f"fn_asked64_{key}"], data[f"fn_asked64_fit_ref_{key}"], rtol=1e-5,
                                       atol=1e-6)


def test_experimental_distribute_dataset_in_evaluate_and_predict(ranks):
    (r0, r1), _ = ranks
    for data in (r0, r1):
        np.testing.assert_allclose(data["dist_eval"], data["fn56_eval_ref"], rtol=1e-5)
        np.testing.assert_allclose(data["dist_predict"], data["fn56_predict_ref"], rtol=1e-5, atol=1e-6)
