"""Randomness under N replicas: agreed for the input pipeline, per replica inside steps (DESIGN §4).

Every replica is a process running the same script, and two kinds of randomness must behave
differently:

- **Pipeline and script randomness** (`Dataset.shuffle` without a seed, `fit(shuffle=True)`, a
  `DataLoader(shuffle=True)`, a generator or `PyDataset` that shuffles with `numpy.random` or
  `random`, top-level `tf.random` draws) must be the SAME on every replica, or each replica
  trains on a different sample of the data. `agree_with_chief()` runs once when a multi-replica
  strategy starts: every replica takes the chief's state of Python's `random`, numpy's global
  RNG and torch's default generators (CPU, and this replica's GPU), seeded or not (Lightning
  shares `PL_GLOBAL_SEED` for the same reason). With a seed set they are equal already, so a
  seeded run draws exactly what one device draws.
- **Layer randomness inside a step** (Dropout masks, noise, augmentation layers, `tf.random`
  in a layer's `call`) must DIFFER between replicas, or the replicas' rows get correlated
  masks. `ReplicaRandomness` swaps torch's default generators to a per-replica stream for the
  duration of each step run in replica context (`fit`/`evaluate`/`predict` steps,
  `strategy.run`), and swaps the agreed stream back afterwards. The per-replica stream is
  derived from the agreed stream's state and the replica id, so it is reproducible for a given
  seed and replica count; it is re-derived whenever the agreed stream moved between steps or a
  seed was set (`tf.random.set_seed`, `keras.utils.set_random_seed`).

Not covered here: unseeded `numpy.random.default_rng()` generators and draws made before the
strategy exists (`launch/one_program.py` agrees those), and random ops run on a background thread
while a step runs (they draw from whichever stream is active).
"""

import hashlib
import random

import numpy as np
import torch

from keraslike._src.distribute import collectives, context
from keraslike._src.ops import random as tf_random


def _pack_state(device):
    """Python random, numpy and torch generator states as one uint8 tensor (same size on every replica)."""
    version, words, gauss = random.getstate()
    name, keys, pos, has_gauss, cached = np.random.get_state()
    head = np.array([version, 0 if gauss is None else 1], dtype=np.int64).tobytes()
    parts = [
        head, np.array([0.0 if gauss is None else gauss], dtype=np.float64).tobytes(),
        np.asarray(words, dtype=np.int64).tobytes(),
        np.asarray(keys, dtype=np.uint32).tobytes(), np.array([pos, has_gauss], dtype=np.int64).tobytes(),
        np.array([cached], dtype=np.float64).tobytes(),
        torch.get_rng_state().numpy().tobytes(),
    ]
    if device.type == "cuda":
        parts.append(torch.cuda.get_rng_state(device).numpy().tobytes())
    return torch.frombuffer(bytearray(b"".join(parts)), dtype=torch.uint8)


def _unpack_state(blob, device):
    data = blob.numpy().tobytes()
    offset = 0

    def take(count, dtype):
        nonlocal offset
        size = np.dtype(dtype).itemsize * count
        out = np.frombuffer(data[offset:offset + size], dtype=dtype)
        offset += size
        return out

    version, has_py_gauss = take(2, np.int64)
    py_gauss = float(take(1, np.float64)[0])
    words = tuple(int(w) for w in take(625, np.int64))
    random.setstate((int(version), words, py_gauss if has_py_gauss else None))
    keys = take(624, np.uint32).copy()
    pos, has_gauss = take(2, np.int64)
    cached = float(take(1, np.float64)[0])
    np.random.set_state(("MT19937", keys, int(pos), int(has_gauss), cached))
    cpu_size = torch.get_rng_state().numel()
    torch.set_rng_state(torch.from_numpy(take(cpu_size, np.uint8).copy()))
    if device.type == "cuda":
        cuda_size = torch.cuda.get_rng_state(device).numel()
        torch.cuda.set_rng_state(torch.from_numpy(take(cuda_size, np.uint8).copy()), device)


def agree_with_chief(device):
    """Give this replica the chief's Python/numpy/torch RNG states (one broadcast; identity on one replica).

    Args:
        device: this replica's `torch.device` (its GPU generator is agreed too).
    """
    if collectives.world_size() <= 1:
        return
    blob = _pack_state(device)
    collectives.broadcast(blob, src=0)
    _unpack_state(blob, device)


def _derive(state_bytes, replica_id):
    digest = hashlib.blake2b(state_bytes + int(replica_id).to_bytes(8, "little"), digest_size=8).digest()
    return int.from_bytes(digest, "little") & ((1 << 63) - 1)


class ReplicaRandomness:
    """Swaps torch's default generators to this replica's own stream around each replica step.

    Args:
        replica_id: this replica's index.
        num_replicas: replicas in sync; with one replica entering and leaving do nothing.
        device: this replica's `torch.device` (a GPU's generator is swapped too).
    """

    def __init__(self, replica_id, num_replicas, device):
        self._replica_id = int(replica_id)
        self._active = num_replicas > 1
        self._cuda = device if device.type == "cuda" else None
        self._depth = 0
        self._agreed = None  # agreed stream's state saved on entry
        self._agreed_at_exit = None  # agreed stream's state we restored on the last exit
        self._own = None  # this replica's stream state (cpu, cuda)
        self._reseeds = None  # `tf.random.set_seed` count when the own stream was derived

    def __enter__(self):
        if not self._active:
            return self
        self._depth += 1
        if self._depth > 1:
            return self
        agreed = (torch.get_rng_state(), torch.cuda.get_rng_state(self._cuda) if self._cuda is not None else None)
        reseeds = tf_random.reseed_count()
        if self._own is None or reseeds != self._reseeds or not _same(agreed, self._agreed_at_exit):
            self._own, self._reseeds = self._derive_own(agreed), reseeds
        self._agreed = agreed
        torch.set_rng_state(self._own[0])
        if self._cuda is not None:
            torch.cuda.set_rng_state(self._own[1], self._cuda)
        return self

    def __exit__(self, *exc):
        if not self._active:
            return False
        self._depth -= 1
        if self._depth:
            return False
        self._own = (torch.get_rng_state(), torch.cuda.get_rng_state(self._cuda) if self._cuda is not None else None)
        torch.set_rng_state(self._agreed[0])
        if self._cuda is not None:
            torch.cuda.set_rng_state(self._agreed[1], self._cuda)
        self._agreed_at_exit, self._agreed = self._agreed, None
        return False

    def stream_state(self):
        """`(own, agreed at exit)` CPU states of this replica's in-step stream (a backup's), or None before the
        first step."""
        if self._own is None:
            return None
        agreed = self._agreed_at_exit[0] if self._agreed_at_exit is not None else torch.zeros_like(self._own[0])
        return self._own[0], agreed

    def set_stream_state(self, state):
        """Resume from a `stream_state()` (None: derive the stream afresh at the next step)."""
        if state is None:
            self._own = self._agreed_at_exit = None
            return
        own, agreed = state
        self._own, self._agreed_at_exit = (own, None), (agreed, None)
        self._reseeds = tf_random.reseed_count()

    def _derive_own(self, agreed):
        cpu, cuda = agreed
        raw = cpu.numpy().tobytes() + (b"" if cuda is None else cuda.numpy().tobytes())
        seed = _derive(raw, self._replica_id)
        own_cpu = torch.Generator().manual_seed(seed).get_state()
        own_cuda = None
        if self._cuda is not None:
            own_cuda = torch.Generator(device=self._cuda).manual_seed(seed ^ 0x5DEECE66D).get_state()
        return own_cpu, own_cuda


def _same(a, b):
    if b is None:
        return False
    return all((x is None and y is None) or (x is not None and y is not None and torch.equal(x, y))
               for x, y in zip(a, b))


def seed_for_replica(seed, replica_id):
    """A layer's own `seed=` on replica `replica_id`: unchanged on replica 0, mixed with the id elsewhere."""
    if not replica_id:
        return int(seed)
    return _derive(int(seed).to_bytes(8, "little", signed=True), replica_id)


def seed_in_replica_context(seed):
    """A layer's own seed as this replica uses it: `seed` on replica 0 and one device, mixed with the
    replica id on replica r > 0 of a multi-replica step, so masks differ between replicas and are
    reproducible for a seed and replica count."""
    ctx = context.current_replica_context()
    replica_id = int(ctx.replica_id_in_sync_group) if ctx is not None and ctx.num_replicas_in_sync > 1 else 0
    return seed_for_replica(seed, replica_id)


def layer_generator(seed, device):
    """The generator of a layer built with `seed=` (see `seed_in_replica_context`)."""
    return torch.Generator(device=device).manual_seed(seed_in_replica_context(seed))
