"""`tf.Variable` as a `torch.nn.Parameter` with TF's methods.

Mirrors `tensorflow/python/ops/variables.py`. A Variable *is* a
`torch.nn.Parameter`, so it registers in modules, travels in `state_dict`, is
broadcast by DistributedDataParallel and can be handed to any torch optimizer.
Arithmetic on it returns plain `torch.Tensor`s, exactly as TF eager returns
`tf.Tensor`s from ops on variables.
"""

import contextlib
import enum
import functools
import warnings

import numpy as np
import torch

from keraslike._src import errors, torch_members
from keraslike._src.distribute import context as distribute_context
from keraslike._src.distribute import sharded_values
from keraslike._src.ops import conversion, dtypes, reverse_slicing
from keraslike._src.ops import name_scope as _name_scope
from keraslike._src.ops import tensor_equality, tensor_numpy, trace_state, value_semantics
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ops.string_tensor import StringTensor, looks_like_strings
from keraslike._src.ops.tensor_shape import VariableShape, as_shape
from keraslike._src.ops.variable_meta import VariableMeta
from keraslike._src.placement import log as _log
from keraslike._src.placement import scope as _scope



_TENSOR_DTYPE = torch.Tensor.dtype  # torch's own dtype getter (Variable.dtype reports Keras 3's string for Keras ones)
_TENSOR_SHAPE = torch.Tensor.shape  # torch's own shape getter (users read a TensorShape, printed `(8, 16)` as TF's)


class VariableSynchronization(enum.Enum):
    """`tf.VariableSynchronization`: when distributed copies of a variable are synced (a hint here, see README)."""

    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


class VariableAggregation(enum.Enum):
    """`tf.VariableAggregation`: how replica updates of a variable combine (a hint here, see README)."""

    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3


def _as_aggregation(aggregation):
    """`tf.VariableAggregation` from the enum, its name (any case) or None (NONE)."""
    if aggregation is None:
        return VariableAggregation.NONE
    if isinstance(aggregation, VariableAggregation):
        return aggregation
    if isinstance(aggregation, str) and aggregation.upper() in VariableAggregation.__members__:
        return VariableAggregation[aggregation.upper()]
    raise ValueError(f"Expected aggregation to be a tf.VariableAggregation (NONE, SUM, MEAN, ONLY_FIRST_REPLICA). "
                     f"Received: aggregation={aggregation!r}")


class Variable(torch.nn.Parameter, metaclass=VariableMeta):
    """A mutable tensor: `tf.Variable(initial_value, trainable=True, name=None, dtype=None)`.

    Args:
        initial_value: array-like or tensor (or a callable returning one). Without
            `dtype`, TF's inference applies: Python floats -> float32, Python ints
            -> int32, numpy arrays and tensors keep their dtype.
        trainable: bool, default True; maps to `requires_grad` (only floating
            variables can be trainable in torch; integer ones are kept
            non-trainable).
        name: optional str; TF appends `:0`, e.g. `Variable 'a:0'`.
        dtype: optional dtype (`tf.float32`, `"float32"`, ...).
        shape: optional shape `initial_value` must be compatible with; with unknown dimensions
            (`tf.TensorShape(None)`, `[None, 2]`) `assign` may change the value's shape within it, as TF's
            (`var.shape` is the value's current shape; the repr shows the declared one).
        constraint: optional callable `value -> value` that optimizers apply after each update (TF's contract).
        aggregation: `tf.VariableAggregation` (or its name). For a variable created in a multi-replica
            strategy's scope, `assign`/`assign_add`/`assign_sub` made inside `strategy.run` combine every
            replica's value as TF's MirroredVariable does: SUM adds them, MEAN averages them,
            ONLY_FIRST_REPLICA takes replica 0's; NONE (the default) updates each replica's own copy.
        validate_shape, caching_device, synchronization, experimental_enable_variable_lifting:
            graph placement hints without effect in eager torch (README "accepted, no effect").

    Raises:
        ValueError: if `shape` is not compatible with `initial_value`, for a TF1 `variable_def`/`import_scope`, or a
            non-callable `constraint`.
    """

    def __new__(cls, initial_value=None, trainable=True, validate_shape=True, caching_device=None, name=None,
                variable_def=None, dtype=None, import_scope=None, constraint=None, synchronization=None,
                aggregation=None, shape=None, experimental_enable_variable_lifting=True):
        if variable_def is not None or import_scope is not None:
            raise ValueError("tf.Variable(variable_def=...) restores a TF1 graph variable, which eager keraslike "
                             "has not; create it from an initial value. "
                             f"Received: variable_def={variable_def!r}, import_scope={import_scope!r}")
        if constraint is not None and not callable(constraint):
            raise ValueError(f"The `constraint` argument must be a callable. Received: constraint={constraint!r}")
        trace_state.check_variable_creation()
        if callable(initial_value):
            initial_value = initial_value()
        data = _to_tensor(initial_value, dtype)
        declared = None if shape is None else as_shape(shape)
        if declared is not None and not declared.is_compatible_with(as_shape(tuple(data.shape))):
            raise ValueError(
                f"In this `tf.Variable` creation, the initial value's shape ({tuple(data.shape)}) is not compatible "
                f"with the explicitly supplied `shape` argument ({declared}). Received: shape={declared}"
            )
        if _scope.state.top is not None:  # inside tf.device: the variable lives there
            data = data.to(_scope.current_torch_device("VarHandleOp"))
        requires_grad = bool(trainable) and (data.is_floating_point() or data.is_complex())
        var = torch.Tensor._make_subclass(cls, data, requires_grad)
        var._keras_name = name or _default_name()
        var._name_scope = _name_scope.current_scope()  # tf.name_scope prefix of TF's `name`
        var._trainable = bool(trainable)
        var.constraint = constraint  # applied after each optimizer update, as Keras optimizers do
        var._aggregation = _as_aggregation(aggregation)
        var._replica_updates_aggregate = True  # Keras variables (metrics, layers) reduce their own way: False
        var._created_in_strategy = distribute_context.scope_strategy()
        # a `shape` with unknown dimensions (TF: `shape=tf.TensorShape(None)`, `[None, 2]`): `assign` may give
        # the variable any value of a compatible shape
        var._declared_shape = declared if declared is not None and not declared.is_fully_defined() else None
        if _log.TRACE.on:
            _log.record("VarHandleOp", var, (), name, "Variable")
        distribute_context.sync_new_variable(var)
        return var

    def __init__(self, *args, **kwargs):  # all work is in __new__
        pass

    # ---- TF attributes ------------------------------------------------------
    @property
    def dtype(self):
        """The value's dtype: a `torch.dtype` (`tf.float32` is `torch.float32`), or, for a Keras 3 variable (layer
        weights, `keras.Variable`, metric and optimizer variables), Keras 3's string `"float32"` (a
        `dtypes.DTypeName`, equal to `tf.float32` as well). `var.value.dtype` is always the tensor's dtype, and
        keraslike's and torch's own code read the tensor dtype (`dtypes.read_by_library`)."""
        dtype = _TENSOR_DTYPE.__get__(self)
        if getattr(self, "_dtype_as_name", False) and not dtypes.read_by_library():
            return dtypes.keras_dtype(dtype)
        return dtype

    @property
    def shape(self):
        """The shape: to users a `TensorShape` that is also a tuple (`print(v.shape)` shows `(8, 16)`, as TF);
        keraslike's implementation, torch and traced code read the tensor's `torch.Size`
        (`dtypes.read_by_library`)."""
        size = _TENSOR_SHAPE.__get__(self)
        if dtypes.read_by_library():
            return size
        return VariableShape(size)

    @property
    def name(self):
        """TF's name: `"a:0"` for a `tf.Variable(name="a")`; a Keras layer weight has Keras 3's short name
        (`"kernel"`, with the full `"dense/kernel"` in `path`), as TF 2.16+ reports, or, made under
        TF_USE_LEGACY_KERAS=1, tf_keras's `"dense/kernel:0"`."""
        if getattr(self, "_layer_weight", False):
            if getattr(self, "_tf_keras_name", False):  # made under TF_USE_LEGACY_KERAS=1: "dense/kernel:0"
                return f"{self._keras_name}:0"
            return self._keras_name.rsplit("/", 1)[-1]
        return f"{getattr(self, '_name_scope', '')}{self._keras_name}:0"

    @property
    def aggregation(self):
        """How replica updates combine: a `tf.VariableAggregation` (a Keras variable reports Keras 3's lower-case
        name, e.g. `"sum"`)."""
        aggregation = getattr(self, "_aggregation", VariableAggregation.NONE)
        return aggregation if getattr(self, "_replica_updates_aggregate", True) else aggregation.name.lower()

    @property
    def path(self):
        """Keras 3 name without the `:0` suffix."""
        return self._keras_name

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = bool(value)
        self.requires_grad_(self._trainable and self.is_floating_point())

    def numpy(self):
        """Value as a numpy array: a copy, which later updates of the variable leave unchanged (as TF). A variable
        sharded by `keras.distribution.ModelParallel` gives its full value (gathered: every process calls it)."""
        return tensor_numpy.scalar_if_0d(tensor_numpy.snapshot(sharded_values.full_value(self)))

    def __float__(self):
        """`float(variable)`: its value, as TF (no torch warning about a tensor that requires grad)."""
        return float(self.detach())

    def __int__(self):
        """`int(variable)`: its value, as TF."""
        return int(self.detach())

    def __array__(self, dtype=None, copy=None):
        """`np.asarray(variable)`: a copy of the current value (TF's), never a view training updates."""
        return tensor_numpy.array_protocol(sharded_values.full_value(self), dtype, copy)

    @property
    def value(self):
        """The variable's value, usable both ways user code spells it.

        - TF 2: `var.value()` returns the current value as a plain tensor (a copy).
        - Keras 3: `var.value` is the backing tensor, so `var.value.grad` (the torch
          custom `train_step` guide), `var.value.shape` and ops on `var.value` work.

        Returns:
            A `VariableValue` view of this variable: callable (TF) and tensor-like (Keras 3).
        """
        return VariableValue(self)

    def read_value(self):
        """Current value as a plain tensor, a copy detached from autograd (TF's `read_value`)."""
        return self.detach().clone()

    def assign(self, value, use_locking=None, name=None, read_value=True):
        """Set the value in place; shape must match. Returns self."""
        trace_state.before_update(self)
        new = sharded_values.local_part(_to_tensor(value, self.dtype).to(self.device), self)  # a full value: its block
        if tuple(new.shape) != tuple(self.shape):
            declared = getattr(self, "_declared_shape", None)
            if declared is not None and declared.is_compatible_with(as_shape(tuple(new.shape))):
                new = distribute_context.aggregate_replica_update(self, new)
                with torch.no_grad():
                    self.data = new.detach().clone()  # the variable takes the new shape, as TF's
                return self
            new = _broadcast_for_assign(new, self)
        new = distribute_context.aggregate_replica_update(self, new)
        with torch.no_grad():
            self.copy_(new)
        return self

    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        """`self += delta` in place; `delta` has the variable's shape (TF does not broadcast). Returns self."""
        trace_state.before_update(self)
        with torch.no_grad():
            self.add_(distribute_context.aggregate_replica_update(self, _update_operand(delta, self)))
        return self

    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        """`self -= delta` in place; `delta` has the variable's shape (TF does not broadcast). Returns self."""
        trace_state.before_update(self)
        with torch.no_grad():
            self.sub_(distribute_context.aggregate_replica_update(self, _update_operand(delta, self)))
        return self

    # ---- sparse updates and reads (TF's scatter_* / sparse_read / gather_nd) ----------------------------------
    def scatter_update(self, sparse_delta, use_locking=False, name=None):
        """Rows `sparse_delta.indices` set to `sparse_delta.values` (a `tf.IndexedSlices`); returns the variable."""
        return self.assign(_scatter_rows(self, sparse_delta, "update", "scatter_update"))

    def scatter_add(self, sparse_delta, use_locking=False, name=None):
        """Rows `sparse_delta.indices` += `sparse_delta.values` (duplicates accumulate)."""
        return self.assign(_scatter_rows(self, sparse_delta, "add", "scatter_add"))

    def scatter_sub(self, sparse_delta, use_locking=False, name=None):
        """Rows `sparse_delta.indices` -= `sparse_delta.values` (duplicates accumulate)."""
        return self.assign(_scatter_rows(self, sparse_delta, "sub", "scatter_sub"))

    def scatter_mul(self, sparse_delta, use_locking=False, name=None):
        """Rows `sparse_delta.indices` *= `sparse_delta.values`."""
        return self.assign(_scatter_rows(self, sparse_delta, "prod", "scatter_mul"))

    def scatter_div(self, sparse_delta, use_locking=False, name=None):
        """Rows `sparse_delta.indices` /= `sparse_delta.values`."""
        return self.assign(_scatter_rows(self, sparse_delta, "div", "scatter_div"))

    def scatter_max(self, sparse_delta, use_locking=False, name=None):
        """Rows `sparse_delta.indices` = max(row, `sparse_delta.values`)."""
        return self.assign(_scatter_rows(self, sparse_delta, "amax", "scatter_max"))

    def scatter_min(self, sparse_delta, use_locking=False, name=None):
        """Rows `sparse_delta.indices` = min(row, `sparse_delta.values`)."""
        return self.assign(_scatter_rows(self, sparse_delta, "amin", "scatter_min"))

    def batch_scatter_update(self, sparse_delta, use_locking=False, name=None):
        """`sparse_delta.indices` of shape `batch + [k]` index the dimension after the batch dimensions:
        `self[b..., indices[b..., j]] = values[b..., j]`."""
        _check_slices(sparse_delta, "batch_scatter_update")
        indices = conversion.to_tensor(sparse_delta.indices, None, "indices").to(torch.int64).to(self.device)
        grids = torch.meshgrid(*[torch.arange(d, device=self.device) for d in indices.shape], indexing="ij")
        new = self.detach().clone()
        new[tuple(grids[:-1]) + (indices,)] = _to_tensor(sparse_delta.values, self.dtype).to(self.device)
        return self.assign(new)

    def scatter_nd_update(self, indices, updates, name=None):
        """`self[indices[i]] = updates[i]` for each index tuple (the last dimension of `indices`)."""
        return self.assign(_scatter_nd(self, indices, updates, "update"))

    def scatter_nd_add(self, indices, updates, name=None):
        """`self[indices[i]] += updates[i]` (duplicates accumulate)."""
        return self.assign(_scatter_nd(self, indices, updates, "add"))

    def scatter_nd_sub(self, indices, updates, name=None):
        """`self[indices[i]] -= updates[i]` (duplicates accumulate)."""
        return self.assign(_scatter_nd(self, indices, updates, "sub"))

    def scatter_nd_max(self, indices, updates, name=None):
        """`self[indices[i]] = max(self[indices[i]], updates[i])`."""
        return self.assign(_scatter_nd(self, indices, updates, "amax"))

    def scatter_nd_min(self, indices, updates, name=None):
        """`self[indices[i]] = min(self[indices[i]], updates[i])`."""
        return self.assign(_scatter_nd(self, indices, updates, "amin"))

    def sparse_read(self, indices, name=None):
        """Rows `indices` of the variable (differentiable with respect to it, as `tf.gather`)."""
        index = conversion.to_tensor(indices, None, "indices").to(torch.int64).to(self.device)
        return torch.Tensor.__getitem__(self, index)

    def gather_nd(self, indices, name=None):
        """`tf.gather_nd(self, indices)`: the elements or slices at the index tuples of `indices`' last dimension."""
        index = conversion.to_tensor(indices, None, "indices").to(torch.int64).to(self.device)
        return torch.Tensor.__getitem__(self, tuple(index.movedim(-1, 0)))

    def is_initialized(self, name=None):
        """True (an eager variable has its value from its creation)."""
        return torch.tensor(True)

    @property
    def synchronization(self):
        """`tf.VariableSynchronization.AUTO` (keraslike keeps replicas in sync itself)."""
        return VariableSynchronization.AUTO

    def count_up_to(self, limit):
        """The value, then the variable incremented; `OutOfRangeError` once it reached `limit` (an int variable)."""
        value = self.detach().clone()
        if int(value) >= int(limit):
            raise errors.OutOfRangeError(None, None, f"Reached limit of {int(limit)}")
        self.assign_add(torch.ones((), dtype=self.dtype))
        return value

    def load(self, value, session=None):
        """`assign(value)` (TF's eager `load`), returning None."""
        self.assign(value)

    @property
    def initial_value(self):
        """Raises as TF does for an eager variable."""
        raise RuntimeError("This property is not supported when eager execution is enabled.")

    def initialized_value(self):
        """Raises as TF 2.21 does (a TF1 graph idiom)."""
        raise NotImplementedError("Variable.initialized_value is a TF1 graph idiom; use the variable itself. "
                                  f"Received: variable '{self.name}'")

    def eval(self, session=None):
        """Raises as TF does eagerly (use `numpy()`)."""
        raise RuntimeError("This operation is not supported when eager execution is enabled.")

    def __round__(self, ndigits=None):
        """`round(variable, ndigits)`: a tensor rounded half to even at `ndigits` decimals, as Keras 3's
        `Variable` (`round(optimizer.learning_rate, 5)`); integer variables keep their value for `ndigits >= 0`."""
        value = self.detach().clone()
        decimals = int(ndigits or 0)
        if not (value.is_floating_point() or value.is_complex()):
            if decimals >= 0:
                return value
            factor = 10 ** (-decimals)
            return (torch.round(value.to(torch.float64) / factor) * factor).to(value.dtype)
        return torch.round(value, decimals=decimals)

    def __repr__(self):
        value = self.numpy()
        if getattr(self, "_layer_weight", False) and not getattr(self, "_tf_keras_name", False):
            # a Keras 3 variable (`add_weight`): `<Variable path=dense/kernel, shape=(8, 16), dtype=float32, value=...>`
            return (f"<Variable path={self.path}, shape={tuple(value.shape)}, dtype={dtypes.dtype_name(self.dtype)}, "
                    f"value={value}>")
        value = str(value) if value.ndim == 0 else repr(value)  # TF: numpy=2.0 for a scalar
        if "\n" in value:
            value = "\n" + value  # TF starts a multi-line value on its own line
        declared = getattr(self, "_declared_shape", None)
        shape = tuple(self.shape) if declared is None else (
            "<unknown>" if declared.rank is None else tuple(declared.as_list()))
        return (
            f"<tf.Variable '{self.name}' shape={shape} "
            f"dtype={dtypes.dtype_name(self.dtype)}, numpy={value}>"
        )

    def __reduce_ex__(self, proto):
        # Pickle/deepcopy as a Variable (torch's Parameter reduce would lose the class).
        return (_rebuild_variable, (self.detach().cpu(), self._trainable, self._keras_name))

    def __deepcopy__(self, memo):
        new = Variable(self.detach().clone(), trainable=self._trainable, name=self._keras_name)
        new._name_scope = getattr(self, "_name_scope", "")
        new._dtype_as_name = getattr(self, "_dtype_as_name", False)
        memo[id(self)] = new
        return new

    def __dir__(self):
        # torch's Tensor.__dir__ starts from dir(type(self)), which VariableMeta trims for help(); a
        # variable lists torch's methods too (tab completion), less the deprecated `volatile` as torch's
        names = torch_members.instance_dir(self, [*dir(torch.Tensor), *vars(self)])
        return [n for n in names if n != "volatile"]

    __torch_function__ = torch._C._disabled_torch_function_impl  # swapped by add_access_listener while tapes record

    # ---- TF eager semantics torch lacks: Python lists as operands, negative slice steps ----------
    def _operand(self, other):
        """A list/tuple/numpy operand as a tensor of this variable's dtype and device (TF's conversion)."""
        if isinstance(other, (list, tuple, np.ndarray, np.generic)):
            return conversion.to_tensor(other, self.dtype, "y", self.device)
        return other

    # ---- `==`: elementwise (TF2), or identity after `tf.compat.v1.disable_tensor_equality()` (TF1) ----
    def __eq__(self, other):
        if not tensor_equality.tensor_equality_enabled():
            return self is other
        return super().__eq__(other)

    def __ne__(self, other):
        if not tensor_equality.tensor_equality_enabled():
            return self is not other
        return super().__ne__(other)

    __hash__ = torch.nn.Parameter.__hash__  # defining __eq__ would otherwise drop it

    def __getitem__(self, index):
        """`var[index]`, including negative slice steps (`var[::-1]`), as TF; returns a tensor whose
        `assign(value)` writes `value` into that slice of the variable (TF's sliced assignment)."""
        if reverse_slicing.has_negative_step(index):
            out = reverse_slicing.getitem(self, index)
        else:
            out = value_semantics.detach_views(super().__getitem__(index), [self])  # a value, as TF's read
        out.assign = functools.partial(_assign_slice, self, index)
        return out


class VariableValue:
    """`var.value`: the variable seen as its backing tensor, and callable for TF's `var.value()`.

    Attribute reads (`.grad`, `.shape`, `.dtype`, `.numpy()`, ...) go to the
    variable itself; torch functions and arithmetic receive the variable.
    Calling it returns a detached copy, as TF's `Variable.value()` returns a tensor.
    """

    __slots__ = ("_variable",)

    def __init__(self, variable):
        object.__setattr__(self, "_variable", variable)

    def __call__(self):
        return self._variable.read_value()

    @property
    def dtype(self):
        """The backing tensor's dtype, a `torch.dtype` (TF's `var.value.dtype` is a tensor dtype, where a Keras 3
        variable's own `dtype` is the string `"float32"`)."""
        return _TENSOR_DTYPE.__get__(self._variable)

    def __getattr__(self, name):
        return getattr(self._variable, name)

    def __setattr__(self, name, value):
        setattr(self._variable, name, value)

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        unwrap = lambda a: a._variable if isinstance(a, VariableValue) else a  # noqa: E731
        args = tuple(unwrap(a) if not isinstance(a, (list, tuple)) else type(a)(map(unwrap, a)) for a in args)
        kwargs = {k: unwrap(v) for k, v in (kwargs or {}).items()}
        return func(*args, **kwargs)

    def __array__(self, dtype=None, copy=None):
        return tensor_numpy.array_protocol(self._variable, dtype, copy)

    def __repr__(self):
        return repr(self._variable)

    def __len__(self):
        return len(self._variable)

    def __getitem__(self, index):
        return self._variable[index]


def _forward(name):
    def method(self, *args):
        return getattr(self._variable, name)(*(a._variable if isinstance(a, VariableValue) else a for a in args))
    method.__name__ = name
    return method


for _name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul"):
    for _prefix in ("__", "__r"):
        setattr(VariableValue, f"{_prefix}{_name}__", _forward(f"{_prefix}{_name}__"))
for _name in ("neg", "pos", "abs", "float", "int", "bool", "lt", "le", "gt", "ge", "eq", "ne"):
    setattr(VariableValue, f"__{_name}__", _forward(f"__{_name}__"))
VariableValue.__hash__ = lambda self: hash(self._variable)


def report_dtype_name(variable, enabled=True):
    """Make `variable.dtype` Keras 3's string (`"float32"`) when `enabled`, as Keras 3 reports its variables' dtypes
    (tf_keras's, made under TF_USE_LEGACY_KERAS=1, are tf.Variables with a tensor dtype). Returns `variable`."""
    variable._dtype_as_name = bool(enabled)
    return variable


def state_view(tensor, name, dtype_name=False):
    """A non-trainable `Variable` over the storage of a state tensor the library updates in place.

    Metric states and optimizer slots are plain torch tensors inside keraslike; users reach them as TF's
    variables (`metric.variables`, `optimizer.variables`): this view reads and `assign`s the same storage,
    while its `numpy()` is a copy, so a value kept by the user does not follow later updates. Nothing is
    broadcast or registered (the state already exists).

    Args:
        tensor: the state `torch.Tensor`.
        name: the variable's path (`"mean/total"`; its `name` is the last part, as Keras 3's).
        dtype_name: whether the view's `dtype` is Keras 3's string (`report_dtype_name`).

    Returns:
        A `Variable` sharing `tensor`'s storage.
    """
    view = torch.Tensor._make_subclass(Variable, tensor.detach(), False)
    view._keras_name = name
    view._layer_weight = True  # Keras 3 naming: `name` "total", `path` "mean/total"
    view._name_scope = ""
    view._trainable = False
    view.constraint = None
    view._dtype_as_name = bool(dtype_name)
    return view


class StateViewCache(dict):
    """name -> (state tensor, view): kept by an owner of state tensors; copies and pickles start empty (a
    copied owner has new storage, whose views are made on first use)."""

    def __deepcopy__(self, memo):
        return StateViewCache()

    def __reduce__(self):
        return (StateViewCache, ())


def cached_state_views(cache, states, dtype_name=False):
    """`state_view`s of `states` (name -> tensor), reusing `cache`'s while they still view the same tensor.

    Args:
        cache: a `StateViewCache` the owner keeps; updated in place.
        states: a dict name -> state tensor.
        dtype_name: whether new views report Keras 3's dtype string (`state_view`).

    Returns:
        The views, in `states`' order.
    """
    views = []
    for name, tensor in states.items():
        entry = cache.get(name)
        if entry is None or entry[0] is not tensor or entry[1].data_ptr() != tensor.data_ptr():
            entry = cache[name] = (tensor, state_view(tensor, name, dtype_name))
        views.append(entry[1])
    return views


def name_as_keras3(variable, path):
    """Give `variable` Keras 3's naming: `path` (`"adam/iteration"`) and, as `name`, its last part."""
    variable._keras_name = path
    variable._layer_weight = True
    variable._name_scope = ""


def _default_name():
    """TF 2 eager's name of an unnamed variable: every one is `Variable:0` (names are not made unique)."""
    return "Variable"


def _rebuild_variable(data, trainable, name):
    return Variable(data, trainable=trainable, name=name)


def _to_tensor(value, dtype=None):
    dtype = dtypes.as_dtype(dtype)
    if dtype is dtypes.string or isinstance(value, StringTensor) or looks_like_strings(value):
        raise TypeError("keraslike Variables hold numbers (torch parameters); tf.string variables are not "
                        "supported. Keep strings in a tensor (tf.constant) or a tf.lookup table. "
                        f"Received: initial_value={value!r:.80}")
    if isinstance(value, torch.Tensor):
        data = value.detach()
        if dtype is not None:
            data = data.to(dtype)
        return data.clone()
    if dtype is None:
        data = convert_to_tensor(value)
    else:
        data = torch.as_tensor(np.asarray(value)).to(dtype)
    # a Variable owns its storage (TF copies): never alias the caller's numpy array
    return data.clone() if isinstance(value, np.ndarray) and np.shares_memory(data.numpy(), value) else data



def _check_slices(sparse_delta, method):
    if not (hasattr(sparse_delta, "values") and hasattr(sparse_delta, "indices")
            and type(sparse_delta).__name__ == "IndexedSlices"):
        raise TypeError(f"Argument `sparse_delta` must be a `tf.IndexedSlices`. Received arg: {sparse_delta!r:.80}"
                        f" (in Variable.{method})")


def _scatter_rows(variable, sparse_delta, mode, method):
    """The variable's value with `sparse_delta`'s rows applied by `mode` (update/add/sub/prod/div/amax/amin)."""
    _check_slices(sparse_delta, method)
    indices = conversion.to_tensor(sparse_delta.indices, None, "indices").to(torch.int64).to(variable.device)
    values = _to_tensor(sparse_delta.values, variable.dtype).to(variable.device)
    values = values.reshape(tuple(indices.shape) + tuple(variable.shape[1:])).reshape(
        (-1,) + tuple(variable.shape[1:]))
    indices = indices.reshape(-1)
    new = variable.detach().clone()
    if mode == "update":
        return new.index_copy_(0, indices, values)
    if mode in ("add", "sub"):
        return new.index_add_(0, indices, values if mode == "add" else -values)
    if mode == "div" and not new.is_floating_point():
        return new.index_copy_(0, indices, torch.div(new[indices], values, rounding_mode="trunc"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch: "index_reduce() is in beta"
        return new.index_reduce_(0, indices, 1 / values if mode == "div" else values,
                                 "prod" if mode == "div" else mode)


def _scatter_nd(variable, indices, updates, mode):
    index = conversion.to_tensor(indices, None, "indices").to(torch.int64).to(variable.device)
    updates = _to_tensor(updates, variable.dtype).to(variable.device)
    position = tuple(index.reshape(-1, index.shape[-1]).t())
    updates = updates.reshape((-1,) + tuple(variable.shape[index.shape[-1]:]))
    new = variable.detach().clone()
    if mode == "update":
        new[position] = updates
    elif mode in ("add", "sub"):
        new.index_put_(position, updates if mode == "add" else -updates, accumulate=True)
    else:
        reduce = torch.maximum if mode == "amax" else torch.minimum
        for k in range(updates.shape[0]):  # in order, so repeated positions combine as TF's
            at = tuple(p[k] for p in position)
            new[at] = reduce(new[at], updates[k])
    return new

def _update_operand(delta, var):
    """`delta` for `assign_add`/`assign_sub`: TF's update ops require the variable's exact shape."""
    value = _to_tensor(delta, var.dtype).to(var.device)
    if tuple(value.shape) != tuple(var.shape):
        raise errors.InvalidArgumentError(
            f"Cannot update variable with shape {list(var.shape)} using a Tensor with shape {list(value.shape)}, "
            f"shapes must be equal. Received: delta shape={tuple(value.shape)}")
    return value


def _assign_slice(variable, index, value, use_locking=None, name=None, read_value=True):
    """`variable[index].assign(value)`: `value` (broadcast to the slice's shape, as TF's strided-slice
    assignment does) written into that slice in place; returns the variable.

    Raises:
        TypeError: a value of another dtype kind (`1.5` into an int variable), as TF.
        InvalidArgumentError: a value that does not broadcast to the slice's shape (a `ValueError`).
    """
    new = conversion.to_tensor(value, variable.dtype, "value", variable.device)
    backwards = reverse_slicing.has_negative_step(index)
    with torch.no_grad():
        if backwards:  # torch slices only forwards: write through the slice's flat positions
            grid = torch.arange(variable.numel(), device=variable.device).reshape(variable.shape)
            target = reverse_slicing.getitem(grid, index)
        else:
            target = torch.Tensor.__getitem__(variable, index)  # a view of the variable's storage
        try:
            new = torch.broadcast_to(new, target.shape)
        except RuntimeError:
            raise errors.InvalidArgumentError(f"Cannot broadcast input shape {list(new.shape)} into final shape "
                             f"{list(target.shape)} (the slice of variable '{variable.name}'). "
                             f"Received: value shape={tuple(new.shape)}") from None
        if backwards:
            variable.view(-1)[target.reshape(-1)] = new.reshape(-1)
        else:
            target.copy_(new)
    return variable


def _broadcast_for_assign(new, var):
    """TF's rule: the value's shape must equal the variable's (no broadcasting, not even of a scalar)."""
    raise ValueError(
        f"Cannot assign value to variable '{var.name}': Shape mismatch. The variable shape "
        f"{tuple(var.shape)}, and the assigned value shape {tuple(new.shape)} are incompatible. "
        f"Received: value shape={tuple(new.shape)}"
    )


def _list_operand_method(name):
    base = getattr(torch.Tensor, name)

    def method(self, other):
        return base(self, self._operand(other))

    method.__name__ = name
    method.__doc__ = f"`{name}` with lists/tuples/numpy arrays converted to the variable's dtype (TF eager)."
    return method


for _name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul"):
    for _prefix in ("__", "__r"):
        setattr(Variable, f"{_prefix}{_name}__", _list_operand_method(f"{_prefix}{_name}__"))
for _name in ("lt", "le", "gt", "ge"):
    setattr(Variable, f"__{_name}__", _list_operand_method(f"__{_name}__"))


# ---- variable access listening (GradientTape.watched_variables) and autocasting (mixed dtype policies) ----------
# TF's tape knows every variable read while it records. A torch op sees a Variable only through
# `__torch_function__`, so while at least one listener is registered (a recording tape), Variable's
# `__torch_function__` reports each Variable operand to the listeners and then runs the op as torch
# would (results are plain tensors, as with the disabled implementation). With no listener the class
# keeps torch's disabled implementation: no per-op cost outside tapes (fit does not use tapes). Inside a
# tape it costs about 3.5 us per op with a Variable operand (measured: 3.8 -> 7.4 us for an 8x8 matmul).
#
# The same hook casts: inside `autocast_scope(dtype)` (what a layer with a mixed dtype policy enters around its
# `call`, Keras's `AutocastScope`) every floating Variable operand made with `autocast=True` reads as `dtype`
# (a differentiable cast: gradients reach the float32 variable), so `Dense(2, dtype="mixed_float16")` computes
# in float16 with float32 weights. `autocast_scope(None)` turns casting off inside (a float32 sublayer).
_ACCESS_LISTENERS = []
_AUTOCAST = [None]  # stack of the current autocast dtype (a torch float dtype, or None for no casting)


def _report(values):
    for value in values:
        if isinstance(value, Variable):
            for listener in _ACCESS_LISTENERS:
                listener(value)
        elif isinstance(value, (list, tuple)):
            _report(value)


def _cast(value, dtype):
    if isinstance(value, Variable):
        if value.dtype != dtype and value.is_floating_point() and getattr(value, "_autocast", True):
            return value.to(dtype)
        return value
    if isinstance(value, (list, tuple)) and any(isinstance(v, (Variable, list, tuple)) for v in value):
        return type(value)(_cast(v, dtype) for v in value)
    return value


def _listening_torch_function(cls, func, types, args=(), kwargs=None):
    if _ACCESS_LISTENERS:
        _report(args)
        if kwargs:
            _report(kwargs.values())
    dtype = _AUTOCAST[-1]
    with torch._C.DisableTorchFunctionSubclass():
        if dtype is not None and _casts(func):
            args = tuple(_cast(a, dtype) for a in args)
            if kwargs:
                kwargs = {k: _cast(v, dtype) for k, v in kwargs.items()}
        return func(*args, **(kwargs or {}))


# in-place updates and conversions keep the variable itself; of the attribute reads only views are cast
_NOT_CAST = frozenset(getattr(torch.Tensor, name) for name in (
    "copy_", "add_", "sub_", "mul_", "div_", "zero_", "fill_", "requires_grad_", "detach", "detach_", "numpy",
    "cpu", "to", "__setitem__", "size", "dim", "numel", "data_ptr", "is_floating_point", "__len__", "__repr__",
    "__format__", "tolist", "item", "clone", "__reduce_ex__", "__deepcopy__") if hasattr(torch.Tensor, name))
_CAST_PROPERTIES = frozenset({"T", "mT", "H", "mH", "real", "imag"})


def _casts(func):
    if getattr(func, "__name__", "") == "__get__":  # a property read: `var.shape` stays, `var.T` is cast
        return getattr(getattr(func, "__self__", None), "__name__", "") in _CAST_PROPERTIES
    return func not in _NOT_CAST


def _update_torch_function():
    if _ACCESS_LISTENERS or any(d is not None for d in _AUTOCAST):
        Variable.__torch_function__ = classmethod(_listening_torch_function)
    else:
        Variable.__torch_function__ = torch._C._disabled_torch_function_impl


def autocast_value(func, variable, value):
    """`value`, standing for `variable` as an operand of torch op `func`, read as the op would read the variable:
    cast to the autocast dtype inside `autocast_scope` where the variable would be (a SavedModel export hands
    ops its own tensors in place of the variables)."""
    dtype = _AUTOCAST[-1]
    if dtype is None or not isinstance(variable, Variable) or not _casts(func):
        return value
    if variable.dtype != dtype and variable.is_floating_point() and getattr(variable, "_autocast", True):
        return value.to(dtype)
    return value


def add_access_listener(listener):
    """Call `listener(variable)` for every Variable operand of a torch op until `remove_access_listener`."""
    _ACCESS_LISTENERS.append(listener)
    _update_torch_function()


def remove_access_listener(listener):
    if listener in _ACCESS_LISTENERS:
        _ACCESS_LISTENERS.remove(listener)
    _update_torch_function()


def autocast_dtype():
    """The dtype floating variables read as here (inside `autocast_scope`), or None."""
    return _AUTOCAST[-1]


@contextlib.contextmanager
def autocast_scope(dtype):
    """Inside, floating Variables made with `autocast=True` read as `dtype` in torch ops (None: no casting)."""
    _AUTOCAST.append(dtype)
    _update_torch_function()
    try:
        yield
    finally:
        _AUTOCAST.pop()
        _update_torch_function()
