"""Raw string batches from `text_dataset_from_directory` under 2 replicas, unseeded: every file exactly once per
epoch across the replicas, for a loader made before the strategy and one made after it (DESIGN §4).

The worker (`tests/scripts/text_coverage_fit.py`) trains on 21 files "doc <id>" in batches of 4 (the last has
1 row); its first layer reads each id out of the raw string and records those seen in training."""

import collections
import json

import pytest

from tests.conftest import in_turn

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]  # the first test waits for its in-turn group
FILES, EPOCHS = 21, 2


@pytest.fixture(scope="module")
def seen(tmp_path_factory):
    proc, base = in_turn(tmp_path_factory, "distribute_two_replicas")["text_coverage"]  # tests/conftest.py IN_TURN
    assert proc.returncode == 0, proc.stderr[-4000:]
    return [json.loads((base / f"out.rank{r}.json").read_text()) for r in range(2)]


@pytest.mark.parametrize("loader", ["before", "after"])
def test_each_file_seen_exactly_once_per_epoch(seen, loader):
    orders = []
    for epoch in range(EPOCHS):
        key = f"{loader}_{epoch}"
        counts = collections.Counter(seen[0][key] + seen[1][key])
        assert sorted(counts) == list(range(FILES)) and set(counts.values()) == {1}, (key, counts)
        assert abs(len(seen[0][key]) - len(seen[1][key])) <= 3  # each replica takes half of every batch
        orders.append(seen[0][key])
    assert orders[0] != orders[1]  # reshuffled each epoch
