"""The collectives strategies use (torch.distributed), over the group `process_group.py` sets up.

A single-replica world turns every collective into an identity, so callers
never branch on the strategy (Lightning Fabric's convention).
"""

import torch
import torch.distributed as dist

from keraslike._src.launch import hang_watch


def world_size():
    return dist.get_world_size() if dist.is_initialized() else 1


def comm_device():
    """Where collective buffers must live: the current GPU for NCCL, the CPU for gloo."""
    if dist.get_backend() == "nccl":
        return torch.device("cuda", torch.cuda.current_device())
    return torch.device("cpu")


def _in_place(fn, tensor):
    """Run collective `fn` on `tensor`, staging through the comm device when it lives elsewhere."""
    device = comm_device()
    with hang_watch.waiting():
        if tensor.device == device:
            fn(tensor)
            return tensor
        staged = tensor.to(device)
        fn(staged)
    tensor.copy_(staged)
    return tensor


def all_reduce(tensor, op="sum"):
    """In-place all-reduce of `tensor` across replicas; returns it. op: "sum", "max" or "min"."""
    if world_size() > 1:
        red = {"sum": dist.ReduceOp.SUM, "max": dist.ReduceOp.MAX, "min": dist.ReduceOp.MIN}[op]
        _in_place(lambda t: dist.all_reduce(t, op=red), tensor)
    return tensor


def _coalesced(tensors, collective):
    """Run `collective(flat)` once per dtype/device over the flattened `tensors`, then copy the results back."""
    tensors = [t for t in tensors if t is not None]
    if world_size() <= 1 or not tensors:
        return
    groups = {}
    for t in tensors:
        groups.setdefault((t.dtype, t.device), []).append(t)
    for group in groups.values():
        flat = torch.cat([t.detach().reshape(-1) for t in group])
        collective(flat)
        offset = 0
        with torch.no_grad():
            for t in group:
                n = t.numel()
                t.copy_(flat[offset:offset + n].view_as(t))
                offset += n


def all_reduce_tensors(tensors):
    """In-place SUM of several tensors across replicas, one collective per dtype/device (coalesced)."""
    _coalesced(tensors, all_reduce)


def barrier():
    """Wait until every replica reaches this point (a one-element all-reduce: gloo and NCCL alike)."""
    if world_size() > 1:
        all_reduce(torch.zeros(1, device=comm_device()))


def broadcast(tensor, src=0):
    """In-place broadcast from replica `src`; returns `tensor`."""
    if world_size() > 1:
        _in_place(lambda t: dist.broadcast(t, src=src), tensor)
    return tensor


def broadcast_tensors(tensors, src=0):
    """Broadcast several tensors with one collective per dtype/device (coalesced)."""
    _coalesced(tensors, lambda flat: broadcast(flat, src=src))


def all_gather_ints(value):
    """Every replica's python int `value`, in rank order."""
    n = world_size()
    if n <= 1:
        return [int(value)]
    device = comm_device()
    mine = torch.tensor([int(value)], dtype=torch.int64, device=device)
    out = [torch.zeros_like(mine) for _ in range(n)]
    with hang_watch.waiting():
        dist.all_gather(out, mine)
    return [int(t) for t in out]


def all_gather_rows(local, sizes):
    """Gather row blocks of unequal length from every replica, in rank order.

    Args:
        local: tensor `(sizes[rank], ...)` on this replica.
        sizes: list of ints, every replica's row count (known to all).

    Returns:
        list of tensors, one per replica, each `(sizes[r], ...)`.
    """
    n = world_size()
    if n <= 1:
        return [local]
    width = max(max(sizes), 1)
    device = comm_device()
    padded = torch.zeros((width, *local.shape[1:]), dtype=local.dtype, device=device)
    padded[: local.shape[0]] = local.to(device)
    out = [torch.empty_like(padded) for _ in range(n)]
    with hang_watch.waiting():
        dist.all_gather(out, padded)
    return [block[:size].to(local.device) for block, size in zip(out, sizes)]
