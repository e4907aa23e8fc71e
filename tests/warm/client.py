"""`python ARGS` through a warm server (zygote.py): this process stands for the program until it ends.

Installed by tests/warm/__init__.py as an executable named `python` whose first line runs it on the real
interpreter with `-I -S` (a few milliseconds to start); REAL_PYTHON and the server sockets are filled in then.
Anything a forked program could not get exactly as a fresh interpreter would (see zygote.py) makes this
process exec the real interpreter with the same arguments instead.
"""

import os
import signal
import sys

REAL_PYTHON = None  # filled in at install
SOCKETS = None  # (for chiefs and single programs, for replicas RANK >= 1)
FORWARDED = ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM")
IGNORED = [name for name in FORWARDED + ("SIGTSTP", "SIGTTIN", "SIGTTOU")
           if signal.getsignal(getattr(signal, name)) == signal.SIG_IGN]
HELD = []  # signals that arrived before the program started: it gets them once it has


def _handle(handler):
    for name in FORWARDED:
        if name not in IGNORED:
            signal.signal(getattr(signal, name), handler)


_handle(lambda signum, frame: HELD.append(signum))  # first of all: no signal may be lost in the start-up

import json  # noqa: E402
import socket  # noqa: E402
import struct  # noqa: E402


def cold(sock=None, reason=""):
    if sock is not None:
        sock.close()
    log = os.environ.get("KERASLIKE_TEST_WARM_LOG")
    if log:
        with open(log, "a") as out:
            out.write(json.dumps({"cold": reason, "args": sys.argv[1:][:3]}) + "\n")
    _handle(signal.SIG_DFL)  # from here signals act as in a fresh interpreter's start, the held ones too
    for signum in HELD:
        os.kill(os.getpid(), signum)
    os.execv(REAL_PYTHON, [REAL_PYTHON, *sys.argv[1:]])


def warm_args(args):
    while args and args[0] == "-u":  # unbuffered streams: the server builds them so
        args = args[1:]
    if not args:
        return False
    if args[0] in ("-c", "-m"):
        return len(args) >= 2
    return not args[0].startswith("-")


def main():
    args = sys.argv[1:]
    if os.environ.get("KERASLIKE_TEST_WARM") == "0" or not warm_args(args):
        cold(reason="arguments")
    fds = sorted(int(fd) for fd in os.listdir("/proc/self/fd"))
    if fds != [0, 1, 2, 3]:  # 3: the listing itself
        cold(reason=f"descriptors {fds}")
    rank = os.environ.get("RANK", "0")
    path = SOCKETS[0] if rank in ("", "0") else SOCKETS[1]
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(path)
    except OSError:
        cold(sock, "no server")
    umask = os.umask(0)
    os.umask(umask)
    request = json.dumps({"args": args, "env": dict(os.environ), "cwd": os.getcwd(), "umask": umask,
                          "ignored_signals": IGNORED, "client_pid": os.getpid(),
                          "own_group": os.getpgrp() == os.getpid(),  # start_new_session: see zygote.py
                          "blocked_signals": sorted(signal.pthread_sigmask(signal.SIG_BLOCK, []))}).encode()
    try:
        socket.send_fds(sock, [struct.pack("!Q", len(request))], [0, 1, 2])
        sock.sendall(request)
        first = _read(sock, 1)
        if first == b"P":
            (pid,) = struct.unpack("!Q", _read(sock, 8))
    except OSError:
        cold(sock, "server closed")
    if first == b"C":
        cold(sock, _read(sock, 200).decode().strip())
    if first != b"P":
        sys.stderr.write("warm python: the server did not answer; run with KERASLIKE_TEST_WARM=0\n")
        os._exit(70)

    def forward(signum, frame):
        try:
            sock.sendall(struct.pack("!I", signum))
        except OSError:
            pass

    _handle(forward)  # (a signal arriving just now still reaches the held list first: signal.signal runs it)
    for signum in HELD:
        forward(signum, None)
    try:
        kind = _read(sock, 5)
    except OSError:  # the server died: its program must not outlive this process
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
        sys.stderr.write("warm python: lost the server\n")
        os._exit(70)
    value = struct.unpack("!i", kind[1:])[0]
    if kind[:1] == b"S":
        for name in FORWARDED:
            signal.signal(getattr(signal, name), signal.SIG_DFL)
        os.kill(os.getpid(), value)
        os._exit(128 + value)
    os._exit(value & 0xFF)


def _read(sock, size):
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise OSError("connection closed")
        data += chunk
    return data


main()
