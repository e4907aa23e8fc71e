"""`model.fit(ImageDataGenerator(...).flow(x, y))` under MirroredStrategy with 2 gloo replicas, unseeded and
shuffled: across the replicas every image is trained on exactly once per epoch, and the epochs' orders differ."""

import collections

import numpy as np
import pytest

from tests.conftest import in_turn

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]  # waits for its in-turn group
N, EPOCHS = 27, 3


def test_every_image_once_per_epoch_on_two_replicas(tmp_path_factory):
    proc, folder = in_turn(tmp_path_factory, "keras_two_replicas")["image_generator"]  # tests/conftest.py IN_TURN
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = folder / "out"
    orders = []
    for epoch in range(EPOCHS):
        ids = [np.load(f"{out}.rank{r}.npz")[f"ids_{epoch}"] for r in range(2)]
        assert len(ids[0]) and len(ids[1])  # both replicas trained
        counts = collections.Counter(np.concatenate(ids).tolist())
        assert sorted(counts) == list(range(N)) and set(counts.values()) == {1}, f"epoch {epoch}: {counts}"
        orders.append(ids[0])
    assert any(not np.array_equal(orders[0], other) for other in orders[1:])  # reshuffled between epochs
