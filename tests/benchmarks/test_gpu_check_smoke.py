"""benchmarks/gpu_check.py --smoke: the sections of the GPU check that need no CUDA, run on the CPU at tiny sizes
(issue 14 item 5: every keraslike path the GPU run takes is exercised on CPU). Each section prints `OK` only
when its own checks hold (weights on the device, loss falling, replicas ending with equal weights, bfloat16
compute with float32 variables, the placement log naming the device, a 11.2M-parameter ResNet-18)."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.slow
def test_gpu_check_smoke_sections_pass_on_cpu():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in [ROOT, os.environ.get("PYTHONPATH")] if p))
    env.pop("RANK", None)
    env.pop("WORLD_SIZE", None)
    done = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "gpu_check.py"), "--smoke"],
                          capture_output=True, text=True, env=env, timeout=1200, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    rows = {line.split(" | ")[0]: line for line in done.stdout.splitlines() if " | " in line}
    for section in ("fit1gpu", "onedevice", "mirrored", "bf16policy", "placement", "resnet18"):
        assert rows.get(section, "").endswith("OK"), done.stdout[-3000:]
    assert "gpu_check: all sections OK" in done.stdout
