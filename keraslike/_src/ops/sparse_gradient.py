"""Sparse gradients of row lookups, as TF's `IndexedSlices`.

The problem: in TF the gradient of `tf.gather(variable, ids)` (the Embedding layer, `tf.nn.embedding_lookup`)
is an `IndexedSlices`: one row of values per id occurrence, duplicate ids kept. Several lookups of one variable
concatenate their slices; any dense use of the variable in the same step makes its gradient dense. Keras 3's
optimizers (TF backend) update from the slices with sparse-aware ops, so wherever an update squares the
gradient (Adam's and RMSprop's second moment, Adagrad's accumulator, ...) it sums the squares of a row's
occurrences instead of squaring their sum, and Adamax's `|g|` sums their absolute values. A row that occurs
five times with gradients `g_i` moves like `sum(g_i) / sqrt(sum(g_i ** 2))`, not like a dense row.

How it is done here:
- `gather_rows(table, ids)` runs a lookup whose backward gives torch the dense gradient as usual (so `.grad`,
  DistributedDataParallel, clipping and loss scaling work unchanged) and records its occurrences
  `(ids, values)` on the variable.
- A hook on the variable sees the variable's total gradient once per backward pass; it keeps the occurrences
  as a `SparseGradient` (attribute `SPARSE_GRAD` of the variable), with an `exact` flag: a device boolean,
  True when the total equals the lookups' own sum (no dense use). Nothing syncs the host: statistics use
  `torch.where(exact, from_slices, dense)`.
- `GradientTape.gradient` moves the record onto the gradient it returns (an `indexed_slices.IndexedSlicesGradient`
  view, which shows TF's `IndexedSlices` attributes); `apply_gradients` reads it from the
  gradient it is given (an op on the gradient gives a plain tensor, dense, as TF's ops densify an
  `IndexedSlices`); the built-in training step reads it from the variable. The optimizer attaches it to `.grad`
  for its update rule, which asks `squares(grad)` / `abs_sums(grad)`.

Example:
    >>> table = tf.Variable(tf.zeros((5, 1)))
    >>> with tf.GradientTape() as tape:
    ...     loss = tf.reduce_sum(tf.gather(table, [0, 0, 3]))
    >>> g = tape.gradient(loss, table)          # dense [2, 0, 0, 1, 0], with its 3 occurrences
    >>> tf.keras.optimizers.Adam(0.1).apply_gradients([(g, table)])   # row 0 moves 0.1 * 2 / sqrt(2)
"""

import weakref

import torch

SPARSE_GRAD = "_keraslike_sparse_grad"  # attribute: on a variable (last backward), on a gradient tensor
_PENDING = "_keraslike_pending_slices"  # attribute of a variable: this backward pass's occurrences
_HOOKED = "_keraslike_sparse_hook"


class SparseGradient:
    """The occurrences behind one dense gradient: `contributions` = [(ids (n,), values (n, ...))].

    Args:
        contributions: list of `(ids, values)` pairs, one per lookup.
        exact: bool tensor (0-d): the dense gradient is exactly their sum (else it is treated as dense).
        scale: optional float or tensor multiplying every value (loss scaling, clipping).
    """

    def __init__(self, contributions, exact, scale=None, ids_dtypes=None):
        self.contributions = list(contributions)
        self.exact = exact
        self.scale = scale
        self.ids_dtypes = ids_dtypes  # the lookups' id dtypes as the user gave them (TF's IndexedSlices.indices)

    def scaled(self, factor):
        """The same occurrences times `factor` (a float or a 0-d tensor)."""
        return SparseGradient(self.contributions, self.exact, factor if self.scale is None else self.scale * factor,
                              self.ids_dtypes)

    def _values(self):
        for ids, values in self.contributions:
            yield ids, (values if self.scale is None else values * self.scale)

    def _scatter(self, like, fn):
        out = torch.zeros_like(like)
        for ids, values in self._values():
            out.index_add_(0, ids, fn(values).to(out.dtype))
        return out

    def squares(self, grad):
        """Per row, the sum of its occurrences' squares; `grad * grad` where the gradient is dense."""
        return torch.where(self.exact, self._scatter(grad, torch.square), grad * grad)

    def abs_sums(self, grad):
        """Per row, the sum of its occurrences' absolute values; `|grad|` where the gradient is dense."""
        return torch.where(self.exact, self._scatter(grad, torch.abs), grad.abs())

    def squared_norm(self, grad):
        """The sum of all occurrences' squares (TF's norm of an `IndexedSlices`); `sum(grad ** 2)` if dense."""
        total = sum(torch.sum(torch.square(v.float())) for _, v in self._values())
        return torch.where(self.exact, total.to(grad.dtype), torch.sum(grad * grad))

    def clip_values(self, grad, low, high):
        """Clip every occurrence to `[low, high]` (TF clips an `IndexedSlices`' values); writes the new sum into
        `grad` (in place) and returns the clipped occurrences."""
        clipped = [(ids, v.clamp(low, high)) for ids, v in self._values()]
        result = SparseGradient(clipped, self.exact)
        total = result._scatter(grad, lambda v: v)
        grad.copy_(torch.where(self.exact, total, grad.clamp(low, high)))
        return result

    def present_rows(self, grad):
        """Bool `(rows,)`: the rows with an occurrence (every row where the gradient is dense)."""
        present = torch.zeros(grad.shape[0], dtype=torch.bool, device=grad.device)
        for ids, _ in self.contributions:
            present[ids] = True
        return present | ~self.exact

    def reduced(self, grad, all_reduce, clip=None):
        """Occurrence statistics summed across replicas (`all_reduce` sums a flat tensor in place). With `clip`
        (TF's `clipvalue`), each replica's occurrences are clipped first and their sum, summed across replicas,
        is written into `grad` (the replicas' summed gradient) where the gradient is sparse."""
        source = self if clip is None else SparseGradient([(i, v.clamp(-clip, clip)) for i, v in self._values()],
                                                         self.exact)
        parts = [source._scatter(grad, torch.square), source._scatter(grad, torch.abs)]
        if clip is not None:
            parts.append(source._scatter(grad, lambda v: v))
        flat = torch.cat([part.reshape(-1) for part in parts])
        all_reduce(flat)
        q, a, *g = [flat[k * grad.numel():(k + 1) * grad.numel()].view_as(grad) for k in range(len(parts))]
        if clip is not None:
            grad.copy_(torch.where(self.exact, g[0], grad.clamp(-clip, clip)))
        return _Reduced(q, a, self.exact, clipped=clip is not None)


class _Reduced(SparseGradient):
    """Statistics already summed across replicas (clipping values is done before, per replica)."""

    def __init__(self, q, a, exact, scale=None, clipped=False):
        super().__init__([], exact, scale)
        self._q, self._a, self.clipped = q, a, clipped

    def scaled(self, factor):
        return _Reduced(self._q, self._a, self.exact, factor if self.scale is None else self.scale * factor,
                        self.clipped)

    def clip_values(self, grad, low, high):
        if not self.clipped:
            raise ValueError("Internal error: occurrences summed across replicas cannot be clipped afterwards. "
                             f"Received: clip=({low}, {high})")
        return self

    def _factor(self, power):
        return 1.0 if self.scale is None else self.scale ** power

    def squares(self, grad):
        return torch.where(self.exact, self._q * self._factor(2), grad * grad)

    def abs_sums(self, grad):
        return torch.where(self.exact, self._a * abs(self._factor(1)), grad.abs())

    def squared_norm(self, grad):
        return torch.where(self.exact, self._q.sum() * self._factor(2), torch.sum(grad * grad))


def of(grad):
    """The `SparseGradient` attached to a gradient tensor, or None (dense)."""
    return getattr(grad, SPARSE_GRAD, None) if isinstance(grad, torch.Tensor) else None


def attach(grad, sparse):
    """Attach `sparse` (or None) to the tensor `grad`; returns `grad`."""
    if sparse is None:
        if SPARSE_GRAD in getattr(grad, "__dict__", {}):
            delattr(grad, SPARSE_GRAD)
    else:
        setattr(grad, SPARSE_GRAD, sparse)
    return grad


SUMMED = "_keraslike_summed_sparse"  # attribute of a `.grad`: TF 2's optimizer_v2 summed the occurrences (exact)


def summed_sparse(grad):
    """For TF 2 (optimizer_v2) rules: the `exact` flag of a sparse gradient whose duplicates were summed, or None."""
    return getattr(grad, SUMMED, None)


def mark_summed(grad, sparse):
    """Mark `.grad` as a sparse gradient with its duplicates summed (`sparse` None: unmark)."""
    if sparse is not None:
        setattr(grad, SUMMED, sparse.exact)
    elif SUMMED in getattr(grad, "__dict__", {}):
        delattr(grad, SUMMED)


def take(variable):
    """Remove and return the `SparseGradient` the last backward pass left on `variable` (or None)."""
    return variable.__dict__.pop(SPARSE_GRAD, None)


def squares(grads):
    """`[g * g]` for dense gradients; for sparse ones the per-row sums of their occurrences' squares."""
    out = []
    for g in grads:
        sparse = of(g)
        out.append(g * g if sparse is None else sparse.squares(g))
    return out


def abs_sums(grads):
    """`[|g|]` for dense gradients; for sparse ones the per-row sums of their occurrences' absolute values."""
    out = []
    for g in grads:
        sparse = of(g)
        out.append(g.abs() if sparse is None else sparse.abs_sums(g))
    return out


def square(grad):
    """`squares([grad])[0]`."""
    sparse = of(grad)
    return grad * grad if sparse is None else sparse.squares(grad)


# ---- the lookup --------------------------------------------------------------------------------------------
def _on_total_gradient(ref, grad):
    variable = ref()
    if variable is None:
        return None
    pending = variable.__dict__.pop(_PENDING, None)
    if not pending:
        variable.__dict__.pop(SPARSE_GRAD, None)
        return None
    if len(pending) == 1 and grad is pending[0][2]:  # the lookup's own gradient, untouched
        exact = True
    else:  # several lookups, or a dense use too: exact only if the total is the lookups' sum
        total = sum(p[2] for p in pending)
        exact = torch.equal(grad, total) if grad.device.type == "cpu" else (grad == total).all()
    exact = torch.as_tensor(exact, device=grad.device)
    setattr(variable, SPARSE_GRAD, SparseGradient([(ids, values) for ids, values, _, _ in pending], exact,
                                                  ids_dtypes=[dtype for _, _, _, dtype in pending]))
    return None


def _hook(variable):
    if not variable.__dict__.get(_HOOKED):
        variable.register_hook(lambda grad, ref=weakref.ref(variable): _on_total_gradient(ref, grad))
        variable.__dict__[_HOOKED] = True


class _RowLookup(torch.autograd.Function):
    """`table[ids]` along axis 0 whose backward records its occurrences on `table` (see the module doc)."""

    @staticmethod
    def forward(ctx, table, ids, ids_dtype):
        flat = ids.reshape(-1)
        ctx.ids_dtype = ids_dtype
        ctx.save_for_backward(flat)
        ctx.table_ref = weakref.ref(table)
        ctx.shape = table.shape
        return table.index_select(0, flat).reshape(*ids.shape, *table.shape[1:])

    @staticmethod
    def backward(ctx, grad_out):
        (flat,) = ctx.saved_tensors
        values = grad_out.reshape(flat.shape[0], *ctx.shape[1:])
        dense = torch.zeros(ctx.shape, dtype=values.dtype, device=values.device).index_add_(0, flat, values)
        table = ctx.table_ref()
        if table is not None and not torch.is_grad_enabled():  # first-order pass: keep the occurrences
            table.__dict__.setdefault(_PENDING, []).append((flat, values, dense, ctx.ids_dtype))
        return dense, None, None


def applies(table):
    """True when a lookup of `table` gets a sparse gradient: a trainable leaf variable, gradients recorded,
    eager (not while `torch.compile` traces)."""
    return (isinstance(table, torch.nn.Parameter) and table.requires_grad and torch.is_grad_enabled()
            and not torch.compiler.is_compiling())


def gather_rows(table, ids, ids_dtype=None):
    """`table[ids]` (rows along axis 0; output `ids.shape + table.shape[1:]`) with TF's sparse gradient for
    a trainable variable `table`. `ids` must be in range (the caller checks); `ids_dtype` is the dtype the user's
    ids had (the gradient's `indices` show it, as TF's), by default `ids`'."""
    if not applies(table):
        return table.index_select(0, ids.reshape(-1)).reshape(*ids.shape, *table.shape[1:])
    _hook(table)
    return _RowLookup.apply(table, ids, ids_dtype or ids.dtype)
