"""Warm interpreters for launched test programs (see zygote.py): install, start, stop.

`install()` writes the client as an executable named `python` into a fresh temporary folder, starts two
servers (one for chiefs and single programs, one for replicas: each has its own string-hash seed) and makes
that client this process's `sys.executable`, so every `[sys.executable, ...]` a test runs, every replica the
keraslike launcher starts from such a program (`sys.executable` again) and every torchrun worker goes through
it. `KERASLIKE_TEST_WARM=0` turns it off (every program then starts a fresh interpreter, as before); the
client also falls back to a fresh interpreter by itself whenever a fork could differ from one.
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
_STATE = {}


def enabled():
    return os.environ.get("KERASLIKE_TEST_WARM", "1") != "0" and sys.platform.startswith("linux")


def install():
    """Start the servers and point `sys.executable` at the client (once per process); returns the client path."""
    if "client" in _STATE:
        return _STATE["client"]
    real = sys.executable
    folder = Path(tempfile.mkdtemp(prefix="klwarm-", dir="/tmp"))
    sockets = [str(folder / "chief.sock"), str(folder / "replica.sock")]
    client = folder / "python"
    source = (HERE / "client.py").read_text()
    source = source.replace("REAL_PYTHON = None", f"REAL_PYTHON = {real!r}", 1)
    source = source.replace("SOCKETS = None", f"SOCKETS = {tuple(sockets)!r}", 1)
    client.write_text(f"#!{real} -IS\n{source}")
    client.chmod(0o755)
    env = dict(os.environ)
    for key in ("PYTHONPATH", "OMP_NUM_THREADS", "PYTHONHASHSEED"):
        env.pop(key, None)
    servers = []
    for path in sockets:
        log = open(f"{path}.log", "wb")  # noqa: SIM115 - the server's own output, kept for debugging
        servers.append(subprocess.Popen([real, str(HERE / "zygote.py"), path, str(client)], env=env,
                                        stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                        start_new_session=True, cwd=str(folder)))
        log.close()
    _STATE.update(client=str(client), real=real, folder=folder, servers=servers)
    deadline = time.monotonic() + 30  # the first launched programs would otherwise start cold
    while not all(os.path.exists(path) for path in sockets) and time.monotonic() < deadline:
        if any(server.poll() is not None for server in servers):
            break
        time.sleep(0.05)
    sys.executable = str(client)
    return str(client)


def real_python():
    """The interpreter the client stands in front of (this process's own before `install`)."""
    return _STATE.get("real", sys.executable)


def uninstall():
    if "client" not in _STATE:
        return
    sys.executable = _STATE["real"]
    for server in _STATE["servers"]:
        try:
            os.killpg(server.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    shutil.rmtree(_STATE["folder"], ignore_errors=True)
    _STATE.clear()
