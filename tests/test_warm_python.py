"""The warm interpreter (tests/warm) shows a launched program what a fresh `python` would show it.

The multi-process tests run their programs through it; if it differed from a fresh interpreter, they would
test something users never run. So the same probe runs both ways and everything a program can see of its
start is compared: argv, orig_argv, sys.path (with PYTHONPATH's relative and empty entries), `__main__`,
environment, working directory, streams and their buffering, stdin, signal dispositions, umask, torch
threads, parent pid, exit codes, uncaught exceptions, atexit, forwarded and uncatchable signals; and what must
differ between two starts (numpy's and `random`'s unseeded draws, a chief's and a replica's string hashes).
"""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from tests import warm
from tests.conftest import REPO, SCRIPTS

pytestmark = pytest.mark.slow
PROBE = SCRIPTS / "warm_probe.py"


@pytest.fixture(scope="module")
def pythons():
    if not warm.enabled():
        pytest.skip("KERASLIKE_TEST_WARM=0")
    client = warm.install()
    return {"warm": client, "cold": warm.real_python()}


def _run(python, args, cwd=REPO, stdin="", **env):
    full = dict(os.environ, PYTHONPATH=f"rel:{REPO}::", PROBE_X="1", **env)
    full.pop("OMP_NUM_THREADS", None)
    return subprocess.run([python, *map(str, args)], input=stdin, capture_output=True, text=True, cwd=cwd,
                          env=full, timeout=120)


def _seen(proc):
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.parametrize("form", ["script", "relative", "dash_m", "dash_u", "threads"])
def test_a_program_sees_what_a_fresh_interpreter_shows_it(pythons, form, tmp_path):
    args = {"script": [PROBE, "show", "torch"], "relative": ["tests/scripts/warm_probe.py", "show"],
            "dash_m": ["-m", "tests.scripts.warm_probe", "show"], "dash_u": ["-u", PROBE, "show"],
            "threads": [PROBE, "show", "torch"]}[form]
    env = {"OMP_NUM_THREADS": "1"} if form == "threads" else {}
    seen = {kind: _seen(_run(python, args, stdin="typed\n", **env)) for kind, python in pythons.items()}
    for key in ("hash", "numpy", "random"):
        seen["warm"].pop(key), seen["cold"].pop(key)
    assert seen["warm"] == seen["cold"]
    assert seen["warm"]["ppid"] == os.getpid() and seen["warm"]["stdin"] == "typed\n"


def test_exit_codes_exceptions_and_atexit_are_a_fresh_interpreters(pythons):
    for args in (["exit", 3], ["raise"], ["exit-text"], ["atexit"], ["fork"]):
        warm_run, cold_run = (_run(pythons[kind], [PROBE, *args]) for kind in ("warm", "cold"))
        assert (warm_run.returncode, warm_run.stdout) == (cold_run.returncode, cold_run.stdout), args
        assert warm_run.stderr == cold_run.stderr, args  # the traceback names the program's frames only
        assert "False" not in warm_run.stdout


def test_unseeded_draws_and_replica_hashes_differ_between_starts(pythons):
    first, second = (_seen(_run(pythons["warm"], [PROBE, "show"])) for _ in range(2))
    assert first["numpy"] != second["numpy"] and first["random"] != second["random"]
    replica = _seen(_run(pythons["warm"], [PROBE, "show"], RANK="1"))
    assert replica["hash"] != first["hash"]


@pytest.mark.parametrize("how", ["SIGTERM", "SIGINT", "SIGKILL"])
def test_signals_reach_the_program_and_a_killed_client_takes_it_down(pythons, how):
    proc = subprocess.Popen([pythons["warm"], str(PROBE), "wait"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=REPO, env=dict(os.environ), preexec_fn=_default_sigint)
    try:
        ready, pid = proc.stdout.readline().split()
        assert ready == "ready" and int(pid) != proc.pid  # the program is the server's fork, the client waits
        proc.send_signal(getattr(signal, how))
        proc.wait(timeout=60)
        expected = {"SIGTERM": -signal.SIGTERM, "SIGINT": -signal.SIGINT, "SIGKILL": -signal.SIGKILL}[how]
        assert proc.returncode == expected, proc.stderr.read()
        deadline = time.time() + 30
        while _alive(int(pid)) and time.time() < deadline:
            time.sleep(0.05)
        assert not _alive(int(pid))
    finally:
        proc.kill()
        proc.wait()


def _default_sigint():
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_what_a_fork_cannot_give_starts_a_fresh_interpreter(pythons, tmp_path):
    code = "import sys, json; print(json.dumps(sys.orig_argv))"
    proc = _run(pythons["warm"], ["-X", "utf8", "-c", code])
    assert proc.returncode == 0 and json.loads(proc.stdout)[0] == warm.real_python()
    proc = _run(pythons["warm"], ["-c", code], PYTHONHASHSEED="7")
    assert proc.returncode == 0 and json.loads(proc.stdout)[0] == warm.real_python()
    proc = _run(pythons["warm"], ["-c", code])
    assert proc.returncode == 0 and json.loads(proc.stdout)[0] == pythons["warm"]
    assert sys.executable == pythons["warm"]
