"""Two CPU replicas: identical callback decisions (early stopping, best checkpoint, LR) and chief-only writes."""

import json

import pytest

from tests.conftest import in_turn

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]  # waits for its in-turn group


def test_two_replicas_same_decisions_and_only_the_chief_writes(tmp_path_factory):
    proc, tmp_path = in_turn(tmp_path_factory, "keras_two_replicas")["callbacks"]  # tests/conftest.py IN_TURN
    assert proc.returncode == 0, proc.stderr
    s0, s1 = (json.loads((tmp_path / f"state.rank{r}.json").read_text()) for r in (0, 1))
    assert s0 == s1  # same History, same stop epoch, same restored weights and learning rate
    assert 0 < s0["stopped_epoch"] < 11 and len(s0["epochs"]) == s0["stopped_epoch"] + 1
    w0 = (tmp_path / "writes.rank0.txt").read_text().split("\n")
    w1 = (tmp_path / "writes.rank1.txt").read_text().split("\n")
    assert all(p.startswith(str(tmp_path)) for p in w0)
    assert w1 and not any(p.startswith(str(tmp_path)) for p in w1)  # non-chief: throw-away temp dirs only
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "final.keras" in names and "final.weights.h5" in names and "log.csv" in names
    best = [n for n in names if n.startswith("best-")]
    assert best and f"best-{s0['best_epoch'] + 1:02d}.keras" in best
    rows = (tmp_path / "log.csv").read_text().strip().split("\n")
    assert len(rows) == len(s0["epochs"]) + 1
