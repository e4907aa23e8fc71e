"""Supervise launched replicas: relay their stderr, and stop everything if one dies.

If any replica exits non-zero, the chief prints which one, terminates the
others and exits with that code within about a second, even when it is blocked
in a collective waiting for the dead peer. If the chief itself fails, the
replicas are terminated at exit. When the chief finishes normally it waits for
the replicas and exits non-zero if one of them failed.
"""

import os
import signal
import subprocess
import sys
import threading
import time

_POLL_S = 0.1
_GRACE_S = 3.0
_FINISH_TIMEOUT_S = 120.0


class ReplicaWatchdog:
    """Watches `children`, a list of `(rank, subprocess.Popen)` with piped stderr.

    `gate` (a `line_gate.LineGate`, optional) places each relayed line between the chief's own lines.
    """

    def __init__(self, children, gate=None):
        self.children = children
        self._gate = gate
        self._relays = []
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._fail_lock = threading.Lock()
        self.joined = threading.Event()
        self._finished = False

    def start(self):
        for rank, proc in self.children:
            relay = threading.Thread(target=self._relay, args=(rank, proc), daemon=True)
            relay.start()
            self._relays.append(relay)
        threading.Thread(target=self._monitor, name="keraslike-watchdog", daemon=True).start()

    def _relay(self, rank, proc):
        prefix = f"[replica {rank}] ".encode()
        out = getattr(_stderr(), "buffer", None)
        for line in iter(proc.stderr.readline, b""):
            if out is not None and self._gate is not None:
                self._gate.emit(prefix + line, out)
            elif out is not None:
                out.write(prefix + line)
                out.flush()
            else:  # pragma: no cover - stderr replaced by a text-only object
                _stderr().write((prefix + line).decode(errors="replace"))
                _stderr().flush()

    def _monitor(self):
        while not self._stopping.is_set():
            for rank, proc in self.children:
                code = proc.poll()
                if code is not None and code != 0:
                    self._fail(rank, code)
                    return
                if code == 0 and not self.joined.is_set():
                    self._fail(rank, 0, "exited before joining the other replicas (did it take another code "
                                        "path, e.g. a different `if __name__ == '__main__'` branch?)")
                    return
            time.sleep(_POLL_S)

    def _fail(self, rank, code, why=None):
        """Report replica `rank`'s failure, stop the others and exit. Only one thread gets past the lock."""
        self._fail_lock.acquire()  # never released: the process ends below
        self._stopping.set()
        self._join_relays(1.0)
        err = _stderr()
        what = why or f"exited with {_describe(code)}"
        err.write(f"keraslike: replica {rank} {what}; stopping all replicas.\n")
        err.flush()
        self._terminate_all()
        os._exit(code if code > 0 else 1)

    def abort(self, code):
        """Stop every replica now and exit with `code` (a hung replica was reported)."""
        self._fail_lock.acquire()  # never released: the process ends below
        self._stopping.set()
        self._terminate_all()
        self._join_relays(1.0)
        os._exit(code)

    def report_replica_failure(self, timeout):
        """If a replica has failed (or fails within `timeout` s), report it and exit; else return False."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            for rank, proc in self.children:
                code = proc.poll()
                if code is not None and code != 0:
                    self._fail(rank, code)
            time.sleep(_POLL_S)
        return False

    def chief_failed(self):
        """The chief raised: stop the replicas now (they may be blocked in a collective)."""
        with self._lock:
            self._stopping.set()
        self._terminate_all()

    def finish(self):
        """At chief exit: wait for replicas; propagate a replica's failure as our exit code (idempotent)."""
        if self._finished:
            return
        self._finished = True
        if self._stopping.is_set():
            self._terminate_all()
            return
        deadline = time.time() + _FINISH_TIMEOUT_S
        for rank, proc in self.children:
            try:
                code = proc.wait(timeout=max(0.1, deadline - time.time()))
            except subprocess.TimeoutExpired:
                sys.stderr.write(f"keraslike: replica {rank} did not finish; terminating it.\n")
                code = None
            if code not in (0, None):
                self._fail(rank, code)
        self._stopping.set()
        self._terminate_all()
        self._join_relays(1.0)

    def _terminate_all(self):
        for _, proc in self.children:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        deadline = time.time() + _GRACE_S
        for _, proc in self.children:
            try:
                proc.wait(timeout=max(0.05, deadline - time.time()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def _join_relays(self, timeout):
        for relay in self._relays:
            relay.join(timeout)


def _stderr():
    """The real stderr: torch's excepthook swaps sys.stderr for a buffer while hooks run."""
    return sys.__stderr__ or sys.stderr


def _describe(code):
    if code < 0:
        try:
            return f"signal {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
    return f"exit code {code}"
