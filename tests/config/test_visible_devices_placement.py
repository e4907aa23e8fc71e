"""Issue 12 item 8: `tf.config.set_visible_devices`, `ConfigProto(device_count={"GPU": 0})` and
`gpu_options.visible_device_list` change where the default strategy and MirroredStrategy place work.

Simulated GPUs (the `fake_gpus` fixture; CUDA is reported available but nothing touches it). Before the fix
the default device was always CUDA 0 when CUDA existed, whatever was visible, and MirroredStrategy treated
physical ordinals as logical `/gpu:i` indices. A real-GPU check is in benchmarks/gpu_check.sh.
"""

import pytest
import torch

import keraslike as tf
from keraslike._src.distribute import mirrored
from keraslike._src.placement import device_spec


@pytest.fixture
def cuda_reported(monkeypatch):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)


def test_set_visible_devices_moves_the_default_device(fake_gpus, cuda_reported):
    gpus = fake_gpus(3)
    assert device_spec.default_torch_device() == torch.device("cuda", 0)
    tf.config.set_visible_devices([gpus[2], gpus[1]], "GPU")
    assert device_spec.default_torch_device() == torch.device("cuda", 2)  # logical /gpu:0 is the first visible
    assert mirrored._resolve_devices(None) == [("GPU", 0), ("GPU", 1)]
    assert [mirrored.gpu_device(i) for i in (0, 1)] == [torch.device("cuda", 2), torch.device("cuda", 1)]
    tf.config.set_visible_devices([], "GPU")
    assert device_spec.default_torch_device() == torch.device("cpu")
    assert mirrored._resolve_devices(None) == [("CPU", 0)]
    with pytest.raises(ValueError, match="no logical GPU 0"):
        mirrored.gpu_device(0)


def test_session_config_hides_gpus(fake_gpus, cuda_reported):
    fake_gpus(2)
    config = tf.compat.v1.ConfigProto(device_count={"GPU": 0})
    tf.compat.v1.Session(config=config).close()
    assert device_spec.default_torch_device() == torch.device("cpu")


def test_visible_device_list_picks_the_gpu(fake_gpus, cuda_reported):
    fake_gpus(2)
    config = tf.compat.v1.ConfigProto(gpu_options=tf.compat.v1.GPUOptions(visible_device_list="1"))
    tf.compat.v1.Session(config=config).close()
    assert device_spec.default_torch_device() == torch.device("cuda", 1)
    assert tf.config.get_visible_devices("GPU")[0].name.endswith(":1")


def test_visibility_is_fixed_once_the_default_strategy_exists(fake_gpus):
    from keraslike._src.distribute.one_device import DefaultStrategy

    gpus = fake_gpus(1)
    DefaultStrategy()
    with pytest.raises(RuntimeError, match="after being initialized"):  # TF's error after the first op
        tf.config.set_visible_devices(gpus, "GPU")
