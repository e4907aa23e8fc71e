"""benchmarks/fit_overhead.py runs end to end at tiny sizes: the torch baseline in its own process (without
keraslike), the fit side in this one, and prints the CPU-time ratio line the README quotes (issue 14 item 3)."""

import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.slow
def test_fit_overhead_mlp_prints_a_ratio():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in [ROOT, os.environ.get("PYTHONPATH")] if p))
    done = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "fit_overhead.py"), "--case", "mlp",
                           "--epochs", "1", "--repeats", "1"], capture_output=True, text=True, env=env, timeout=900,
                          cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    ratio = re.search(r"MLP ratio fit/torch, CPU time per step: ([0-9.]+)x", done.stdout)
    assert ratio is not None, done.stdout
    assert 0.2 < float(ratio.group(1)) < 5.0  # a real measurement of both sides (each ran its 23 steps)
