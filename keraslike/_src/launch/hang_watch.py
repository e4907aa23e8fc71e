"""Name and stop a hung replica within a bounded, settable time (DESIGN §5).

A replica stuck in Python, in I/O or in a collective the others never enter leaves its peers waiting in a
collective. Every replica counts its progress (each collective it enters and leaves: the DDP gradient
buckets, metric and log reductions, barriers) and publishes the count, and whether it is inside a
collective now, to the rendezvous store about once a second from a daemon thread. The chief's watch
thread reads them all. When a replica has been waiting inside one collective for longer than the
timeout, the replica holding it up is the one outside any collective (else the one that made the least
progress): the chief asks it for its Python stack (its watch thread calls `faulthandler`, so the stack is
printed even when the main thread is stuck), prints

    keraslike: replica N made no progress for S s (replica timeout T s); stopping all replicas.

and stops every replica (exit code 1).

Settings (seconds; `environment.replica_timeouts`):
- `KERASLIKE_REPLICA_TIMEOUT`, default 300, or `MultiWorkerMirroredStrategy(communication_options=
  tf.distribute.experimental.CommunicationOptions(timeout_seconds=S))`;
- `KERASLIKE_FIRST_COLLECTIVE_TIMEOUT`, default 600 (never less than the replica timeout): the start-up
  allowance, while replicas import, build the model and load data: a replica waits that long until its
  first gradient reduction in `fit` (custom loops: for that long after the job starts).
gloo's / NCCL's own timeout is set above both, so the watch speaks first. Replicas that compute for a
long time outside collectives (all of them at once, or the chief alone in chief-only user code while
the others wait longer than the timeout) look the same as a hang: raise the timeout for such scripts.
"""

import faulthandler
import os
import sys
import threading
import time

_PREFIX = "keraslike/watch/"


class _Progress:
    """This process's counters (plain ints: updated under the GIL, read by the watch thread)."""

    progress = 0
    depth = 0
    steady = False  # the first gradient reduction of `fit` has happened: start-up is over
    done = False


_P = _Progress()
_WATCH = {"thread": None, "stop": threading.Event()}


def enter():
    """A collective starts on this replica."""
    _P.progress += 1
    _P.depth += 1


def leave():
    """The collective that `enter` announced has finished."""
    _P.progress += 1
    _P.depth -= 1


class waiting:
    """`with waiting():` marks a collective (a class, not a generator: cheap on the hot path)."""

    __slots__ = ()

    def __enter__(self):
        enter()

    def __exit__(self, *exc):
        leave()
        return False


def mark_steady():
    """Training has started on this replica (its first gradient reduction): the start-up allowance ends."""
    _P.steady = True


def _state():
    return f"{_P.progress},{int(_P.depth > 0)},{int(_P.steady)},{int(_P.done)}"


def progress():
    """This replica's progress count (collectives entered plus left)."""
    return _P.progress


def peer_passed(store, rank, count):
    """Whether replica `rank` has (as last published, about once a second) made more progress than `count`
    or finished: it entered a collective that a replica with progress `count` has not reached yet."""
    key = f"{_PREFIX}{rank}"
    if not store.check([key]):
        return False
    peer, _, _, done = (int(v) for v in store.get(key).decode().split(","))
    return peer > count or bool(done)


def start(env, connect, timeout_s, first_s, stop_all):
    """Start this replica's watch thread (once per process).

    Args:
        env: `ClusterEnvironment` of this replica.
        connect: callable returning a new store client connection (`torch.distributed.Store`).
        timeout_s: float, how long a replica may wait inside one collective.
        first_s: float, the start-up allowance: until a replica's first gradient reduction in `fit`, and
            for the first `first_s` seconds of the job, a replica may wait that long.
        stop_all: callable(exit_code) that stops every replica and ends this process (chief only).
    """
    if _WATCH["thread"] is not None or env.world_size < 2:
        return
    store = connect()
    store.set(f"{_PREFIX}{env.rank}", _state())
    interval = max(0.05, min(1.0, timeout_s / 10))
    target = _judge if env.rank == 0 else _serve
    thread = threading.Thread(target=target, args=(store, env, interval, timeout_s, first_s, stop_all),
                              name="keraslike-hang-watch", daemon=True)
    _WATCH["thread"] = thread
    thread.start()


def finish():
    """This replica's work is done (process exit): never judged or judging again."""
    _P.done = True
    _WATCH["stop"].set()
    thread = _WATCH["thread"]
    if thread is not None and thread is not threading.current_thread():
        thread.join(timeout=2.0)


def _serve(store, env, interval, timeout_s, first_s, stop_all):
    """A replica's loop: publish progress; dump the stack when the chief asks; exit when it says so."""
    key, dump, dumped, abort = (f"{_PREFIX}{env.rank}", f"{_PREFIX}dump/{env.rank}",
                                f"{_PREFIX}dumped/{env.rank}", f"{_PREFIX}abort")
    try:
        while not _WATCH["stop"].wait(interval):
            store.set(key, _state())
            if store.check([dump]):
                _dump_stack()
                store.set(dumped, "1")
            if store.check([abort]):
                os._exit(1)
        store.set(key, _state())
    except Exception:  # noqa: BLE001 - the store went away with the chief: nothing left to report to
        return


def _judge(store, env, interval, timeout_s, first_s, stop_all):
    """The chief's loop: find a replica that holds the others up for longer than the timeout."""
    world = env.world_size
    keys = [f"{_PREFIX}{r}" for r in range(world)]
    started = time.monotonic()
    last = [None] * world  # (progress, time it last changed)
    try:
        while not _WATCH["stop"].wait(interval):
            store.set(keys[0], _state())
            now = time.monotonic()
            states = []
            for r in range(world):
                if r == 0:
                    raw = _state()
                elif store.check([keys[r]]):
                    raw = store.get(keys[r]).decode()
                else:
                    raw = "0,0,0,0"  # not connected yet
                progress, inside, steady, done = (int(v) for v in raw.split(","))
                if last[r] is None or last[r][0] != progress:
                    last[r] = (progress, now)
                states.append((progress, bool(inside), bool(steady) or now - started > first_s, bool(done)))
            culprit = _culprit(states, last, now, timeout_s, first_s)
            if culprit is not None:
                waited = max(now - last[r][1] for r in range(world) if states[r][1] and not states[r][3])
                _report(store, culprit, max(now - last[culprit][1], waited), timeout_s, stop_all)
                return
        store.set(keys[0], _state())  # done: replicas waiting on the chief's clock readings stop waiting
    except Exception:  # noqa: BLE001 - the store is gone (the job is ending)
        return


def _culprit(states, last, now, timeout_s, first_s):
    """The replica holding the others up, or None while every wait is within its allowance.

    `states[r]` is `(progress, inside a collective, past start-up, done)`; `last[r]` is
    `(progress, time it last changed)`.
    """
    live = [r for r, s in enumerate(states) if not s[3]]
    overdue = [r for r in live if states[r][1] and now - last[r][1] > (timeout_s if states[r][2] else first_s)]
    if not overdue:
        return None
    outside = [r for r in live if not states[r][1]]
    if outside:
        return min(outside, key=lambda r: (states[r][0], r))
    return min(live, key=lambda r: (states[r][0], last[r][1], r))


def _report(store, culprit, stalled_s, timeout_s, stop_all):
    err = sys.__stderr__ or sys.stderr
    err.write(f"keraslike: replica {culprit} made no progress for {stalled_s:.0f} s; its Python stack:\n")
    err.flush()
    if culprit == 0:
        _dump_stack()
    else:
        store.set(f"{_PREFIX}dump/{culprit}", "1")
        deadline = time.monotonic() + 10.0
        while time.monotonic() < deadline and not store.check([f"{_PREFIX}dumped/{culprit}"]):
            time.sleep(0.05)
        if store.check([f"{_PREFIX}dumped/{culprit}"]):
            time.sleep(0.5)  # let the relay print it
        else:  # its watch thread could not run: native code holding the GIL, or the process is gone
            err.write(f"keraslike: replica {culprit} did not answer the request for its stack.\n")
    err.write(f"keraslike: replica {culprit} made no progress for {stalled_s:.0f} s (replica timeout "
              f"{timeout_s:g} s, KERASLIKE_REPLICA_TIMEOUT); stopping all replicas.\n")
    err.flush()
    store.set(f"{_PREFIX}abort", "1")
    stop_all(1)


def _dump_stack():
    err = sys.__stderr__ or sys.stderr
    err.flush()
    faulthandler.dump_traceback(file=err, all_threads=True)
    err.flush()
