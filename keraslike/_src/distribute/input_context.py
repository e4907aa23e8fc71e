"""`tf.distribute.InputContext`, `ValueContext` and `InputReplicationMode` (distribute_lib.py).

Each replica is a process. TF calls a dataset function once per worker
(input pipeline) and deals its elements to the worker's replicas in turn; the
same happens here: the function gets TF's pipeline numbers (one pipeline per
worker machine) and this replica keeps elements `local_rank`,
`local_rank + local_replicas`, ... of it.
"""

import collections
import enum
import itertools

from keraslike._src.distribute.input import Optional
from keraslike._src.distribute.values import mark_replica_parts
from keraslike._src.ops import trace_state


class InputReplicationMode(enum.Enum):
    PER_WORKER = "PER_WORKER"
    PER_REPLICA = "PER_REPLICA"


_OPTION_FIELDS = ("experimental_fetch_to_device", "experimental_replication_mode",
                  "experimental_place_dataset_on_device", "experimental_per_replica_buffer_size")


class InputOptions(collections.namedtuple("InputOptions", _OPTION_FIELDS)):
    """`tf.distribute.InputOptions`: how `experimental_distribute_dataset`/`distribute_datasets_from_function`
    feed the replicas.

    `experimental_replication_mode=InputReplicationMode.PER_REPLICA` calls the dataset function once per replica
    (`num_input_pipelines` = replicas, `input_pipeline_id` = the replica), each replica reading its own dataset,
    as TF; PER_WORKER (the default) once per worker. `experimental_fetch_to_device` (None: True),
    `experimental_place_dataset_on_device` and `experimental_per_replica_buffer_size` say where TF keeps and
    prefetches the elements; keraslike checks them as TF does, and each replica's elements are the same tensors
    whatever their values (a replica process reads its own pipeline).

    Example:
        >>> tf.distribute.InputOptions(experimental_fetch_to_device=False).experimental_fetch_to_device
        False
    """

    def __new__(cls, experimental_fetch_to_device=None, experimental_replication_mode=None,
                experimental_place_dataset_on_device=False, experimental_per_replica_buffer_size=1):
        if experimental_fetch_to_device is None:
            experimental_fetch_to_device = True
        if experimental_replication_mode is None:
            experimental_replication_mode = InputReplicationMode.PER_WORKER
        if not isinstance(experimental_replication_mode, InputReplicationMode):
            raise ValueError("`experimental_replication_mode` must be a `tf.distribute.InputReplicationMode` "
                             f"(PER_WORKER or PER_REPLICA). Received: "
                             f"experimental_replication_mode={experimental_replication_mode!r}")
        return super().__new__(cls, experimental_fetch_to_device, experimental_replication_mode,
                               experimental_place_dataset_on_device, experimental_per_replica_buffer_size)


def check_input_options(options, from_function):
    """Raise what TF raises for `options` given to `distribute_datasets_from_function` (`from_function`) or
    `experimental_distribute_dataset`; returns whether the function runs once per replica (PER_REPLICA)."""
    if options is None:
        return False
    if not isinstance(options, InputOptions):
        raise TypeError("`options` must be a `tf.distribute.InputOptions` (not `tf.data.Options`, which a dataset "
                        f"takes with `dataset.with_options`). Received: options={options!r}")
    per_replica = options.experimental_replication_mode is InputReplicationMode.PER_REPLICA
    if not from_function:
        if per_replica:
            raise NotImplementedError("InputReplicationMode.PER_REPLICA is only supported in "
                                      f"`distribute_datasets_from_function`. Received: options={options!r}")
        return False
    if options.experimental_place_dataset_on_device and not per_replica:
        raise ValueError("When `experimental_place_dataset_on_device` is set for dataset placement, you must also "
                         f"specify `PER_REPLICA` for the replication mode. Received: options={options!r}")
    if per_replica and options.experimental_fetch_to_device and options.experimental_place_dataset_on_device:
        raise ValueError("`experimental_place_dataset_on_device` can not be set to True when "
                         "experimental_fetch_to_device is True and replication mode is set to `PER_REPLICA`. "
                         f"Received: options={options!r}")
    return per_replica


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
        return mark_replica_parts(next(self._iterator))

    def get_next(self):
        return next(self)

    def get_next_as_optional(self):
        try:
            return Optional(next(self))
        except StopIteration:
            return Optional(None, has_value=False)
