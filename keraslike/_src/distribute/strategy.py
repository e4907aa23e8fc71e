"""`tf.distribute.Strategy`: the contract every strategy implements.

Mirrors `tensorflow/python/distribute/distribute_lib.py`. A strategy here is
placement (this replica's `torch.device`), setup (wrapping a module for
synchronous data-parallel training) and collectives (identities with one
replica). Every replica is one process; the trainer never asks which
strategy it has.
"""

import contextlib
import warnings
import weakref

import torch

from keraslike._src.distribute import batch_split, collectives, context, replica_random
from keraslike._src.distribute.cross_device_ops import CommunicationOptions
from keraslike._src.distribute.replica_local import CrossReplicaReads
from keraslike._src.distribute.input import DistributedDataset
from keraslike._src.distribute.input_context import (
    InputContext, PerReplicaDataset, ValueContext, check_input_options,
)
from keraslike._src.distribute.values import Mirrored, PerReplica, ReduceOp, is_replica_part
from keraslike._src.nest.nest import TF_NEST


class ReplicaContext:
    """`tf.distribute.ReplicaContext`: active inside `strategy.run` and inside `fit`/`evaluate`/`predict` steps.

    `tf.distribute.get_replica_context()` returns it there (and in every layer's `call` made from a
    step); outside any strategy it returns the default strategy's context (one replica, id 0).
    """

    def __init__(self, strategy, batch_sizes=None):
        self._strategy = strategy
        self._batch_sizes = batch_sizes
        self._unscaled = {}  # id(loss scaled for the replicas) -> (weak reference to it, its plain value)

    @property
    def strategy(self):
        return self._strategy

    @property
    def batch_sizes(self):
        """`(local rows, global rows)` of the `fit`/`evaluate` step being run, or None outside such a step."""
        return self._batch_sizes

    @property
    def replica_share(self):
        """This replica's share of the step's global batch (`local / global` rows), or None when unknown."""
        if not self._batch_sizes or not self._batch_sizes[1]:
            return None
        return self._batch_sizes[0] / self._batch_sizes[1]

    def remember_unscaled(self, scaled, plain):
        """Record that `scaled` (a loss scaled for the replicas in this step) stands for the value `plain`."""
        if len(self._unscaled) >= _UNSCALED_KEPT:  # a context outliving its step (cross-replica): the latest only
            self._unscaled.pop(next(iter(self._unscaled)))
        self._unscaled[id(scaled)] = (weakref.ref(scaled), plain)  # a weak one: the graph is not kept alive

    def unscaled(self, value):
        """The plain value of a loss this step scaled for the replicas (`remember_unscaled`), else None."""
        found = self._unscaled.get(id(value))
        return found[1] if found is not None and found[0]() is value else None

    @property
    def num_replicas_in_sync(self):
        return self._strategy.num_replicas_in_sync

    @property
    def replica_id_in_sync_group(self):
        """This replica's index as a scalar int32 tensor (TF returns a tensor)."""
        return torch.tensor(self._strategy.rank, dtype=torch.int32)

    def all_reduce(self, reduce_op, value):
        """Reduce `value` (tensor or nest of tensors) across replicas; every replica gets the result."""
        return self._strategy._all_reduce_value(ReduceOp.from_any(reduce_op), value)

    def all_gather(self, value, axis, options=None):
        """Concatenate every replica's `value` (tensor or nest) along `axis`, in replica order.

        Mirrors `ReplicaContext.all_gather`; the sizes along `axis` may differ between replicas.
        """
        return self._strategy.gather(value, axis)

    def merge_call(self, merge_fn, args=(), kwargs=None):
        """Run `merge_fn(strategy, *args, **kwargs)` in cross-replica context and return its result, as TF.

        With several replicas the tensors among `args`/`kwargs` reach `merge_fn` as `PerReplica` values (every
        replica's, so `strategy.reduce`/`gather` combine them; variables and Python values stay as they are),
        `get_replica_context()` is None inside it, and `PerReplica` values it returns come back as this replica's
        component. Every replica calls `merge_call` at the same point (its collectives run on all of them).
        """
        kwargs = kwargs or {}
        several = self._strategy.num_replicas_in_sync > 1
        if several:
            args = TF_NEST.map(_merged_argument, tuple(args))
            kwargs = {k: TF_NEST.map(_merged_argument, v) for k, v in kwargs.items()}
        context.push_replica_context(None)  # cross-replica context while merge_fn runs
        try:
            result = merge_fn(self._strategy, *args, **kwargs)
        finally:
            context.pop_replica_context()
        return TF_NEST.map(_local_component, result) if several else result


_UNSCALED_KEPT = 64


def step_context(strategy):
    """The `ReplicaContext` of the step being run (inside `strategy.run` or a `fit` step), else `strategy`'s
    cross-replica one: where a step's scaled losses remember their plain values and its batch sizes ride."""
    current = context.current_replica_context()
    return current if current is not None else strategy._cross_replica_context


class StrategyExtended:
    """`strategy.extended`: the few attributes tutorials read."""

    def __init__(self, strategy):
        self._strategy = strategy

    @property
    def worker_devices(self):
        return (self._strategy._device_name,)

    @property
    def parameter_devices(self):
        return (self._strategy._device_name,)

    @property
    def _in_multi_worker_mode(self):  # noqa: D401 - TF private attribute some tutorials use
        return False

    @property
    def should_checkpoint(self):
        """Whether this process should write checkpoints: True on the chief only (TF's multi-worker rule)."""
        return self._strategy.is_chief

    @property
    def should_save_summary(self):
        """Whether this process should write TensorBoard summaries: True on the chief only."""
        return self._strategy.is_chief

    def variable_created_in_scope(self, v):
        """Whether variable `v` was created inside this strategy's `scope()` (TF's check before updating it)."""
        return getattr(v, "_created_in_strategy", None) is self._strategy

    @property
    def experimental_should_init(self):
        """Whether this process initialises variables: True on every replica (the chief's values are broadcast)."""
        return True

    # ---- updates and reductions in cross-replica context (TF's StrategyExtendedV2) -----------------------------
    def update(self, var, fn, args=(), kwargs=None, group=True):
        """Run `fn(var, *args, **kwargs)` on this replica's copy of `var` and return its result.

        Mirrors `StrategyExtended.update`: `PerReplica` arguments give this replica's component, the update is
        applied as is (a variable's aggregation does not combine it, as TF updates each copy). In cross-replica
        context with several replicas the result is a `Mirrored` value (`group=True`) or a tuple of this
        process's replica results (`group=False`); with one replica, the result itself (a tuple with
        `group=False`). Called inside `strategy.run` it updates this replica's copy and returns the result, as
        TF's implicit `merge_call` does.
        """
        in_replica = context.current_replica_context() is not None
        result = self._cross_replica_call(fn, (var, *args), kwargs)
        return result if in_replica else self._grouped(result, group)

    def update_non_slot(self, colocate_with, fn, args=(), kwargs=None, group=True):
        """Run `fn(*args, **kwargs)` once for the devices `colocate_with` (from `non_slot_devices`) and return
        its result, grouped as `update` groups it."""
        return self._grouped(self._cross_replica_call(fn, tuple(args), kwargs), group)

    def non_slot_devices(self, var_list):
        """The devices to place variables that are not slots of `var_list` on: this replica's device (TF's default
        strategy returns the variable of `var_list` whose name sorts first)."""
        if self._strategy._is_default:
            return min(var_list, key=lambda v: v.name)
        return self.worker_devices

    def reduce_to(self, reduce_op, value, destinations, options=None):
        """Combine `value` across replicas by `reduce_op` (SUM or MEAN) for `destinations`, in cross-replica context.

        Mirrors `StrategyExtended.reduce_to`. A `PerReplica` value combines every replica's component (SUM keeps
        the dtype, MEAN of integers is float64); a plain value (the same on every replica) is returned by MEAN and
        refused by SUM with several replicas. With several replicas, a per-replica value reduced to a variable or a
        distributed value gives a `Mirrored` result; to a device string, the tensor.

        Raises:
            RuntimeError: inside `strategy.run` (use `get_replica_context().merge_call`).
            ValueError: for a `reduce_op` other than SUM/MEAN, `options` that are not `CommunicationOptions`, or SUM
                of a plain value across replicas.
        """
        op = ReduceOp.from_any(reduce_op)
        _check_options(options)
        if context.current_replica_context() is not None:
            raise RuntimeError(
                "Method requires being in cross-replica context, use get_replica_context().merge_call(). "
                f"Received: value={value!r}")
        mirror = self._strategy.num_replicas_in_sync > 1 and not _is_device_names(destinations)

        def reduce_leaf(leaf):
            reduced = self._strategy._reduce_one(op, leaf, None)
            return Mirrored((reduced,)) if mirror and is_replica_part(leaf) else reduced

        return TF_NEST.map(reduce_leaf, value)

    def batch_reduce_to(self, reduce_op, value_destination_pairs, options=None):
        """`reduce_to` of each `(value, destinations)` pair, as a list in the same order."""
        return [self.reduce_to(reduce_op, value, destinations, options) for value, destinations in
                value_destination_pairs]

    @contextlib.contextmanager
    def colocate_vars_with(self, colocate_with_variable):
        """Scope whose new variables live on the devices of `colocate_with_variable`: here every variable of a
        replica is on its device already, so only TF's rule is checked.

        Raises:
            RuntimeError: outside `strategy.scope()` for any strategy but the default one.
        """
        if not self._strategy._is_default and context.scope_strategy() is not self._strategy:
            raise RuntimeError(f'Need to be inside "with strategy.scope()" for {self._strategy}. '
                               f"Received: colocate_with_variable={colocate_with_variable!r}")
        yield

    def value_container(self, value):
        """The container of `value`: a variable here is its own container (one copy per replica process), and
        other values are returned as they are."""
        return value

    def _cross_replica_call(self, fn, args, kwargs):
        """`fn(*args, **kwargs)` with this replica's components, in cross-replica context (no aggregation)."""
        args = TF_NEST.map(_local_component, tuple(args))
        kwargs = {k: TF_NEST.map(_local_component, v) for k, v in (kwargs or {}).items()}
        context.push_replica_context(None)
        try:
            return fn(*args, **kwargs)
        finally:
            context.pop_replica_context()

    def _grouped(self, result, group):
        """A cross-replica update's result as TF groups it: `Mirrored` leaves with several replicas, the result
        with one; `group=False` gives the tuple of this process's replica results."""
        if not group:
            return (result,)
        if self._strategy.num_replicas_in_sync == 1:
            return result
        return TF_NEST.map(lambda leaf: leaf if leaf is None else Mirrored((leaf,)), result)


class Strategy:
    """Base strategy: one replica per process.

    Besides TF's public API it implements `contract.StrategyContract`, the members Keras code uses
    (`device`, `rank`, `is_chief`, `replica_step`, `wrap_module`, ...); with one replica its collectives
    are identities.
    """

    def __init__(self, device, device_name, rank=0, num_replicas=1):
        self._device = torch.device(device)
        self._device_name = device_name
        self._rank = rank
        self._num_replicas = num_replicas
        self.extended = StrategyExtended(self)
        self._is_default = False  # DefaultStrategy: TF's default strategy (no scope needed; its own rules)
        if num_replicas > 1:
            replica_random.agree_with_chief(self._device)  # one pipeline/script RNG for all replicas
        self._replica_randomness = replica_random.ReplicaRandomness(rank, num_replicas, self._device)
        self._cross_replica_reads = CrossReplicaReads(num_replicas)
        self._cross_replica_context = ReplicaContext(self)  # `step_context` outside any replica step

    # ---- public TF API ---------------------------------------------------------------
    @property
    def num_replicas_in_sync(self):
        """Number of replicas training in lockstep (int)."""
        return self._num_replicas

    @property
    def cluster_resolver(self):
        """`TFConfigClusterResolver` of a job with several processes (`task_type`, `task_id`), else None.

        TF's `MirroredStrategy` (one process) returns None. Here a multi-replica `MirroredStrategy` is one
        process per replica, so it has a resolver too: task type `"worker"` and the replica's rank as task id
        (TF_CONFIG's own task under `MultiWorkerMirroredStrategy`). TF's multi-worker tutorial tells the chief
        with `task_type == "chief" or (task_type == "worker" and task_id == 0)` or `task_type is None`.
        """
        return getattr(self, "_cluster_resolver", None)

    def scope(self):
        """Context manager: models, optimizers and metrics created inside belong to this strategy."""
        return context.strategy_scope(self)

    def run(self, fn, args=(), kwargs=None, options=None):
        """Run `fn(*args, **kwargs)` on this process's replica and return its result.

        Mirrors `Strategy.run`. Each replica is a process, so `fn` runs once
        here with this replica's values (`PerReplica` arguments give their
        component). With several replicas the result's tensors are `PerReplica`
        values, as TF returns them: combine them with `reduce`/`gather` or read
        `experimental_local_results`; variables and Python numbers equal on every replica are returned as they
        are (TF regroups identical values to themselves); with one replica the result is returned as is.
        """
        args = TF_NEST.map(_local_component, args)
        kwargs = {k: TF_NEST.map(_local_component, v) for k, v in (kwargs or {}).items()}
        with self.scope(), self.replica_step():
            result = fn(*args, **kwargs)
        if self._num_replicas == 1:
            return result
        return TF_NEST.map(self._regrouped, result)

    def _regrouped(self, value):
        """A result leaf of `run` with several replicas, as TF regroups it: a variable (the same mirrored variable
        on every replica) and a Python number equal on every replica are returned as they are; tensors and
        differing numbers become `PerReplica`."""
        if isinstance(value, torch.nn.Parameter) and hasattr(value, "assign"):
            return value
        if isinstance(value, (bool, int, float)):
            bounds = torch.tensor([float(value), -float(value)], dtype=torch.float64, device=self._device)
            collectives.all_reduce(bounds, "max")  # every replica's largest and smallest value
            if bounds[0].item() == -bounds[1].item():
                return value
        return _per_replica(value)

    def experimental_run_v2(self, fn, args=(), kwargs=None, options=None):
        """Deprecated TF 2.0/2.1 name of `run` (removed from current TF); kept for old tutorials."""
        warnings.warn(
            "Strategy.experimental_run_v2 is deprecated (removed in TensorFlow 2.2+); use Strategy.run.",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.run(fn, args=args, kwargs=kwargs, options=options)

    def reduce(self, reduce_op, value, axis=None):
        """Reduce a per-replica `value` to one value, available on every replica.

        Args:
            reduce_op: `ReduceOp.SUM`/`ReduceOp.MEAN` or "SUM"/"MEAN".
            value: tensor (or nest of tensors), this replica's component.
            axis: None to reduce across replicas only; an int to also reduce
                that axis (MEAN then averages over all elements of all replicas).

        Returns:
            The reduced tensor(s).
        """
        op = ReduceOp.from_any(reduce_op)
        return TF_NEST.map(lambda v: self._reduce_one(op, v, axis), value)

    def _reduce_one(self, op, value, axis):
        """One leaf of `reduce`, with TF's rules: a `PerReplica` (or this replica's part of a distributed dataset's
        element) combines every replica's component; a plain
        value (the same on every replica, as outside `run` in TF) is returned by MEAN and refused by SUM across
        several replicas; SUM keeps the dtype, MEAN of integers is float64."""
        n = self._num_replicas
        distributed = is_replica_part(value) and n > 1
        local = torch.as_tensor(_local_component(value)).detach()
        dtype = local.dtype
        if axis is None:
            if not distributed:
                if op is ReduceOp.SUM and n > 1:
                    raise ValueError(
                        "A value that is not per-replica (returned by `strategy.run` or built by "
                        "`experimental_distribute_values_from_function`) cannot be reduced with ReduceOp.SUM "
                        f"across {n} replicas. Received: value={local!r}")
                return local.clone()
            total = _summable(local)
            collectives.all_reduce(total, "sum")
            return total.to(dtype) if op is ReduceOp.SUM else _mean_as_tf(total, n, dtype)
        numer, denom = _summable(local.sum(dim=axis)), local.shape[axis]
        if distributed:
            collectives.all_reduce(numer, "sum")
            denom = sum(collectives.all_gather_ints(denom))
        elif n > 1:  # the same plain value on every replica
            numer, denom = numer * n, denom * n
        return numer.to(dtype) if op is ReduceOp.SUM else _mean_as_tf(numer, denom, dtype)

    def experimental_local_results(self, value):
        """This process's replica components of `value`, as a tuple."""
        return value.values if isinstance(value, PerReplica) else (value,)

    def experimental_distribute_dataset(self, dataset, options=None):
        """Split each global batch of `dataset` across the replicas (TF's rebatching); `options` is a
        `tf.distribute.InputOptions` (PER_REPLICA replication raises, as in TF)."""
        check_input_options(options, from_function=False)
        return DistributedDataset(dataset, self)

    def distribute_datasets_from_function(self, dataset_fn, options=None):
        """Call `dataset_fn(InputContext)` once per worker and deal its elements to its replicas.

        The function should batch with `ctx.get_per_replica_batch_size(global_batch)` and may
        shard with `ctx.num_input_pipelines` / `ctx.input_pipeline_id`, as in TF. With
        `options=tf.distribute.InputOptions(experimental_replication_mode=InputReplicationMode.PER_REPLICA)`
        it is called once per replica (as many pipelines as replicas) and each replica reads its own dataset.
        """
        if check_input_options(options, from_function=True):
            ctx = InputContext(self._num_replicas, self._rank, self._num_replicas)
            return PerReplicaDataset(dataset_fn(ctx), 0, 1, ctx)
        workers, worker_id, local, local_rank = self._worker_layout()
        ctx = InputContext(workers, worker_id, self._num_replicas)
        return PerReplicaDataset(dataset_fn(ctx), local_rank, local, ctx)

    experimental_distribute_datasets_from_function = distribute_datasets_from_function

    def experimental_distribute_values_from_function(self, value_fn):
        """`value_fn(ValueContext)` evaluated for this replica: its component of a per-replica value (a
        `PerReplica` with several replicas, as TF)."""
        value = value_fn(ValueContext(self._rank, self._num_replicas))
        return value if self._num_replicas == 1 else TF_NEST.map(_per_replica, value)

    def gather(self, value, axis):
        """Concatenate every replica's `value` along `axis` (sizes may differ), in replica order."""
        return TF_NEST.map(lambda v: self._gather_one(torch.as_tensor(_local_component(v)), axis), value)

    def _gather_one(self, value, axis):
        if self._num_replicas == 1:
            return value
        moved = value.movedim(axis, 0).contiguous()
        sizes = collectives.all_gather_ints(moved.shape[0])
        return torch.cat(collectives.all_gather_rows(moved, sizes)).movedim(0, axis)

    def _worker_layout(self):
        """(workers, this worker's index, replicas on this worker, this replica's index on it)."""
        return 1, 0, self._num_replicas, self._rank

    # ---- the contract Keras code uses (`distribute/contract.py`) ---------------------------
    @property
    def device(self):
        """`torch.device` of this replica."""
        return self._device

    @property
    def rank(self):
        """This replica's index among the `num_replicas_in_sync` replicas."""
        return self._rank

    @property
    def is_chief(self):
        """Whether this process prints and writes files (replica 0)."""
        return self._rank == 0

    @property
    def process_id(self):
        """This process's index in the job (the replica index: one process per replica)."""
        return self._rank

    @property
    def num_processes(self):
        """Processes in the job (one per replica)."""
        return self._num_replicas

    @property
    def replica_randomness(self):
        """This replica's layer-randomness stream (`replica_random.ReplicaRandomness`, a context manager)."""
        return self._replica_randomness

    def replica_step(self, batch_sizes=None):
        """Context manager for one step on this replica: a `ReplicaContext` (carrying the step's `(local rows,
        global rows)` when given) + this replica's layer randomness."""
        return _ReplicaStep(self, ReplicaContext(self, batch_sizes))

    def replica_local_weights(self, model, read="first"):
        """Context manager around a whole `fit`/`evaluate`/`predict`: replica-local variables (BatchNormalization's
        moving statistics) hold each replica's own values inside, the cross-replica value after: replica 0's
        (`read="first"`, Keras 3) or the replicas' mean (`read="mean"`, Keras 2) (`distribute/replica_local.py`)."""
        return self._cross_replica_reads.scope(model, read)

    def wrap_module(self, module):
        """`module` wrapped for synchronous training (the trainer keeps what this returns); identity with one
        replica."""
        return module

    def after_backward(self, train_module, params):
        """Combine `params`' gradients across replicas after backward, where the wrapper did not already."""

    def any_replica(self, flag):
        """Whether the Python bool `flag` is True on any replica (each replica calls this at the same point).

        One replica: `flag` itself; several: a 1-element all-reduce and one host read.
        """
        if self._num_replicas == 1:
            return bool(flag)
        agreed = torch.tensor([1.0 if flag else 0.0], device=self._device)
        collectives.all_reduce(agreed, "max")
        return bool(agreed.item())

    def log_read_interval(self, steps):
        """Every how many steps a progress bar may read batch logs, or None to let it redraw on a timer.

        Reading logs reduces metrics across replicas (a collective), so with several replicas every one
        must read at the same, fixed steps (10 reads per epoch of `steps`); one replica reads when it draws.
        """
        if self._num_replicas == 1:
            return None
        return max(1, (steps or 100) // 10)

    def replica_rows(self, global_size):
        """`[start, stop)` rows of a global batch of `global_size` this replica takes."""
        return batch_split.split_global_batch(global_size, self._num_replicas, self._rank)

    def replica_batch_sizes(self, global_size):
        """Rows each replica takes of a global batch of `global_size`, in replica order (TF's split)."""
        n = self._num_replicas
        return [hi - lo for lo, hi in (batch_split.split_global_batch(global_size, n, r) for r in range(n))]

    def gather_rows(self, local, sizes):
        """Every replica's row block `(sizes[r], ...)` in replica order (`[local]` with one replica).

        Args:
            local: this replica's tensor `(sizes[rank], ...)`.
            sizes: every replica's row count (a list), or one int for all.
        """
        if self._num_replicas == 1:
            return [local]
        if isinstance(sizes, int):
            sizes = [sizes] * self._num_replicas
        return collectives.all_gather_rows(local, sizes)

    def gather_ints(self, value):
        """Every replica's Python int `value`, in replica order."""
        if self._num_replicas == 1:
            return [int(value)]
        return collectives.all_gather_ints(value)

    def broadcast(self, tensors, src=0):
        """Overwrite `tensors` in place with process `src`'s values (coalesced: one collective per dtype/device);
        every process of the job calls it, whatever this strategy's replica count."""
        collectives.broadcast_tensors(list(tensors), src=src)

    def barrier(self):
        """Wait until every replica reaches this point (nothing to wait for with one replica)."""
        if self._num_replicas > 1:
            collectives.barrier()

    def sum_across_replicas(self, tensor):
        """SUM `tensor` in place across replicas and return it (the tensor itself with one replica)."""
        if self._num_replicas > 1:
            collectives.all_reduce(tensor, "sum")
        return tensor

    # ---- internal (used inside `distribute/` only) ----------------------------------------
    def _combine_replica_values(self, aggregation, value):
        """Every replica's `value` combined by a variable aggregation name (SUM, MEAN, ONLY_FIRST_REPLICA)."""
        combined = value.detach().clone()
        if aggregation == "ONLY_FIRST_REPLICA":
            collectives.broadcast_tensors([combined], src=0)
            return combined
        collectives.all_reduce(combined, "sum")
        if aggregation == "MEAN":
            return (combined / self._num_replicas).to(value.dtype)
        return combined

    def _all_reduce_value(self, op, value):
        def reduce_one(v):
            t = torch.as_tensor(v).detach()
            t = t.clone() if t.is_floating_point() else t.to(torch.float32)
            if self._num_replicas > 1:  # one replica (the default strategy next to a launched one): nothing to sum
                collectives.all_reduce(t, "sum")
            return t / self._num_replicas if op is ReduceOp.MEAN else t

        return TF_NEST.map(reduce_one, value)

    def _new_variable(self, var):
        """A variable made under this strategy: start from the chief's value (TF's MirroredVariable)."""
        if self._num_replicas > 1:
            self.broadcast([var])


class _ReplicaStep:
    """`with strategy.replica_step():` pushes a `ReplicaContext` and swaps in this replica's RNG stream."""

    __slots__ = ("_context", "_randomness")

    def __init__(self, strategy, replica_context):
        self._context = replica_context
        self._randomness = strategy.replica_randomness

    def __enter__(self):
        context.push_replica_context(self._context)
        self._randomness.__enter__()
        return self._context

    def __exit__(self, *exc):
        self._randomness.__exit__(*exc)
        context.pop_replica_context()
        return False


def _local_component(value):
    """This process's component of a `PerReplica` (other values as they are)."""
    return value.values[0] if isinstance(value, PerReplica) else value


def _check_options(options):
    """`reduce_to`'s `options`: None or a `tf.distribute.experimental.CommunicationOptions` (hints with no effect)."""
    if options is not None and not isinstance(options, CommunicationOptions):
        raise ValueError("Expected options to be None or a tf.distribute.experimental.CommunicationOptions. "
                         f"Received: options={options!r}")


def _is_device_names(destinations):
    """Whether `reduce_to`'s destinations are device names (a string or strings), not a variable or value."""
    if isinstance(destinations, str):
        return True
    return isinstance(destinations, (list, tuple)) and bool(destinations) and all(
        isinstance(d, str) for d in destinations)


def _merged_argument(value):
    """A leaf of `merge_call`'s arguments with several replicas: tensors become `PerReplica` (TF regroups every
    replica's value); variables (the same mirrored variable on every replica) and Python values stay."""
    if isinstance(value, torch.Tensor) and not isinstance(value, torch.nn.Parameter):
        return PerReplica((value,))
    return value


def _per_replica(value):
    """A result leaf of `run` with several replicas: tensors (and numbers) become `PerReplica`; None stays."""
    if value is None or isinstance(value, (PerReplica, str, bytes)):
        return value
    return PerReplica((value,))


def _summable(tensor):
    """A fresh tensor to all-reduce: floating/complex as they are, integers and bools widened to int64."""
    return tensor.clone() if tensor.is_floating_point() or tensor.is_complex() else tensor.to(torch.int64)


def _mean_as_tf(total, count, dtype):
    """TF's MEAN: floating dtypes are kept; integer means are float64."""
    if dtype.is_floating_point or dtype.is_complex:
        return (total / count).to(dtype)
    return total.to(torch.float64) / count


def get_replica_context():
    """`tf.distribute.get_replica_context()`: the `ReplicaContext` inside `strategy.run` (and in the steps of
    `fit`); outside any strategy the default strategy's replica context; None in cross-replica context (inside a
    strategy's scope but not in a replica), as TF."""
    current = context.current_replica_context()
    if current is not None:
        return current
    if context.has_strategy():
        return None
    return ReplicaContext(context.default_strategy())
