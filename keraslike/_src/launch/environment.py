"""Who is who in a multi-process run: the ONLY module that reads launcher variables.

Sources, in order: keraslike's own launcher (a `python train.py` that re-ran
itself), `torchrun` / `accelerate launch` (RANK, WORLD_SIZE, LOCAL_RANK, ...).
`TF_CONFIG` and SLURM are added by the multi-worker strategy work.
"""

import dataclasses
import os

# Set by keraslike's launcher in the replicas it starts.
LAUNCHED_BY_KERASLIKE = "KERASLIKE_LAUNCHED"
PARENT_PID = "KERASLIKE_PARENT_PID"


@dataclasses.dataclass(frozen=True)
class ClusterEnvironment:
    """Position of this process in the job.

    Attributes:
        rank: int, global replica index (0 is the chief).
        world_size: int, number of replica processes.
        local_rank: int, index on this machine (selects the GPU).
        local_world_size: int, replicas on this machine (splits the CPU cores).
        master_addr: str, rendezvous host.
        master_port: int, rendezvous port.
        source: str, "keraslike", "torchrun" or another launcher name.
    """

    rank: int
    world_size: int
    local_rank: int
    local_world_size: int
    master_addr: str
    master_port: int
    source: str

    @property
    def is_chief(self):
        return self.rank == 0


def _int(name, default=None):
    value = os.environ.get(name)
    return int(value) if value not in (None, "") else default


def detect():
    """The environment's cluster description, or None for a plain single process."""
    world_size = _int("WORLD_SIZE")
    rank = _int("RANK")
    if world_size is None or rank is None:
        return None
    local_rank = _int("LOCAL_RANK", rank)
    local_world_size = _int("LOCAL_WORLD_SIZE", world_size)
    if os.environ.get(LAUNCHED_BY_KERASLIKE):
        source = "keraslike"
    elif os.environ.get("ACCELERATE_MIXED_PRECISION") is not None or os.environ.get("ACCELERATE_DYNAMO_BACKEND"):
        source = "accelerate"
    elif os.environ.get("TORCHELASTIC_RUN_ID") is not None:
        source = "torchrun"
    else:
        source = "env"
    return ClusterEnvironment(
        rank=rank,
        world_size=world_size,
        local_rank=local_rank,
        local_world_size=local_world_size,
        master_addr=os.environ.get("MASTER_ADDR", "127.0.0.1"),
        master_port=_int("MASTER_PORT", 29500),
        source=source,
    )


def parent_pid():
    """PID of the keraslike launcher process that started this replica, or None."""
    return _int(PARENT_PID)


def replica_env(rank, world_size, master_port, threads, parent_pid_value):
    """Environment variables a keraslike-launched replica gets (merged over os.environ)."""
    return {
        "RANK": str(rank),
        "WORLD_SIZE": str(world_size),
        "LOCAL_RANK": str(rank),
        "LOCAL_WORLD_SIZE": str(world_size),
        "MASTER_ADDR": "127.0.0.1",
        "MASTER_PORT": str(master_port),
        "OMP_NUM_THREADS": str(threads),
        LAUNCHED_BY_KERASLIKE: "1",
        PARENT_PID: str(parent_pid_value),
    }


def set_process_env(values):
    """Export `values` into this process's environment (the chief joins like a torchrun worker)."""
    os.environ.update(values)
