"""Every sample exactly once per epoch under 2 replicas, for every input kind, seeded or not (DESIGN §4).

The worker (`tests/scripts/coverage_fit.py`) trains on 42 rows whose first column is the row id,
global batch 8 (the last batch has 2 rows), 3 epochs, shuffle on, for arrays, a shuffled
`tf.data.Dataset` (also with an element-wise `map` before `batch`), a generator shuffling with
`numpy.random`, a `PyDataset` reshuffling in `on_epoch_end`, and a `DataLoader(shuffle=True)`. Each
replica records the ids its layer saw in training; across the replicas every epoch must see each id
exactly once. Unseeded is how users run; seeded runs must also train to the same weights as one
device on the same global batches, and the `map` must run once per row across the replicas.
"""

import collections

import numpy as np
import pytest

from tests.conftest import SCRIPTS, run_scripts

pytestmark = pytest.mark.slow
WORKER = SCRIPTS / "coverage_fit.py"
KINDS = ["arrays", "dataset", "mapped", "generator", "pydataset", "dataloader"]
ROWS, EPOCHS = 42, 3


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("coverage")
    jobs = {"unseeded": ["--replicas", "2"], "seeded": ["--replicas", "2", "--seed", "7"],
            "one": ["--replicas", "1", "--seed", "7"]}
    procs = run_scripts(*([WORKER, base / name, *args] for name, args in jobs.items()))  # independent: together
    for proc in procs:
        assert proc.returncode == 0, proc.stderr[-4000:]
    return {name: base / name for name in jobs}


def _ids(prefix, kind, epoch, replicas=2):
    return np.concatenate([np.load(f"{prefix}.rank{r}.npz")[f"ids_{kind}_{epoch}"] for r in range(replicas)])


@pytest.mark.parametrize("seeding", ["unseeded", "seeded"])
@pytest.mark.parametrize("kind", KINDS)
def test_each_row_seen_exactly_once_per_epoch(runs, kind, seeding):
    for epoch in range(EPOCHS):
        counts = collections.Counter(_ids(runs[seeding], kind, epoch).tolist())
        missing = sorted(set(range(ROWS)) - set(counts))
        repeated = sorted(i for i, c in counts.items() if c > 1)
        assert not missing and not repeated, f"{kind} epoch {epoch}: missing {missing}, repeated {repeated}"
        assert sum(counts.values()) == ROWS


@pytest.mark.parametrize("kind", KINDS)
def test_unseeded_epochs_are_shuffled(runs, kind):
    # shuffling stays on under replicas: the epochs' orders are not all the identity or all equal
    orders = [np.load(f"{runs['unseeded']}.rank0.npz")[f"ids_{kind}_{e}"] for e in range(EPOCHS)]
    assert any(not np.array_equal(orders[0], other) for other in orders[1:])
    assert not np.array_equal(orders[0], np.arange(len(orders[0])))


@pytest.mark.parametrize("kind", KINDS)
def test_seeded_two_replicas_train_like_one_device(runs, kind):
    one = np.load(f"{runs['one']}.rank0.npz")
    for r in range(2):
        two = np.load(f"{runs['seeded']}.rank{r}.npz")
        weights = sorted(k for k in one.files if k.startswith(f"w_{kind}_"))
        assert len(weights) == 2
        for key in weights:
            np.testing.assert_allclose(two[key], one[key], rtol=1e-5, atol=1e-6)
    for epoch in range(EPOCHS):  # each replica took its half of one device's global batches, in order
        one_device = np.load(f"{runs['one']}.rank0.npz")
        order, sizes = one_device[f"ids_{kind}_{epoch}"], one_device[f"sizes_{kind}_{epoch}"]
        batches = np.split(order, np.cumsum(sizes)[:-1])
        for r in range(2):
            expected = np.concatenate([b[r * -(-len(b) // 2):(r + 1) * -(-len(b) // 2)] for b in batches])
            got = np.load(f"{runs['seeded']}.rank{r}.npz")[f"ids_{kind}_{epoch}"]
            np.testing.assert_array_equal(got, expected)


def test_a_map_before_batch_runs_once_per_row_across_replicas(runs):
    # 42 rows in global batches of 8 (5 full, one of 2): each replica maps its 4 + 4 + 4 + 4 + 4 + 1 rows
    # (in epoch 0 the in-memory path may first try the function once vectorized: one extra call)
    def check(calls, rows):
        assert calls[0] - rows in (0, 1), calls
        np.testing.assert_array_equal(calls[1:], [rows] * (EPOCHS - 1))

    for seeding in ("unseeded", "seeded"):
        for r in range(2):
            check(np.load(f"{runs[seeding]}.rank{r}.npz")["calls_mapped"], 21)
    check(np.load(f"{runs['one']}.rank0.npz")["calls_mapped"], ROWS)
