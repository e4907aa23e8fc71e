"""Shared test helpers: run worker scripts as real processes."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPTS = REPO / "tests" / "scripts"


def script_env(**extra):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    for key in ("RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT",
                "KERASLIKE_LAUNCHED", "KERASLIKE_PARENT_PID", "TORCHELASTIC_RUN_ID"):
        env.pop(key, None)
    env.update(extra)
    return env


def run_script(args, timeout=600, cwd=None, **env):
    """Run `python args...` (or another command when args[0] is a program); returns CompletedProcess."""
    cmd = list(args) if args[0] in ("torchrun",) or os.path.sep in str(args[0]) and not str(args[0]).endswith(
        ".py") else [sys.executable, *map(str, args)]
    if cmd[0] == "torchrun":
        cmd = [sys.executable, "-m", "torch.distributed.run", *map(str, cmd[1:])]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=cwd or REPO,
                          env=script_env(**env))


@pytest.fixture
def run():
    return run_script
