"""`tf.distribute.MultiWorkerMirroredStrategy`: synchronous data parallelism across machines.

Mirrors `tensorflow/python/distribute/collective_all_reduce_strategy.py`. Who
is who comes from the environment (`launch/environment.py`): `torchrun
--nnodes=N`, `TF_CONFIG` (one replica per task: chief first, then workers; the
first task's host:port hosts the rendezvous), or SLURM. Without any of them it
is a single worker with all local GPUs, as in TF.
"""

import torch

from keraslike._src.config import devices as config_devices
from keraslike._src.distribute import process_group
from keraslike._src.distribute.cluster_resolver import TFConfigClusterResolver
from keraslike._src.distribute.mirrored import MirroredStrategy, _join_launched
from keraslike._src.distribute.strategy import Strategy, StrategyExtended
from keraslike._src.launch import environment
from keraslike._src.placement import device_spec


class _MultiWorkerExtended(StrategyExtended):
    @property
    def _in_multi_worker_mode(self):
        return self._strategy._num_workers > 1


class MultiWorkerMirroredStrategy(MirroredStrategy):
    """`tf.distribute.MultiWorkerMirroredStrategy(cluster_resolver=None, communication_options=None)`.

    Every process is one replica; GPUs are picked by local rank (NCCL), CPUs use gloo.

    Raises:
        ValueError: malformed TF_CONFIG (the message quotes it).
    """

    def __init__(self, cluster_resolver=None, communication_options=None):
        self._communication_options = communication_options
        env = environment.detect(cluster=True)
        if env is None:
            MirroredStrategy.__init__(self)
            self._num_workers = 1
            self._cluster_resolver = cluster_resolver or TFConfigClusterResolver(None)
            self.extended = _MultiWorkerExtended(self)
            return
        _join_launched(env)
        gpus = config_devices.logical_gpu_ordinals()
        use_gpu = bool(gpus)
        config_devices.mark_initialized()
        if use_gpu:  # local replica k on the k-th visible GPU
            device = torch.device("cuda", gpus[env.local_rank % len(gpus)])
            torch.cuda.set_device(device)
        else:
            device = torch.device("cpu")
        if env.world_size > 1:
            process_group.ensure_process_group("nccl" if use_gpu else "gloo", env, device,
                                             getattr(communication_options, "timeout_seconds", None))
        name = device_spec.canonical("GPU" if use_gpu else "CPU", env.local_rank if use_gpu else 0)
        Strategy.__init__(self, device, name.replace("task:0", f"task:{env.task_id}").replace(
            "job:localhost", f"job:{env.task_type}"), env.rank, env.world_size)
        self._env = env
        self._devices = (name,)
        # a TF_CONFIG task is one worker even when tasks share a host; launchers group by node
        self._replicas_per_worker = 1 if env.source == "tf_config" else max(env.local_world_size, 1)
        self._num_workers = max(1, env.world_size // self._replicas_per_worker)
        self._cluster_resolver = cluster_resolver or TFConfigClusterResolver(env)
        self.extended = _MultiWorkerExtended(self)

    def _worker_layout(self):
        env = getattr(self, "_env", None)
        if env is None:
            return super()._worker_layout()
        local = self._replicas_per_worker
        return self._num_workers, env.rank // local, local, env.rank % local
