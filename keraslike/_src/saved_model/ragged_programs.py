"""RaggedTensors in and out of a SavedModel's torch.export programs, as their component tensors.

torch.export programs take and return plain tensors. A function with `tf.RaggedTensorSpec` inputs is captured
as a function of each ragged input's components (`<name>/flat_values`, then `<name>/row_splits_<level>` per
ragged level, TF's encoding of a RaggedTensor); it rebuilds the RaggedTensors, calls the function, and returns
its result's tensors flat (a RaggedTensor as its flat values and row splits). The result's layout is recorded
(`output_layout`), and a loaded program rebuilds RaggedTensors from it.

The captured computation is what the function does with the components; the row count stays a free size (a
per-row reduction serves any number of rows: the export reasons size-obliviously, so 0 and 1 rows are not
excluded). Ops whose output sizes depend on the row splits' values (`to_tensor`'s width) cannot be captured by
torch.export; such a function is saved without a program (the reason is kept; it runs where its class is
importable).
"""

import torch

from keraslike._src.ops.tensor_spec import TensorSpec
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.ragged.ragged_tensor_spec import RaggedTensorSpec


def is_ragged(spec):
    return isinstance(spec, RaggedTensorSpec) and spec.ragged_rank > 0


def component_specs(specs):
    """The dense specs of `specs`' components: a ragged spec's flat values and row splits, a dense spec itself."""
    out = []
    for spec in specs:
        if not is_ragged(spec):
            out.append(spec)
            continue
        dims = spec.shape.as_list()
        out.append(TensorSpec([None] + dims[spec.ragged_rank + 1:], spec.dtype, name=f"{spec.name}/flat_values"))
        out.extend(TensorSpec([None], spec.row_splits_dtype, name=f"{spec.name}/row_splits_{i}")
                   for i in range(spec.ragged_rank))
    return out


def examples(specs, sizes):
    """Example components for `specs`: valid row splits (uniform rows of 2) over flat values of matching size;
    `sizes` gives distinct row counts (so torch.export keeps each dimension free)."""
    out, n = [], 0
    for spec in specs:
        if not is_ragged(spec):
            return None
        rows = sizes[n % len(sizes)]
        n += 1
        dims = spec.shape.as_list()
        inner = [2 if d is None else d for d in dims[spec.ragged_rank + 1:]]
        count = rows
        splits = []
        for _ in range(spec.ragged_rank):
            splits.append(torch.arange(count + 1, dtype=spec.row_splits_dtype) * 2)
            count *= 2
        out.append(torch.ones([count] + inner, dtype=spec.dtype))
        out.extend(splits)
    return tuple(out)


def join(specs, components):
    """The arguments for `specs` from their flat components (RaggedTensors rebuilt, unvalidated)."""
    args, i = [], 0
    for spec in specs:
        if is_ragged(spec):
            flat, splits = components[i], components[i + 1:i + 1 + spec.ragged_rank]
            args.append(RaggedTensor.from_nested_row_splits(flat, list(splits), validate=False))
            i += 1 + spec.ragged_rank
        else:
            args.append(components[i])
            i += 1
    return args


def split(specs, values):
    """The flat components of call arguments for `specs` (None when a ragged argument does not fit its spec)."""
    out = []
    for spec, value in zip(specs, values):
        if not is_ragged(spec):
            out.append(value)
            continue
        if not isinstance(value, RaggedTensor) or not spec.is_compatible_with(value):
            return None
        out.append(value.flat_values)
        out.extend(s.to(spec.row_splits_dtype) for s in value.nested_row_splits)
    return out


def flat_function(function, specs, layout):
    """`function` over components: returns its result's tensors flat, recording the layout in `layout`."""

    def call(*components):
        result = function(*join(specs, components))
        flat, layout["value"] = _flatten(result)
        return flat

    return call


def _flatten(result):
    if isinstance(result, RaggedTensor):
        return [result.flat_values, *result.nested_row_splits], {"kind": "ragged", "ragged_rank": result.ragged_rank}
    if isinstance(result, dict):
        flat, items = [], []
        for key in sorted(result):
            part, item = _flatten(result[key])
            flat += part
            items.append([key, item])
        return flat, {"kind": "dict", "items": items}
    if isinstance(result, (list, tuple)):
        flat, items = [], []
        for value in result:
            part, item = _flatten(value)
            flat += part
            items.append(item)
        return flat, {"kind": type(result).__name__, "items": items}
    return [result], {"kind": "tensor"}


def unflatten(layout, flat):
    """A program's flat outputs as the structure `layout` records (RaggedTensors rebuilt)."""
    values = iter(flat)
    return _build(layout, values)


def _build(layout, values):
    kind = layout["kind"]
    if kind == "ragged":
        flat = next(values)
        splits = [next(values) for _ in range(layout["ragged_rank"])]
        return RaggedTensor.from_nested_row_splits(flat, splits, validate=False)
    if kind == "dict":
        return {key: _build(item, values) for key, item in layout["items"]}
    if kind in ("list", "tuple"):
        out = [_build(item, values) for item in layout["items"]]
        return out if kind == "list" else tuple(out)
    return next(values)
