"""`tf.train.ClusterSpec` and `tf.distribute.cluster_resolver.TFConfigClusterResolver` over the environment.

`task_type` / `task_id` say which process this is, as TF's multi-worker tutorial reads them to pick the
chief (`task_type == "chief"`, or `"worker"` with `task_id == 0`). The values come from
`launch/environment.py`: TF_CONFIG's task, or `"worker"` and the rank under torchrun, SLURM and keraslike's
own launcher.
"""

from keraslike._src.config import devices as config_devices
from keraslike._src.train.cluster_spec import ClusterSpec  # noqa: F401 - re-exported as tf.distribute's


class TFConfigClusterResolver:
    """`tf.distribute.cluster_resolver.TFConfigClusterResolver` over the detected environment."""

    def __init__(self, env=None):
        self._env = env

    @property
    def task_type(self):
        return self._env.task_type if self._env else None

    @property
    def task_id(self):
        return self._env.task_id if self._env else None

    def cluster_spec(self):
        if self._env is None:
            return ClusterSpec({})
        if self._env.cluster:
            return ClusterSpec(self._env.cluster)
        return ClusterSpec({"worker": [f"{self._env.master_addr}:{self._env.master_port}"] * self._env.world_size})

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        return {"GPU": len(config_devices.visible_gpu_indices())}

    rpc_layer = "grpc"
    environment = ""
