"""The current strategy and replica context (TF: `distribute_lib` context stack).

`strategy.scope()` pushes a strategy; `get_strategy()` returns the innermost
one, or the default single-replica strategy outside any scope. Inside
`strategy.run(fn)` the replica context is active.
"""

import contextlib
import threading

_local = threading.local()


def _stack():
    if not hasattr(_local, "stack"):
        _local.stack = []
    return _local.stack


def _replica_stack():
    if not hasattr(_local, "replica"):
        _local.replica = []
    return _local.replica


_default = None
_global = [None]  # the strategy of `keras.distribution.set_distribution`, the base of every thread's stack
_default_class = []  # [DefaultStrategy]: one_device.py names it (it subclasses Strategy, which uses this module)


def set_default_strategy_class(cls):
    """Called once by `one_device.py` (imported by `keraslike/_src/distribute/__init__.py`, so before any use)."""
    _default_class[:] = [cls]


def default_strategy():
    """The process-wide default strategy: one replica on the default device."""
    global _default
    if _default is None:
        _default = _default_class[0]()
    return _default


def get_strategy():
    """`tf.distribute.get_strategy()`: the strategy whose scope is active, else the one a Keras distribution set
    (`keras.distribution.set_distribution`), else the default."""
    stack = _stack()
    if stack:
        return stack[-1]
    return _global[0] or default_strategy()


def set_global_strategy(strategy):
    """Make `strategy` (or None) what `get_strategy()` returns outside any `scope()`, in every thread (the engine of
    `keras.distribution.set_distribution`)."""
    _global[0] = strategy


def scope_strategy():
    """The strategy whose `scope()` is active, or None outside every scope (the default strategy)."""
    stack = _stack()
    return stack[-1] if stack else None


def aggregate_replica_update(var, value):
    """The operand a replica applies to `var` in an `assign*` (TF's MirroredVariable update in replica context).

    Inside `strategy.run` of the multi-replica strategy that created `var`, a variable whose aggregation is
    SUM, MEAN or ONLY_FIRST_REPLICA gets every replica's operand combined (so all replicas keep one value);
    otherwise (NONE, Keras variables, outside `run`, one replica) `value` is returned unchanged.
    """
    strategy = getattr(var, "_created_in_strategy", None)
    if strategy is None or strategy.num_replicas_in_sync == 1 or not getattr(var, "_replica_updates_aggregate", False):
        return value
    replica = current_replica_context()
    if replica is None or replica.strategy is not strategy or var._aggregation.name == "NONE":
        return value
    return strategy._combine_replica_values(var._aggregation.name, value)


def has_strategy():
    """`tf.distribute.has_strategy()`: True inside any `strategy.scope()`."""
    return bool(_stack())


@contextlib.contextmanager
def strategy_scope(strategy):
    stack = _stack()
    stack.append(strategy)
    try:
        yield strategy
    finally:
        stack.pop()


@contextlib.contextmanager
def replica_scope(replica_context):
    stack = _replica_stack()
    stack.append(replica_context)
    try:
        yield replica_context
    finally:
        stack.pop()


def push_replica_context(replica_context):
    """Enter replica context without a `with` block (the trainer's per-step fast path)."""
    _replica_stack().append(replica_context)


def pop_replica_context():
    _replica_stack().pop()


def current_replica_context():
    """The active `ReplicaContext` (inside `strategy.run` or a `fit`/`evaluate`/`predict` step), or None."""
    stack = _replica_stack()
    return stack[-1] if stack else None


def in_cross_replica_context():
    """`tf.distribute.in_cross_replica_context()`: in a scope but not inside `strategy.run`."""
    return has_strategy() and current_replica_context() is None


def sync_new_variable(var):
    """Variables created under a multi-replica scope start from the chief's value (TF's MirroredVariable)."""
    stack = _stack()
    strategy = stack[-1] if stack else _global[0]
    if strategy is not None:
        strategy._new_variable(var)
