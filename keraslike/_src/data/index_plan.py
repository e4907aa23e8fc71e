"""The in-memory fast path: datasets over whole tensors described as index streams.

A dataset built from `from_tensor_slices` (or `range`) and any of shuffle / repeat /
take / skip / shard / cache / prefetch / batch / unbatch / with_options keeps the
source tensors whole and only transforms a stream of row indices. Each element (or
batch) is then materialized with ONE `index_select` per component, never by
collating single rows. This is DESIGN.md's "batches are gathered by index" rule.

An `IndexPlan` has a source and an `epoch()` factory producing one pass:
  * unbatched plan: an iterator of 1-D int64 index CHUNKS (any sizes); each index
    is one element;
  * batched plan: an iterator of 1-D int64 KEYS; each key is one batch.
Reordering transformations work on keys exactly as on elements (same code), and on
chunks with vectorized equivalents, so results equal the generic element path.
"""

import itertools

import torch

from keraslike._src.data import structure as nest
from keraslike._src.ops.string_tensor import StringTensor, as_string_array
from keraslike._src.ragged.ragged_tensor import RaggedTensor

_CHUNK = 4096


class SliceSource:
    """Whole in-memory components sliced along their first dimension.

    Args:
        element_structure: the element structure (leaves are placeholders).
        components: flat list of converted leaves (tensors or numpy string arrays),
            all with the same first dimension.
    """

    def __init__(self, element_structure, components):
        self.structure = element_structure
        self.components = components
        self.length = nest.num_rows(components[0]) if components else 0

    def row(self, index):
        """One element: row `index` of every component."""
        return nest.pack_as(self.structure, [nest.row(c, index) for c in self.components])

    def gather(self, indices):
        """One batch: rows `indices` (1-D int64) of every component, one gather each."""
        return nest.pack_as(self.structure, [_gather(c, indices) for c in self.components])


def _gather(component, indices):
    if isinstance(component, torch.Tensor):
        return component.index_select(0, indices.to(component.device))
    if isinstance(component, RaggedTensor):
        return component.gather_rows(indices.numpy())
    if not isinstance(component, StringTensor):  # a SparseTensor: its rows, batched as sparse
        return nest.stack([nest.row(component, int(i)) for i in indices.tolist()])
    return StringTensor.from_bytes_array(as_string_array(component)[indices.numpy()])


class RangeSource:
    """The arithmetic progression of `Dataset.range`, gathered without materializing it."""

    def __init__(self, start, step, length, dtype):
        self.start, self.step, self.length, self.dtype = start, step, length, dtype

    def row(self, index):
        return torch.tensor(self.start + index * self.step, dtype=self.dtype)

    def gather(self, indices):
        return (indices * self.step + self.start).to(self.dtype)


class IndexPlan:
    """One source plus a factory of index passes (see module docstring)."""

    def __init__(self, source, epoch, batched=False):
        self.source = source
        self.epoch = epoch
        self.batched = batched

    def derive(self, epoch, batched=None):
        """Same source, new pass factory."""
        return IndexPlan(self.source, epoch, self.batched if batched is None else batched)

    def with_source(self, source):
        """Same passes over another source of the same length (e.g. a mapped one)."""
        return IndexPlan(source, self.epoch, self.batched)

    def elements(self):
        """Iterates the dataset's elements for one pass."""
        if self.batched:
            for key in self.epoch():
                yield self.source.gather(key)
        else:
            for chunk in self.epoch():
                for index in chunk.tolist():
                    yield self.source.row(index)


# ------------------------------------------------------------------ chunk-stream ops
def source_chunks(length):
    """All rows `0..length-1` as int64 chunks."""
    for start in range(0, length, _CHUNK):
        yield torch.arange(start, min(start + _CHUNK, length), dtype=torch.int64)


def iter_indices(chunks):
    """Flattens chunks into Python ints."""
    return itertools.chain.from_iterable(chunk.tolist() for chunk in chunks)


def to_chunks(indices):
    """Groups an iterator of Python ints into int64 chunks."""
    indices = iter(indices)
    while True:
        block = list(itertools.islice(indices, _CHUNK))
        if not block:
            return
        yield torch.tensor(block, dtype=torch.int64)


def take_chunks(chunks, count):
    """First `count` indices (all if `count == -1`)."""
    if count == -1:
        yield from chunks
        return
    remaining = count
    for chunk in chunks:
        if remaining <= 0:
            return
        if len(chunk) >= remaining:
            yield chunk[:remaining]
            return
        remaining -= len(chunk)
        yield chunk


def skip_chunks(chunks, count):
    """All but the first `count` indices (none if `count == -1`)."""
    remaining = count
    for chunk in chunks:
        if remaining == -1:
            continue
        if remaining >= len(chunk):
            remaining -= len(chunk)
            continue
        yield chunk[remaining:]
        remaining = 0


def shard_chunks(chunks, num_shards, index):
    """Indices at global positions `index, index + num_shards, ...`."""
    position = 0
    for chunk in chunks:
        start = (index - position) % num_shards
        position += len(chunk)
        selected = chunk[start::num_shards]
        if len(selected):
            yield selected


def batch_chunks(chunks, batch_size, drop_remainder):
    """Regroups index chunks into batch keys of `batch_size` indices."""
    pending, count = [], 0
    for chunk in chunks:
        pending.append(chunk)
        count += len(chunk)
        if count < batch_size:
            continue
        merged = torch.cat(pending)
        full = (count // batch_size) * batch_size
        yield from merged[:full].split(batch_size)
        pending, count = [merged[full:]], count - full
    if count and not drop_remainder:
        yield torch.cat(pending)
