"""Issue 14 item 2: `steps_per_execution=k` under MirroredStrategy (2 gloo replicas) as on one device.

Every replica sees the batch hooks at Keras 3's step numbers (a group's first step, first + k - 1, also for
the last group cut short), reads the same reduced logs there, stops at the same group when a callback asks,
and ends with the weights of the same program on one device. Reference: the script run with 1 replica, and
the call list real Keras 3.15 gives for 6 steps per epoch with k = 4. Both runs are jobs of the shared in-turn
groups (tests/conftest.py IN_TURN: "one_replica", "keras_two_replicas").
"""

import json

import numpy as np
import pytest

from tests.conftest import in_turn

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]  # the first test waits for its in-turn groups

# (hook, batch): epoch 0 = two groups (the second cut short: steps 4-5, reported as 7); epoch 1 stops after its
# first group; evaluate and predict group the same way.
EXPECTED = [("b", 0), ("e", 3), ("b", 4), ("e", 7), ("b", 0), ("e", 3),
            ("tb", 0), ("te", 3), ("tb", 4), ("te", 7), ("pb", 0), ("pe", 3), ("pb", 4), ("pe", 7)]


@pytest.fixture(scope="module")
def states(tmp_path_factory):
    out = {}
    for replicas, group in ((1, "one_replica"), (2, "keras_two_replicas")):
        proc, folder = in_turn(tmp_path_factory, group)["steps_per_execution"]
        assert proc.returncode == 0, proc.stderr
        out[replicas] = [json.loads((folder / f"state.rank{r}.json").read_text()) for r in range(replicas)]
    return out


def test_batch_hooks_follow_keras_numbering_on_every_replica(states):
    for state in states[1] + states[2]:
        assert [tuple(c[:2]) for c in state["calls"]] == EXPECTED
        train_ends = [c for c in state["calls"] if c[0] == "e"]
        assert [c[2] for c in train_ends] == [4, 6, 10]  # every step trains; hooks see the group's last step
        assert state["iterations"] == 10


def test_replicas_read_the_same_logs_and_match_one_device(states):
    one = states[1][0]
    for state in states[2]:
        for mine, ref in zip(state["calls"], one["calls"]):
            if mine[0] in ("e", "te"):
                np.testing.assert_allclose(mine[-1], ref[-1], rtol=1e-5)
        for a, b in zip(state["weights"], one["weights"]):
            np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(state["history"]["loss"], one["history"]["loss"], rtol=1e-5)
        np.testing.assert_allclose(state["evaluate"]["loss"], one["evaluate"]["loss"], rtol=1e-5)
        np.testing.assert_allclose(state["predicted"], one["predicted"], rtol=1e-5, atol=1e-6)
    assert states[2][0]["calls"] == states[2][1]["calls"]


def test_predict_groups_hand_callbacks_the_groups_rows(states):
    rows = {n: [sum(c[2] for s in states[n] for c in s["calls"] if c[0] == "pe" and c[1] == b) for b in (3, 7)]
            for n in (1, 2)}
    assert rows[1] == [32, 14]  # 4 batches of 8, then the cut-short group: 8 + 6
    assert rows[2] == rows[1]  # each replica's share of those rows, every row once
