"""An overridden `compute_metrics` under 2 replicas, one of which gets no rows of the last batch: the built-in
steps call it on every replica (it reads results, which are collectives), so nothing hangs or aborts and
evaluate's values are those of the whole data (hand-computed from predict). The run is a job of the shared in-turn
group "keras_two_replicas" (tests/conftest.py IN_TURN)."""

import json

import numpy as np
import pytest

from tests.conftest import in_turn

pytestmark = pytest.mark.timeout(900)  # the first test waits for its in-turn group


@pytest.fixture(scope="module")
def job(tmp_path_factory):
    proc, folder = in_turn(tmp_path_factory, "keras_two_replicas")["compute_metrics_hook"]
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = folder / "out"
    return [json.load(open(f"{out}.rank{r}.json")) for r in range(2)]


@pytest.mark.slow
def test_every_replica_reports_the_same_logs(job):
    assert job[0]["history"] == job[1]["history"]
    assert job[0]["evaluate"] == job[1]["evaluate"]
    assert sorted(job[0]["history"]) == ["accuracy", "loss", "pred_mean"]


@pytest.mark.slow
def test_evaluate_counts_every_sample_once(job):
    logits = np.asarray(job[0]["predictions"], "float64")
    y = np.asarray(job[0]["y"])
    logs = job[0]["evaluate"]
    np.testing.assert_allclose(logs["pred_mean"], logits.mean(), rtol=1e-5)
    np.testing.assert_allclose(logs["accuracy"], np.mean(logits.argmax(-1) == y), rtol=1e-6)
    log_probs = logits - np.log(np.exp(logits).sum(-1, keepdims=True))
    np.testing.assert_allclose(logs["loss"], -log_probs[np.arange(len(y)), y].mean(), rtol=1e-5)
