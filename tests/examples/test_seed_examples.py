"""Run each seed example as a real process and check what it prints (stdout values, stderr device log)."""

import pytest
import torch

from tests.conftest import run_script

pytestmark = pytest.mark.slow  # each test launches its example

HAS_GPU = torch.cuda.is_available() and torch.cuda.device_count() > 0
CPU = "/job:localhost/replica:0/task:0/device:CPU:0"
MATMUL = "[[22. 28.]\n [49. 64.]]"
ADDN = "[[ 44.  56.]\n [ 98. 128.]]"


def run_example(name):
    result = run_script([f"examples/{name}", "--quick"])
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout, result.stderr


def test_seed_000_one_device_strategy():
    out, err = run_example("seed_000_one_device_strategy.py")
    assert "replicas: 1" in out
    assert "loss decreased: True" in out
    if HAS_GPU:
        assert "kernel device: cuda:0" in out
    else:
        assert "kernel device: cpu" in out
        assert "RuntimeWarning: Device '/device:GPU:0' does not exist" in err


def test_seed_002_single_and_multi_gpu():
    out, err = run_example("seed_002_single_and_multi_gpu.py")
    available = "['/cpu:0', '/gpu:0']" if HAS_GPU else "['/cpu:0']"
    assert ("To call `multi_gpu_model` with `gpus=2`, we expect the following devices to be available: "
            f"['/cpu:0', '/gpu:0', '/gpu:1']. However this machine only has: {available}. Try reducing `gpus`.") in out
    assert "DeprecationWarning" in err
    if HAS_GPU:
        assert out.startswith("只使用第一个 GPU\n")
        assert "Visible devices cannot be modified after being initialized" in out
    fit_loss = float(out.split("fit loss: ")[1].split()[0])
    loop_loss = float(out.split("custom loop loss: ")[1].split()[0])
    assert 0 < fit_loss < 5 and 0 < loop_loss < 500


def test_seed_003_device_placement_prints_sum_and_log():
    out, err = run_example("seed_003_device_placement.py")
    assert out == "[4. 6.]\n"
    assert "Device mapping:" in err
    assert f"init: {CPU}" in err


def test_seed_004_values_and_tf1_placement_log():
    out, err = run_example("seed_004_using_gpu.py")
    assert out.count(MATMUL) == 3  # sections 2, 3 and 5 (soft placement)
    assert ADDN in out
    lines = err.splitlines()
    # Section 2: no tf.device -> where torch ran (the CPU: keraslike keeps eager tensors where they are made).
    assert lines[lines.index(f"b: {CPU}"):][:3] == [f"b: {CPU}", f"a: {CPU}", f"MatMul: {CPU}"]
    if not HAS_GPU:
        # Section 5 without soft placement: TF's InvalidArgumentError naming node 'b' and the device.
        assert ("InvalidArgumentError: Cannot assign a device for operation b: Could not satisfy explicit device "
                "specification '/device:GPU:2' because no devices matching that specification are registered in "
                f"this process; available devices: {CPU}.") in out
        # With soft placement: fallback warning, then the values.
        assert "RuntimeWarning: Device '/device:GPU:2' does not exist" in err
        # Section 6: the multi-tower log, in TF's order and names.
        tower = [f"{n}: {CPU}" for n in ("Const_3", "Const_2", "MatMul_1", "Const_1", "Const", "MatMul", "AddN")]
        start = lines.index(f"Const_3: {CPU}")
        assert lines[start:start + 7] == tower
        assert "InvalidArgumentError: Cannot assign a device for operation Const_3" in out
