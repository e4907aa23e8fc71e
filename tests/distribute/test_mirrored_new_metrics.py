"""The issue-10 streaming metrics (F1Score, FBetaScore, OneHotMeanIoU, R2Score, PrecisionAtRecall) in a
2-replica `evaluate` equal the one-device values on the same data and weights: their state is summed across
replicas, and the partial last batch is counted once."""

import importlib.util

import numpy as np
import pytest

from tests.conftest import SCRIPTS, in_turn

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]  # waits for its in-turn group
WORKER = SCRIPTS / "mirrored_new_metrics.py"


def _worker_module():
    spec = importlib.util.spec_from_file_location("mirrored_new_metrics", WORKER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_two_replica_evaluate_equals_one_device(tmp_path_factory):
    proc, tmp_path = in_turn(tmp_path_factory, "distribute_two_replicas")["new_metrics"]  # conftest IN_TURN
    assert proc.returncode == 0, proc.stderr
    two = np.load(tmp_path / "two.npz")
    assert int(two["replicas"]) == 2
    worker = _worker_module()
    x, y = worker.data()
    onehot = np.eye(3, dtype="float32")[y]
    model = worker.build()
    model.set_weights([two[f"w{i}"] for i in range(4)])
    pred = model.predict(x, batch_size=103, verbose=0)
    names = [m.name for m in worker.metrics()]
    for metric, name in zip(worker.metrics(), names):
        metric.update_state(onehot, pred)
        np.testing.assert_allclose(two[f"r_{name}"], metric.result().numpy(), rtol=1e-5, atol=1e-6)
    assert float(two["r_miou"]) > 0.0 and float(two["r_f1"]) > 0.0
