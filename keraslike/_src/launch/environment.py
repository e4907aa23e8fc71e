"""Who is who in a multi-process run: the ONLY module that reads launcher variables.

Sources, in order: keraslike's own launcher (a `python train.py` that re-ran
itself), `torchrun` / `accelerate launch` (RANK, WORLD_SIZE, LOCAL_RANK, ...).
`TF_CONFIG` and SLURM are added by the multi-worker strategy work.
"""

import dataclasses
import json
import os
import re

# Set by keraslike's launcher in the replicas it starts.
LAUNCHED_BY_KERASLIKE = "KERASLIKE_LAUNCHED"
FUNCTION_LAUNCH = "function"  # the value of LAUNCHED_BY_KERASLIKE in notebook_launcher's replicas
PARENT_PID = "KERASLIKE_PARENT_PID"
# The chief's program seed and recorded values, for its launched replicas (launch/one_program.py).
PROGRAM_STATE = "KERASLIKE_PROGRAM"


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
        reruns_program: bool, True in a process keraslike's script launcher started by re-running the
            user's whole program (so a one-device strategy made there is one replica, as in the chief);
            False for `notebook_launcher` replicas, which run one function, and for other launchers.
    """

    rank: int
    world_size: int
    local_rank: int
    local_world_size: int
    master_addr: str
    master_port: int
    source: str
    task_type: str = "worker"
    task_id: int = 0
    cluster: dict = None
    reruns_program: bool = False

    @property
    def is_chief(self):
        return self.rank == 0


def _int(name, default=None):
    value = os.environ.get(name)
    return int(value) if value not in (None, "") else default


def detect(cluster=False):
    """The environment's cluster description, or None for a plain single process.

    Args:
        cluster: also read multi-worker descriptions (`TF_CONFIG`, SLURM), as
            `MultiWorkerMirroredStrategy` does; `MirroredStrategy` reads only
            launcher variables (RANK/WORLD_SIZE from torchrun, accelerate or keraslike).
    """
    found = _from_launcher()
    if found is None and cluster:
        found = from_tf_config() or from_slurm()
    return found


def _from_launcher():
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
        task_type="worker",
        task_id=rank,
        reruns_program=source == "keraslike" and os.environ.get(LAUNCHED_BY_KERASLIKE) != FUNCTION_LAUNCH,
    )


_TF_TASK_ORDER = ("chief", "worker")


def from_tf_config():
    """Read TF's `TF_CONFIG` JSON: `{"cluster": {"chief": [...], "worker": ["host:port", ...]},
    "task": {"type": "worker", "index": 1}}`. Chief first, then workers, give the ranks; the first
    task's `host:port` hosts the rendezvous.

    Raises:
        ValueError: malformed JSON, or a task not listed in the cluster.
    """
    raw = os.environ.get("TF_CONFIG")
    if not raw:
        return None
    try:
        config = json.loads(raw)
        cluster = config["cluster"]
        task = config.get("task", {})
    except (ValueError, KeyError, TypeError) as err:
        raise ValueError(f"Expected TF_CONFIG to be JSON with 'cluster' and 'task' keys ({err}). "
                         f"Received: TF_CONFIG={raw!r}") from None
    order = [(t, i, addr) for t in _TF_TASK_ORDER for i, addr in enumerate(cluster.get(t, []))]
    if not order:
        return None
    task_type, task_index = task.get("type", "worker"), int(task.get("index", 0))
    keys = [(t, i) for t, i, _ in order]
    if (task_type, task_index) not in keys:
        raise ValueError(f"TF_CONFIG task {task_type}:{task_index} is not in the cluster {cluster}. "
                         f"Received: TF_CONFIG={raw!r}")
    rank = keys.index((task_type, task_index))
    hosts = [addr.rsplit(":", 1)[0] for _, _, addr in order]
    host, port = order[0][2].rsplit(":", 1)
    return ClusterEnvironment(
        rank=rank, world_size=len(order), local_rank=hosts[:rank].count(hosts[rank]),
        local_world_size=hosts.count(hosts[rank]), master_addr=host, master_port=int(port),
        source="tf_config", task_type=task_type, task_id=task_index,
        cluster={t: list(cluster.get(t, [])) for t in cluster},
    )


def from_slurm():
    """SLURM's `SLURM_PROCID`/`SLURM_NTASKS`/`SLURM_LOCALID`/`SLURM_JOB_NODELIST` (first node hosts)."""
    ntasks, procid = _int("SLURM_NTASKS"), _int("SLURM_PROCID")
    if not ntasks or procid is None or ntasks < 2:
        return None
    nodelist = os.environ.get("SLURM_STEP_NODELIST") or os.environ.get("SLURM_JOB_NODELIST") or "127.0.0.1"
    per_node = os.environ.get("SLURM_STEP_TASKS_PER_NODE") or os.environ.get("SLURM_NTASKS_PER_NODE") or str(ntasks)
    local_world = int(re.match(r"\d+", per_node).group(0))
    job = _int("SLURM_JOB_ID", 0)
    return ClusterEnvironment(
        rank=procid, world_size=ntasks, local_rank=_int("SLURM_LOCALID", 0), local_world_size=local_world,
        master_addr=os.environ.get("MASTER_ADDR") or first_host(nodelist),
        master_port=_int("MASTER_PORT", 20000 + job % 10000), source="slurm", task_type="worker", task_id=procid,
    )


def first_host(nodelist):
    """First host of a SLURM node list: `node[03-05,9],gpu1` -> `node03`."""
    head = re.match(r"([^,\[]+)(\[([^\]]+)\])?", nodelist.strip())
    if head is None:
        raise ValueError(f"Expected a SLURM node list such as 'node[01-04]'. Received: {nodelist!r}")
    prefix, _, ranges = head.groups()
    if not ranges:
        return prefix
    return prefix + re.split(r"[-,]", ranges)[0]


def uses_agent_store():
    """True under torchrun's elastic agent, which hosts the rendezvous store itself."""
    return os.environ.get("TORCHELASTIC_USE_AGENT_STORE", "").lower() in ("1", "true")


def replica_timeouts(timeout_seconds=None):
    """(replica timeout, first-collective allowance) in seconds, for `launch/hang_watch.py`.

    Args:
        timeout_seconds: a value from the code (`CommunicationOptions(timeout_seconds=...)`); it wins
            over `KERASLIKE_REPLICA_TIMEOUT` (default 300 s).

    Raises:
        ValueError: a setting that is not a positive number.
    """
    def positive(name, raw):
        try:
            value = float(raw)
        except (TypeError, ValueError):
            value = -1.0
        if not value > 0:
            raise ValueError(f"Expected {name} to be a positive number of seconds. Received: {name}={raw!r}")
        return value

    if timeout_seconds is not None:
        timeout = positive("timeout_seconds", timeout_seconds)
    else:
        timeout = positive("KERASLIKE_REPLICA_TIMEOUT", os.environ.get("KERASLIKE_REPLICA_TIMEOUT") or 300)
    first = positive("KERASLIKE_FIRST_COLLECTIVE_TIMEOUT", os.environ.get("KERASLIKE_FIRST_COLLECTIVE_TIMEOUT") or 600)
    return timeout, max(first, timeout)


def one_program_enabled():
    """False when the user turned the one-program agreement off (`KERASLIKE_ONE_PROGRAM=0`)."""
    return os.environ.get("KERASLIKE_ONE_PROGRAM", "1").lower() not in ("0", "false", "no", "off")


def program_state():
    """The chief's program state (JSON) in a replica keraslike's launcher started, else None."""
    if not os.environ.get(LAUNCHED_BY_KERASLIKE):
        return None
    return os.environ.get(PROGRAM_STATE) or None


def keras_distribution_settings():
    """`(job_addresses, num_processes, process_id)` from Keras's `KERAS_DISTRIBUTION_*` variables (None where unset),
    which `keras.distribution.initialize()` reads when called without arguments."""
    return (os.environ.get("KERAS_DISTRIBUTION_JOB_ADDRESSES") or None, _int("KERAS_DISTRIBUTION_NUM_PROCESSES"),
            _int("KERAS_DISTRIBUTION_PROCESS_ID"))


def job_env(rank, world_size, master_addr, master_port, local_rank, local_world_size):
    """The launcher variables making this process `rank` of a job of `world_size` (`keras.distribution.initialize`)."""
    return {"RANK": str(rank), "WORLD_SIZE": str(world_size), "LOCAL_RANK": str(local_rank),
            "LOCAL_WORLD_SIZE": str(local_world_size), "MASTER_ADDR": master_addr, "MASTER_PORT": str(master_port)}


MAX_RESTARTS = "KERASLIKE_MAX_RESTARTS"
RESTART_COUNT = "KERASLIKE_RESTART_COUNT"


def max_restarts():
    """`KERASLIKE_MAX_RESTARTS`: how many times keraslike's launcher restarts a failed group (default 0).

    Raises:
        ValueError: if the variable is set to anything but a non-negative integer.
    """
    raw = os.environ.get(MAX_RESTARTS, "").strip()
    if not raw:
        return 0
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if value < 0:
        raise ValueError(f"{MAX_RESTARTS} must be a non-negative integer (like torchrun's --max-restarts). "
                         f"Received: {MAX_RESTARTS}={raw!r}")
    return value


def torchrun_restart_count():
    """How many times torchrun (`--max-restarts`) restarted this group: `TORCHELASTIC_RESTART_COUNT`, or 0."""
    return _int("TORCHELASTIC_RESTART_COUNT", 0) or 0


def parent_pid():
    """PID of the keraslike launcher process that started this replica, or None."""
    return _int(PARENT_PID)


def replica_env(rank, world_size, master_port, threads, parent_pid_value, function=False):
    """Environment variables a keraslike-launched replica gets (merged over os.environ).

    `function=True` marks replicas of `notebook_launcher`, which run one function instead of the program.
    """
    return {
        "RANK": str(rank),
        "WORLD_SIZE": str(world_size),
        "LOCAL_RANK": str(rank),
        "LOCAL_WORLD_SIZE": str(world_size),
        "MASTER_ADDR": "127.0.0.1",
        "MASTER_PORT": str(master_port),
        "OMP_NUM_THREADS": str(threads),
        LAUNCHED_BY_KERASLIKE: FUNCTION_LAUNCH if function else "1",
        PARENT_PID: str(parent_pid_value),
    }


def set_default_env(values):
    """Export each of `values` that the user has not set already."""
    for key, value in values.items():
        os.environ.setdefault(key, value)


def set_process_env(values):
    """Export `values` into this process's environment (the chief joins like a torchrun worker)."""
    os.environ.update(values)
