"""MirroredStrategy programs written as users write them give real TF's numbers on two replicas (DESIGN section 4).

One launched job runs tests/scripts/tutorial_programs.py on keraslike (one process per replica, each writing its
replica's values); the golden is the same program on real TF 2.21 with two logical CPUs in one process
(tests/golden/make_tutorial_programs.py). Compared: custom loops (`strategy.run` in a `tf.function`,
`compute_average_loss` with and without the global batch size, a naive loop summing each replica's mean loss),
metrics made in scope and updated in the step, checkpoint save/restore, which rows each replica gets from
`experimental_distribute_dataset`/`distribute_datasets_from_function` (also with `InputOptions`),
`reduce(..., axis=0)`/`gather` of distributed batches, `get_next_as_optional`, `all_reduce`/`all_gather`/
`merge_call`, and `fit`/`evaluate`/`predict` with odd sizes, EarlyStopping, ReduceLROnPlateau, a learning-rate
schedule and per-epoch weight checkpoints. Unseeded shuffles are checked for coverage (every row once per pass).
Each program runs under Keras 3 and under Keras 2 (`TF_USE_LEGACY_KERAS=1`, tf_keras in the golden).
"""

import collections
import json

import numpy as np
import pytest

from tests.conftest import REPO, in_turn

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]  # the first test waits for its in-turn group
# Keras 3 and Keras 2 (TF_USE_LEGACY_KERAS=1: tf_keras on TF) runs: golden file and in-turn job
MODES = {"keras3": ("tutorial_programs.json", "tutorial_programs"),
         "keras2": ("tutorial_programs_keras2.json", "tutorial_programs_keras2")}
GOLDENS = {mode: json.loads((REPO / "tests" / "golden" / name).read_text()) for mode, (name, _) in MODES.items()}
UNSEEDED = {"unseeded_shuffle_e0": 37, "unseeded_shuffle_e1": 37, "unseeded_shuffle_repeat_e0": 11}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    jobs = in_turn(tmp_path_factory, "distribute_two_replicas")  # tests/conftest.py IN_TURN
    found = {}
    for mode, (_, job) in MODES.items():
        proc, folder = jobs[job]
        assert proc.returncode == 0, proc.stderr[-4000:]
        found[mode] = [json.loads((folder / f"out.json.rank{r}.json").read_text()) for r in range(2)]
    return found


def _cases(part, exclude=()):
    return [(mode, key) for mode, golden in GOLDENS.items() for key in sorted(golden[part]) if key not in exclude]


def _close(got, expected, key):
    if isinstance(expected, dict):
        assert sorted(got) == sorted(expected), key
        for name in expected:
            _close(got[name], expected[name], f"{key}.{name}")
    elif isinstance(expected, list) and expected and isinstance(expected[0], (list, dict)):
        assert len(got) == len(expected), key
        for i, (g, e) in enumerate(zip(got, expected)):
            _close(g, e, f"{key}[{i}]")
    elif isinstance(expected, (str, bool)) or (isinstance(expected, list)
                                               and any(isinstance(e, (str, bool)) for e in expected)):
        assert got == expected, key
    else:
        np.testing.assert_allclose(np.asarray(got, dtype=float), np.asarray(expected, dtype=float),
                                   rtol=1e-4, atol=1e-5, err_msg=key)


@pytest.mark.parametrize("mode,key", _cases("global"))
def test_value_as_tf(runs, mode, key):
    _close(runs[mode][0]["global"][key], GOLDENS[mode]["global"][key], key)


@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_replica_returns_the_same_values(runs, mode):
    assert runs[mode][0]["global"] == runs[mode][1]["global"]


@pytest.mark.parametrize("mode,key", _cases("per_replica", exclude=UNSEEDED))
def test_replica_values_as_tf(runs, mode, key):
    # TF's one process records both replicas; here each replica's process records its own (a value TF returns
    # as one plain value from `run`, such as `merge_call`'s, is recorded under replica 0 only)
    for rid, expected in GOLDENS[mode]["per_replica"][key].items():
        assert runs[mode][int(rid)]["per_replica"][key][rid] == expected, (key, rid)


@pytest.mark.parametrize("mode", sorted(MODES))
@pytest.mark.parametrize("key", sorted(UNSEEDED))
def test_unseeded_shuffles_split_as_tf_and_cover_every_row(runs, mode, key):
    parts = [runs[mode][r]["per_replica"][key][str(r)] for r in range(2)]
    golden = GOLDENS[mode]["per_replica"][key]
    for r in range(2):  # the same rows per replica per step as TF (a shuffle changes which, not how many)
        assert [len(step) for step in parts[r]] == [len(step) for step in golden[str(r)]], (key, r)
    counts = collections.Counter(v for part in parts for step in part for v in step)
    repeats = sum(len(step) for part in parts for step in part) // UNSEEDED[key]
    assert counts == {v: repeats for v in range(UNSEEDED[key])}, key
    assert parts[0][0] != sorted(parts[0][0]) or parts[1][0] != sorted(parts[1][0])  # shuffled
