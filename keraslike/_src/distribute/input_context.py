"""`tf.distribute.InputContext`, `ValueContext` and `InputReplicationMode` (distribute_lib.py).

Each replica is a process. TF calls a dataset function once per worker
(input pipeline) and deals its elements to the worker's replicas in turn; the
same happens here: the function gets TF's pipeline numbers (one pipeline per
worker machine) and this replica keeps elements `local_rank`,
`local_rank + local_replicas`, ... of it.
"""

import enum
import itertools

from keraslike._src.distribute.input import Optional
from keraslike._src.ops import trace_state


class InputReplicationMode(enum.Enum):
    PER_WORKER = "PER_WORKER"
    PER_REPLICA = "PER_REPLICA"


class InputContext:
    """What `dataset_fn(input_context)` learns about the input pipelines.

    Attributes:
        num_input_pipelines: int, number of workers (machines) calling the function.
        input_pipeline_id: int, this worker's index.
        num_replicas_in_sync: int, replicas in the whole job.
    """

    def __init__(self, num_input_pipelines=1, input_pipeline_id=0, num_replicas_in_sync=1):
        self.num_input_pipelines = num_input_pipelines
        self.input_pipeline_id = input_pipeline_id
        self.num_replicas_in_sync = num_replicas_in_sync

    def get_per_replica_batch_size(self, global_batch_size):
        """`global_batch_size // num_replicas_in_sync`.

        Raises:
            ValueError: if the global batch does not divide evenly (TF's rule).
        """
        if global_batch_size % self.num_replicas_in_sync:
            raise ValueError(
                f"The `global_batch_size` {global_batch_size} is not divisible by `num_replicas_in_sync` "
                f"{self.num_replicas_in_sync}. Received: global_batch_size={global_batch_size}"
            )
        return global_batch_size // self.num_replicas_in_sync

    def __repr__(self):
        return (f"tf.distribute.InputContext(input pipeline id {self.input_pipeline_id}, "
                f"total: {self.num_input_pipelines})")


class ValueContext:
    """`tf.distribute.experimental.ValueContext`: what `value_fn(ctx)` of
    `experimental_distribute_values_from_function` receives (which replica, of how many).

    Example:
        >>> ctx = tf.distribute.experimental.ValueContext(replica_id_in_sync_group=2, num_replicas_in_sync=4)
        >>> ctx.replica_id_in_sync_group / ctx.num_replicas_in_sync
        0.5
    """

    def __init__(self, replica_id_in_sync_group=0, num_replicas_in_sync=1):
        self.replica_id_in_sync_group = replica_id_in_sync_group
        self.num_replicas_in_sync = num_replicas_in_sync

    def __str__(self):
        return (f"tf.distribute.ValueContext(replica id {self.replica_id_in_sync_group},  total replicas in sync: "
                f"{self.num_replicas_in_sync})")


class PerReplicaDataset:
    """This replica's elements of a per-worker dataset (every `stride`-th from `offset`).

    `fit`/`evaluate`/`predict` use its batches as they are (no further slicing); the global batch a
    step stands for is the rows the replicas' batches of that step hold together.
    """

    def __init__(self, dataset, offset, stride, input_context=None):
        self._dataset = dataset
        self._offset = offset
        self._stride = stride
        self.input_context = input_context

    def __iter__(self):
        return iter(PerReplicaIterator(itertools.islice(iter(self._dataset), self._offset, None, self._stride)))

    @property
    def element_spec(self):
        return getattr(self._dataset, "element_spec", None)


class PerReplicaIterator:
    def __init__(self, iterator):
        self._iterator = iterator

    def __iter__(self):
        return self

    def __next__(self):
        trace_state.check_iterator_next("a distributed iterator")
        return next(self._iterator)

    def get_next(self):
        return next(self)

    def get_next_as_optional(self):
        try:
            return Optional(next(self))
        except StopIteration:
            return Optional(None, has_value=False)
