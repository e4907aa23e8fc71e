"""What Keras code may ask of a strategy: the one door from `_src/keras` into distribution.

Every strategy (`Strategy` and its subclasses: the default one, `OneDeviceStrategy`, `MirroredStrategy`,
`MultiWorkerMirroredStrategy`, `CentralStorageStrategy` and `keras.distribution`'s `MeshStrategy`) implements
this protocol; the trainer, the data adapters, metrics, optimizers, callbacks and savers use only these members
(tests/test_import_structure.py holds that no `strategy._x` is read outside `_src/distribute/` and that no Keras
module imports the collectives). With one replica every collective here is an identity, so Keras code never asks
how many replicas there are (Lightning Fabric's convention).

    strategy.device                      torch.device of this replica
    strategy.rank / is_chief             data-parallel replica index; True on the process that prints and writes
    strategy.process_id / num_processes  this process in the whole job (a model-parallel mesh has more processes
                                         than data replicas)
    with strategy.replica_step(sizes):   one step in replica context (`get_replica_context()` inside)
    strategy.wrap_module(model)          the module the trainer calls (DDP-wrapped under replicas)
    strategy.after_backward(module, ps)  gradients combined across replicas where the wrapper did not
    strategy.replica_rows(b)             `[start, stop)` this replica takes of a global batch of b rows
"""

import typing


@typing.runtime_checkable
class StrategyContract(typing.Protocol):
    """The non-TF members of a strategy that Keras code uses (besides TF's public `num_replicas_in_sync`,
    `scope()`, `run()`, `reduce()`, `gather()`)."""

    @property
    def device(self):
        """`torch.device` of this replica (where its model, metrics and batches live)."""

    @property
    def rank(self):
        """int: this replica's index among the `num_replicas_in_sync` data-parallel replicas (0 with one)."""

    @property
    def is_chief(self):
        """bool: whether this process prints progress and writes files (process 0 of the job)."""

    @property
    def process_id(self):
        """int: this process's index in the whole job (equals `rank` except on a model-parallel mesh)."""

    @property
    def num_processes(self):
        """int: processes in the whole job (equals `num_replicas_in_sync` except on a model-parallel mesh)."""

    @property
    def replica_randomness(self):
        """Context manager swapping in this replica's layer-randomness stream (re-entrant; `training_state`
        captures and restores it)."""

    def replica_step(self, batch_sizes=None):
        """Context manager for one step on this replica: pushes a `ReplicaContext` (carrying the step's
        `(local rows, global rows)` when given) and this replica's layer randomness. Returns the context."""

    def replica_local_weights(self, model, read="first"):
        """Context manager around a whole `fit`/`evaluate`/`predict`: replica-local variables (BatchNormalization's
        moving statistics) hold each replica's own values inside, the cross-replica value after: replica 0's
        (`read="first"`, Keras 3) or the replicas' mean (`read="mean"`, Keras 2)."""

    def wrap_module(self, module):
        """`module` wrapped for synchronous training (the trainer keeps and calls what this returns); the
        module itself with one replica."""

    def after_backward(self, train_module, params):
        """Combine `params`' gradients across replicas after backward where `train_module` did not already."""

    def any_replica(self, flag):
        """Whether the Python bool `flag` is True on any replica (every replica calls it at the same point)."""

    def log_read_interval(self, steps):
        """Every how many steps a progress bar may read batch logs (a collective), or None to redraw on a timer."""

    def replica_rows(self, global_size):
        """`(start, stop)`: the rows of a global batch of `global_size` rows this replica takes (TF's split)."""

    def replica_batch_sizes(self, global_size):
        """Rows each replica takes of a global batch of `global_size`, in replica order."""

    def gather_rows(self, local, sizes):
        """Every replica's row block `(sizes[r], ...)` in replica order (`[local]` with one replica); `sizes` is a
        list with every replica's row count, or one int for all."""

    def gather_ints(self, value):
        """Every replica's Python int `value`, in replica order (`[value]` with one replica)."""

    def broadcast(self, tensors, src=0):
        """Overwrite `tensors` (a list) in place with process `src`'s values (one collective per dtype/device).

        Every process of the job calls it, whatever the strategy's replica count (a shuffle seed is the chief's
        in a launched job even under the default strategy)."""

    def barrier(self):
        """Wait until every replica reaches this point (returns at once with one replica)."""

    def sum_across_replicas(self, tensor):
        """Sum `tensor` in place across replicas and return it (the tensor itself with one replica)."""
