"""Shared test helpers: run worker scripts as real processes."""

import compileall
import fcntl
import gc
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests import warm

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


@pytest.hookimpl(hookwrapper=True)
def pytest_collection(session):
    """Collection runs with the garbage collector paused, and what it leaves alive is frozen out of later collections.

    Importing the ~370 test modules and building their parameters allocates millions of objects, each full
    collection they trigger walks the whole heap (torch, keraslike, every test module so far): 4.1 s of the
    quick half's 14.8 s of collection CPU. Those objects (modules, functions, parameters) live the whole run, so
    after one collection of what collection left as garbage `gc.freeze()` moves them to the permanent
    generation: the collections the tests trigger walk only what the tests made."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
        gc.collect()
        gc.freeze()


def pytest_collection_finish(session):
    """When the selection holds a process-launching (`slow`) test, launched programs start from a warm
    interpreter that has torch imported already (tests/warm: each program a fork of it, with a fresh
    interpreter's argv, path, environment, streams, signals and exit status; `KERASLIKE_TEST_WARM=0` turns it
    off). Starting torch costs about 2 CPU-s per program, and the multi-process tests start hundreds."""
    if session.config.option.collectonly or not warm.enabled():
        return
    if any(item.get_closest_marker("slow") is not None for item in session.items):
        warm.install()


def pytest_unconfigure(config):
    warm.uninstall()


def pytest_ignore_collect(collection_path, config):
    """Under `-m slow` alone (the multi-process half, scripts/test.sh), a test file whose text never says "slow"
    holds no slow test, so it is not imported: each xdist worker of that half would otherwise import the whole
    suite (~8 s of CPU) only to deselect 95% of it. Any other selection collects everything."""
    if config.getoption("markexpr") != "slow" or collection_path.suffix != ".py":
        return None
    if collection_path.name.startswith("test_") and "slow" not in collection_path.read_text():
        return True
    return None


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


# Worker scripts run in turn as one program (tests/scripts/in_turn.py), shared by the test modules that read them:
# {group: {job: [script, args...]}}; "{dir}" in an argument is the job's own empty folder. The jobs of a group are
# two-replica (or one-replica) programs that exit 0 and write files for their tests: one launch of the replicas
# (interpreter starts, imports, rendezvous) serves them all instead of one launch each. Each job is still a real
# MirroredStrategy program of its own (its strategy, its fit), unseeded where it was; order matters only in that a
# failing job ends its group (the tests of the jobs after it fail, naming it).
IN_TURN = {
    "keras_two_replicas": {
        "compute_metrics_hook": ["compute_metrics_hook_fit.py", "{dir}/out"],
        "custom_step_tf2": ["custom_step_fit.py", "{dir}/out", "--replicas", "2", "--style", "tf2"],
        "custom_step_keras3": ["custom_step_fit.py", "{dir}/out", "--replicas", "2", "--style", "keras3"],
        "steps_per_execution": ["steps_per_execution_fit.py", "{dir}", "--replicas", "2"],
        "masked_sequence": ["masked_sequence_fit.py", "{dir}/two.npz", "--replicas", "2"],
        "ops_layer": ["ops_layer_fit.py", "{dir}/two.npz", "--replicas", "2"],
        "callbacks": ["callbacks_replicas.py", "{dir}", "--replicas", "2"],
        "image_generator": ["image_generator_coverage_fit.py", "{dir}/out", "--replicas", "2"],
        "bridge": ["bridge_fit.py", "{dir}/r2", "--replicas", "2"],
        "models": ["models_mirrored.py", "{dir}/models", "--replicas", "2"],
        "multi_output": ["multi_output_fit.py", "{dir}/r2.npz", "--replicas", "2"],
        "jit_eager": ["jit_compile_fit.py", "{dir}/eager", "--replicas", "2"],
        "jit_compiled": ["jit_compile_fit.py", "{dir}/jit", "--replicas", "2", "--jit"],  # last: it traces steps
    },
    "distribute_two_replicas": {
        "values": ["distribute_values.py", "{dir}/values.json", "keraslike"],
        "replica_steps": ["replica_steps.py", "{dir}/two", "--replicas", "2"],
        "scenarios": ["scenarios.py", "{dir}", "--replicas", "2"],
        "sparse_updates": ["sparse_updates_fit.py", "{dir}/two.npz", "--replicas", "2"],
        "new_metrics": ["mirrored_new_metrics.py", "{dir}/two.npz", "--replicas", "2"],
        "tfrecord_coverage": ["tfrecord_coverage_fit.py", "{dir}/records", "{dir}/out", "--replicas", "2"],
        "text_coverage": ["text_coverage_fit.py", "{dir}/docs", "{dir}/out", "--replicas", "2"],
        "tutorial_programs": ["tutorial_programs.py", "{dir}/out.json", "keraslike"],
        "tutorial_programs_keras2": ["tutorial_programs.py", "{dir}/out.json", "keraslike", "--legacy"],
        "strategies_in_turn": ["strategies_in_turn.py", "{dir}/out.npz"],
        "replica_batchnorm": ["replica_batchnorm.py", "{dir}"],  # flips TF_USE_LEGACY_KERAS
    },
    "one_replica": {  # the two that split the CPU into one logical device first (TF then accepts only that)
        "steps_per_execution": ["steps_per_execution_fit.py", "{dir}", "--replicas", "1"],
        "bridge": ["bridge_fit.py", "{dir}/r1", "--replicas", "1"],
        "custom_step_tf2": ["custom_step_fit.py", "{dir}/out", "--replicas", "1", "--style", "tf2"],
        "custom_step_keras3": ["custom_step_fit.py", "{dir}/out", "--replicas", "1", "--style", "keras3"],
        "ops_layer": ["ops_layer_fit.py", "{dir}/one.npz", "--replicas", "1"],
        "replica_steps": ["replica_steps.py", "{dir}/one", "--replicas", "1", "--scenarios", "fn"],
        "scenarios": ["scenarios.py", "{dir}", "--replicas", "1"],
        "multi_output": ["multi_output_fit.py", "{dir}/r1.npz", "--replicas", "1"],
    },
}


def _shared_temp(tmp_path_factory):
    """This run's temporary folder that every pytest-xdist worker sees (a worker's own is a folder inside it)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def in_turn(tmp_path_factory, group, timeout=1200):
    """Run IN_TURN[group] once per test run (whichever xdist worker asks first; the other waits for it and reads
    its results): {job: (CompletedProcess of that job alone, its folder)}. A job's returncode is its script's exit
    code (-1 when an earlier job's failure ended the group before it ran); its stderr ends with the group's own."""
    root = _shared_temp(tmp_path_factory)
    folder = root / f"in_turn-{group}"
    jobs = IN_TURN[group]
    with open(root / f"in_turn-{group}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not (folder / "run.json").exists():
            folder.mkdir(exist_ok=True)
            spec = []
            for name, (script, *args) in jobs.items():
                (folder / name).mkdir()
                spec.append({"name": name, "log": str(folder / f"{name}-job"),
                             "argv": [str(SCRIPTS / script), *(a.replace("{dir}", str(folder / name)) for a in args)]})
            (folder / "spec.json").write_text(json.dumps(spec, indent=1))
            try:
                proc = run_script([SCRIPTS / "in_turn.py", folder / "spec.json"], timeout=timeout)
                run = {"returncode": proc.returncode, "stdout": proc.stdout, "stderr": proc.stderr}
            except subprocess.TimeoutExpired as exc:
                run = {"returncode": -1, "stdout": "", "stderr": f"in_turn group {group!r}: {exc}"}
            (folder / "run.json").write_text(json.dumps(run))
    run = json.loads((folder / "run.json").read_text())
    results = {}
    for name in jobs:
        code, out, err = (folder / f"{name}-job.{kind}" for kind in ("code", "stdout", "stderr"))
        read = [p.read_text() if p.exists() else "" for p in (out, err)]
        returncode = int(code.read_text()) if code.exists() else -1
        stderr = f"{read[1]}\n--- in_turn group {group!r} (exit {run['returncode']}):\n{run['stderr'][-6000:]}"
        results[name] = (subprocess.CompletedProcess(jobs[name], returncode, read[0], stderr), folder / name)
    return results


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
