"""`tf.distribute.MirroredStrategy`: synchronous data parallelism, one process per replica.

Mirrors `tensorflow/python/distribute/mirrored_strategy.py`. Replicas are
processes joined in a torch.distributed group (NCCL on GPUs, gloo on CPUs);
Keras `fit` trains the model through `data_parallel.DataParallelModule`
(DistributedDataParallel when the model allows, else a plain gradient
all-reduce) whose all-reduce SUMs the per-replica gradients of `loss * local_batch /
global_batch`, which is TF's semantics (the same update as one device on the
global batch).

How the processes come to exist (DESIGN §5):
- under `torchrun`, `accelerate launch` or keraslike's own launcher, the
  environment says who is who and the strategy joins;
- in a plain `python train.py`, creating the strategy with N > 1 devices
  re-runs the same command as N-1 extra processes; this process is replica 0.
"""

import os
import warnings

import torch

from keraslike._src.config import devices as config_devices
from keraslike._src.distribute import process_group, sharded_values
from keraslike._src.distribute.cluster_resolver import TFConfigClusterResolver
from keraslike._src.distribute.data_parallel import DataParallelModule
from keraslike._src.distribute.strategy import Strategy
from keraslike._src.launch import environment, one_program, subprocess_script
from keraslike._src.placement import device_spec
from keraslike._src.placement import scope as placement_scope


class MirroredStrategy(Strategy):
    """`tf.distribute.MirroredStrategy(devices=None, cross_device_ops=None)`.

    Args:
        devices: list of TF device names, one replica each, e.g.
            `["/gpu:0", "/gpu:1"]` or `["/cpu:0", "/cpu:1"]` (logical CPUs made
            with `tf.config.set_logical_device_configuration`). None uses all
            visible GPUs, or one CPU replica when there are none (as TF).
            Ignored (except for CPU-vs-GPU) when a launcher such as torchrun
            already decided the replicas.
        cross_device_ops: accepted for TF compatibility; the all-reduce is
            torch.distributed's (NCCL or gloo).

    Raises:
        ValueError: if `devices` is empty, mixes CPUs and GPUs, repeats a
            device, or names a device that is not a TF device string; if
            the program already runs as replicas keraslike started for
            another number of devices (a later strategy of N > 1 devices
            must have as many as the first); or
            names GPUs that are not visible while soft device placement is
            off. With soft placement on (TF 2's default) such replicas run on
            the CPU instead, all of them (one process per replica cannot mix
            CUDA and gloo), with a warning saying where they went.

    How the replicas start (unlike TF, each replica is a process):

    - `python script.py`: creating the strategy with N > 1 devices re-runs
      the same command line (`python -m pkg.mod args` and `-c` code too) as
      N-1 extra processes. This process is replica 0; the others execute the
      script from the top, so the code before the strategy runs in every
      replica (data shuffles are agreed across replicas, seeded or not).
      Only replica 0 prints: the others' stdout is dropped and their stderr
      shown prefixed `[replica r]`. If one replica fails, all stop and its
      traceback is shown; Ctrl-C stops all.
    - `torchrun --nproc_per_node=N script.py` (or `accelerate launch`,
      SLURM, `TF_CONFIG`): the launcher already started N processes and
      nothing is re-run; each process joins as the replica its environment
      names (`devices` then only says CPU or GPU).
    - A REPL, a notebook or pytest cannot re-run itself: the strategy warns
      and continues with 1 replica. In a notebook, put the training in a
      function and run it with
      `keraslike.distribute.notebook_launcher(fn, args, num_processes=N)`,
      which runs `fn` as N replicas with the same semantics and returns
      replica 0's result.

    Example (2 CPU replicas; on GPUs `MirroredStrategy()` takes them all):

    >>> cpu = tf.config.list_physical_devices("CPU")[0]
    >>> tf.config.set_logical_device_configuration(
    ...     cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    >>> strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    >>> strategy.num_replicas_in_sync   # 2 under `python script.py`
    2
    """

    def __init__(self, devices=None, cross_device_ops=None):
        self._cross_device_ops = cross_device_ops
        parsed = _resolve_devices(devices)
        use_gpu = parsed[0][0] == "GPU"
        config_devices.mark_initialized()
        env = environment.detect()
        if env is None and len(parsed) > 1:
            env = subprocess_script.launch(len(parsed))
            if env is None:
                parsed = parsed[:1]
        elif env is not None:
            _join_launched(env)
        if env is not None and env.reruns_program and 1 < len(parsed) != env.world_size:
            raise ValueError(
                f"This program already runs as {env.world_size} replica processes (keraslike re-ran it for its "
                f"first MirroredStrategy), so a strategy of {len(parsed)} replicas cannot be made in it: each "
                "replica is one process, and the count is fixed when the program is re-run. Make every "
                f"multi-device strategy of the program with the same devices. Received: devices={devices!r}")
        # a one-device strategy made later in a program keraslike re-ran as replicas (the distributed-training
        # guide makes several strategies in turn) is one replica in every process, as it is in the chief
        single_in_launched = env is not None and env.reruns_program and len(parsed) == 1
        if env is None or env.world_size == 1 or single_in_launched:
            rank, world, index = 0, 1, parsed[0][1]
        else:
            rank, world = env.rank, env.world_size
            index = parsed[env.local_rank][1] if use_gpu and len(parsed) == env.local_world_size else env.local_rank
        if use_gpu:
            device = gpu_device(index)
            torch.cuda.set_device(device)
        else:
            device = torch.device("cpu")
        if world > 1:
            process_group.ensure_process_group("nccl" if use_gpu else "gloo", env, device)
            subprocess_script.mark_joined()
        super().__init__(device, device_spec.canonical("GPU" if use_gpu else "CPU", index), rank, world)
        self._devices = tuple(device_spec.canonical(t, i) for t, i in parsed)
        if world > 1:  # one process per replica: each is a worker TF's tutorials can ask who it is
            self._cluster_resolver = TFConfigClusterResolver(env)

    def wrap_module(self, module):
        if self._num_replicas == 1 or sharded_values.holds_shards(module):
            return module  # fully sharded (`fully_sharded.py`): the gather's backward reduce-scatters the gradients
        static = getattr(module, "_has_static_graph", None)
        wrapper = DataParallelModule(module, self._device, static_graph=bool(static and static()))
        process_group.track_wrapped(wrapper)
        return wrapper

    def after_backward(self, train_module, params):
        if isinstance(train_module, DataParallelModule):
            train_module.after_backward(params)

    @property
    def extended_devices(self):
        return self._devices


def gpu_device(logical_index):
    """The CUDA device of logical `/gpu:<logical_index>`: visible GPUs are renumbered from 0, as TF does
    (`set_visible_devices([gpus[1]])` makes `/gpu:0` CUDA ordinal 1)."""
    ordinals = config_devices.logical_gpu_ordinals()
    if not 0 <= logical_index < len(ordinals):
        raise ValueError(f"There is no logical GPU {logical_index}: {len(ordinals)} are visible "
                         f"(tf.config.get_visible_devices('GPU')). Received: /gpu:{logical_index}")
    return torch.device("cuda", ordinals[logical_index])


def _resolve_devices(devices):
    if devices is None:
        gpus = config_devices.logical_gpu_ordinals()  # what set_visible_devices / ConfigProto left visible
        return [("GPU", i) for i in range(len(gpus))] if gpus else [("CPU", 0)]
    if isinstance(devices, str):
        devices = [devices]
    devices = list(devices)
    if not devices:
        raise ValueError("Expected a non-empty list of devices for MirroredStrategy. Received: devices=[]")
    parsed = [device_spec.parse(d) for d in devices]
    if len(set(parsed)) != len(parsed):
        raise ValueError(f"Expected distinct devices for MirroredStrategy. Received: devices={devices!r}")
    types = {t for t, _ in parsed}
    if len(types) > 1:
        raise ValueError(
            "Expected MirroredStrategy devices to be all CPUs or all GPUs (each replica is one process). "
            f"Received: devices={devices!r}"
        )
    if types == {"GPU"}:
        available = list(range(len(config_devices.logical_gpu_ordinals())))  # logical `/gpu:i` indices
        missing = [i for _, i in parsed if i not in available]
        if missing and not placement_scope.get_soft_device_placement():
            raise ValueError(
                f"MirroredStrategy was given GPU(s) {missing} but this machine has visible GPUs {available}, and "
                "soft device placement is off. Use tf.config.list_logical_devices('GPU') to see them, or "
                f"tf.config.set_soft_device_placement(True). Received: devices={devices!r}"
            )
        if missing:
            # TF soft-places the replicas of missing GPUs; one process per replica cannot mix CUDA and gloo
            # replicas, so all of them go to the CPU (one logical CPU device each), and the user is told
            cpus = [("CPU", k) for k in range(len(parsed))]
            warnings.warn(
                f"MirroredStrategy: GPU(s) {missing} of {devices!r} are not available (visible GPUs: {available}); "
                f"with soft device placement the {len(parsed)} replica(s) run on the CPU instead, as "
                f"{[device_spec.canonical(t, i) for t, i in cpus]}.", stacklevel=3)
            return cpus
    if types == {"CPU"}:
        return _resolve_cpus(parsed, devices)
    return parsed


def _resolve_cpus(parsed, devices):
    """CPU replicas are processes on the host CPU, named `/cpu:0..N-1`. An index beyond both the logical CPU
    devices and the replica count (`/cpu:5` with no `set_logical_device_configuration`) names no device: with
    soft placement the replicas run on the host CPU and a warning says so (TF accepts the name silently),
    without it the error names the device."""
    logical = len(config_devices.list_logical_devices("CPU"))
    missing = [i for _, i in parsed if i >= max(logical, len(parsed))]
    if not missing:
        return parsed
    known = [f"/cpu:{i}" for i in range(logical)]
    if not placement_scope.get_soft_device_placement():
        raise ValueError(
            f"MirroredStrategy was given CPU device(s) {[f'/cpu:{i}' for i in missing]}, which do not exist: the "
            f"logical CPU devices are {known} (tf.config.set_logical_device_configuration makes more), and soft "
            f"device placement is off. Received: devices={devices!r}")
    cpus = [("CPU", k) for k in range(len(parsed))]
    warnings.warn(
        f"MirroredStrategy: CPU device(s) {[f'/cpu:{i}' for i in missing]} of {devices!r} do not exist (logical "
        f"CPU devices: {known}; tf.config.set_logical_device_configuration makes more); with soft device placement "
        f"the {len(parsed)} replica(s) run on the host CPU, one process each, as "
        f"{[device_spec.canonical(t, i) for t, i in cpus]}.", stacklevel=3)
    return cpus


def _join_launched(env):
    """This process was started by a launcher: guard against orphaning and split the cores."""
    if env.source == "keraslike":
        subprocess_script.watch_parent()
        one_program.stop_replay()  # from here on the chief's clock readings come through the store
        return
    if "OMP_NUM_THREADS" not in os.environ:
        torch.set_num_threads(subprocess_script.threads_per_replica(env.local_world_size))
