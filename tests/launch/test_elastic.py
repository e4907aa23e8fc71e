"""Elastic restarts: a replica SIGKILLed mid-epoch, the group restarted, BackupAndRestore resumes exactly.

Worker: tests/scripts/elastic_fit.py (2 replicas, Dropout, backups every 2 steps). Three launched jobs
side by side:

- `torchrun --max-restarts=3`, seeded, uninterrupted: the reference;
- the same killed once per kind of data (shuffled arrays, a shuffled tf.data pipeline, a shuffled
  PyDataset), replica 1 or replica 0 at a step of its own: torchrun restarts the group 3 times, and the
  final weights must equal the reference's bit for bit;
- keraslike's own launcher (`python script.py`) with `KERASLIKE_MAX_RESTARTS=3`, unseeded, killed the
  same way: across the restarts each epoch sees every row exactly once (over both replicas).
"""

import collections
import json
import random

import numpy as np
import pytest

from tests.conftest import SCRIPTS, run_scripts

pytestmark = pytest.mark.slow
WORKER = SCRIPTS / "elastic_fit.py"
KINDS = ("arrays", "dataset", "pydataset")
N, EPOCHS, STEPS = 42, 3, 6


def random_kills(kinds, ranks):
    """`kind:epoch:step:rank,...`: a random step (after the first backup, made after step 1) and replica per kind."""
    rng = random.Random()  # unseeded: each run kills elsewhere
    points = []
    for kind in kinds:
        index = rng.randrange(2, EPOCHS * STEPS)
        points.append(f"{kind}:{index // STEPS}:{index % STEPS}:{rng.choice(ranks)}")
    return ",".join(points)


KILLS = random_kills(KINDS, [0, 1])  # a random step and replica per kind (printed on failure)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("elastic")
    for name in ("straight", "killed", "launcher"):
        (base / f"{name}_work").mkdir()
    for kind in KINDS:  # the reference is never killed
        (base / "straight_work" / f"killed_{kind}").touch()
    kinds = ["--kinds", ",".join(KINDS)]
    torchrun = ["torchrun", "--standalone", "--nproc_per_node=2", "--max-restarts=3", WORKER]
    procs = run_scripts(
        [*torchrun, base / "straight", base / "straight_work", "--seed", "5", *kinds],
        [*torchrun, base / "killed", base / "killed_work", "--seed", "5", *kinds],
        [WORKER, base / "launcher", base / "launcher_work", "--replicas", "2", *kinds],
        ELASTIC_KILL=KILLS, KERASLIKE_MAX_RESTARTS="3",
    )
    return base, procs


def test_jobs_end_normally_after_their_restarts(runs):
    _, procs = runs
    for proc in procs:
        assert proc.returncode == 0, proc.stderr[-4000:]
    launcher = procs[2].stderr
    assert launcher.count("restarting the group of 2 replicas") == len(KINDS), launcher[-4000:]


@pytest.mark.parametrize("kind", KINDS)
def test_torchrun_restarts_are_bit_identical(runs, kind):
    base, _ = runs
    a, b = np.load(base / f"straight.{kind}.npz"), np.load(base / f"killed.{kind}.npz")
    assert int(a["iterations"]) == int(b["iterations"]) == EPOCHS * STEPS
    for key in a.files:
        np.testing.assert_array_equal(a[key], b[key], err_msg=f"{kind} {key}, kills {KILLS}")
    for name in ("straight", "killed"):  # both replicas trained every step
        assert len({(e["kind"], e["epoch"], e["step"]) for e in _log(base / f"{name}.rank1.log")}) \
            == len(KINDS) * EPOCHS * STEPS


def _log(path):
    return [json.loads(line) for line in open(path, encoding="utf-8")]


@pytest.mark.parametrize("name", ["killed", "launcher"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_row_once_per_epoch_across_restarts(runs, name, kind):
    base, _ = runs
    steps, redone = {}, 0
    for rank in range(2):
        for entry in _log(base / f"{name}.rank{rank}.log"):
            if entry["kind"] != kind:
                continue
            key = (rank, entry["epoch"], entry["step"])
            if key in steps:  # trained after the last backup, then again after the restart: the same rows
                assert steps[key] == entry["ids"], f"{kind} {key}"
                redone += 1
            steps[key] = entry["ids"]
    assert redone >= 1, KILLS
    for epoch in range(EPOCHS):
        counts = collections.Counter(i for (_, e, _), ids in steps.items() if e == epoch for i in ids)
        assert sorted(counts) == list(range(N)) and set(counts.values()) == {1}, f"{name} {kind} epoch {epoch} {KILLS}"
