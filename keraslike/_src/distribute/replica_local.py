"""Variables each replica keeps for itself, and what reading them outside a step returns (DESIGN §4).

`BatchNormalization(synchronized=False)` under N replicas updates its moving statistics from each
replica's own batch, so every replica holds its own moving mean and variance, and `evaluate`/`predict`
(run in replica context) normalise each replica's rows with that replica's statistics. What a read in
cross-replica context returns (`get_weights`, `save`, `variable.numpy()`, `model(x)` outside a step)
differs between the two Kerases TF 2.21 ships:

- Keras 3 (TF 2.21's `tf.keras`, the default): replica 0's values (a mirrored variable's primary copy).
- Keras 2 (`TF_USE_LEGACY_KERAS=1`): the mean over the replicas (an ON_READ variable with MEAN
  aggregation).

Each replica is a process here, so the cross-replica value has to be computed by a collective. It is
done where every replica already is at the same point: when the outermost `fit`/`evaluate`/`predict` of
a model returns, `CrossReplicaReads` keeps each replica's own values aside and writes the cross-replica
value (one broadcast or all-reduce) into the variables, so every process reads what TF reads, in every
read path. When the next `fit`/`evaluate`/`predict` starts, each replica takes its own values back,
unless the variable was assigned in between (`set_weights`, `load_weights`, `assign`): then the
assigned value is every replica's, as assigning a mirrored variable in cross-replica context is in TF.

Not covered: custom loops (`strategy.run`) and `train_on_batch`/`test_on_batch` keep each replica's
own values visible (reads on replica r > 0 return replica r's; the chief's, which saves write, are
replica 0's), and a `ModelCheckpoint` written during `fit` under Keras 2 holds replica 0's values,
not the mean.
"""

import contextlib

import torch

from keraslike._src.distribute import collectives

READS = ("first", "mean")  # Keras 3 reads replica 0's value, Keras 2 the mean (the module docstring)


def mark(variable):
    """Make `variable` replica-local: updated by each replica from its own data, never averaged while training."""
    variable._replica_local = True
    return variable


def is_replica_local(variable):
    return bool(getattr(variable, "_replica_local", False))


def replica_local_names(module):
    """Names (as `module.named_parameters()` gives them) of the replica-local variables of `module`."""
    return [name for name, p in module.named_parameters() if is_replica_local(p)]


class CrossReplicaReads:
    """Per strategy: swaps replica-local variables between each replica's own value and the cross-replica one.

    Args:
        num_replicas: replicas in sync; with one replica `scope` does nothing.
    """

    def __init__(self, num_replicas):
        self._active = num_replicas > 1
        self._num_replicas = num_replicas
        self._depth = {}  # id(model) -> nesting depth of fit/evaluate/predict

    @contextlib.contextmanager
    def scope(self, model, read="first"):
        """`with reads.scope(model, read):` around a whole `fit`/`evaluate`/`predict` of `model`.

        `read` is what a cross-replica read returns after it: "first" (replica 0's values, Keras 3) or "mean"
        (the replicas' mean, Keras 2). The outermost one also ends with a barrier, so files the chief's
        callbacks wrote exist for every replica when the call returns.

        Raises:
            ValueError: for another `read`.
        """
        if read not in READS:
            raise ValueError(f"Expected read to be one of {READS}. Received: read={read!r}")
        if not self._active:
            yield
            return
        key = id(model)
        outer = self._depth.get(key, 0) == 0
        variables = _replica_local_variables(model) if outer else []
        if outer:
            _restore_own(variables)
        self._depth[key] = self._depth.get(key, 0) + 1
        ok = False
        try:
            yield
            ok = True
        finally:
            self._depth[key] -= 1
            if not self._depth[key]:
                del self._depth[key]
            if outer and ok:  # after an error a peer may be gone: no collective, own values stay visible
                # every replica returns together, after the chief's callbacks closed their files (CSVLogger,
                # TensorBoard, ModelCheckpoint): a replica that reads them next finds them (DESIGN §5)
                collectives.barrier()
                self._publish(_replica_local_variables(model), read)

    def _publish(self, variables, read):
        """Keep each variable's own value aside and show the cross-replica value (one collective)."""
        if not variables:
            return
        views = [v.detach().clone() for v in variables]
        if read == "mean":
            collectives.all_reduce_tensors(views)
            views = [view / self._num_replicas for view in views]
        else:
            collectives.broadcast_tensors(views, src=0)
        with torch.no_grad():
            for var, view in zip(variables, views):
                var._replica_own_value = var.detach().clone()
                var._replica_view = view
                var.copy_(view)


def _restore_own(variables):
    with torch.no_grad():
        for var in variables:
            own, view = getattr(var, "_replica_own_value", None), getattr(var, "_replica_view", None)
            if own is not None and torch.equal(var.detach(), view):  # not assigned since: the replica's own again
                var.copy_(own)
            var._replica_own_value = var._replica_view = None


def _replica_local_variables(model):
    seen, out = set(), []
    for var in getattr(model, "weights", ()):
        if is_replica_local(var) and id(var) not in seen:
            seen.add(id(var))
            out.append(var)
    return out
