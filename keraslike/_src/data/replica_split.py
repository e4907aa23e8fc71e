"""Split a pipeline's per-element work across replicas (DESIGN §7: done once, not N times).

Under N replicas every replica walks the same global batches and keeps its rows
(`[r * ceil(b / N), ...)` of a batch of `b`). For a pipeline that ends in
`... .map(f1).map(f2).batch(B)` (optionally followed by `prefetch`/`with_options`), the maps are
one-to-one, so which elements form each global batch is known before any map runs: every replica
reads the cheap input stream (sources, shuffles, repeats: the same on all replicas), groups it into
batches of `B`, and applies the maps only to its own rows. The batches are the same as before (same
global batch, same rows per replica); each map call happens once across the job instead of N times.
An in-memory pipeline (`from_tensor_slices`/`range` with maps, shuffles, repeats, ... before `batch`,
see `vectorized_map.py`) runs its maps when a batch is gathered: there every replica gathers and maps
only its indices of each batch key, wherever the maps sit before the `batch`.

Elsewhere (generator sources, a `filter` anywhere, ...) what cannot be split, and so still runs on
every replica: work before a `filter`, `cache`, `shuffle`,
`take`/`skip`/`shard`/`repeat`, `flat_map`/`interleave`, `zip`/`concatenate` or `unbatch` that sits
between the maps and the `batch` (which elements make a batch depends on all of them), a `map` placed
after `batch` (it sees whole batches), `padded_batch`, and pipelines from generators whose own Python
code does the work. The fast in-memory path (`from_tensor_slices` without maps) gathers each batch with
one `index_select` and is not split.
"""

import itertools

from keraslike._src.data import dataset as dataset_module
from keraslike._src.data import structure as nest
from keraslike._src.data.batching import BatchDataset
from keraslike._src.data.functional import MapDataset
from keraslike._src.data.stream_ops import PassThroughDataset
from keraslike._src.data.vectorized_map import is_mapped


def _unwrap(dataset):
    while type(dataset) is PassThroughDataset:
        dataset = dataset._input
    return dataset


def _split_point(dataset):
    """(batch dataset, maps from the input outwards, the maps' input) or None when not splittable."""
    batch = _unwrap(dataset)
    if type(batch) is not BatchDataset:
        return None
    maps = []
    node = _unwrap(batch._input)
    while type(node) is MapDataset:
        maps.append(node)
        node = _unwrap(node._input)
    if not maps:
        return None
    return batch, maps[::-1], node


def _mapped_plan(dataset):
    """The batched index plan of an in-memory pipeline whose batches run a map, or None."""
    plan = dataset._plan() if dataset_module.FAST_PATH_ENABLED else None
    return plan if plan is not None and plan.batched and is_mapped(plan.source) else None


def can_split(dataset):
    """Whether `dataset`'s per-element work can be split across replicas (see the module docstring)."""
    return _mapped_plan(dataset) is not None or _split_point(dataset) is not None


def replica_batches(dataset, replica_rows):
    """This replica's rows of every global batch of `dataset`, computing only those rows' maps.

    Args:
        dataset: a dataset for which `can_split(dataset)` is True.
        replica_rows: `fn(global_size) -> (start, stop)`, the rows this replica takes (a strategy's).

    Returns:
        An iterator of `(local_element, global_size)`; `local_element` has `stop - start` rows (possibly 0).
    """
    plan = _mapped_plan(dataset)
    if plan is not None:
        return _plan_batches(plan, replica_rows)
    return _element_batches(dataset, replica_rows)


def _plan_batches(plan, replica_rows):
    """In-memory path: gather (and map, vectorized when safe) only this replica's indices of each batch key."""
    empty = None
    for key in plan.epoch():
        lo, hi = replica_rows(len(key))
        if hi > lo:
            yield plan.source.gather(key[lo:hi]), len(key)
            continue
        if empty is None:  # fewer rows than replicas: an empty batch of the right structure
            one = plan.source.gather(key[:1])
            empty = nest.pack_as(one, [leaf[:0] for leaf in nest.flatten(one)])
        yield empty, len(key)


def _element_batches(dataset, replica_rows):
    batch, maps, source = _split_point(dataset)
    size, drop = batch._batch_size, batch._drop_remainder
    structure = batch._input.element_spec  # traces the maps once, as the unsplit batch does
    elements = source._elements()
    empty = None
    while True:
        group = list(itertools.islice(elements, size))
        if not group or (drop and len(group) < size):
            return
        lo, hi = replica_rows(len(group))
        mine = [_apply_maps(maps, e) for e in group[lo:hi]]
        if mine:
            columns = zip(*(nest.flatten(e) for e in mine))
            yield nest.pack_as(structure, [nest.stack(list(column)) for column in columns]), len(group)
        else:  # fewer rows than replicas: an empty batch of the right structure (one map call per pass)
            if empty is None:
                template = nest.flatten(_apply_maps(maps, group[0]))
                empty = nest.pack_as(structure, [nest.stack([leaf])[:0] for leaf in template])
            yield empty, len(group)


def _apply_maps(maps, element):
    for step in maps:
        element = step._apply(element)
    return element
