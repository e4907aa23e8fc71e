"""`tf.test` helpers beyond `TestCase`: gradient checking, build/device queries, test decorators.

Mirrors `tensorflow/python/ops/gradient_checker_v2.py` (`compute_gradient`) and
`tensorflow/python/platform/test.py` / `framework/test_util.py`.
"""

import functools
import unittest

import numpy as np
import torch

from keraslike._src.compat.v1.config_proto import ConfigProto
from keraslike._src.ops.conversion import convert_to_tensor


def _jacobians(f, xs, delta):
    """Theoretical (autograd) and central-difference Jacobians, each `(y_size, x_size)` per argument."""
    xs = [x.detach().clone() for x in xs]
    theoretical, numerical = [], []
    for i, x in enumerate(xs):
        def f_i(xi, i=i):
            args = list(xs)
            args[i] = xi
            return f(*args)

        y = f_i(x)
        y_size, x_size = y.numel(), x.numel()
        dtype = np.dtype(x.dtype.as_numpy_dtype) if x.dtype != torch.bfloat16 else np.float32
        jac = torch.autograd.functional.jacobian(f_i, x).reshape(y_size, x_size)
        theoretical.append(jac.detach().cpu().numpy().astype(dtype))
        num = np.zeros((y_size, x_size), dtype=dtype)
        flat = x.reshape(-1)
        with torch.no_grad():
            for j in range(x_size):
                plus, minus = flat.clone(), flat.clone()
                plus[j] += delta
                minus[j] -= delta
                diff = f_i(plus.reshape(x.shape)) - f_i(minus.reshape(x.shape))
                num[:, j] = (diff.reshape(-1) / (2 * delta)).cpu().numpy()
        numerical.append(num)
    return tuple(theoretical), tuple(numerical)


def compute_gradient(f, x, delta=None):
    """`tf.test.compute_gradient(f, x, delta=None)`: (theoretical, numerical) Jacobians of `f` at `x`.

    Args:
        f: callable of `len(x)` tensors returning one tensor.
        x: list or tuple of values convertible to float tensors.
        delta: finite-difference step (default 1/1024, TF's).

    Returns:
        two tuples of 2-D numpy arrays, one per argument, each of shape `(y_size, x_size)`.

    Raises:
        ValueError: if `x` is not a list or tuple.
    """
    if not isinstance(x, (list, tuple)):
        raise ValueError("`x` must be a list or tuple of values convertible to a Tensor (arguments to `f`), "
                         f"not a {type(x).__name__}. Received: x={x!r:.80}")
    xs = [v if isinstance(v, torch.Tensor) else convert_to_tensor(v) for v in x]
    return _jacobians(f, xs, 1.0 / 1024 if delta is None else float(delta))


def is_gpu_available(cuda_only=False, min_cuda_compute_capability=None):
    """`tf.test.is_gpu_available`: a CUDA device is visible (and meets the compute capability, if given)."""
    if not torch.cuda.is_available():
        return False
    if min_cuda_compute_capability is None:
        return True
    wanted = tuple(min_cuda_compute_capability)
    return any(torch.cuda.get_device_capability(i) >= wanted for i in range(torch.cuda.device_count()))


def gpu_device_name():
    """`tf.test.gpu_device_name()`: `"/device:GPU:0"` when a GPU is visible, else `""`."""
    return "/device:GPU:0" if torch.cuda.is_available() else ""


def is_built_with_cuda():
    """`tf.test.is_built_with_cuda()`: torch was built with CUDA."""
    return torch.version.cuda is not None


def is_built_with_rocm():
    """`tf.test.is_built_with_rocm()`: torch was built with ROCm."""
    return getattr(torch.version, "hip", None) is not None


def is_built_with_gpu_support():
    """`tf.test.is_built_with_gpu_support()`: built with CUDA or ROCm."""
    return is_built_with_cuda() or is_built_with_rocm()


def is_built_with_xla():
    """`tf.test.is_built_with_xla()`: False; `jit_compile=True` uses torch.compile, not XLA."""
    return False


def is_cpu_target_available(cpu_target):
    """`tf.test.is_cpu_target_available(cpu_target)`: whether torch's CPU kernels use that ISA level.

    `cpu_target` is e.g. `"avx"`, `"avx2"`, `"avx512"` (compared with `torch.backends.cpu.get_cpu_capability()`).
    """
    capability = torch.backends.cpu.get_cpu_capability().lower()
    order = ["default", "avx", "avx2", "avx512"]
    target = str(cpu_target).lower()
    if target in order and capability in order:
        return order.index(capability) >= order.index(target)
    return target == capability


def benchmark_config():
    """`tf.test.benchmark_config()`: a `ConfigProto` (TF disables graph optimizations in it)."""
    return ConfigProto()


def with_eager_op_as_function(cls=None, only_as_function=False):
    """`tf.test.with_eager_op_as_function`: returns the class unchanged (TF's is a no-op too)."""
    return cls if cls is not None else (lambda c: c)


def disable_with_predicate(pred, skip_message):
    """`tf.test.disable_with_predicate(pred, skip_message)`: skip the test when `pred()` is True."""
    def decorator(func):
        @functools.wraps(func)
        def wrapper(self, *args, **kwargs):
            if pred():
                raise unittest.SkipTest(skip_message)
            return func(self, *args, **kwargs)
        return wrapper
    return decorator


def create_local_cluster(num_workers, num_ps, protocol="grpc", worker_config=None, ps_config=None):
    """TF's in-process gRPC cluster has no equivalent: run replicas under torchrun instead."""
    raise NotImplementedError("tf.test.create_local_cluster starts TF gRPC servers, which keraslike does not have; "
                              "test multi-process code by launching replicas (torchrun, or MirroredStrategy "
                              "re-launching the script).")


def assert_equal_graph_def(expected, actual):
    """TF compares GraphDef protos; there are no graphs here."""
    raise NotImplementedError("tf.test.assert_equal_graph_def compares TF graphs, which do not exist in keraslike "
                              "(everything runs eagerly); compare computed values instead.")


def sync_devices():
    """`tf.test.experimental.sync_devices()`: wait for all queued GPU work (no-op without a GPU)."""
    if torch.cuda.is_available():
        torch.cuda.synchronize()


class Benchmark:
    """`tf.test.Benchmark`: collect `report_benchmark` results (printed, and kept in `reported`)."""

    def __init__(self):
        self.reported = []

    def report_benchmark(self, iters=None, cpu_time=None, wall_time=None, throughput=None, extras=None,
                         name=None, metrics=None):
        """Record and print one benchmark entry (TF writes it to its benchmark log)."""
        entry = {"name": name or type(self).__name__, "iters": iters, "cpu_time": cpu_time, "wall_time": wall_time,
                 "throughput": throughput, "extras": extras or {}, "metrics": metrics or []}
        self.reported.append(entry)
        print(entry)
        return entry

    def evaluate(self, tensors):
        """numpy values of tensors (eager)."""
        return tensors.detach().cpu().numpy() if isinstance(tensors, torch.Tensor) else tensors
