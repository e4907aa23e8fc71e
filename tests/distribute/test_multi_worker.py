"""MultiWorkerMirroredStrategy with two real "nodes" on this machine (gloo over 127.0.0.1).

Two ways the cluster is described: TF_CONFIG (one process per task) and two `torchrun --nnodes=2`
invocations. Both must train exactly like one device on the global batch.
"""

import json
import subprocess
import sys

import numpy as np
import pytest

from keraslike._src.launch.subprocess_script import free_port
from tests.conftest import REPO, SCRIPTS, run_script, script_env

pytestmark = pytest.mark.slow
WORKER = SCRIPTS / "multi_worker_fit.py"


def _start(cmd, **env):
    return subprocess.Popen(cmd, cwd=REPO, env=script_env(**env), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def _finish(procs, timeout=600):
    outs = []
    for proc in procs:
        out, err = proc.communicate(timeout=timeout)
        assert proc.returncode == 0, err[-3000:]
        outs.append(out)
    return outs


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("ref")
    proc = run_script([WORKER, out, "--single"])
    assert proc.returncode == 0, proc.stderr
    return json.loads((out / "rank0.json").read_text())


def _check_against(reference, results):
    for r in results:
        assert r["replicas"] == 2
        np.testing.assert_allclose(r["history"]["loss"], reference["history"]["loss"], rtol=1e-5)
        for got, want in zip(r["weights"], reference["weights"]):
            np.testing.assert_allclose(np.array(got), np.array(want), rtol=1e-5, atol=1e-6)
    assert results[0]["weights"] == results[1]["weights"]


def test_tf_config_two_workers(tmp_path, reference):
    ports = [free_port(), free_port()]
    cluster = {"worker": [f"127.0.0.1:{p}" for p in ports]}
    procs = [_start([sys.executable, str(WORKER), str(tmp_path)],
                    TF_CONFIG=json.dumps({"cluster": cluster, "task": {"type": "worker", "index": i}}))
             for i in range(2)]
    outs = _finish(procs)
    results = [json.loads((tmp_path / f"rank{i}.json").read_text()) for i in range(2)]
    _check_against(reference, results)
    assert [r["task_id"] for r in results] == [0, 1]
    assert results[0]["task_type"] == "worker"
    assert results[0]["cluster"] == cluster
    assert all(r["multi_worker"] for r in results)
    assert [r["should_checkpoint"] for r in results] == [True, False]
    assert outs[0].count("Epoch 1/2") == 1 and outs[1].count("Epoch 1/2") == 0  # only the chief prints


def test_tf_config_with_a_chief_task(tmp_path, reference):
    ports = [free_port(), free_port()]
    cluster = {"chief": [f"127.0.0.1:{ports[0]}"], "worker": [f"127.0.0.1:{ports[1]}"]}
    tasks = [{"type": "chief", "index": 0}, {"type": "worker", "index": 0}]
    procs = [_start([sys.executable, str(WORKER), str(tmp_path)],
                    TF_CONFIG=json.dumps({"cluster": cluster, "task": task})) for task in tasks]
    _finish(procs)
    results = [json.loads((tmp_path / f"rank{i}.json").read_text()) for i in range(2)]
    _check_against(reference, results)
    assert [(r["task_type"], r["task_id"]) for r in results] == [("chief", 0), ("worker", 0)]


def test_two_torchrun_nodes(tmp_path, reference):
    port = free_port()
    procs = [_start([sys.executable, "-m", "torch.distributed.run", "--nnodes=2", f"--node_rank={node}",
                     "--nproc_per_node=1", "--master_addr=127.0.0.1", f"--master_port={port}", str(WORKER),
                     str(tmp_path)]) for node in range(2)]
    _finish(procs)
    results = [json.loads((tmp_path / f"rank{i}.json").read_text()) for i in range(2)]
    _check_against(reference, results)
    assert all(r["multi_worker"] for r in results)


def test_single_process_strategies_match_tf_on_cluster_resolver_and_extended():
    import keraslike as tf

    mirrored = tf.distribute.MirroredStrategy()
    assert mirrored.cluster_resolver is None  # TF: MirroredStrategy (one process) has no resolver
    multi = tf.distribute.MultiWorkerMirroredStrategy()
    assert (multi.cluster_resolver.task_type, multi.cluster_resolver.task_id) == (None, None)  # no TF_CONFIG
    for strategy in (mirrored, multi):
        ext = strategy.extended
        assert ext.should_checkpoint and ext.should_save_summary and ext.experimental_should_init
