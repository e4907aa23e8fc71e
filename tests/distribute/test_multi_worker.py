"""MultiWorkerMirroredStrategy with two real "nodes" on this machine (gloo over 127.0.0.1).

Two ways the cluster is described: TF_CONFIG (one process per task) and two `torchrun --nnodes=2`
invocations. Both must train exactly like one device on the global batch. The one-device reference and the
three clusters run side by side (one module fixture); the tests read their outputs.
"""

import json
import subprocess
import sys

import numpy as np
import pytest

from keraslike._src.launch.subprocess_script import free_port
from tests.conftest import REPO, SCRIPTS, script_env

pytestmark = pytest.mark.slow
WORKER = SCRIPTS / "multi_worker_fit.py"


def _cluster_jobs(base):
    """{name: (cluster, [(command, env) per process])}: the three two-process clusters of this module."""
    worker = [sys.executable, str(WORKER)]
    ports = [free_port() for _ in range(5)]
    two_workers = {"worker": [f"127.0.0.1:{p}" for p in ports[:2]]}
    with_chief = {"chief": [f"127.0.0.1:{ports[2]}"], "worker": [f"127.0.0.1:{ports[3]}"]}
    tasks = {"tf_config": [{"type": "worker", "index": i} for i in range(2)],
             "chief": [{"type": "chief", "index": 0}, {"type": "worker", "index": 0}]}
    clusters = {"tf_config": two_workers, "chief": with_chief}
    jobs = {name: (clusters[name], [([*worker, str(base / name)], {"TF_CONFIG": json.dumps(
        {"cluster": clusters[name], "task": task})}) for task in tasks[name]]) for name in tasks}
    jobs["torchrun"] = (None, [([sys.executable, "-m", "torch.distributed.run", "--nnodes=2", f"--node_rank={node}",
                                 "--nproc_per_node=1", "--master_addr=127.0.0.1", f"--master_port={ports[4]}",
                                 str(WORKER), str(base / "torchrun")], {}) for node in range(2)])
    return jobs


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The one-device reference and the three clusters, all started together (7 processes)."""
    base = tmp_path_factory.mktemp("multi_worker")
    for name in ("ref", "tf_config", "chief", "torchrun"):
        (base / name).mkdir()
    reference = subprocess.Popen([sys.executable, str(WORKER), str(base / "ref"), "--single"], cwd=REPO,
                                 env=script_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    jobs = _cluster_jobs(base)
    procs = {name: [subprocess.Popen(cmd, cwd=REPO, env=script_env(**env), stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True) for cmd, env in commands]
             for name, (_, commands) in jobs.items()}
    try:
        _, err = reference.communicate(timeout=600)
        assert reference.returncode == 0, err[-3000:]
        outs = {name: [proc.communicate(timeout=600) for proc in group] for name, group in procs.items()}
    finally:
        for proc in [reference, *(p for group in procs.values() for p in group)]:
            if proc.poll() is None:
                proc.kill()
    results = {name: [json.loads((base / name / f"rank{i}.json").read_text()) for i in range(2)]
               if all(p.returncode == 0 for p in procs[name]) else None for name in jobs}
    return {"reference": json.loads((base / "ref" / "rank0.json").read_text()), "clusters": {
        name: cluster for name, (cluster, _) in jobs.items()}, "procs": procs, "outs": outs, "results": results}


def _results(runs, name):
    for proc, (_, err) in zip(runs["procs"][name], runs["outs"][name]):
        assert proc.returncode == 0, err[-3000:]
    return runs["results"][name]


def _check_against(reference, results):
    for r in results:
        assert r["replicas"] == 2
        np.testing.assert_allclose(r["history"]["loss"], reference["history"]["loss"], rtol=1e-5)
        for got, want in zip(r["weights"], reference["weights"]):
            np.testing.assert_allclose(np.array(got), np.array(want), rtol=1e-5, atol=1e-6)
    assert results[0]["weights"] == results[1]["weights"]


def test_tf_config_two_workers(runs):
    results = _results(runs, "tf_config")
    outs = [out for out, _ in runs["outs"]["tf_config"]]
    _check_against(runs["reference"], results)
    assert [r["task_id"] for r in results] == [0, 1]
    assert results[0]["task_type"] == "worker"
    assert results[0]["cluster"] == runs["clusters"]["tf_config"]
    assert all(r["multi_worker"] for r in results)
    assert [r["should_checkpoint"] for r in results] == [True, False]
    assert outs[0].count("Epoch 1/2") == 1 and outs[1].count("Epoch 1/2") == 0  # only the chief prints


def test_tf_config_with_a_chief_task(runs):
    results = _results(runs, "chief")
    _check_against(runs["reference"], results)
    assert [(r["task_type"], r["task_id"]) for r in results] == [("chief", 0), ("worker", 0)]


def test_two_torchrun_nodes(runs):
    results = _results(runs, "torchrun")
    _check_against(runs["reference"], results)
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
