"""Process-group setup and the collectives strategies use (torch.distributed).

A single-replica world turns every collective into an identity, so callers
never branch on the strategy (Lightning Fabric's convention).
"""

import atexit
import datetime
import gc
import math
import sys
import weakref

import torch
import torch.distributed as dist

from keraslike._src.launch import environment, hang_watch, one_program, rendezvous, subprocess_script

_TIMEOUT = datetime.timedelta(minutes=30)


def ensure_process_group(backend, env, device=None, timeout_seconds=None):
    """Initialise the default process group for `env` once (reused by later strategies).

    Args:
        backend: "gloo" or "nccl".
        env: a `ClusterEnvironment`.
        device: this replica's `torch.device` (NCCL binds the group to it).
        timeout_seconds: replica timeout from the code (`CommunicationOptions`); else the environment's
            (`launch/hang_watch.py`: a replica that holds the others up that long is named and all stop).
    """
    if dist.is_initialized():
        return
    timeout_s, first_s = environment.replica_timeouts(timeout_seconds)
    timeout = datetime.timedelta(seconds=first_s + 60)  # gloo/NCCL give up after the watch has spoken
    environment.set_process_env({"MASTER_ADDR": env.master_addr, "MASTER_PORT": str(env.master_port)})
    kwargs = {}
    if backend == "nccl":
        kwargs["device_id"] = device if device is not None else torch.device("cuda", env.local_rank)
    restart = environment.torchrun_restart_count()
    if environment.uses_agent_store() and restart:
        # torchrun's agent hosts the store and keeps the keys of the group's earlier starts (gloo's peer
        # addresses of dead processes, which the new group would dial): each start gets its own prefix
        kwargs["store"] = _restart_store(env, timeout, restart)
    elif environment.uses_agent_store():
        kwargs["init_method"] = "env://"  # torchrun's agent hosts the store
    else:
        kwargs["store"] = rendezvous.create_store(env, max(timeout, _TIMEOUT))  # loopback / MASTER_ADDR only
        loopback = rendezvous.loopback_interface() if rendezvous.is_single_machine_loopback(env) else None
        if loopback is not None:  # the backends' own sockets stay on this machine too
            environment.set_default_env({"GLOO_SOCKET_IFNAME": loopback, "NCCL_SOCKET_IFNAME": loopback})
    dist.init_process_group(backend=backend, rank=env.rank, world_size=env.world_size, timeout=timeout, **kwargs)
    atexit.register(_destroy)
    seed = one_program.program_seed()
    if seed is not None:  # the chief's program seed for every replica (unseeded default_rng() streams agree)
        agreed = torch.tensor([seed], dtype=torch.int64, device=_comm_device())
        dist.broadcast(agreed, src=0)
        one_program.agree_seed(int(agreed.item()))
    def connect():
        if environment.uses_agent_store() and restart:
            return _restart_store(env, max(timeout, _TIMEOUT), restart)
        return dist.TCPStore(env.master_addr, env.master_port, env.world_size, False, max(timeout, _TIMEOUT))

    hang_watch.start(env, connect, timeout_s, first_s, subprocess_script.abort_all)
    if env.world_size > 1:  # from now on the chief's clock readings reach the replicas through the store
        one_program.join_group(connect(), env.rank, env.world_size)


def _restart_store(env, timeout, restart):
    """A client of torchrun's agent store, keyed apart from the earlier starts of the group."""
    client = dist.TCPStore(env.master_addr, env.master_port, env.world_size, False, timeout)
    return dist.PrefixStore(f"keraslike/restart_{restart}/", client)


def _destroy():
    """At exit: let every replica arrive, then tear the group down.

    Rank 0 hosts the rendezvous store; tearing down while a peer still talks to it crashes that peer
    ("terminate called without an active exception"). A launcher chief first waits for its replicas; other
    gloo jobs (torchrun, TF_CONFIG) meet at a monitored barrier, skipped when this process is dying of an
    unhandled exception (its peers may be stuck in a collective and must not be waited for).
    """
    hang_watch.finish()
    if not dist.is_initialized():
        return
    try:
        launched = environment.detect()
        if subprocess_script.finish_replicas() or (launched is not None and launched.source == "keraslike"):
            pass  # keraslike's chief (the store host) outlives its replicas: it waits for them
        elif getattr(sys, "last_value", None) is None and dist.get_backend() == "gloo":
            dist.monitored_barrier(timeout=datetime.timedelta(seconds=_EXIT_BARRIER_S), wait_all_ranks=True)
    except Exception:  # noqa: BLE001 - a peer already gone: nothing left to wait for
        pass
    _release_wrapped_modules()
    try:
        dist.destroy_process_group()
    except Exception:  # noqa: BLE001 - best effort at interpreter exit
        pass


_EXIT_BARRIER_S = 120
_WRAPPED = weakref.WeakSet()  # DistributedDataParallel-holding wrappers strategies handed to a trainer


def track_wrapped(wrapper):
    """Remember `wrapper` (it has `release()`) so its DDP object goes before the process group does."""
    _WRAPPED.add(wrapper)


def _release_wrapped_modules():
    # A DDP reducer destroyed during interpreter finalization, after its process group, can abort the
    # process ("terminate called without an active exception"): drop the DDP objects while the group lives.
    for wrapper in list(_WRAPPED):
        wrapper.release()
    gc.collect()


def world_size():
    return dist.get_world_size() if dist.is_initialized() else 1


def _comm_device():
    """Where collective buffers must live: the current GPU for NCCL, the CPU for gloo."""
    if dist.get_backend() == "nccl":
        return torch.device("cuda", torch.cuda.current_device())
    return torch.device("cpu")


def _in_place(fn, tensor):
    """Run collective `fn` on `tensor`, staging through the comm device when it lives elsewhere."""
    device = _comm_device()
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
        all_reduce(torch.zeros(1, device=_comm_device()))


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
    device = _comm_device()
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
    device = _comm_device()
    padded = torch.zeros((width, *local.shape[1:]), dtype=local.dtype, device=device)
    padded[: local.shape[0]] = local.to(device)
    out = [torch.empty_like(padded) for _ in range(n)]
    with hang_watch.waiting():
        dist.all_gather(out, padded)
    return [block[:size].to(local.device) for block, size in zip(out, sizes)]


def split_global_batch(global_size, num_replicas, rank):
    """Rows `[start, stop)` of a global batch that replica `rank` takes.

    TF's rule for `experimental_distribute_dataset` and Keras fit: each replica
    takes `ceil(b / N)` consecutive rows of a batch of `b`, so the last
    replicas may get fewer or none (`range(8).batch(4)` on 3 replicas gives
    [0, 1] / [2, 3] / []).
    """
    chunk = math.ceil(global_size / num_replicas) if global_size else 0
    start = min(rank * chunk, global_size)
    return start, min(start + chunk, global_size)
