"""fit under MirroredStrategy with real replica processes (gloo on CPU).

The reference for every check is the same script run on one device. The module's jobs (one device, two
replicas, torchrun, two failing runs) start together in one fixture; the tests read their outputs.
"""

import numpy as np
import pytest

from tests.conftest import SCRIPTS, start_scripts

pytestmark = pytest.mark.slow
WORKER = SCRIPTS / "mirrored_fit.py"


@pytest.fixture(scope="module")
def jobs(tmp_path_factory):
    """Every job of the module started together: one device, two replicas, torchrun, and the two failing runs."""
    out = tmp_path_factory.mktemp("fit")
    started = start_scripts({
        "one": [WORKER, out / "one.npz", "--replicas", "1"],
        "two": [WORKER, out / "two.npz", "--replicas", "2"],
        "torchrun": ["torchrun", "--standalone", "--nproc_per_node=2", WORKER, out / "tr.npz", "--replicas", "0"],
        **{f"fail{rank}": [WORKER, out / f"f{rank}.npz", "--replicas", "2", "--fail-at-epoch", "1", "--fail-rank",
                           str(rank)] for rank in (1, 0)}})
    yield out, started
    for job in started.values():
        job.stop()


@pytest.fixture(scope="module")
def single_and_mirrored(jobs):
    out, started = jobs
    one, two = started["one"].result(), started["two"].result()
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    return out, one, two


def test_two_replicas_equal_one_device_on_the_global_batch(single_and_mirrored):
    out, _, _ = single_and_mirrored
    one, two = np.load(out / "one.npz"), np.load(out / "two.npz")
    assert int(one["replicas"]) == 1 and int(two["replicas"]) == 2
    weights = sorted(k for k in one.files if k.startswith("w"))
    assert len(weights) == 4
    for key in weights:
        np.testing.assert_allclose(two[key], one[key], rtol=1e-5, atol=1e-6)
    for key in ("h_loss", "h_accuracy"):
        assert len(one[key]) == 2
        np.testing.assert_allclose(two[key], one[key], rtol=1e-5)


def test_replicas_end_with_identical_weights(single_and_mirrored):
    out, _, _ = single_and_mirrored
    rank0, rank1 = np.load(out / "two.npz.rank0.npz"), np.load(out / "two.npz.rank1.npz")
    for key in rank0.files:
        np.testing.assert_array_equal(rank0[key], rank1[key])


def test_only_the_chief_prints(single_and_mirrored):
    _, one, two = single_and_mirrored
    assert two.stdout.count("Epoch 1/2") == 1
    assert two.stdout.count("Epoch 2/2") == 1
    assert "done on 2 replica(s)" in two.stdout
    assert two.stdout.count("done on") == 1  # replica 1's stdout is discarded
    # the epoch lines have the Keras verbose=2 shape and the same values as one device
    lines_one = [line for line in one.stdout.splitlines() if line.startswith("7/7")]
    lines_two = [line for line in two.stdout.splitlines() if line.startswith("7/7")]
    strip = [line.split(" - ", 3)[-1] for line in lines_one], [line.split(" - ", 3)[-1] for line in lines_two]
    assert strip[0] == strip[1]


def test_torchrun_joins_instead_of_launching(jobs, single_and_mirrored):
    proc = jobs[1]["torchrun"].result()
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("Epoch 1/2") == 1
    assert proc.stdout.count("done on 2 replica(s)") == 2  # torchrun shows both workers' stdout
    out, _, _ = single_and_mirrored  # the module's one-device run of the same seeded script is the reference
    a, b = np.load(out / "tr.npz"), np.load(out / "one.npz")
    np.testing.assert_allclose(a["w0"], b["w0"], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("fail_rank", [1, 0])
def test_a_failing_replica_stops_everything(jobs, fail_rank):
    out, started = jobs
    proc = started[f"fail{fail_rank}"].result()
    elapsed = started[f"fail{fail_rank}"].elapsed  # from its start to its own end
    assert proc.returncode != 0
    assert f"deliberate failure on replica {fail_rank} at epoch 1" in proc.stderr
    assert "Epoch 1/2" in proc.stdout
    # A generous ceiling (idle: ~8 s incl. two interpreter start-ups, the stop itself ~1 s), far below gloo's
    # 30-minute timeout, which is what a replica left waiting for its dead peer would take.
    assert elapsed < 180
    if fail_rank == 1:
        assert "keraslike: replica 1 exited with exit code 1; stopping all replicas." in proc.stderr
    assert not (out / f"f{fail_rank}.npz").exists()
