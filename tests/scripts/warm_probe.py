"""What a program can see of how it was started (tests/test_warm_python.py runs it warm and cold)."""

import json
import multiprocessing  # noqa: F401 - it names __main__ "__mp_main__" too
import os
import random
import signal
import sys
import time

import __main__

mode = sys.argv[1]
if mode == "wait":
    print("ready", os.getpid(), flush=True)
    time.sleep(120)
if mode == "exit":
    sys.exit(int(sys.argv[2]))
if mode == "raise":
    raise ValueError("from the probe")
if mode == "exit-text":
    sys.exit("a message")
if mode == "fork":
    parent = os.getpid()
    child = os.fork()
    if child == 0:
        print("child's parent is the program:", os.getppid() == parent, flush=True)
        os._exit(0)
    os.waitpid(child, 0)
    sys.exit(0)
if mode == "atexit":
    import atexit
    atexit.register(lambda: print("atexit ran", flush=True))
    print("body ran")
    sys.exit(0)
import numpy  # noqa: E402 - the modes above end before numpy is needed

threads = draw = None
if "torch" in sys.argv[2:]:  # torch's thread count and an unseeded draw (the fresh side pays torch's import)
    import torch
    threads, draw = torch.get_num_threads(), torch.rand(1).item()

streams = {name: [type(getattr(sys, name).buffer).__name__, getattr(sys, name).line_buffering,
                  getattr(sys, name).write_through, getattr(sys, name).errors, getattr(sys, name).encoding,
                  getattr(sys, name).mode, getattr(sys, name).name,
                  getattr(sys, name) is getattr(sys, f"__{name}__")]
           for name in ("stdin", "stdout", "stderr")}
print(json.dumps({
    "argv": sys.argv, "orig_argv": sys.orig_argv[1:], "path": sys.path, "cwd": os.getcwd(),
    "main": sorted(k for k in vars(__main__) if k.startswith("__")), "file": __main__.__file__,
    "spec": __main__.__spec__ is None, "env": {k: v for k, v in os.environ.items() if k.startswith("PROBE_")},
    "streams": streams, "threads": threads, "stdin": sys.stdin.read(),
    "sigint": str(signal.getsignal(signal.SIGINT)), "sigterm": str(signal.getsignal(signal.SIGTERM)),
    "ppid": os.getppid(), "hash": hash("keraslike"), "numpy": numpy.random.rand(), "random": random.random(),
    "torch": draw,
    "umask": os.umask(0o22), "flags": list(sys.flags), "modules_main": "tests.warm.zygote" in sys.modules,
    "mp_main": sys.modules["__mp_main__"] is __main__,  # what multiprocessing unpickles `__main__` classes from
    "blocked": sorted(signal.pthread_sigmask(signal.SIG_BLOCK, [])),
}))
