"""The warm interpreter (tests/warm) shows a launched program what a fresh `python` would show it.

The multi-process tests run their programs through it; if it differed from a fresh interpreter, they would
test something users never run. So the same probe runs both ways and everything a program can see of its
start is compared: argv, orig_argv, sys.path (with PYTHONPATH's relative and empty entries), `__main__`,
environment, working directory, streams and their names and buffering, stdin, signal dispositions and mask,
umask, torch threads, parent pid, exit codes, uncaught exceptions and syntax errors, atexit, multiprocessing,
forwarded, early and uncatchable signals, a dead server; what must differ between two starts (numpy's,
torch's and `random`'s unseeded draws, a chief's and a replica's string hashes); and what falls back to a
fresh interpreter.
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

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


def _run(python, args, cwd=REPO, stdin="", preexec_fn=None, **env):
    full = dict(os.environ, PYTHONPATH=f"rel:{REPO}::", PROBE_X="1", **env)
    full.pop("OMP_NUM_THREADS", None)
    return subprocess.run([python, *map(str, args)], input=stdin, capture_output=True, text=True, cwd=cwd,
                          env=full, timeout=120, preexec_fn=preexec_fn)


def _seen(proc):
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.parametrize("form", ["script", "relative", "unnormalized", "symlink", "dash_m", "dash_u", "threads",
                                  "blocked"])
def test_a_program_sees_what_a_fresh_interpreter_shows_it(pythons, form, tmp_path):
    (tmp_path / "link.py").symlink_to(PROBE)  # argv and __file__ name the link, sys.path[0] its target's folder
    args = {"script": [PROBE, "show", "torch"], "relative": ["tests/scripts/warm_probe.py", "show"],
            "unnormalized": [f"{REPO}//tests/../tests/./scripts/warm_probe.py", "show"],
            "symlink": [tmp_path / "link.py", "show"],
            "dash_m": ["-m", "tests.scripts.warm_probe", "show"], "dash_u": ["-u", PROBE, "show"],
            "threads": [PROBE, "show", "torch"], "blocked": [PROBE, "show"]}[form]
    env = {"OMP_NUM_THREADS": "1"} if form == "threads" else {}
    preexec = (lambda: signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR1])) if form == "blocked" else None
    seen = {kind: _seen(_run(python, args, stdin="typed\n", preexec_fn=preexec, **env))
            for kind, python in pythons.items()}
    for key in ("hash", "numpy", "random", "torch"):
        seen["warm"].pop(key), seen["cold"].pop(key)
    assert seen["warm"] == seen["cold"]
    assert seen["warm"]["ppid"] == os.getpid() and seen["warm"]["stdin"] == "typed\n"


def test_exit_codes_exceptions_and_atexit_are_a_fresh_interpreters(pythons):
    for args in (["exit", 3], ["raise"], ["exit-text"], ["atexit"], ["fork"]):
        warm_run, cold_run = (_run(pythons[kind], [PROBE, *args]) for kind in ("warm", "cold"))
        assert (warm_run.returncode, warm_run.stdout) == (cold_run.returncode, cold_run.stdout), args
        assert warm_run.stderr == cold_run.stderr, args  # the traceback names the program's frames only
        assert "False" not in warm_run.stdout


START_FAILURES = {
    "syntax.py": "x = (\n",
    "interrupted.py": "import atexit\natexit.register(print, 'atexit ran')\n"
                      "def f():\n    raise KeyboardInterrupt\nf()\n",
    "pkg/__init__.py": "",
    "pkg/__main__.py": "def f():\n    raise ValueError('from -m')\nf()\n",
}


@pytest.mark.parametrize("args", [["syntax.py"], ["interrupted.py"], ["-m", "pkg"], ["-c", "def f(): 1 / 0\nf()"],
                                  ["app.pyz", "x"], ["missing.py"]])
def test_errors_and_other_program_forms_are_reported_as_by_a_fresh_interpreter(pythons, args, tmp_path):
    # tracebacks show the program's frames (and runpy's for -m) only, never the warm server's; a syntax error
    # has no traceback; an uncaught KeyboardInterrupt runs atexit and ends the process by SIGINT; a zip
    # application and a missing file start a fresh interpreter
    for name, source in START_FAILURES.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(source)
    with zipfile.ZipFile(tmp_path / "app.pyz", "w") as app:
        app.writestr("__main__.py", "import sys\nprint('zip app', __name__, sys.argv[1:])\n")
    runs = {kind: _run(python, args, cwd=tmp_path) for kind, python in pythons.items()}
    assert (runs["warm"].returncode, runs["warm"].stdout) == (runs["cold"].returncode, runs["cold"].stdout)
    stderr = {kind: run.stderr.replace(pythons["warm"], "python").replace(pythons["cold"], "python")
              for kind, run in runs.items()}
    assert stderr["warm"] == stderr["cold"]


def test_multiprocessing_children_unpickle_classes_of_main(pythons, tmp_path):
    # spawn and forkserver re-run the main script as `__mp_main__` in a fresh interpreter (their extra
    # descriptors make the client start one) and send back instances of its classes
    (tmp_path / "pool.py").write_text(
        "import multiprocessing, sys\n"
        "class Box:\n    def __init__(self, v):\n        self.v = v\n"
        "def double(box):\n    return Box(box.v * 2)\n"
        "if __name__ == '__main__':\n"
        "    with multiprocessing.get_context(sys.argv[1]).Pool(1) as pool:\n"
        "        print(pool.apply(double, (Box(21),)).v)\n")
    for method in ("spawn", "forkserver", "fork"):
        runs = {kind: _run(python, ["pool.py", method], cwd=tmp_path) for kind, python in pythons.items()}
        assert runs["warm"].returncode == 0, runs["warm"].stderr
        assert runs["warm"].stdout == runs["cold"].stdout == "42\n", method


def test_unseeded_draws_and_replica_hashes_differ_between_starts(pythons):
    first, second = (_seen(_run(pythons["warm"], [PROBE, "show", "torch"])) for _ in range(2))
    assert all(first[key] != second[key] for key in ("numpy", "random", "torch"))
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
        assert _gone(int(pid))
    finally:
        proc.kill()
        proc.wait()


def test_a_signal_right_after_the_start_is_never_lost(pythons):
    # before the fix, a SIGINT the client forwarded while the fork was still starting the program could be
    # dropped (os.fork's child clears signals that arrive before Python's after-fork hook), and the program ran on
    for delay in range(0, 50, 5):
        proc = subprocess.Popen([pythons["warm"], "-c", "import time; time.sleep(60)"], stderr=subprocess.PIPE,
                                cwd=REPO, preexec_fn=_default_sigint)
        time.sleep(delay / 1000)
        proc.send_signal(signal.SIGINT)
        try:
            assert proc.wait(timeout=30) in (-signal.SIGINT, 1), delay  # 1: interrupted in CPython's own start
        finally:
            proc.kill()
            proc.wait()
            proc.stderr.close()


def _default_sigint():
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _gone(*pids, within=30):
    """True once none of `pids` is alive (within `within` seconds)."""
    deadline = time.time() + within
    while any(_alive(pid) for pid in pids) and time.time() < deadline:
        time.sleep(0.05)
    return not any(_alive(pid) for pid in pids)


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


GROUP_PROGRAM = """
import os, subprocess, sys, time
child = subprocess.Popen(["sleep", "120"])
print(os.getpid(), child.pid, os.getpgrp() == os.getpid() == os.getsid(0), flush=True)
time.sleep(120)
"""


@pytest.mark.parametrize("kind", ["warm", "cold"])
def test_killpg_on_a_client_leading_its_own_group_reaches_the_programs_children(pythons, kind):
    # start_new_session (torchrun's workers, a terminal's Ctrl-C): the program leads a session of its own, and
    # what the client's group receives reaches the program's group, its children included
    proc = subprocess.Popen([pythons[kind], "-c", GROUP_PROGRAM], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        program, child, leads = proc.stdout.readline().split()
        assert leads == "True"
        assert (int(program) != proc.pid) == (kind == "warm")
        os.killpg(proc.pid, signal.SIGTERM)
        assert proc.wait(timeout=60) == -signal.SIGTERM
        assert _gone(int(program), int(child))
    finally:
        proc.kill()
        proc.wait()


def test_a_dead_server_takes_its_programs_down_and_the_client_fails_loudly(pythons):
    folder = Path(tempfile.mkdtemp(prefix="klwarm-test-", dir="/tmp"))  # a server of its own, killed below
    client = folder / "python"
    client.write_text(Path(pythons["warm"]).read_text().replace(str(Path(pythons["warm"]).parent), str(folder)))
    client.chmod(0o755)
    server = subprocess.Popen([warm.real_python(), str(Path(warm.__file__).parent / "zygote.py"),
                               str(folder / "chief.sock"), str(client)], start_new_session=True, cwd=folder,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    try:
        deadline = time.time() + 60
        while not (folder / "chief.sock").exists() and time.time() < deadline:
            time.sleep(0.05)
        proc = subprocess.Popen([str(client), str(PROBE), "wait"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, cwd=REPO)
        ready, pid = proc.stdout.readline().split()
        server.kill()
        assert proc.wait(timeout=30) == 70 and "lost the server" in proc.stderr.read()
        assert _gone(int(pid))
    finally:
        server.kill()
        server.wait()
        shutil.rmtree(folder, ignore_errors=True)
