"""`tf.test`: `TestCase` with TF's assertions, gradient checking, build and device queries."""

# ruff: noqa: F401, I001
from keraslike._src.testing.test_case import TestCase, main
from keraslike._src.testing.test_utils import (
    Benchmark, assert_equal_graph_def, benchmark_config, compute_gradient, create_local_cluster,
    disable_with_predicate, gpu_device_name, is_built_with_cuda, is_built_with_gpu_support, is_built_with_rocm,
    is_built_with_xla, is_cpu_target_available, is_gpu_available, with_eager_op_as_function,
)
from keraslike.test import experimental
