"""`tf.sysconfig`: TF's build-info keys answered with torch's build; the custom-op build flags raise, naming
torch.utils.cpp_extension (keraslike cannot build or load TF custom ops; TF's flags point at TF's headers)."""

import pytest
import torch

import keraslike as tf


def test_build_info_has_tfs_keys_with_torchs_build():
    info = tf.sysconfig.get_build_info()
    assert list(info)[0] == "cpu_compiler" and {"is_cuda_build", "is_rocm_build", "is_tensorrt_build"} <= set(info)
    assert info["is_cuda_build"] == (torch.version.cuda is not None)
    if torch.version.cuda is not None:
        assert info["cuda_version"] == torch.version.cuda
        assert info["cuda_compute_capabilities"] == torch.cuda.get_arch_list()


@pytest.mark.parametrize("name", ["get_compile_flags", "get_link_flags", "get_include", "get_lib"])
def test_custom_op_build_flags_raise_naming_torchs_way(name):
    with pytest.raises(NotImplementedError, match=r"torch\.utils\.cpp_extension.*Received: no arguments"):
        getattr(tf.sysconfig, name)()
