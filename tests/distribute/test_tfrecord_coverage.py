"""TFRecord pipelines under 2 replicas, unseeded: every example exactly once per epoch across the replicas
(DESIGN §4), reading 3 files with `num_parallel_reads=2`, shuffled, parsed with `tf.io.parse_single_example`.

The worker (`tests/scripts/tfrecord_coverage_fit.py`) trains on 37 examples in global batches of 5 (the last
has 2 rows); its first layer records the example ids it trains on."""

import collections
import json

import pytest

from tests.conftest import in_turn

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]  # waits for its in-turn group
EXAMPLES, EPOCHS = 37, 2


def test_each_example_seen_exactly_once_per_epoch(tmp_path_factory):
    proc, tmp_path = in_turn(tmp_path_factory, "distribute_two_replicas")["tfrecord_coverage"]  # conftest IN_TURN
    assert proc.returncode == 0, proc.stderr[-4000:]
    seen = [json.loads((tmp_path / f"out.rank{r}.json").read_text()) for r in range(2)]
    orders = []
    for epoch in range(EPOCHS):
        counts = collections.Counter(seen[0][str(epoch)] + seen[1][str(epoch)])
        assert sorted(counts) == list(range(EXAMPLES)) and set(counts.values()) == {1}, (epoch, counts)
        assert abs(len(seen[0][str(epoch)]) - len(seen[1][str(epoch)])) <= 8  # each replica takes part of each batch
        orders.append(seen[0][str(epoch)])
    assert orders[0] != orders[1]  # reshuffled each epoch
