"""A warm interpreter for the test suite's launched programs: torch imported once, each program a fork of it.

The multi-process half of the suite starts a few hundred Python programs (worker scripts, their replicas,
torchrun's workers). Every fresh interpreter spends about 2 CPU-s importing torch before the program's first
line, on a 2-core machine most of that half's time. This server imports torch and numpy once, then listens on
a Unix socket; `client.py` (installed as the `python` that tests and launched programs see as
`sys.executable`) sends it a command line, environment, working directory, signal dispositions and its
standard streams, and the server forks a child that becomes that program: the same `sys.argv`,
`sys.orig_argv`, `sys.path`, `__main__`, environment, streams, thread count and exit status as a fresh
`python` would have. keraslike itself is imported by the program, as usual (its import reads the
environment). The client stays the caller's process: it forwards the signals it receives, and when it dies
(even by SIGKILL) the server kills the child; the child's exit code or signal becomes the client's. If the
server dies, the client kills the program and fails (status 70, a line on stderr).

What a fork cannot give a program, the client refuses to ask for and starts a fresh interpreter instead:
interpreter options (`-X`, `-W`, ...; `-u` is served), a program read from standard input, a directory or zip
application, inherited file descriptors beyond 0-2, and an environment that differs from the server's in
variables read at interpreter or torch start (`PYTHON*` other than PYTHONPATH, `TORCH*`, OpenMP/MKL/OpenBLAS
settings other than OMP_NUM_THREADS, locale, CUDA).
What stays visible: torch, numpy and what they import are in `sys.modules` (with their warning filters and
atexit handlers) before the program's first line, `gc.freeze()` has frozen them, and numpy's OpenBLAS keeps
the server's thread count (OMP_NUM_THREADS unset: one per core); setting it in each child would cost 0.2 CPU-s
(OpenBLAS rebuilds its thread pool after a fork on that call), torch's own threads do follow OMP_NUM_THREADS.
A client that leads its own process group (`start_new_session`: torchrun's workers, a test's Ctrl-C) has a
program that leads a session of its own too, and the signals the client receives go to the program's whole
group, so `os.killpg` on the client reaches the program's children as it would reach a fresh program's (a
plain `kill` of such a client reaches them too, where it would reach the program alone; no test does that).
Each server has its own string-hash seed; the client sends replicas (RANK other than 0) to a second server,
so a chief and its replicas never share one, as fresh interpreters would not (two chiefs, or two replicas,
do share theirs, and multiprocessing's authkey).

Run as `python zygote.py SOCKET_PATH CLIENT_PATH`; the socket appears once torch is imported.
"""

import builtins
import gc
import importlib.machinery
import io
import json
import os
import runpy
import selectors
import signal
import socket
import struct
import sys
import time
import types
import zipfile

import numpy
import torch

SENSITIVE_PREFIXES = ("PYTHON", "TORCH", "PYTORCH", "OMP_", "MKL", "KMP", "GOMP", "OPENBLAS", "CUDA", "LD_",
                      "MALLOC", "LANG", "LC_", "NUMPY", "XLA", "GOTO_")
# read only by parts of torch that `import torch` does not load (elastic, NCCL process groups, dynamo, inductor)
LATE_PREFIXES = ("TORCHELASTIC_", "TORCH_NCCL_", "TORCHINDUCTOR_", "TORCHDYNAMO_", "TORCH_COMPILE_")


def _intel_openmp_loaded():
    with open("/proc/self/maps") as maps:
        return "libiomp" in maps.read()


if not _intel_openmp_loaded():  # KMP_* are Intel OpenMP's (scikit-learn sets two when imported): unread here
    LATE_PREFIXES += ("KMP_",)
EMULATED = {"PYTHONPATH", "OMP_NUM_THREADS"}  # applied in the child


def _sensitive_difference(env, base):
    for key in set(env) | set(base):
        if key in EMULATED or env.get(key) == base.get(key):
            continue
        if key.startswith(SENSITIVE_PREFIXES) and not key.startswith(LATE_PREFIXES):
            return key
    return None


def _read_exact(conn, size):
    data = b""
    while len(data) < size:
        chunk = conn.recv(size - len(data))
        if not chunk:
            raise ConnectionError("client closed the connection")
        data += chunk
    return data


class Server:
    def __init__(self, path, client_path):
        self.path, self.client_path = path, client_path
        self.base_env = dict(os.environ)
        self.base_path = sys.path[1:]  # without this file's directory
        self.default_threads = torch.get_num_threads()
        self.parent = os.getppid()
        self.children = {}  # pid -> connection
        self.groups = set()  # children leading their own session (their client leads its process group)
        self.log = os.environ.get("KERASLIKE_TEST_WARM_LOG")  # a line per program: its arguments, CPU, wall
        self.started = {}
        self.conns = {}  # connection -> pid
        self.selector = selectors.DefaultSelector()
        self.wake_r, self.wake_w = os.pipe()
        os.set_blocking(self.wake_r, False)
        os.set_blocking(self.wake_w, False)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        signal.set_wakeup_fd(self.wake_w)
        tmp = f"{path}.{os.getpid()}.tmp"
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(tmp)
        self.listener.listen(64)
        os.rename(tmp, path)  # clients find the socket only once it accepts
        self.selector.register(self.listener, selectors.EVENT_READ, "accept")
        self.selector.register(self.wake_r, selectors.EVENT_READ, "wake")

    def serve(self):
        """Run until the parent is gone; in a forked child, return that child's request."""
        while True:
            for key, _ in self.selector.select(timeout=1.0):
                if key.data == "accept":
                    request = self._accept()
                    if request is not None:
                        return request  # this is the child
                elif key.data == "wake":
                    try:
                        os.read(self.wake_r, 4096)
                    except BlockingIOError:
                        pass
                else:
                    self._from_client(key.fileobj)
            self._reap()
            if os.getppid() != self.parent:
                self._shutdown()

    def _accept(self):
        conn, _ = self.listener.accept()
        conn.settimeout(30)
        try:
            head, fds, _, _ = socket.recv_fds(conn, 8, 3)
            if len(head) < 8:
                head += _read_exact(conn, 8 - len(head))
            (size,) = struct.unpack("!Q", head)
            request = json.loads(_read_exact(conn, size))
        except (OSError, ValueError, ConnectionError):
            conn.close()
            return None
        reason = self._cold_reason(request, fds)
        if reason is not None:
            for fd in fds:
                os.close(fd)
            try:
                conn.sendall(b"C" + reason.encode()[:200].ljust(200))
            except OSError:
                pass
            conn.close()
            return None
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        # signals for the child wait until its program starts (os.fork's child drops those that arrive before
        # Python's after-fork hook, the server's handlers are not the program's, and start-up code could eat them)
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
        pid = os.fork()
        if pid == 0:
            request["fds"] = fds
            request["conn_fd"] = conn.detach()
            return request
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for fd in fds:
            os.close(fd)
        conn.settimeout(None)
        try:
            conn.sendall(b"P" + struct.pack("!Q", pid))
        except OSError:
            os.kill(pid, signal.SIGKILL)
        self.children[pid] = conn
        if request.get("own_group"):
            self.groups.add(pid)
        self.started[pid] = (time.monotonic(), request["args"][:3])
        self.conns[conn] = pid
        self.selector.register(conn, selectors.EVENT_READ, "client")
        return None

    def _cold_reason(self, request, fds):
        if len(fds) != 3:
            return "standard streams missing"
        key = _sensitive_difference(request["env"], self.base_env)
        if key is not None:
            return f"environment variable {key} differs"
        args = _options(request["args"])[1]
        if args[0] not in ("-c", "-m"):
            path = os.path.join(request["cwd"], args[0])
            if not (os.path.isfile(path) and os.access(path, os.R_OK)) or zipfile.is_zipfile(path):
                return "the program is not a readable source file"
        return None

    def _from_client(self, conn):
        pid = self.conns.get(conn)
        try:
            data = conn.recv(4096)
        except OSError:
            data = b""
        if not data:  # the client is gone (killed): its program goes with it
            self.selector.unregister(conn)
            if pid is not None:
                _kill(pid, signal.SIGKILL)
            return
        for i in range(0, len(data) - len(data) % 4, 4):
            (signum,) = struct.unpack("!I", data[i:i + 4])
            if pid is not None:
                _kill(pid, signum, group=pid in self.groups)

    def _reap(self):
        while self.children:
            try:
                pid, status, usage = os.wait4(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            conn = self.children.pop(pid, None)
            self.groups.discard(pid)
            if conn is None:
                continue
            started, args = self.started.pop(pid)
            if self.log:
                with open(self.log, "a") as out:
                    out.write(json.dumps({"warm": args, "cpu": round(usage.ru_utime + usage.ru_stime, 2),
                                          "wall": round(time.monotonic() - started, 2)}) + "\n")
            self.conns.pop(conn, None)
            if os.WIFSIGNALED(status):
                message = b"S" + struct.pack("!i", os.WTERMSIG(status))
            else:
                message = b"E" + struct.pack("!i", os.waitstatus_to_exitcode(status))
            try:
                self.selector.unregister(conn)
            except (KeyError, ValueError):
                pass
            try:
                conn.sendall(message)
            except OSError:
                pass
            conn.close()

    def _shutdown(self):
        for pid in self.children:
            _kill(pid, signal.SIGKILL)
        try:
            os.unlink(self.path)
        except OSError:
            pass
        os._exit(0)

    def become(self, request):
        """In the forked child: drop the server's state and take on the program's process state."""
        if request.get("own_group"):
            os.setsid()
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        self.selector.close()
        self.listener.close()
        for conn in self.conns:
            conn.close()
        os.close(self.wake_r)
        os.close(self.wake_w)
        os.close(request["conn_fd"])
        for target, fd in enumerate(request["fds"]):
            os.dup2(fd, target)
        for fd in request["fds"]:
            if fd > 2:
                os.close(fd)
        os.chdir(request["cwd"])
        os.umask(request["umask"])
        os.environ.clear()
        os.environ.update(request["env"])
        for name in request["ignored_signals"]:
            signal.signal(getattr(signal, name), signal.SIG_IGN)
        if "SIGINT" not in request["ignored_signals"]:
            signal.signal(signal.SIGINT, signal.default_int_handler)
        unbuffered, args = _options(request["args"])
        _reopen_standard_streams(unbuffered)
        numpy.random.seed()  # the legacy global generator was seeded once, in the server
        torch.default_generator.seed()  # so was torch's: a fresh import seeds it from the OS too
        threads = os.environ.get("OMP_NUM_THREADS", "")
        torch.set_num_threads(int(threads) if threads.isdigit() and int(threads) > 0 else self.default_threads)
        _emulate_parent(request["client_pid"])
        sys.executable = self.client_path
        sys.orig_argv = [self.client_path, *request["args"]]
        sys.path[:] = _without_repeats([*_python_path(os.environ.get("PYTHONPATH", "")), *self.base_path])
        return args, request["blocked_signals"]


_KEEP = []  # the server's stream objects: never closed or collected in a child


def _options(args):
    """(unbuffered, the arguments after the interpreter options): `-u` is the one option served warm."""
    unbuffered = False
    while args[0] == "-u":
        unbuffered, args = True, args[1:]
    return unbuffered, args


def _reopen_standard_streams(unbuffered):
    """New sys.stdin/stdout/stderr over descriptors 0-2, built as CPython builds them at start."""
    _KEEP.extend([sys.stdin, sys.stdout, sys.stderr])
    unbuffered = unbuffered or isinstance(sys.__stdout__.buffer, io.FileIO)  # -u or PYTHONUNBUFFERED
    for fd, name, mode in ((0, "stdin", "r"), (1, "stdout", "w"), (2, "stderr", "w")):
        old = getattr(sys, f"__{name}__")
        raw_unbuffered = unbuffered and mode == "w"
        binary = open(fd, mode + "b", buffering=0 if raw_unbuffered else -1, closefd=False)
        line_buffering = not unbuffered and mode == "w" and (fd == 2 or os.isatty(fd))
        text = io.TextIOWrapper(binary, encoding=old.encoding, errors=old.errors, newline="\n",
                                              line_buffering=line_buffering, write_through=unbuffered)
        text.mode = mode
        (binary if raw_unbuffered else binary.raw).name = f"<{name}>"
        setattr(sys, name, text)
        setattr(sys, f"__{name}__", text)


def _python_path(value):
    """PYTHONPATH's entries as CPython puts them on sys.path: absolute, an empty entry meaning the directory."""
    entries = value.split(os.pathsep) if value else []
    if entries and entries[-1] == "":
        entries.pop()
    return [os.path.abspath(entry) if entry else os.getcwd() for entry in entries]


def _without_repeats(entries):
    """site.py's start-up pass: each directory once, at its first place (the program's own is added after)."""
    seen, kept = set(), []
    for entry in entries:
        key = os.path.normcase(entry)
        if key not in seen:
            seen.add(key)
            kept.append(entry)
    return kept


def _emulate_parent(client_pid):
    """`os.getppid()` answers as for a program the client had started itself: the client's own parent."""

    real_getppid, program_pid = os.getppid, os.getpid()

    def getppid():
        if os.getpid() != program_pid:  # a process the program forked: its parent is real
            return real_getppid()
        try:
            with open(f"/proc/{client_pid}/stat", "rb") as stat:
                return int(stat.read().rsplit(b")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return 1

    os.getppid = getppid


def _kill(pid, signum, group=False):
    try:
        if group:
            try:
                os.killpg(pid, signum)
                return
            except ProcessLookupError:  # the child has not made its session yet: it holds signals until then
                pass
        os.kill(pid, signum)
    except ProcessLookupError:
        pass


def _program(args):
    """(code object or None for `-m`, the new __main__ module, sys.argv, sys.path[0]) of `python ARGS`."""
    main = types.ModuleType("__main__")
    main.__dict__.update(__builtins__=builtins, __spec__=None, __package__=None, __annotations__={},
                         __loader__=importlib.machinery.BuiltinImporter)
    if args[0] == "-m":  # runpy fills __main__ in as CPython's `-m` does
        return None, main, ["-m", *args[2:]], os.getcwd()
    if args[0] == "-c":
        return compile(args[1], "<string>", "exec", dont_inherit=True), main, ["-c", *args[2:]], ""
    path = os.path.join(os.getcwd(), args[0])  # absolute as CPython makes it: joined, not normalized
    with open(path, "rb") as source:
        code = compile(source.read(), path, "exec", dont_inherit=True)
    main.__dict__.update(__file__=path, __cached__=None,
                         __loader__=importlib.machinery.SourceFileLoader("__main__", path))
    return code, main, list(args), os.path.dirname(os.path.realpath(path))


def _run(args, blocked_signals):
    """Run `python ARGS` in this process, as CPython's main does after its start-up."""
    code, main, sys.argv, first = _program(args)
    sys.path.insert(0, first)
    sys.modules["__main__"] = main
    if "__mp_main__" in sys.modules:  # multiprocessing (imported here by torch) names __main__ so at its import
        sys.modules["__mp_main__"] = main
    signal.pthread_sigmask(signal.SIG_SETMASK, blocked_signals)  # a signal sent meanwhile arrives now
    if code is None:
        runpy._run_module_as_main(args[1], alter_argv=True)
    else:
        exec(code, main.__dict__)


def _without_own_frames(tb):
    while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
        tb = tb.tb_next
    return tb


if __name__ == "__main__":
    _server = Server(sys.argv[1], sys.argv[2])
    gc.collect()
    gc.freeze()  # what the server imported stays out of every child's collections (and its pages shared)
    _args, _blocked = _server.become(_server.serve())
    del _server
    try:
        _run(_args, _blocked)
    except BaseException as _exc:  # CPython reports it as for a fresh program: without this file's frames
        _exc.__traceback__ = _without_own_frames(_exc.__traceback__)
        del _exc
        raise
