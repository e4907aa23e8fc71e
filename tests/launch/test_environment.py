"""launch/environment.py: who is who, from torchrun, TF_CONFIG and SLURM variables."""

import json

import pytest

from keraslike._src.distribute.batch_split import split_global_batch
from keraslike._src.launch import environment
from keraslike._src.placement import device_spec

_LAUNCH_VARS = ("RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "TF_CONFIG", "SLURM_NTASKS", "SLURM_PROCID",
                "MASTER_ADDR", "MASTER_PORT", "KERASLIKE_LAUNCHED", "TORCHELASTIC_RUN_ID")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for key in _LAUNCH_VARS:
        monkeypatch.delenv(key, raising=False)


def test_plain_process_is_not_distributed():
    assert environment.detect() is None
    assert environment.detect(cluster=True) is None


def test_torchrun_variables(monkeypatch):
    for k, v in dict(RANK="3", WORLD_SIZE="4", LOCAL_RANK="1", LOCAL_WORLD_SIZE="2", MASTER_ADDR="10.0.0.1",
                     MASTER_PORT="29400", TORCHELASTIC_RUN_ID="x").items():
        monkeypatch.setenv(k, v)
    env = environment.detect()
    assert (env.rank, env.world_size, env.local_rank, env.local_world_size) == (3, 4, 1, 2)
    assert (env.master_addr, env.master_port, env.source, env.task_id) == ("10.0.0.1", 29400, "torchrun", 3)


def test_tf_config_orders_chief_first(monkeypatch):
    cluster = {"worker": ["h1:2000", "h2:2001"], "chief": ["h0:1999"]}
    monkeypatch.setenv("TF_CONFIG", json.dumps({"cluster": cluster, "task": {"type": "worker", "index": 1}}))
    assert environment.detect() is None  # MirroredStrategy ignores TF_CONFIG, as TF does
    env = environment.detect(cluster=True)
    assert (env.rank, env.world_size, env.master_addr, env.master_port) == (2, 3, "h0", 1999)
    assert (env.task_type, env.task_id, env.local_rank, env.local_world_size) == ("worker", 1, 0, 1)


def test_tf_config_errors_quote_the_value(monkeypatch):
    monkeypatch.setenv("TF_CONFIG", "{not json")
    with pytest.raises(ValueError, match="Received: TF_CONFIG='{not json'"):
        environment.detect(cluster=True)
    monkeypatch.setenv("TF_CONFIG", json.dumps({"cluster": {"worker": ["a:1"]}, "task": {"type": "worker",
                                                                                       "index": 4}}))
    with pytest.raises(ValueError, match="worker:4 is not in the cluster"):
        environment.detect(cluster=True)


def test_slurm(monkeypatch):
    for k, v in dict(SLURM_NTASKS="8", SLURM_PROCID="5", SLURM_LOCALID="1", SLURM_NTASKS_PER_NODE="4",
                     SLURM_JOB_NODELIST="gpu[07-08]", SLURM_JOB_ID="1234").items():
        monkeypatch.setenv(k, v)
    env = environment.detect(cluster=True)
    assert (env.rank, env.world_size, env.local_rank, env.local_world_size) == (5, 8, 1, 4)
    assert (env.master_addr, env.master_port, env.source) == ("gpu07", 21234, "slurm")
    assert environment.first_host("node[03-05,9],gpu1") == "node03"
    assert environment.first_host("a,b") == "a"


@pytest.mark.parametrize("size,n,expected", [
    (4, 2, [(0, 2), (2, 4)]),
    (2, 2, [(0, 1), (1, 2)]),          # range(6).batch(4): the last batch [4, 5] -> [4] / [5]
    (4, 3, [(0, 2), (2, 4), (4, 4)]),  # range(8).batch(4) on 3 replicas: [0,1] / [2,3] / []
    (7, 2, [(0, 4), (4, 7)]),
    (1, 2, [(0, 1), (1, 1)]),
    (0, 2, [(0, 0), (0, 0)]),
])
def test_tf_global_batch_split(size, n, expected):
    assert [split_global_batch(size, n, r) for r in range(n)] == expected


@pytest.mark.parametrize("name,expected", [
    ("/gpu:1", ("GPU", 1)), ("/device:GPU:0", ("GPU", 0)), ("GPU:2", ("GPU", 2)), ("/cpu:0", ("CPU", 0)),
    ("cpu", ("CPU", 0)), ("/job:localhost/replica:0/task:0/device:CPU:0", ("CPU", 0)), ("cuda:1", ("GPU", 1)),
])
def test_device_names(name, expected):
    assert device_spec.parse(name) == expected


def test_bad_device_name():
    with pytest.raises(ValueError, match=r"Received: device='/tpu0:x'"):
        device_spec.parse("/tpu0:x")


def test_a_pytest_session_is_never_relaunched_as_replicas():
    from keraslike._src.launch.subprocess_script import interactive_reason

    assert "pytest" in interactive_reason()


def test_a_pytest_xdist_worker_is_never_relaunched_as_replicas(monkeypatch):
    # an xdist worker runs `python -c "import sys;exec(eval(sys.stdin.readline()))"`: re-running that command
    # line as replicas (stdin closed) would start processes that never run the program
    import __main__
    import sys
    import types

    from keraslike._src.launch.subprocess_script import interactive_reason

    monkeypatch.delattr(__main__, "__file__", raising=False)
    monkeypatch.setattr(__main__, "__spec__", None, raising=False)
    monkeypatch.setattr(sys, "orig_argv", [sys.executable, "-u", "-c", "import sys;exec(eval(sys.stdin.readline()))"])
    monkeypatch.setitem(sys.modules, "xdist", types.ModuleType("xdist"))
    assert "pytest-xdist worker" in interactive_reason()
