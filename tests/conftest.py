"""Shared test helpers: run worker scripts as real processes."""

import compileall
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPTS = REPO / "tests" / "scripts"


def pytest_configure(config):
    """Compile keraslike (and `models/`) to bytecode once, before any test runs.

    Each launched script and replica imports keraslike anew: without bytecode files (PYTHONDONTWRITEBYTECODE=1
    in the environment, as on many containers, or a fresh checkout) every one of those processes compiles its
    ~700 modules from source, about a quarter of its start-up CPU. The files go where Python keeps them
    (`__pycache__/`, git-ignored); a file already up to date is only stat'ed, so the xdist workers' calls are
    cheap. An unwritable checkout only loses the speed-up."""
    for package in ("keraslike", "models"):
        if (REPO / package).is_dir():
            compileall.compile_dir(REPO / package, quiet=2)


def script_env(**extra):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    for key in ("RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT",
                "KERASLIKE_LAUNCHED", "KERASLIKE_PARENT_PID", "TORCHELASTIC_RUN_ID", "PYTEST_XDIST_WORKER",
                "PYTEST_XDIST_WORKER_COUNT", "PYTEST_XDIST_TESTRUNUID"):
        env.pop(key, None)
    env.update(extra)
    return env


def _command(args):
    cmd = list(args) if args[0] in ("torchrun",) or os.path.sep in str(args[0]) and not str(args[0]).endswith(
        ".py") else [sys.executable, *map(str, args)]
    if cmd[0] == "torchrun":
        cmd = [sys.executable, "-m", "torch.distributed.run", *map(str, cmd[1:])]
    return cmd


def run_script(args, timeout=600, cwd=None, **env):
    """Run `python args...` (or another command when args[0] is a program); returns CompletedProcess."""
    return subprocess.run(_command(args), capture_output=True, text=True, timeout=timeout, cwd=cwd or REPO,
                          env=script_env(**env))


def run_scripts(*jobs, timeout=600, cwd=None, **env):
    """Run independent jobs (each as `run_script`'s `args`) at the same time; their CompletedProcess, in order.

    A one-process job keeps one core busy, so on a 2-core machine two of them take the time of one."""
    procs = [subprocess.Popen(_command(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              cwd=cwd or REPO, env=script_env(**env)) for args in jobs]
    done = []
    for args, proc in zip(jobs, procs):
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            for other in procs:
                other.kill()
            raise
        done.append(subprocess.CompletedProcess(_command(args), proc.returncode, out, err))
    return done


class StartedScript:
    """A script started with `start_scripts`: `result()` waits for it (once) and gives its CompletedProcess;
    `elapsed` is then the seconds from its start to its own end (not to when a test first asked)."""

    def __init__(self, args, timeout, cwd, env, popen, stdin_text=None, slots=None):
        self.args, self._timeout, self._input, self._slots = _command(args), timeout, stdin_text, slots
        self._popen = dict(cwd=cwd or REPO, env=env, **popen)
        if stdin_text is not None:
            self._popen["stdin"] = subprocess.PIPE
        self._proc, self._done, self._stopped = None, None, False
        self._lock = threading.Lock()
        if slots is None:
            self._start()
        self._waiter = threading.Thread(target=self._wait, daemon=True)
        self._waiter.start()

    def _start(self):
        self._started = time.monotonic()
        self._proc = subprocess.Popen(self.args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                      **self._popen)

    def _wait(self):
        if self._slots is not None:
            self._slots.acquire()  # at most `limit` of the module's jobs run at a time
            with self._lock:
                if self._stopped:
                    self._slots.release()
                    return
                self._start()
        try:
            out, err = self._proc.communicate(input=self._input, timeout=self._timeout)
        except subprocess.TimeoutExpired as exc:
            self._proc.kill()
            out, err = self._proc.communicate()
            self._done = exc
        else:
            self._done = subprocess.CompletedProcess(self.args, self._proc.returncode, out, err)
        finally:
            if self._slots is not None:
                self._slots.release()
        self.elapsed = time.monotonic() - self._started

    def stop(self):
        """Kill it if it still runs, never start it if it waits for a slot (a module's teardown: a failed test
        leaves no job behind)."""
        with self._lock:
            self._stopped = True
            if self._proc is not None and self._proc.poll() is None:
                self._proc.kill()
        self._waiter.join()

    def result(self):
        self._waiter.join()
        if isinstance(self._done, subprocess.TimeoutExpired):
            raise self._done
        if self._done is None:
            raise RuntimeError(f"{self.args} was stopped before it started")
        return self._done


def start_scripts(jobs, timeout=600, cwd=None, popen=None, stdin_text=None, limit=None, **env):
    """Start independent jobs ({name: `run_script`'s args}) at once, for a module's tests to read as they need:
    {name: StartedScript}. The waits (replica timeouts, rendezvous, start-up) of one overlap the others' work.
    `stdin_text` ({name: text}) is written to those jobs' standard input; with `limit`, at most that many of
    them run at a time (in the order given; each one's `timeout` and `elapsed` count from its own start)."""
    slots = threading.Semaphore(limit) if limit else None
    return {name: StartedScript(args, timeout, cwd, script_env(**env), popen or {}, (stdin_text or {}).get(name),
                                slots) for name, args in jobs.items()}


@pytest.fixture
def run():
    return run_script


def _launches_python(args):
    """True when a `subprocess.Popen(args)` starts a Python interpreter (or torchrun): seconds of imports."""
    if isinstance(args, (str, bytes, os.PathLike)):
        text = os.fsdecode(args)
        return sys.executable in text or os.path.basename(text.split()[0] if text.split() else "").startswith(
            ("python", "torchrun"))
    if not args:
        return False
    program = os.fsdecode(args[0])
    return os.path.realpath(program) == os.path.realpath(sys.executable) or os.path.basename(program).startswith(
        ("python", "torchrun"))


def _guard_launches(item):
    """Process-launching tests are marked `slow` (deselected by `-m "not slow"`, run in CI): an unmarked test that
    starts a Python process fails, naming itself, instead of quietly slowing the quick set."""
    if item.get_closest_marker("slow") is not None:
        return None
    original = subprocess.Popen.__init__

    def guarded(self, args, *rest, **kwargs):
        if _launches_python(args):
            raise AssertionError(f"{item.nodeid} starts a Python process; mark it `@pytest.mark.slow`. "
                                 f"Received: args={args!r}")
        original(self, args, *rest, **kwargs)

    subprocess.Popen.__init__ = guarded
    return original


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    original = _guard_launches(item)
    try:
        yield
    finally:
        if original is not None:
            subprocess.Popen.__init__ = original


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    original = _guard_launches(item)
    try:
        yield
    finally:
        if original is not None:
            subprocess.Popen.__init__ = original
