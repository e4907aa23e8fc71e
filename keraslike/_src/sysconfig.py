"""`tf.sysconfig`: facts about the build a program runs on.

Mirrors `tensorflow/python/platform/sysconfig.py`. keraslike runs on PyTorch, so the build is torch's:
`get_build_info()` answers TF's keys (`cuda_version`, `cudnn_version`, `is_cuda_build`, ...) with torch's build, which
is what a script checking "which CUDA does this run on" wants.

The rest of TF's `sysconfig` serves compiling C++ custom ops against TensorFlow's headers and
`libtensorflow_framework`: neither exists here, and keraslike cannot load TF custom ops, so `get_compile_flags`,
`get_link_flags`, `get_include` and `get_lib` raise, naming torch's way to build C++ extensions
(`torch.utils.cpp_extension`, whose `include_paths()` and `library_paths()` give torch's headers and libraries).
Returning torch's flags in TF's format would build a library that fails only later, at load time.
"""

import collections
import re

import torch

MONOLITHIC_BUILD = 0  # TF's build of its framework library in pieces; there is no such library here


def get_build_info():
    """`tf.sysconfig.get_build_info()`: the build's facts under TF's keys, from torch's build.

    Returns:
        An OrderedDict: `cpu_compiler` (e.g. "GCC 13.3"), `cuda_compute_capabilities` (e.g. ["sm_80", ...], empty
        for a CPU build), `cuda_version` and `cudnn_version` (strings; absent for a CPU build, as in TF),
        `is_cuda_build`, `is_rocm_build`, `is_tensorrt_build` (False: torch has no TensorRT build flag).
    """
    info = collections.OrderedDict()
    compiler = re.search(r"^\s*-\s*((?:GCC|clang|MSVC)[^\n]*)$", torch.__config__.show(), re.M)
    info["cpu_compiler"] = compiler.group(1).strip() if compiler else "unknown"
    cuda = torch.version.cuda
    if cuda is not None:
        info["cuda_compute_capabilities"] = list(torch.cuda.get_arch_list())
        info["cuda_version"] = cuda
        cudnn = torch.backends.cudnn.version() if torch.backends.cudnn.is_available() else None
        if cudnn is not None:
            info["cudnn_version"] = str(cudnn // 10000 if cudnn >= 10000 else cudnn // 1000)  # TF gives the major
    info["is_cuda_build"] = cuda is not None
    info["is_rocm_build"] = getattr(torch.version, "hip", None) is not None
    info["is_tensorrt_build"] = False
    return info


def _no_tf_library(name):
    raise NotImplementedError(
        f"tf.sysconfig.{name}() serves compiling C++ custom ops against TensorFlow's headers and "
        "libtensorflow_framework, which keraslike (TF 2 code on PyTorch) does not have, and keraslike cannot load "
        "TF custom ops. Build C++ ops as torch extensions instead: torch.utils.cpp_extension (load, CppExtension; "
        "include_paths() and library_paths() give torch's headers and libraries). Received: no arguments")


def get_compile_flags():
    """`tf.sysconfig.get_compile_flags()`: raises NotImplementedError naming torch.utils.cpp_extension (module doc)."""
    _no_tf_library("get_compile_flags")


def get_link_flags():
    """`tf.sysconfig.get_link_flags()`: raises NotImplementedError naming torch.utils.cpp_extension (module doc)."""
    _no_tf_library("get_link_flags")


def get_include():
    """`tf.sysconfig.get_include()`: raises NotImplementedError naming torch.utils.cpp_extension (module doc)."""
    _no_tf_library("get_include")


def get_lib():
    """`tf.sysconfig.get_lib()`: raises NotImplementedError naming torch.utils.cpp_extension (module doc)."""
    _no_tf_library("get_lib")
