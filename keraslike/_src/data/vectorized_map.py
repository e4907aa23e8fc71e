"""Element-wise `map` over in-memory data, run once per batch when that is provably the same.

`ds.map(f)...batch(B)` over `from_tensor_slices`/`range` (with shuffle/take/repeat/... in between)
keeps the fast gather path (see `index_plan.py`): `MappedSource` wraps the plan's source, and each
batch is gathered with one `index_select` per component and then mapped by ONE call of
`torch.func.vmap(f)` over the batch, instead of `B` Python calls of `f` and a stack. TF gets the same
effect by tracing `f` into a graph once.

When is that safe (the result must equal calling `f` on every element and stacking)?
  * vmap gives `f` per-element semantics: `tf.shape(x)`, reductions, broadcasting and indexing see
    ONE element, so shape-dependent code and per-element reductions are right;
  * random ops (`tf.random.*`, `torch.rand*`) raise under `randomness="error"`, Python control flow
    on tensor values, `.numpy()`, `.item()` and `tf.print` raise too: every raise means "per element";
  * writes to state that is not the batch (`Variable.assign_add`, in-place ops on captured tensors,
    `out=` arguments) are intercepted by a `TorchFunctionMode` BEFORE they run and also mean "per
    element", so a stateful counter still counts elements;
  * the first batch of every batch size is also computed element by element and compared bit for bit
    (values, dtypes, shapes, structure); any difference means "per element" from then on.
Once a function falls back it stays per element for the life of the dataset. Pure Python side
effects that touch no tensor (appending to a list, `print`) cannot be seen: they run once per batch,
as in TF, where a map function's Python code runs once, when it is traced.

String components (numpy object arrays) are never vectorized.
"""

import threading

import torch
from torch._C._functorch import is_batchedtensor
from torch.overrides import TorchFunctionMode

from keraslike._src.data import structure as nest

_INPLACE_DUNDERS = frozenset({
    "__setitem__", "__set__", "__iadd__", "__isub__", "__imul__", "__itruediv__", "__ifloordiv__",
    "__imod__", "__ipow__", "__iand__", "__ior__", "__ixor__", "__ilshift__", "__irshift__", "__imatmul__",
})


class _StatefulOp(Exception):
    """Raised (before the op runs) when a vectorized call would write to tensors outside the batch."""


def _writes_outside_batch(func, args, kwargs):
    name = getattr(func, "__name__", "")
    targets = []
    if "out" in kwargs:
        out = kwargs["out"]
        targets.extend(out if isinstance(out, (tuple, list)) else [out])
    if name in _INPLACE_DUNDERS or (name.endswith("_") and not name.endswith("__")):
        if args:
            targets.append(args[0])
    return any(isinstance(t, torch.Tensor) and not is_batchedtensor(t) for t in targets)


class _StateGuard(TorchFunctionMode):
    """Refuses in-place writes to tensors that are not (views of) the vmapped batch."""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if _writes_outside_batch(func, args, kwargs):
            raise _StatefulOp(getattr(func, "__name__", repr(func)))
        return func(*args, **kwargs)


def _bits_equal(a, b):
    if isinstance(a, torch.Tensor) != isinstance(b, torch.Tensor):
        return False
    if not isinstance(a, torch.Tensor):
        return False
    if a.dtype != b.dtype or a.shape != b.shape or a.device != b.device:
        return False
    if a.dtype.is_complex or a.dtype.is_floating_point or a.dtype == torch.bool:
        a, b = a.contiguous().view(torch.uint8), b.contiguous().view(torch.uint8)
    return torch.equal(a, b)


def _same_element(first, second):
    try:
        nest.assert_same_structure(first, second)
    except ValueError:
        return False
    if type(first) is not type(second):
        return False
    return all(_bits_equal(a, b) for a, b in zip(nest.flatten(first), nest.flatten(second)))


class MapVectorizer:
    """Decides, per map function, whether whole batches may be mapped with one vmapped call.

    Args:
        apply: `element -> mapped element` (the map dataset's per-element call, outputs normalized).
        output_structure: callable returning the mapped element spec (nesting of one output).
        pool: callable returning a thread pool for the per-element path, or `None` (sequential).
    """

    def __init__(self, apply, output_structure, pool=None):
        self._apply = apply
        self._output_structure = output_structure
        self._pool = pool
        self._enabled = True
        self._verified_sizes = set()
        self._lock = threading.Lock()
        self.fallback_reason = None

    @property
    def vectorized(self):
        """False once the function has been found unsafe to vectorize (it then runs per element)."""
        return self._enabled

    def map_rows(self, rows):
        """The mapped batch of `rows` (a list of input elements), element by element, then stacked.

        Raises:
            ValueError: if mapped elements differ in shape (TF's batching error).
        """
        pool = self._pool() if self._pool is not None else None
        outputs = list(pool.map(self._apply, rows)) if pool is not None and len(rows) > 1 else \
            [self._apply(row) for row in rows]
        columns = zip(*(nest.flatten(e) for e in outputs))
        return nest.pack_as(self._output_structure(), [nest.stack(list(column)) for column in columns])

    def map_batch(self, batch, rows):
        """The mapped batch for the gathered input `batch`; `rows()` yields its elements one by one."""
        if not self._enabled:
            return self.map_rows(rows())
        leaves = nest.flatten(batch)
        if not leaves or not all(isinstance(leaf, torch.Tensor) and leaf.dim() >= 1 for leaf in leaves):
            return self._disable("non-tensor or scalar component", rows)
        size = leaves[0].shape[0]
        try:
            vectorized = self._vectorized(batch, leaves)
        except Exception as error:  # noqa: BLE001 - any vmap limitation means "per element"
            return self._disable(f"{type(error).__name__}: {error}", rows)
        if size in self._verified_sizes:
            return vectorized
        reference = self.map_rows(rows())
        with self._lock:
            if _same_element(vectorized, reference):
                self._verified_sizes.add(size)
            else:
                self._enabled = False
                self.fallback_reason = "vectorized result differs from the per-element result"
        return reference

    def _vectorized(self, batch, leaves):
        structure = self._output_structure()

        def per_element(*flat):
            element = nest.pack_as(batch, list(flat))
            out = nest.flatten(self._apply(element))
            for leaf in out:
                if not isinstance(leaf, torch.Tensor):
                    raise TypeError("non-tensor output")
            return tuple(out)

        with _StateGuard():
            flat = torch.func.vmap(per_element, in_dims=0, out_dims=0, randomness="error")(*leaves)
        return nest.pack_as(structure, list(flat))

    def _disable(self, reason, rows):
        with self._lock:
            self._enabled = False
            self.fallback_reason = reason
        return self.map_rows(rows())


class MappedSource:
    """A plan source whose elements are `map_func` of another source's elements.

    `row(i)` maps one element (exactly the generic path's call); `gather(indices)` maps a whole
    batch through `MapVectorizer`.
    """

    def __init__(self, source, vectorizer, apply):
        self.source = source
        self.length = source.length
        self._vectorizer = vectorizer
        self._apply = apply

    def row(self, index):
        return self._apply(self.source.row(index))

    def gather(self, indices):
        rows = lambda: [self.source.row(i) for i in indices.tolist()]  # noqa: E731
        if not self._vectorizer.vectorized:
            return self._vectorizer.map_rows(rows())
        return self._vectorizer.map_batch(self.source.gather(indices), rows)


def is_mapped(source):
    """Whether a plan source runs a user function (its elements are not replayable by index)."""
    return isinstance(source, MappedSource)

