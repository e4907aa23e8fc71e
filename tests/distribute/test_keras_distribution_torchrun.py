"""keras.distribution under torchrun (one launched job): the launcher's processes are the mesh's devices,
ModelParallel joins them, and seeded training equals the same program on one process (computed here).

Worker: tests/scripts/keras_distribution_torchrun.py (keras_distribution_fit.py's ModelParallel phase).
"""

import importlib.util

import numpy as np
import pytest

import keraslike as tf
from tests.conftest import SCRIPTS, start_scripts

pytestmark = pytest.mark.slow
WORKER = SCRIPTS / "keras_distribution_torchrun.py"


def _fit_module():
    spec = importlib.util.spec_from_file_location("keras_distribution_fit", SCRIPTS / "keras_distribution_fit.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def job(tmp_path_factory):
    base = tmp_path_factory.mktemp("kdist_torchrun")
    started = start_scripts({"torchrun": ["torchrun", "--standalone", "--nproc_per_node=2", WORKER, base / "out"]})
    yield base, started["torchrun"]
    started["torchrun"].stop()


@pytest.fixture(scope="module")
def reference(job):  # computed here while the launched job runs
    fit = _fit_module()
    x, y = fit.data(42)
    tf.keras.utils.set_random_seed(7)
    model = fit.mlp("mp")
    return fit.train(model, x, y), model.get_weights()


@pytest.fixture(scope="module")
def runs(job, reference):
    base, started = job
    proc = started.result()
    assert proc.returncode == 0, proc.stderr[-4000:]
    return [np.load(base / f"out.rank{r}.npz") for r in range(2)]


def test_devices_are_torchruns_processes(runs):
    for rec in runs:
        assert rec["devices"].tolist() == ["cpu:0", "cpu:1"] and int(rec["processes"]) == 2
        assert rec["shapes"].tolist() == [[6, 4], [4, 0], [4, 2], [2, 0]]


def test_training_equals_one_process(runs, reference):
    losses, weights = reference
    for rec in runs:
        np.testing.assert_allclose(rec["loss"], losses, rtol=1e-4)
        for i, w in enumerate(weights):
            np.testing.assert_allclose(rec[f"w{i}"], w, rtol=1e-4, atol=1e-6)
