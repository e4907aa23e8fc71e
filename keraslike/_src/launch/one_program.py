"""The script is one program (DESIGN §5): what user code draws before the strategy agrees across replicas.

keraslike's launcher re-runs the user's script for replicas 1..N-1, so top-level code runs once per
process. Values that are not deterministic would differ: `tmp = tempfile.mkdtemp()` names another
(empty) directory on replica 1, a `datetime.now()` log directory another second, an unseeded
`np.random.permutation` another order. At `import keraslike`:

- A process that is not a launched replica picks a program seed (from `os.urandom`) and snapshots the
  states of Python's `random`, NumPy's global generator and torch's default generator, without reseeding
  them (a `torch.manual_seed(0)` made before `import keraslike` keeps its effect). It also records what user
  code (the script and modules outside the interpreter's and keraslike's own directories) gets from
  `tempfile.mkdtemp` / `mkstemp` / `NamedTemporaryFile` / `TemporaryDirectory`, `uuid.uuid1` / `uuid4`,
  `time.time` / `time_ns` and unseeded `numpy.random.default_rng()`.
- When `MirroredStrategy` launches the replicas, the seed and the record go to them in the launcher
  environment (`KERASLIKE_PROGRAM`) and recording stops.
- A launched replica restores the chief's generator states and replays the record: its k-th call
  of each kind returns the chief's k-th value (the chief's temp directory and files, which already exist;
  a replica never deletes them), until it joins the strategy.
- Unseeded `np.random.default_rng()` calls from user code get the k-th stream of the program seed (k counts
  the calls since `import keraslike`), before and after the strategy; every launcher's replicas take the
  chief's program seed when the process group starts (`agree_seed`), so these streams agree under
  `torchrun` too. (Python's, NumPy's global and torch's generator states are agreed at strategy start by
  `distribute/replica_random.py`.)

What still diverges (documented in the README): values drawn before `import keraslike`; calls made after the
strategy exists (create paths before it, or derive them from fixed names); unseeded `random.Random()` /
`np.random.RandomState()` instances and `os.urandom`; `datetime.datetime.now()` (a C type that cannot be
patched without breaking `isinstance` and pickling: stamp names with
`datetime.datetime.fromtimestamp(time.time())`, which agrees; only the chief writes TensorBoard and CSV logs
anyway); code that takes another path on the chief. Under `torchrun`,
SLURM or TF_CONFIG the processes are peers started together: seed with `tf.keras.utils.set_random_seed`
and use fixed paths. `KERASLIKE_ONE_PROGRAM=0` turns all of this off.
"""

import base64
import json
import os
import random
import sys
import sysconfig
import tempfile
import time
import uuid

import numpy as np
import torch

from keraslike._src.launch import environment

_MAX_PER_KIND = 500  # the record travels in one environment variable (at most 128 KiB on Linux)
_STATE = {"mode": "off", "seed": None, "generators": None, "record": {}, "replay": {}, "counts": {}}
_LIBRARY_DIRS = None


def _library_dirs():
    global _LIBRARY_DIRS
    if _LIBRARY_DIRS is None:
        paths = sysconfig.get_paths()
        dirs = {paths[k] for k in ("stdlib", "platstdlib", "purelib", "platlib") if paths.get(k)}
        dirs.add(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))  # keraslike/
        _LIBRARY_DIRS = tuple(os.path.join(d, "") for d in dirs)
    return _LIBRARY_DIRS


def _from_user_code(depth=2):
    """Whether the function `depth` frames up was called by user code (not a library or keraslike)."""
    try:
        filename = sys._getframe(depth).f_code.co_filename
    except ValueError:  # called from C with no Python caller
        return False
    return not (filename.startswith("<") or filename.startswith(_library_dirs()))


_MISSING = object()


def _replayed(kind):
    """In a replica: the chief's next value of `kind`, or `_MISSING` when it recorded no more."""
    index = _STATE["counts"].get(kind, 0)
    _STATE["counts"][kind] = index + 1
    values = _STATE["replay"].get(kind, [])
    return values[index] if index < len(values) else _MISSING


def _record(kind, value):
    values = _STATE["record"].setdefault(kind, [])
    if len(values) < _MAX_PER_KIND:
        values.append(value)


def _synced(kind, real, encode=lambda v: v, decode=lambda v, *a, **k: v):
    """Wrap `real` so user calls are recorded (chief) or replayed (launched replica)."""

    def call(*args, **kwargs):
        mode = _STATE["mode"]
        if mode == "off" or not _from_user_code():
            return real(*args, **kwargs)
        if mode == "replay":
            value = _replayed(kind)
            return real(*args, **kwargs) if value is _MISSING else decode(value, *args, **kwargs)
        value = real(*args, **kwargs)
        _record(kind, encode(value))
        return value

    call.__wrapped__ = real
    call.__name__ = getattr(real, "__name__", kind)
    call.__doc__ = getattr(real, "__doc__", None)
    return call


# ---- replaying the chief's temp paths (they exist already; a replica never deletes them) ------------------
def _replay_mkdtemp(path, *args, **kwargs):
    os.makedirs(path, exist_ok=True)
    return path


def _replay_mkstemp(value, *args, **kwargs):
    path = value
    return os.open(path, os.O_RDWR | os.O_CREAT, 0o600), path


def _replay_named(path, mode="w+b", buffering=-1, encoding=None, newline=None, *args, **kwargs):
    mode = mode.replace("w", "r+").replace("x", "r+").replace("++", "+") if "a" not in mode else mode
    if not os.path.exists(path):
        open(path, "a").close()
    kw = {} if "b" in mode else {"encoding": encoding, "newline": newline}
    return open(path, mode, buffering, **kw)


class _TemporaryDirectory(tempfile.TemporaryDirectory):
    """`tempfile.TemporaryDirectory` whose user-made instances are recorded / replayed.

    A replica's instance is the chief's directory and never removes it (the chief does).
    """

    def __init__(self, *args, **kwargs):
        mode = _STATE["mode"]
        chief = _replayed("TemporaryDirectory") if mode == "replay" and _from_user_code() else _MISSING
        if chief is _MISSING:
            super().__init__(*args, **kwargs)
            self._replica_view = False
            if mode == "record" and _from_user_code():
                _record("TemporaryDirectory", self.name)
            return
        os.makedirs(chief, exist_ok=True)
        self.name = chief
        self._replica_view = True

    def cleanup(self):
        if not self._replica_view:
            super().cleanup()

    def __exit__(self, *exc):
        self.cleanup()


def install():
    """Patch the sources of nondeterminism and seed the generators (at `import keraslike`; idempotent)."""
    if _STATE["mode"] != "off" or not environment.one_program_enabled():
        return
    shared = environment.program_state()
    if shared is not None:
        state = json.loads(shared)
        _STATE.update(mode="replay", seed=int(state["seed"]), replay=state["record"])
        _restore_generators(state["generators"])
    else:
        _STATE.update(mode="record", seed=int.from_bytes(os.urandom(8), "little"), generators=_generator_states())
    tempfile.mkdtemp = _synced("mkdtemp", tempfile.mkdtemp, decode=_replay_mkdtemp)
    tempfile.mkstemp = _synced("mkstemp", tempfile.mkstemp, encode=lambda v: v[1], decode=_replay_mkstemp)
    tempfile.NamedTemporaryFile = _synced("NamedTemporaryFile", tempfile.NamedTemporaryFile,
                                          encode=lambda f: f.name, decode=_replay_named)
    tempfile.TemporaryDirectory = _TemporaryDirectory
    uuid.uuid4 = _synced("uuid4", uuid.uuid4, encode=str, decode=lambda v, *a, **k: uuid.UUID(v))
    uuid.uuid1 = _synced("uuid1", uuid.uuid1, encode=str, decode=lambda v, *a, **k: uuid.UUID(v))
    time.time = _synced("time", time.time)
    time.time_ns = _synced("time_ns", time.time_ns)
    np.random.default_rng = _synced_default_rng(np.random.default_rng)


def _synced_default_rng(real):
    counter = [0]

    def default_rng(seed=None):
        if seed is not None or _STATE["seed"] is None or not _from_user_code():
            return real(seed)
        counter[0] += 1  # the k-th unseeded generator of the script: the same stream on every replica
        return real(np.random.SeedSequence(_STATE["seed"], spawn_key=(counter[0],)))

    default_rng.__wrapped__ = real
    default_rng.__doc__ = real.__doc__
    return default_rng


def _generator_states():
    """JSON-able states of Python's, NumPy's global and torch's default CPU generators (about 20 KB)."""
    version, internal, gauss = random.getstate()
    kind, keys, pos, has_gauss, cached = np.random.get_state()
    return {"random": [version, list(internal), gauss],
            "numpy": [kind, keys.tolist(), int(pos), int(has_gauss), float(cached)],
            "torch": base64.b64encode(torch.get_rng_state().numpy().tobytes()).decode("ascii")}


def _restore_generators(states):
    version, internal, gauss = states["random"]
    random.setstate((version, tuple(internal), gauss))
    kind, keys, pos, has_gauss, cached = states["numpy"]
    np.random.set_state((kind, np.asarray(keys, dtype=np.uint32), pos, has_gauss, cached))
    raw = np.frombuffer(base64.b64decode(states["torch"]), dtype=np.uint8).copy()
    torch.set_rng_state(torch.from_numpy(raw))


def state_for_replicas():
    """The chief's seed and record, as the JSON the launcher passes to its replicas; stops recording."""
    if _STATE["mode"] != "record":
        return None
    _STATE["mode"] = "off"
    record = dict(_STATE["record"])
    def encode():
        return json.dumps({"seed": _STATE["seed"], "generators": _STATE["generators"], "record": record})

    text = encode()
    while len(text) > 100_000 and any(record.values()):  # one variable holds 128 KiB: drop the clocks first
        kind = max(record, key=lambda k: (k.startswith(("time", "datetime")), len(record[k])))
        record[kind] = record[kind][: len(record[kind]) // 2]
        text = encode()
    return text


def program_seed():
    """This process's program seed (63 bits), or None when the agreement is off."""
    return None if _STATE["seed"] is None else _STATE["seed"] & ((1 << 63) - 1)


def agree_seed(seed):
    """Take the chief's program seed (broadcast when the process group starts, for every launcher).

    From then on unseeded `np.random.default_rng()` calls in user code draw the same streams on every
    replica (the k-th call, counted from `import keraslike`, gets the k-th stream of the chief's seed).
    """
    if _STATE["seed"] is not None:
        _STATE["seed"] = int(seed)


def stop_replay():
    """A launched replica has joined the strategy: from now on its own values are used."""
    if _STATE["mode"] == "replay":
        _STATE["mode"] = "off"
