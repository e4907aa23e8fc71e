"""Re-run `python train.py ...` as extra replica processes (DESIGN §5).

The original process becomes replica 0. Replicas 1..N-1 run the same command
line (`sys.orig_argv`, so `python -m pkg.mod args`, `-c` code and interpreter
flags are kept) with launcher variables set; when they reach the strategy
they join instead of launching. Children are started with fork+exec
(`subprocess.Popen`), never a bare fork, so a parent that already initialised
CUDA is safe. Their stdout is discarded (the chief speaks for the job); their
stderr is shown, each line prefixed with `[replica r]` and placed between the
chief's own lines (`line_gate.py`).
"""

import __main__
import atexit
import os
import socket
import subprocess
import sys
import threading
import time
import warnings

import torch

from keraslike._src.config import devices as config_devices
from keraslike._src.launch import environment, line_gate, one_program, rendezvous
from keraslike._src.launch.watchdog import ReplicaWatchdog


def interactive_reason():
    """Why this process cannot re-run itself (REPL, notebook), or None if it can."""
    if "ipykernel" in sys.modules:
        return "running in a notebook kernel"
    main_path = getattr(__main__, "__file__", "") or ""
    main_spec = getattr(getattr(__main__, "__spec__", None), "name", "") or ""
    if main_spec.split(".")[0] == "pytest" or os.path.basename(main_path).startswith(("pytest", "py.test")) \
            or f"{os.sep}pytest{os.sep}" in main_path:
        return "running inside pytest (re-running the test command as replicas would run the test session again)"
    if not main_path and "_pytest.main" in sys.modules and "xdist" in sys.modules:
        # a pytest-xdist worker: its program is `python -c` code that reads the session from its stdin pipe
        return "running inside a pytest-xdist worker (its command line cannot be re-run as replicas)"
    if hasattr(sys, "ps1") or sys.flags.interactive:
        return "running in an interactive interpreter"
    argv = list(getattr(sys, "orig_argv", []))
    main_file = getattr(__main__, "__file__", None)
    has_program = any(a in ("-c", "-m") for a in argv[1:]) or (main_file and os.path.isfile(main_file))
    if not has_program:
        return "reading the program from standard input or an interactive prompt"
    return None


def free_port():
    """An unused TCP port on the loopback interface."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def threads_per_replica(num_replicas):
    """Intra-op threads for each of `num_replicas` processes sharing this machine's cores."""
    return max(1, config_devices.cpu_core_count() // num_replicas)


_START_DIR = os.getcwd()
"""Where the program was started (read when keraslike is imported): replicas re-run the command line there, so
a relative path the program opens before it changes directory means the same file to them as to the chief."""


def _command():
    argv = list(getattr(sys, "orig_argv", [])) or [sys.executable, *sys.argv]
    return [sys.executable, *argv[1:]]


def launch(num_replicas):
    """Start replicas 1..num_replicas-1 and make this process replica 0.

    Returns:
        `ClusterEnvironment` of this (chief) process, or None when the process
        cannot re-run itself (a warning says how to get more replicas).
    """
    reason = interactive_reason()
    if reason is not None:
        warnings.warn(
            f"MirroredStrategy asked for {num_replicas} replicas but keraslike is {reason}, so it "
            "cannot start the extra replica processes; continuing with 1 replica. To train on all "
            f"replicas, put the code in a script and run `python script.py` or "
            f"`torchrun --nproc_per_node={num_replicas} script.py`; in a notebook, put the training in a "
            f"function and run `tf.distribute.notebook_launcher(fn, args, num_processes={num_replicas})`.",
            RuntimeWarning,
            stacklevel=3,
        )
        return None
    restarts = environment.max_restarts()
    if restarts:
        supervise(num_replicas, restarts)  # never returns: this process only watches the group
    port = rendezvous.reserve_loopback_port()
    threads = threads_per_replica(num_replicas)
    environment.set_process_env(environment.replica_env(0, num_replicas, port, threads, os.getpid()))
    torch.set_num_threads(threads)
    children = []
    program = one_program.state_for_replicas()  # the chief's seed, temp paths, uuids, clock readings
    for rank in range(1, num_replicas):
        env = dict(os.environ)
        env.update(environment.replica_env(rank, num_replicas, port, threads, os.getpid()))
        if program is not None:
            env[environment.PROGRAM_STATE] = program
        proc = subprocess.Popen(
            _command(),
            cwd=_START_DIR,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        children.append((rank, proc))
    global _WATCHDOG
    watchdog = _WATCHDOG = ReplicaWatchdog(children, line_gate.install())  # relayed lines between the chief's
    watchdog.start()
    atexit.register(watchdog.finish)
    _wrap_excepthook(watchdog)
    return environment.detect()


_WATCHDOG = None


def supervise(num_replicas, max_restarts):
    """Elastic launch (`KERASLIKE_MAX_RESTARTS=K`, torchrun's `--max-restarts=K`): run the group, restart it.

    This process starts every replica, 0..N-1, as a child running the program (replica 0's stdout is
    this process's; every replica's stderr too), and only watches: when one exits with an error (or a
    signal), the others are stopped and the whole group is started again, at most `max_restarts` times
    (`KERASLIKE_RESTART_COUNT` tells the program which start it is). `BackupAndRestore` then resumes
    training from its last backup. Ends this process with the group's exit code (0 when every replica
    ended normally).
    """
    threads = threads_per_replica(num_replicas)
    program = one_program.state_for_replicas()  # every start of the group replays the same program values
    attempt = 0
    while True:
        port = free_port()  # replica 0 (a child) binds it: this process cannot hold it for it
        procs = []
        for rank in range(num_replicas):
            env = dict(os.environ)
            env.update(environment.replica_env(rank, num_replicas, port, threads, os.getpid()))
            env[environment.RESTART_COUNT] = str(attempt)
            env.pop(environment.MAX_RESTARTS, None)
            if program is not None:
                env[environment.PROGRAM_STATE] = program
            procs.append(subprocess.Popen(_command(), cwd=_START_DIR, env=env, stdin=subprocess.DEVNULL,
                                          stdout=None if rank == 0 else subprocess.DEVNULL))
        code, failed = _wait_group(procs)
        if code == 0 or attempt >= max_restarts:
            break
        attempt += 1
        print(f"keraslike: replica {failed} exited with code {code}; restarting the group of {num_replicas} "
              f"replicas (restart {attempt} of {max_restarts})", file=sys.stderr, flush=True)
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    os._exit(code if code >= 0 else 128 - code)


def _wait_group(procs):
    """Wait until every process ended normally, or one failed (then stop the others); (code, rank)."""
    while True:
        codes = [proc.poll() for proc in procs]
        failed = next((rank for rank, code in enumerate(codes) if code not in (None, 0)), None)
        if failed is not None:
            for proc in procs:
                if proc.poll() is None:
                    proc.kill()
            for proc in procs:
                proc.wait()
            return codes[failed], failed
        if all(code == 0 for code in codes):
            return 0, None
        time.sleep(0.1)


def finish_replicas():
    """In the launching chief: wait for the replicas to end (returns True); elsewhere return False."""
    if _WATCHDOG is None:
        return False
    _WATCHDOG.finish()
    return True


def abort_all(code):
    """Stop every replica of this job and end this process with `code` (the hang watch's last step)."""
    if _WATCHDOG is not None:
        _WATCHDOG.abort(code)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - a closed stream
            pass
    os._exit(code)


def mark_joined():
    """The process group is up: from now on a replica exiting 0 is a normal end, not a failure."""
    if _WATCHDOG is not None:
        _WATCHDOG.joined.set()


def _wrap_excepthook(watchdog):
    previous = sys.excepthook

    def hook(exc_type, exc, tb):
        if _looks_like_lost_peer(exc) and watchdog.report_replica_failure(timeout=8.0):
            return  # a replica died first: its traceback is the story, ours is only the echo
        previous(exc_type, exc, tb)
        sys.stderr.flush()
        watchdog.chief_failed()

    sys.excepthook = hook


def _looks_like_lost_peer(exc):
    text = f"{type(exc).__name__}: {exc}"
    return any(key in text for key in ("Connection closed by peer", "Connection reset", "DistBackendError",
                                       "DistNetworkError", "NCCL", "gloo"))


def _exit_without_native_teardown():
    """Last step of a launched replica that ended normally: skip C++ static destructors.

    Registered before the process group's own exit handler, so it runs after it (atexit is LIFO).
    gloo/DDP objects torn down during interpreter finalization can abort a replica that has finished
    its work; the chief (which waits for this exit) would then report a spurious failure. A replica
    dying of an unhandled exception keeps the normal path and its non-zero exit code.
    """
    if getattr(sys, "last_value", None) is not None:
        return
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - a closed stream at exit
            pass
    os._exit(0)


def watch_parent():
    """In a launched replica: exit when the launching process is gone (no orphans)."""
    parent = environment.parent_pid()
    if parent is None or parent == os.getpid() or getattr(watch_parent, "_started", False):
        return  # the chief itself (a second strategy in the launching process), or already watching
    watch_parent._started = True
    atexit.register(_exit_without_native_teardown)

    def loop():
        while True:
            if os.getppid() != parent:
                os._exit(1)
            time.sleep(0.5)

    threading.Thread(target=loop, name="keraslike-parent-watch", daemon=True).start()
