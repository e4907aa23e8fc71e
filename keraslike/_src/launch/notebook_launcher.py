"""Run a function as N replica processes from a notebook or a REPL (`notebook_launcher`).

A notebook cannot re-run itself the way `python train.py` does (DESIGN §5), so
`MirroredStrategy` there falls back to one replica. `notebook_launcher(fn,
args, num_processes=N)` instead forks N processes from the notebook's kernel,
each set up as a keraslike-launched replica (the same environment the script
launcher gives its replicas), runs `fn(*args)` in each, and returns replica
0's result. Inside `fn`, `tf.distribute.MirroredStrategy()` joins the N
processes, with every semantic of a launched script: global batches split
TF's way, summed gradients, agreed shuffles, chief-only printing and files.

Fork, not spawn: `fn` may be defined in a notebook cell (it cannot be imported
by a fresh interpreter), and the replicas start from the kernel's state (the
data already loaded, the variables defined). Fork is unsafe once CUDA has
been initialised, so that is refused with an error saying what to do.

Output: replica 0's stdout and stderr appear in the calling cell as they come
(progress bars included); the other replicas' stdout is dropped and their
stderr shown, each line prefixed `[replica r]` and placed after the line replica 0
is printing (at most `_HOLD_S` later). If a replica fails, the
others are stopped and a RuntimeError carrying its traceback is raised in the
notebook; Ctrl-C (interrupting the kernel) stops them all. The replicas never
run the kernel's exit handlers.
"""

import codecs
import multiprocessing
import os
import signal
import sys
import time
import traceback
import warnings
from multiprocessing import connection

import torch
import torch.distributed as dist

from keraslike._src.config import devices as config_devices
from keraslike._src.launch import environment, subprocess_script

_GRACE_S = 3.0
_HOLD_S = 1.0  # longest a replica line waits for replica 0 to finish the line it is printing


def notebook_launcher(function, args=(), num_processes=None):
    """Run `function(*args)` as `num_processes` replicas and return replica 0's result.

    The notebook (or REPL) counterpart of `python script.py` with a multi-replica
    `MirroredStrategy`, in the manner of `accelerate.notebook_launcher`: put the
    training in a function that creates the strategy, builds, compiles and fits
    the model, and returns what the notebook needs (a number, a dict such as
    `history.history`, `model.get_weights()`).

    >>> def train(x, y):
    ...     strategy = tf.distribute.MirroredStrategy()   # joins the replicas
    ...     with strategy.scope():
    ...         model = tf.keras.Sequential([tf.keras.Input((64,)), tf.keras.layers.Dense(10)])
    ...         model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    ...     return model.fit(x, y, batch_size=64, epochs=2).history
    >>> history = tf.distribute.notebook_launcher(train, (x, y), num_processes=2)

    Args:
        function: callable run in every replica, typically defined in a notebook
            cell. Its return value on replica 0 must be picklable (it is sent back
            to the notebook); the other replicas' values are discarded.
        args: tuple of positional arguments for `function` (the replicas get the
            kernel's objects as they are at the call, copy-on-write, not pickled).
        num_processes: int >= 1, the number of replicas. Default: one per visible
            GPU; on a machine without GPUs it must be given (e.g. 2 CPU replicas,
            which split the cores between them and talk over gloo).

    Returns:
        What `function` returned on replica 0.

    Raises:
        TypeError: `function` is not callable, `args` is not a tuple or list,
            `num_processes` is not an int.
        ValueError: `num_processes` < 1, or None on a machine without GPUs.
        RuntimeError: a replica failed (the message holds its traceback), CUDA was
            already initialised in this process, this platform has no `fork`, or
            the caller is itself a replica.
    """
    if not callable(function):
        raise TypeError(f"Expected `function` to be callable. Received: function={function!r}")
    if not isinstance(args, (tuple, list)):
        raise TypeError(f"Expected `args` to be a tuple of positional arguments. Received: args={args!r}")
    num_processes = _resolve_num_processes(num_processes)
    _check_can_fork()
    return _Launch(function, tuple(args), num_processes).run()


def _resolve_num_processes(num_processes):
    if num_processes is None:
        gpus = len(config_devices.list_logical_devices("GPU"))
        if gpus == 0:
            raise ValueError("notebook_launcher needs `num_processes` on a machine without GPUs (e.g. "
                             "num_processes=2 for 2 CPU replicas). Received: num_processes=None")
        return gpus
    if not isinstance(num_processes, int) or isinstance(num_processes, bool):
        raise TypeError(f"Expected `num_processes` to be an int. Received: num_processes={num_processes!r}")
    if num_processes < 1:
        raise ValueError(f"Expected `num_processes` >= 1. Received: num_processes={num_processes}")
    return num_processes


def _check_can_fork():
    if "fork" not in multiprocessing.get_all_start_methods():
        raise RuntimeError("notebook_launcher starts replicas with fork, which this platform does not have; "
                           "put the code in a script and run `python script.py` or `torchrun "
                           f"--nproc_per_node=N script.py`. Received: platform={sys.platform!r}")
    if environment.detect() is not None:
        raise RuntimeError("notebook_launcher was called inside a replica (RANK/WORLD_SIZE are set): call it "
                           "from the notebook or REPL only, once per training run.")
    if torch.cuda.is_available() and torch.cuda.is_initialized():
        raise RuntimeError("CUDA has already been initialised in this process, and forked replicas could not use "
                           "it. Restart the kernel and call notebook_launcher before anything touches the GPU (do "
                           "the GPU work inside the launched function).")
    if dist.is_available() and dist.is_initialized():
        raise RuntimeError("A torch.distributed process group already exists in this process; the replicas "
                           "must create their own. Restart the kernel and call notebook_launcher first.")


class _Launch:
    """One launch: start the replicas, relay their output, collect replica 0's result."""

    def __init__(self, function, args, num_processes):
        self.function, self.args, self.n = function, args, num_processes
        self.procs = {}        # rank -> Process
        self.results = {}      # rank -> ("ok", value) | ("error", text)
        self.streams = {}      # read fd -> (rank, target stream name, incremental decoder, pending text)
        self.conns = {}        # result Connection -> rank
        self.open_line = {"stdout": False, "stderr": False}  # replica 0 left a line unfinished there
        self.held = []         # other replicas' whole lines waiting for replica 0 to finish its line
        self.held_since = None

    def run(self):
        port = subprocess_script.free_port()
        threads = subprocess_script.threads_per_replica(self.n)
        context = multiprocessing.get_context("fork")
        try:
            for rank in range(self.n):
                self._start(context, rank, port, threads)
            return self._supervise()
        except BaseException:
            self._stop_all()
            raise
        finally:
            self._close()

    def _start(self, context, rank, port, threads):
        out_r, out_w = os.pipe() if rank == 0 else (None, None)
        err_r, err_w = os.pipe()
        recv, send = context.Pipe(duplex=False)
        env = environment.replica_env(rank, self.n, port, threads, os.getpid(), function=True)
        proc = context.Process(target=_replica_main, name=f"keraslike-replica-{rank}", daemon=False,
                               args=(rank, env, threads, out_w, err_w, send, self.function, self.args))
        with warnings.catch_warnings():
            # Python >= 3.12 warns on fork from a threaded process (a notebook kernel always is);
            # the replica touches only its own pipes and keraslike/torch state, as accelerate's does.
            warnings.filterwarnings("ignore", message=".*use of fork\\(\\) may lead to deadlocks.*")
            proc.start()
        for fd in (out_w, err_w):
            if fd is not None:
                os.close(fd)
        send.close()
        self.procs[rank] = proc
        self.conns[recv] = rank
        if out_r is not None:
            self.streams[out_r] = [rank, "stdout", codecs.getincrementaldecoder("utf-8")("replace"), ""]
        self.streams[err_r] = [rank, "stderr", codecs.getincrementaldecoder("utf-8")("replace"), ""]

    def _supervise(self):
        while self.streams or self.conns or any(p.exitcode is None for p in self.procs.values()):
            ready = connection.wait([*self.streams, *self.conns,
                                     *(p.sentinel for p in self.procs.values() if p.exitcode is None)],
                                    timeout=0.1 if self.held else 0.5)
            for item in ready:
                if item in self.streams:
                    self._relay(item)
                elif item in self.conns:
                    self._receive(item)
            self._release_held()
            failed = self._failure()
            if failed is not None:
                self._stop_all()
                self._drain()
                raise RuntimeError(failed)
        self._release_held(force=True)
        return self.results[0][1]

    def _relay(self, fd):
        entry = self.streams[fd]
        rank, name, decoder, pending = entry
        chunk = os.read(fd, 65536)
        text = pending + decoder.decode(chunk, final=not chunk)
        if not chunk:
            del self.streams[fd]
            os.close(fd)
        if rank != 0:   # whole lines, prefixed; a partial line waits for the rest
            lines = text.split("\n")
            entry[3] = lines.pop() if chunk else ""
            if not chunk and lines and lines[-1] == "":
                lines.pop()
            text = "".join(f"[replica {rank}] {line}\n" for line in lines)
            if text:  # shown once replica 0's current line is whole (launch/line_gate.py does so for scripts)
                self.held.append(text)
                self.held_since = self.held_since or time.monotonic()
            self._release_held()
            return
        if text:
            target = getattr(sys, name)
            target.write(text)
            target.flush()
            self.open_line[name] = not text.endswith("\n")
        self._release_held()

    def _release_held(self, force=False):
        """Write the other replicas' held lines when replica 0 is between lines (or after `_HOLD_S`)."""
        if not self.held:
            return
        waiting = any(self.open_line.values())
        if waiting and not force and time.monotonic() - self.held_since < _HOLD_S:
            return
        text = "".join(self.held)
        if waiting:  # a line replica 0 keeps open (a progress bar): ours go on lines of their own
            text = "\n" + text
            self.open_line = dict.fromkeys(self.open_line, False)
        self.held, self.held_since = [], None
        sys.stderr.write(text)
        sys.stderr.flush()

    def _receive(self, conn):
        rank = self.conns.pop(conn)
        try:
            self.results[rank] = conn.recv()
        except EOFError:
            pass   # died before reporting: the exit code tells
        conn.close()

    def _failure(self):
        for rank, (status, value) in sorted(self.results.items()):
            if status == "error":
                return f"Replica {rank} of {self.n} failed:\n{value}"
        for rank, proc in sorted(self.procs.items()):
            code = proc.exitcode
            if code is not None and (code != 0 or rank not in self.results) and \
                    not any(conn_rank == rank for conn_rank in self.conns.values()):
                how = f"was killed by signal {-code}" if code < 0 else f"exited with code {code}"
                return f"Replica {rank} of {self.n} {how} before finishing the function (see its output above)."
        return None

    def _drain(self):
        """After a failure: show what the replicas wrote before they stopped."""
        deadline = time.monotonic() + _GRACE_S
        while self.streams and time.monotonic() < deadline:
            for fd in connection.wait(list(self.streams), timeout=0.2):
                self._relay(fd)
        self._release_held(force=True)

    def _stop_all(self):
        alive = [p for p in self.procs.values() if p.exitcode is None]
        for proc in alive:
            _signal(proc, signal.SIGTERM)
        deadline = time.monotonic() + _GRACE_S
        for proc in alive:
            proc.join(max(0.0, deadline - time.monotonic()))
        for proc in alive:
            if proc.exitcode is None:
                _signal(proc, signal.SIGKILL)
                proc.join(5.0)

    def _close(self):
        for fd in list(self.streams):
            os.close(fd)
        self.streams.clear()
        for conn in list(self.conns):
            conn.close()
        self.conns.clear()
        for proc in self.procs.values():
            if proc.exitcode is not None:
                proc.close()


def _signal(proc, signum):
    try:
        os.kill(proc.pid, signum)
    except (ProcessLookupError, TypeError):
        pass


def _replica_main(rank, env, threads, out_w, err_w, send, function, args):
    """Body of replica `rank` (in the forked child): own output streams, launcher env, run, report."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(out_w if out_w is not None else devnull, 1)
    os.dup2(err_w, 2)
    sys.stdout = open(1, "w", buffering=1, encoding="utf-8", errors="replace", closefd=False)
    sys.stderr = open(2, "w", buffering=1, encoding="utf-8", errors="replace", closefd=False)
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # the notebook's interrupt is the launcher's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    environment.set_process_env(env)
    torch.set_num_threads(threads)
    code = 0
    try:
        value = function(*args)
        _barrier()
        try:
            send.send(("ok", value if rank == 0 else None))
        except Exception as err:  # noqa: BLE001 - an unpicklable result is reported, not lost
            send.send(("error", "The function's return value could not be sent back to the notebook (it must be "
                                f"picklable, e.g. numbers, dicts, numpy arrays, `history.history`): {err!r}. "
                                f"Received: a {type(value).__name__}"))
    except BaseException:  # noqa: BLE001 - every failure goes back to the notebook
        code = 1
        try:
            send.send(("error", traceback.format_exc()))
        except Exception:  # noqa: BLE001 - the pipe is gone: the exit code tells
            pass
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001
                pass
    os._exit(code)   # never the kernel's exit handlers; gloo/NCCL teardown at exit can abort (see launch)


def _barrier():
    """All replicas finished the function before any exits (a peer may still be in a last collective)."""
    if dist.is_available() and dist.is_initialized() and dist.get_world_size() > 1:
        dist.barrier()
