"""BackupAndRestore(save_freq=N) resumes mid-epoch exactly: one process killed (SIGKILL) and restarted.

Worker: tests/scripts/elastic_fit.py. Three jobs run side by side: a seeded uninterrupted run (the
reference), the same seeded run killed once per kind of data at a step of its own (restarted by this
test until it ends, as torchrun's restarts would), and an unseeded run killed the same way. Kinds:
shuffled arrays, a shuffled tf.data pipeline, a shuffled PyDataset, and arrays killed in the middle
of writing a backup. The model has Dropout, so the generator states matter as much as the data order.
"""

import collections
import json
import random

import numpy as np
import pytest

from tests.conftest import SCRIPTS, run_scripts

# the module's job is 5 rounds of interpreter starts (11 launches: every kill is a new process); on a loaded
# machine they outgrow pytest-timeout's 300 s per test, which then cuts the first test's setup
pytestmark = pytest.mark.timeout(900)
WORKER = SCRIPTS / "elastic_fit.py"
KINDS = ("arrays", "dataset", "pydataset", "in_backup")
N, EPOCHS, STEPS = 42, 3, 6


def random_kills(kinds, ranks):
    """`kind:epoch:step:rank,...`: a random step of each kind, after the first backup (backups every 2 steps,
    after steps 1, 3, 5 of an epoch; the kill comes before that step's backup, so at least it is redone)."""
    rng = random.Random()  # unseeded: each run kills elsewhere
    points = []
    for kind in kinds:
        index = rng.randrange(2, EPOCHS * STEPS)
        points.append(f"{kind}:{index // STEPS}:{index % STEPS}:{rng.choice(ranks)}")
    return ",".join(points)


KILLS = random_kills(KINDS, [0])


def _restarted(jobs, max_restarts=8, **env):
    """Run the jobs side by side; re-run each one killed by SIGKILL (as a launcher's restarts); exit codes."""
    results = {name: [] for name in jobs}
    pending = dict(jobs)
    while pending:
        procs = run_scripts(*pending.values(), **env)
        for (name, _), proc in zip(list(pending.items()), procs):
            results[name].append(proc.returncode)
            if proc.returncode != -9 or len(results[name]) > max_restarts:
                assert proc.returncode == 0, proc.stderr[-4000:]
                del pending[name]
    return results


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("resume")
    for name in ("straight", "killed", "unseeded"):
        (base / f"{name}_work").mkdir()
    for kind in KINDS:  # the reference is never killed
        (base / "straight_work" / f"killed_{kind}").touch()
    codes = _restarted({
        "straight": [WORKER, base / "straight", base / "straight_work", "--seed", "5"],
        "killed": [WORKER, base / "killed", base / "killed_work", "--seed", "5"],
        "unseeded": [WORKER, base / "unseeded", base / "unseeded_work"],
    }, ELASTIC_KILL=KILLS)
    return base, codes


def _log(path):
    return [json.loads(line) for line in open(path, encoding="utf-8")]


@pytest.mark.slow
def test_every_kind_was_killed_once_and_restarted(runs):
    _, codes = runs
    assert codes["straight"] == [0]
    assert codes["killed"] == [-9] * len(KINDS) + [0]
    assert codes["unseeded"] == [-9] * len(KINDS) + [0]


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_seeded_restart_is_bit_identical(runs, kind):
    base, _ = runs
    a, b = np.load(base / f"straight.{kind}.npz"), np.load(base / f"killed.{kind}.npz")
    assert int(a["iterations"]) == int(b["iterations"]) == EPOCHS * STEPS
    for key in a.files:
        np.testing.assert_array_equal(a[key], b[key], err_msg=f"{kind} {key}, kills {KILLS}")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["killed", "unseeded"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_sample_once_per_epoch_across_the_restart(runs, name, kind):
    base, _ = runs
    steps, redone = {}, 0  # kill points: KILLS (printed on failure)
    for entry in _log(base / f"{name}.rank0.log"):
        if entry["kind"] != kind:
            continue
        key = (entry["epoch"], entry["step"])
        if key in steps:  # a step after the last backup, trained again after the restart: the same rows
            assert steps[key] == entry["ids"], f"{kind} {key}: {steps[key]} then {entry['ids']}"
            redone += 1
        steps[key] = entry["ids"]
    assert redone >= 1, KILLS  # the restart did redo the steps after the last backup
    assert sorted(steps) == [(e, s) for e in range(EPOCHS) for s in range(STEPS)]
    for epoch in range(EPOCHS):
        counts = collections.Counter(i for (e, _), ids in steps.items() if e == epoch for i in ids)
        assert sorted(counts) == list(range(N)) and set(counts.values()) == {1}, f"{kind} epoch {epoch} {KILLS}"
    if name == "unseeded" and kind != "pydataset":  # still shuffled: not the file order
        assert steps[(0, 0)] != list(range(8))
