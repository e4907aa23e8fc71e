"""tf.config: devices, memory growth/limits, threading, soft placement, TF's RuntimeError after init."""

import contextlib
import io

import pytest
import torch

import keraslike as tf
from keraslike._src.config import devices

HAS_GPU = torch.cuda.is_available() and torch.cuda.device_count() > 0


@pytest.mark.skipif(HAS_GPU, reason="GPU-less behaviour")
def test_gpu_lists_are_empty_without_gpus():
    assert tf.config.list_physical_devices("GPU") == []
    assert tf.config.experimental.list_physical_devices("GPU") == []
    assert tf.config.list_logical_devices("GPU") == []
    assert tf.config.list_physical_devices("CPU") == [tf.config.PhysicalDevice("/physical_device:CPU:0", "CPU")]
    with pytest.raises(ValueError, match="No matching devices found for 'GPU:0'"):
        tf.config.experimental.get_memory_info("GPU:0")


def test_memory_info_rejects_cpu_with_received():
    with pytest.raises(ValueError, match=r"GPU memory only.*Received: device='CPU:0'"):
        tf.config.experimental.get_memory_info("CPU:0")
    with pytest.raises(ValueError, match="GPU memory only"):
        tf.config.experimental.reset_memory_stats("CPU:0")


def test_memory_growth_set_get_and_errors(fake_gpus):
    gpus = fake_gpus(2)
    assert tf.config.experimental.get_memory_growth(gpus[0]) is False
    tf.config.experimental.set_memory_growth(gpus[0], True)
    assert tf.config.experimental.get_memory_growth(gpus[0]) is True
    assert tf.config.experimental.get_memory_growth(gpus[1]) is False
    cpu = tf.config.list_physical_devices("CPU")[0]
    with pytest.raises(ValueError, match="Cannot set memory growth on non-GPU devices"):
        tf.config.experimental.set_memory_growth(cpu, True)
    with pytest.raises(ValueError, match="Received: device='GPU:0'"):
        tf.config.experimental.set_memory_growth("GPU:0", True)
    tf.config.list_logical_devices()  # initialises the devices, as in TF
    with pytest.raises(RuntimeError, match="^Physical devices cannot be modified after being initialized$"):
        tf.config.experimental.set_memory_growth(gpus[1], True)


def test_force_gpu_allow_growth_env(fake_gpus, monkeypatch):
    gpus = fake_gpus(1)
    monkeypatch.setenv("TF_FORCE_GPU_ALLOW_GROWTH", "true")
    assert tf.config.experimental.get_memory_growth(gpus[0]) is True


def test_visible_and_logical_devices_renumber_gpus(fake_gpus):
    gpus = fake_gpus(3)
    tf.config.set_visible_devices(gpus[1:], "GPU")
    assert devices.logical_gpu_ordinals() == [1, 2]
    tf.config.set_logical_device_configuration(
        gpus[2], [tf.config.LogicalDeviceConfiguration(memory_limit=1024)] * 2)
    assert devices.logical_gpu_ordinals() == [1, 2, 2]
    names = [d.name for d in tf.config.list_logical_devices("GPU")]
    assert names == ["/device:GPU:0", "/device:GPU:1", "/device:GPU:2"]
    with pytest.raises(RuntimeError, match="^Virtual devices cannot be modified after being initialized$"):
        tf.config.set_logical_device_configuration(gpus[1], [tf.config.LogicalDeviceConfiguration(512)])
    with pytest.raises(RuntimeError, match="^Visible devices cannot be modified after being initialized$"):
        tf.config.experimental.set_visible_devices(gpus, "GPU")


def test_device_scope_initialises_devices(fake_gpus):
    gpus = fake_gpus(1)
    with tf.device("/cpu:0"):
        pass
    with pytest.raises(RuntimeError, match="Visible devices cannot be modified"):
        tf.config.set_visible_devices(gpus, "GPU")


def test_seed_002_snippet_prints_the_runtime_error(fake_gpus):
    """The seed 002 multi-GPU snippet, after devices were initialised, prints TF's error."""
    fake_gpus(2)
    tf.config.list_logical_devices()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        gpus = tf.config.experimental.list_physical_devices('GPU')
        if gpus:
            try:
                tf.config.experimental.set_visible_devices(gpus, 'GPU')
                for gpu in gpus:
                    tf.config.experimental.set_memory_growth(gpu, True)
                print("使用所有可见的 GPU")
            except RuntimeError as e:
                print(e)
    assert out.getvalue() == "Visible devices cannot be modified after being initialized\n"


def test_seed_002_snippet_before_initialisation(fake_gpus):
    fake_gpus(2)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        gpus = tf.config.experimental.list_physical_devices('GPU')
        if gpus:
            try:
                tf.config.experimental.set_visible_devices(gpus[0], 'GPU')
                tf.config.experimental.set_memory_growth(gpus[0], True)
                print("只使用第一个 GPU")
            except RuntimeError as e:
                print(e)
    assert out.getvalue() == "只使用第一个 GPU\n"
    assert [d.name for d in tf.config.get_visible_devices("GPU")] == ["/physical_device:GPU:0"]


def test_threading_intra_and_inter():
    assert tf.config.threading.get_intra_op_parallelism_threads() == 0
    tf.config.threading.set_intra_op_parallelism_threads(1)
    assert tf.config.threading.get_intra_op_parallelism_threads() == 1
    assert torch.get_num_threads() == 1
    with pytest.raises(ValueError, match="Received: num_threads=-1"):
        tf.config.threading.set_intra_op_parallelism_threads(-1)
    tf.config.threading.set_inter_op_parallelism_threads(torch.get_num_interop_threads())
    assert tf.config.threading.get_inter_op_parallelism_threads() == torch.get_num_interop_threads()
    tf.config.list_logical_devices()
    with pytest.raises(RuntimeError, match="^Intra op parallelism cannot be modified after initialization.$"):
        tf.config.threading.set_intra_op_parallelism_threads(2)
    with pytest.raises(RuntimeError, match="^Inter op parallelism cannot be modified after initialization.$"):
        tf.config.threading.set_inter_op_parallelism_threads(2)


def test_soft_placement_and_device_details():
    assert tf.config.get_soft_device_placement() is True
    tf.config.set_soft_device_placement(False)
    assert tf.config.get_soft_device_placement() is False
    cpu = tf.config.list_physical_devices("CPU")[0]
    assert tf.config.experimental.get_device_details(cpu) == {}
    with pytest.raises(ValueError, match="Received: device='CPU:0'"):
        tf.config.experimental.get_device_details("CPU:0")


@pytest.mark.skipif(not HAS_GPU, reason="needs a GPU")
def test_gpu_memory_info_limit_and_details():  # pragma: no cover - GPU machines
    gpu = tf.config.list_physical_devices("GPU")[0]
    details = tf.config.experimental.get_device_details(gpu)
    assert details["device_name"] and len(details["compute_capability"]) == 2
    tf.config.set_logical_device_configuration(gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=1024)])
    total = torch.cuda.get_device_properties(0).total_memory
    with pytest.raises(torch.OutOfMemoryError):  # the cap is enforced
        torch.empty(int(0.9 * total), dtype=torch.uint8, device="cuda:0")
    tf.config.experimental.reset_memory_stats("GPU:0")
    x = torch.ones(1024, 1024, device="cuda:0")
    info = tf.config.experimental.get_memory_info("GPU:0")
    assert info["current"] >= x.numel() * 4 and info["peak"] >= info["current"]
    tf.config.set_logical_device_configuration(gpu, None)
