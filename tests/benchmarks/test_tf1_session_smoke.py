"""benchmarks/tf1_session.py runs end to end at tiny sizes and prints both programs' Session/torch and
Session/eager ratios (issue 24's speed check)."""

import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.slow
def test_tf1_session_benchmark_prints_ratios():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in [ROOT, os.environ.get("PYTHONPATH")] if p))
    done = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "tf1_session.py"), "--steps", "1",
                           "--repeats", "1"], capture_output=True, text=True, env=env, timeout=900, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    for program in ("MNIST softmax", "two-layer convnet"):
        row = re.search(program + r"\s+([0-9.]+)ms\s+([0-9.]+)ms\s+([0-9.]+)ms\s+([0-9.]+)\s+([0-9.]+)", done.stdout)
        assert row is not None, done.stdout
        # ratios are printed as positive numbers; their size is the benchmark's figure, not a test assertion (one
        # step on a shared machine swings them by 10x)
        assert 0 < float(row.group(4)) < float("inf") and 0 < float(row.group(5)) < float("inf")
