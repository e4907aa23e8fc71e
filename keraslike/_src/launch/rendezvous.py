"""The rendezvous store replicas meet at, listening only where the job needs it (DESIGN §5).

torch's `env://` rendezvous makes replica 0 host an unauthenticated `TCPStore` that listens on every
interface (`*:PORT`). keraslike creates that store itself on a socket it bound first:

- a single-machine job (keraslike's launcher, or any `MASTER_ADDR` that is a loopback name such as
  `127.0.0.1` / `localhost` with all replicas on one host) listens on the loopback interface only;
  gloo's and NCCL's own connection sockets are then put on the loopback interface too
  (`GLOO_SOCKET_IFNAME` / `NCCL_SOCKET_IFNAME`, unless the user set them);
- a multi-node job listens on the address `MASTER_ADDR` (or TF_CONFIG's first task, or SLURM's first
  node) resolves to, the one the other nodes dial.

Under `torchrun` the elastic agent already hosts the store (`TORCHELASTIC_USE_AGENT_STORE`); replicas
then connect to it as clients and its listening address is torchrun's (`--master-addr`,
`--rdzv-endpoint`).
"""

import ipaddress
import socket
import warnings

import torch.distributed as dist

_RESERVED = {}  # port -> listening socket bound by the launcher before it started the replicas


def _resolve(host):
    """(family, ip string) of `host`, IPv4 preferred."""
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except socket.gaierror as err:
        raise ValueError(f"Expected MASTER_ADDR to be a host name or IP address this machine can resolve ({err}). "
                         f"Received: MASTER_ADDR={host!r}") from None
    infos.sort(key=lambda info: info[0] != socket.AF_INET)
    family, _, _, _, sockaddr = infos[0]
    return family, sockaddr[0]


def bind_address(env):
    """(family, address) the store of `env` (a `ClusterEnvironment`) listens on.

    A loopback `MASTER_ADDR` in a job whose replicas span several machines cannot be reached from the
    other machines through loopback; the store then listens on every interface, with a warning.
    """
    family, ip = _resolve(env.master_addr)
    if ipaddress.ip_address(ip).is_loopback and env.world_size > env.local_world_size:
        warnings.warn(
            f"MASTER_ADDR={env.master_addr!r} is a loopback address but the job spans several machines "
            f"({env.world_size} replicas, {env.local_world_size} on this one); the rendezvous store listens on "
            "every interface. Set MASTER_ADDR to this machine's address on the network the nodes share.",
            RuntimeWarning, stacklevel=3)
        return family, "::" if family == socket.AF_INET6 else "0.0.0.0"
    return family, ip


def _listen(family, address, port):
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((address, port))
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    return sock


def reserve_loopback_port():
    """Bind and hold a loopback listening socket for a launcher job; returns its port.

    Holding it (rather than finding a free port and closing it) means no other process can take the
    port between starting the replicas and creating the store.
    """
    sock = _listen(socket.AF_INET, "127.0.0.1", 0)
    port = sock.getsockname()[1]
    _RESERVED[port] = sock
    return port


def loopback_interface():
    """Name of the loopback network interface (`lo` on Linux, `lo0` on macOS), or None."""
    try:
        names = [name for _, name in socket.if_nameindex()]
    except (OSError, AttributeError):
        return None
    return next((n for n in names if n in ("lo", "lo0")), None)


def is_single_machine_loopback(env):
    """True when every replica of `env` is on this machine and the store listens on loopback."""
    _, ip = _resolve(env.master_addr)
    return env.world_size <= env.local_world_size and ipaddress.ip_address(ip).is_loopback


def create_store(env, timeout):
    """This replica's `TCPStore` for `env`: replica 0 hosts it on `bind_address(env)`, the others connect.

    Args:
        env: `ClusterEnvironment` (master_addr, master_port, rank, world_size).
        timeout: `datetime.timedelta` for connecting and for store operations.

    Returns:
        `torch.distributed.TCPStore`.
    """
    if env.rank != 0:
        return dist.TCPStore(env.master_addr, env.master_port, env.world_size, False, timeout)
    sock = _RESERVED.pop(env.master_port, None)
    if sock is None:
        family, address = bind_address(env)
        sock = _listen(family, address, env.master_port)
    return dist.TCPStore(env.master_addr, env.master_port, env.world_size, True, timeout,
                         wait_for_workers=False, master_listen_fd=sock.detach())
