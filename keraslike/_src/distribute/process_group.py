"""The process group's lifecycle: joining the job's `torch.distributed` group once, and leaving it at exit.

The collectives strategies run over the group are in `collectives.py`; the rule by which a global batch is split
between replicas is in `batch_split.py`.
"""

import atexit
import datetime
import gc
import sys
import weakref

import torch
import torch.distributed as dist

from keraslike._src.distribute import collectives
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
        agreed = torch.tensor([seed], dtype=torch.int64, device=collectives.comm_device())
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
