"""`tf.sysconfig`: the build's facts (torch's build under TF's keys); the custom-op build flags raise."""

# ruff: noqa: F401
from keraslike._src.sysconfig import (
    MONOLITHIC_BUILD, get_build_info, get_compile_flags, get_include, get_lib, get_link_flags,
)
