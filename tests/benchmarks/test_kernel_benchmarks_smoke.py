"""benchmarks/dropout.py, conv1d.py, mixed_float16_cpu.py and miniature_gpt.py run end to end at tiny sizes and
print their ratios (issue 22's kernel checks); the ratios' size is the benchmarks' figure, not a test assertion."""

import importlib.util
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _load(name):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", os.path.join(ROOT, "benchmarks", f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name,rows", [("dropout", 3), ("conv1d", 5), ("mixed_float16_cpu", 1)])
def test_benchmark_prints_ratios(name, rows, capsys):
    _load(name).main(["--rounds", "1", "--calls", "1"])
    ratios = re.findall(r"([0-9.]+)x", capsys.readouterr().out)
    assert len(ratios) == rows and all(0 < float(r) < float("inf") for r in ratios)


@pytest.mark.slow  # each side runs in its own process
def test_miniature_gpt_benchmark_prints_its_ratio(capsys):
    _load("miniature_gpt").main(["--steps", "1", "--repeats", "1"])
    ratios = re.findall(r"([0-9.]+)x", capsys.readouterr().out)
    assert len(ratios) >= 2 and all(0 < float(r) < float("inf") for r in ratios[:2])
