"""keraslike's own launcher: re-running the command line, thread split, Ctrl-C, no orphans, REPL fallback.

The jobs that run to their end start together in one module fixture (`jobs`); the Ctrl-C and killed-chief
tests drive their own processes meanwhile."""

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from keraslike._src.launch.subprocess_script import free_port
from tests.conftest import REPO, SCRIPTS, script_env, start_scripts

pytestmark = pytest.mark.slow
PROBE = SCRIPTS / "launch_probe.py"


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is not alive
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


_INTERACTIVE = ("import keraslike as tf\n"
                "cpu = tf.config.list_physical_devices('CPU')[0]\n"
                "tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)\n"
                "s = tf.distribute.MirroredStrategy(['/cpu:0', '/cpu:1'])\n"
                "print('replicas', s.num_replicas_in_sync)\n")


@pytest.fixture(scope="module")
def jobs(tmp_path_factory):
    """The module's jobs that run to their end, started together: {name: (StartedScript, its output folder)}.

    `probe` is one launch of 2 replicas doing the `chdir`, `who`, `listen` and `second` probes in turn. The
    Ctrl-C and killed-chief tests drive their own processes while these run. `node0`/`node1`: two "nodes" of one
    replica each rendezvousing on this machine's non-loopback address (`node_address`), when it has one."""
    dirs = {name: tmp_path_factory.mktemp(name) for name in ("dash_m", "probe", "interactive", "accelerate",
                                                               "torchrun")}
    commands = {
        "dash_m": [sys.executable, "-m", "tests.scripts.launch_probe", dirs["dash_m"], "argv", "--flag", "x y"],
        "probe": [PROBE, dirs["probe"], "chdir,who,listen,second"],
        "interactive": [sys.executable, "-"],
        "torchrun": ["torchrun", "--standalone", "--nproc_per_node=2", PROBE, dirs["torchrun"], "who"],
    }
    if importlib.util.find_spec("accelerate") is not None:
        commands["accelerate"] = [
            sys.executable, "-m", "accelerate.commands.launch", "--cpu", "--num_processes", "1", "--num_machines",
            "1", "--mixed_precision", "no", "--dynamo_backend", "no", SCRIPTS / "mirrored_fit.py",
            dirs["accelerate"] / "acc.npz", "--replicas", "0"]
    started = {name: (job, dirs[name]) for name, job in
               start_scripts(commands, stdin_text={"interactive": _INTERACTIVE}).items()}
    ip = _non_loopback_ip()
    if ip is not None:  # two "nodes" of one replica each on this machine's address, as a hand-written launcher
        port, nodes = free_port(), tmp_path_factory.mktemp("nodes")
        for rank in range(2):
            env = dict(RANK=str(rank), WORLD_SIZE="2", LOCAL_RANK="0", LOCAL_WORLD_SIZE="1", MASTER_ADDR=ip,
                       MASTER_PORT=str(port))
            started[f"node{rank}"] = (start_scripts({"node": [PROBE, nodes, "listen"]}, **env)["node"], nodes)
        started["node_address"] = (ip, port)
    yield started
    for name, (job, _) in started.items():
        if name != "node_address":
            job.stop()


@pytest.fixture(scope="module")
def probe(jobs):
    job, out = jobs["probe"]
    proc = job.result()
    assert proc.returncode == 0, proc.stderr
    return proc, out


def test_python_dash_m_reruns_module_with_its_arguments(jobs):
    job, tmp_path = jobs["dash_m"]
    proc = job.result()
    assert proc.returncode == 0, proc.stderr
    infos = [json.loads((tmp_path / f"rank{r}.json").read_text()) for r in range(2)]
    assert infos[0]["argv"] == infos[1]["argv"] == [str(tmp_path), "argv", "--flag", "x y"]
    assert infos[1]["ppid"] == infos[0]["pid"]  # replica 1 was started by replica 0
    assert infos[0]["replicas"] == infos[1]["replicas"] == 2
    cores = len(os.sched_getaffinity(0))
    assert infos[0]["threads"] == infos[1]["threads"] == max(1, cores // 2)
    assert proc.stdout.count("probe done argv") == 1  # replica 1's stdout is discarded


def test_second_strategy_and_second_fit_reuse_the_replicas(probe):
    infos = _who(probe[1])
    for rank, info in enumerate(infos):
        assert info["second_replicas"] == 2 and info["second_rank"] == rank and info["epochs"] == 2
    assert len({info["pid"] for info in infos}) == 2


def test_a_strategy_of_another_replica_count_in_a_re_run_program_raises_on_every_replica(probe):
    # before: the 3-device strategy silently had the program's 2 replicas
    for info in _who(probe[1]):
        assert "runs as 2 replica processes" in info["third_error"]
        assert info["third_error"].endswith("Received: devices=['/cpu:0', '/cpu:1', '/cpu:2']")


def test_replicas_start_where_the_program_started_not_where_the_chief_moved(probe):
    # the chief changed directory before creating the strategy: the re-run command line starts in the
    # directory the program was started in, so the program's relative paths mean the same files to all
    infos = _who(probe[1])
    assert infos[1]["start_cwd"] == infos[0]["start_cwd"] != str(probe[1] / "moved")


def _terminal_signals():
    """In the child before exec: Ctrl-C as a terminal's foreground program has it. A test runner started in the
    background (`cmd &` in a script) hands its children SIGINT ignored, and Python then never raises
    KeyboardInterrupt, which is not what this test is about."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_stops_every_replica_and_leaves_no_orphans(tmp_path):
    proc = subprocess.Popen([sys.executable, str(PROBE), str(tmp_path), "loop"], cwd=REPO, env=script_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=_terminal_signals)
    try:
        assert proc.stdout.readline().strip() == "ready"
        pids = [json.loads((tmp_path / f"rank{r}.json").read_text())["pid"] for r in range(2)]
        time.sleep(0.5)
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole foreground group
        start = time.time()
        proc.wait(timeout=300)
        assert time.time() - start < 60  # a generous ceiling for a loaded machine (idle: about 1 s)
        assert proc.returncode != 0
        deadline = time.time() + 60
        while any(_alive(p) for p in pids) and time.time() < deadline:
            time.sleep(0.1)
        assert not any(_alive(p) for p in pids)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)


def test_killing_the_chief_takes_the_replicas_down(tmp_path):
    proc = subprocess.Popen([sys.executable, str(PROBE), str(tmp_path), "loop"], cwd=REPO, env=script_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        child = json.loads((tmp_path / "rank1.json").read_text())["pid"]
        proc.send_signal(signal.SIGKILL)  # no atexit, no excepthook: only the replica's parent watch helps
        proc.wait(timeout=60)
        deadline = time.time() + 60  # generous: the replica's parent watch polls every fraction of a second
        while _alive(child) and time.time() < deadline:
            time.sleep(0.1)
        assert not _alive(child)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)


def test_interactive_session_falls_back_to_one_replica_with_a_warning(jobs):
    proc = jobs["interactive"][0].result()  # the program read from standard input
    assert proc.returncode == 0, proc.stderr
    assert "replicas 1" in proc.stdout
    assert "cannot start the extra replica processes" in proc.stderr
    assert "torchrun --nproc_per_node=2" in proc.stderr


def test_accelerate_launch_just_works(jobs):
    pytest.importorskip("accelerate")
    proc = jobs["accelerate"][0].result()
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.count("Epoch 1/2") == 1
    assert "done on 1 replica(s)" in proc.stdout


def test_single_machine_rendezvous_listens_on_loopback_only(probe):
    chief, replica = _who(probe[1])
    assert chief["listening"], "the chief hosts the rendezvous store, so it must listen somewhere"
    for address in chief["listening"] + replica["listening"]:
        assert address.startswith("127.0.0.1:"), (chief["listening"], replica["listening"])


def _non_loopback_ip():
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(("192.0.2.123", 9))  # no packet is sent: this only picks the outgoing interface
            ip = sock.getsockname()[0]
        except OSError:
            return None
    return None if ip.startswith("127.") or ip == "0.0.0.0" else ip


def test_multi_node_rendezvous_listens_on_master_addr_only(jobs):
    if "node0" not in jobs:
        pytest.skip("this machine has no non-loopback IPv4 address")
    for rank in range(2):  # two "nodes" of one replica each, as a hand-written launcher would start them
        proc = jobs[f"node{rank}"][0].result()
        assert proc.returncode == 0, proc.stderr
    tmp_path, (ip, port) = jobs["node0"][1], jobs["node_address"]
    chief = json.loads((tmp_path / "rank0.json").read_text())
    assert f"{ip}:{port}" in chief["listening"]
    wildcard = [a for a in chief["listening"] if a.startswith(("0.0.0.0:", ":::"))]
    assert not wildcard, chief["listening"]


def test_rendezvous_bind_address_rules():
    import socket
    import warnings

    from keraslike._src.launch import rendezvous
    from keraslike._src.launch.environment import ClusterEnvironment

    def env(addr, world, local):
        return ClusterEnvironment(rank=0, world_size=world, local_rank=0, local_world_size=local, master_addr=addr,
                                  master_port=1, source="env")

    assert rendezvous.bind_address(env("127.0.0.1", 2, 2)) == (socket.AF_INET, "127.0.0.1")
    assert rendezvous.bind_address(env("localhost", 2, 2))[1] in ("127.0.0.1", "::1")
    assert rendezvous.bind_address(env("10.1.2.3", 4, 2)) == (socket.AF_INET, "10.1.2.3")
    assert rendezvous.is_single_machine_loopback(env("localhost", 2, 2))
    assert not rendezvous.is_single_machine_loopback(env("10.1.2.3", 4, 2))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert rendezvous.bind_address(env("127.0.0.1", 4, 2)) == (socket.AF_INET, "0.0.0.0")
    assert "spans several machines" in str(caught[0].message)
    with pytest.raises(ValueError, match="MASTER_ADDR"):
        rendezvous.bind_address(env("no-such-host.invalid", 2, 2))


def _who(tmp_path):
    return [json.loads((tmp_path / f"rank{r}.json").read_text()) for r in range(2)]


def test_only_the_chief_prints_under_the_launcher_and_tf_tells_who_is_chief(probe):
    proc, out = probe
    assert proc.stdout.count("hello from ") == 1 and "hello from worker:0" in proc.stdout
    chief, replica = _who(out)
    assert chief["rng_before"] == replica["rng_before"] and chief["rng_after"] == replica["rng_after"]
    for rank, info in enumerate(_who(out)):
        assert (info["task_type"], info["task_id"]) == ("worker", rank)
        assert info["is_chief"] == info["should_checkpoint"] == info["should_save_summary"] == (rank == 0)


def test_under_torchrun_each_process_prints_and_tf_tells_who_is_chief(jobs):
    job, tmp_path = jobs["torchrun"]
    proc = job.result()
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("hello from worker:0") == 1 and proc.stdout.count("hello from worker:1") == 1
    chief, replica = _who(tmp_path)
    assert chief["rng_after"] == replica["rng_after"]  # torchrun's peers take the chief's program seed
    for rank, info in enumerate(_who(tmp_path)):
        assert (info["task_type"], info["task_id"]) == ("worker", rank)
        assert info["is_chief"] == info["should_checkpoint"] == info["should_save_summary"] == (rank == 0)
