"""The script is one program (DESIGN §5): what user code draws agrees across replicas, before and after the strategy.

keraslike's launcher re-runs the user's script for replicas 1..N-1, so every line runs once per process.
Values that are not deterministic would differ: `tmp = tempfile.mkdtemp()` names another (empty)
directory on replica 1, a `datetime.now()` log directory another second, an unseeded
`np.random.permutation` split another order, and replica 1 then fails to read back what the chief's
`CSVLogger` or `ModelCheckpoint` wrote.

**Which call is which.** Every such call made by user code (the script and the modules outside the
interpreter's, site-packages' and keraslike's directories) on the main thread is named by its kind, its
call site (the file:line of each user frame on the stack, so a helper called from two places is two
sites) and how many times that site made that call before. A call made on one replica only (inside
`if is_chief:`) advances only its own site's count, so it never shifts what the other calls return.

**Values derived from the program seed** (no communication, so nothing can wait): the chief draws a
program seed from `os.urandom` at `import keraslike`; launched replicas get it in the launcher
environment (`KERASLIKE_PROGRAM`), and every launcher's replicas take the chief's when the process group
starts (`agree_seed`). Each call's value is a hash of the seed and the call's name:

- the names of `tempfile.mkdtemp` / `mkstemp` / `NamedTemporaryFile` / `TemporaryDirectory` (tempfile's
  own name generator is bypassed for user calls). A process of a multi-replica job whose name is taken
  by a directory or file of its own user takes it over (the chief's, made a moment earlier or later);
  a replica never deletes it (`NamedTemporaryFile(delete=True)`, `TemporaryDirectory` cleanup are the
  chief's);
- `uuid.uuid4()`, `os.urandom(n)`;
- the seeds of unseeded `random.Random()` instances (and `random.seed()`), and the entropy numpy draws
  for unseeded `np.random.default_rng()`, `RandomState()`, `SeedSequence()`, `PCG64()` ...

**Clock readings** (`time.time`, `time.time_ns`, `datetime.datetime.now` / `today` / `utcnow`,
`datetime.date.today`, `time.strftime(fmt)` / `localtime()` / `gmtime()` / `ctime()` without a time,
`uuid.uuid1()`) cannot be derived. Before the strategy the chief records them and its launched replicas
replay them. Once the process group is up, the chief publishes each reading in the rendezvous store
under the call's name and a replica takes it from there, waiting for the chief if it is behind. A call
the chief never makes (inside `if not is_chief:`) gives the replica its own clock as soon as the chief's
published progress (`launch/hang_watch.py`) shows that it entered a collective this replica has not
reached, or finished: the chief could only have made the reading before that point (about a second).
`datetime` is a C type that cannot be patched in place without breaking `isinstance` and type-keyed
tables in other libraries, so the agreed `datetime` is given to user code only: the `datetime` names of
the script and of user modules already imported (`import datetime`, `from datetime import datetime`)
are rebound at `import keraslike` and when a strategy starts; a user module first imported after the
strategy sees the real one (and `type(x) is datetime.datetime` in user code compares with the agreed
class: use `isinstance`, which holds for real instances). `time`, `uuid`, `tempfile` functions bound by
name (`from time import time`) are rebound the same way.

What still cannot agree: values drawn before `import keraslike` (seeds taken then keep their effect:
nothing is reseeded); calls made on other threads or in forked worker processes; `time.monotonic` /
`perf_counter` (durations, not names); readings on a replica after its chief exited; under `torchrun`,
SLURM or TF_CONFIG, anything before the strategy (the processes are peers started together: seed with
`tf.keras.utils.set_random_seed` and use fixed paths); and code that takes another path on one replica
with values it then compares. `shutil.rmtree(tmp)` run by every replica at the end races with itself
(remove on the chief only). `KERASLIKE_ONE_PROGRAM=0` turns all of this off.
"""

import base64
import datetime as _datetime_module
import hashlib
import json
import os
import random
import stat
import sys
import sysconfig
import tempfile
import threading
import time
import types
import uuid

import numpy as np
import numpy.random.bit_generator as _np_bit_generator
import torch

from keraslike._src.launch import environment, hang_watch

_MAX_RECORD = 1000  # clock readings passed to launched replicas (one environment variable, <= 128 KiB)
_STATE = {"mode": "off", "seed": None, "generators": None, "record": {}, "replay": {}, "counts": {}}
_GROUP = {"store": None, "rank": 0, "world": 1}
_STORE_PREFIX = "keraslike/program/"
_LIBRARY_DIRS = None
_REAL = {}  # name -> the original callable / class


# ---- which call is which -------------------------------------------------------------------------------------
def _library_dirs():
    global _LIBRARY_DIRS
    if _LIBRARY_DIRS is None:
        paths = sysconfig.get_paths()
        dirs = {paths[k] for k in ("stdlib", "platstdlib", "purelib", "platlib") if paths.get(k)}
        dirs.add(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))  # keraslike/
        _LIBRARY_DIRS = tuple(os.path.join(d, "") for d in dirs)
    return _LIBRARY_DIRS


def _is_user_file(filename):
    return not (filename.startswith("<") or filename.startswith(_library_dirs()))


def _from_user_code(depth=2):
    """Whether the function `depth` frames up was called by user code (not a library or keraslike)."""
    try:
        filename = sys._getframe(depth).f_code.co_filename
    except ValueError:  # called from C with no Python caller
        return False
    return _is_user_file(filename)


def _user_site(depth, through=()):
    """The call site of a user call, or None for calls from libraries, other threads or with the agreement off.

    `depth` frames up from this function is the caller of the intercepted function; frames in the files
    `through` (the API's own module, e.g. random.py for `Random()`) are looked through. The site is the
    file:line of every user frame on the stack (library frames between them skipped), so it is the same on
    every replica.
    """
    if _STATE["mode"] == "off" or threading.current_thread() is not threading.main_thread():
        return None
    try:
        frame = sys._getframe(depth)
    except ValueError:
        return None
    while frame is not None and frame.f_code.co_filename in through:
        frame = frame.f_back
    if frame is None or not _is_user_file(frame.f_code.co_filename):
        return None
    site = []
    while frame is not None and len(site) < 32:
        if _is_user_file(frame.f_code.co_filename):
            site.append(f"{frame.f_code.co_filename}:{frame.f_lineno}")
        frame = frame.f_back
    return "|".join(site)


def _call_name(kind, site):
    """This call's name: a digest of its kind, site and the count of earlier calls of that kind at that site."""
    key = f"{kind}|{site}"
    count = _STATE["counts"].get(key, 0)
    _STATE["counts"][key] = count + 1
    return hashlib.blake2b(f"{key}#{count}".encode(), digest_size=12).hexdigest()


# ---- values derived from the program seed --------------------------------------------------------------------
def _derived(kind, size, depth=2, through=()):
    """`size` bytes for this user call of `kind`, the same on every replica; None when not a user call."""
    if _STATE["seed"] is None:
        return None
    site = _user_site(depth + 1, through)
    if site is None:
        return None
    name = _call_name(kind, site)
    return hashlib.shake_256(_STATE["seed"].to_bytes(8, "little") + name.encode()).digest(size)


def entropy(size, through=()):
    """`size` random bytes for a library function that user code called to get a non-deterministic state
    (e.g. `tf.random.Generator.from_non_deterministic_state()`): derived like `os.urandom` in user code, so
    the replicas agree; the library's files `through` are looked through to find the user call."""
    value = _derived("entropy", int(size), through=tuple(through))
    return (_REAL.get("urandom") or os.urandom)(size) if value is None else value


def _urandom(size):
    value = _derived("urandom", int(size))
    return _REAL["urandom"](size) if value is None else value


def _uuid4():
    value = _derived("uuid4", 16)
    return _REAL["uuid4"]() if value is None else uuid.UUID(bytes=value, version=4)


_RANDOM_FILE = random.__file__


def _random_seed(self, a=None, version=2):
    if a is None and not isinstance(self, random.SystemRandom):
        value = _derived("Random", 32, through=(_RANDOM_FILE,))
        if value is not None:
            a = int.from_bytes(value, "little")
    return _REAL["Random.seed"](self, a, version)


def _numpy_randbits(bits):
    value = _derived("numpy", (int(bits) + 7) // 8)
    return _REAL["randbits"](bits) if value is None else int.from_bytes(value, "little") >> (-int(bits) % 8)


_TEMP_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_"
_TEMPFILE_FILE = tempfile.__file__


def _temp_names(pre, suf, directory):
    """The path of this user call of a tempfile function (derived from the program seed), or None."""
    if isinstance(directory, bytes) or isinstance(pre, bytes):
        return None  # bytes paths: tempfile's own names
    value = _derived("tempfile", 8, depth=3, through=(_TEMPFILE_FILE, __file__))
    if value is None:
        return None
    first = "".join(_TEMP_CHARS[b % len(_TEMP_CHARS)] for b in value)
    return os.path.join(directory, pre + first + suf)


def _in_job():
    """Whether other replicas of this job run the same program now (they may make the same paths)."""
    return _STATE["mode"] == "replay" or _GROUP["world"] > 1


def _follower():
    """A replica other than the chief: it never removes the temp paths it shares with the chief."""
    return _STATE["mode"] == "replay" or (_GROUP["world"] > 1 and _GROUP["rank"] > 0)


def _owned(path, want_dir):
    try:
        st = os.lstat(path)
    except OSError:
        return False
    kind_ok = stat.S_ISDIR(st.st_mode) if want_dir else stat.S_ISREG(st.st_mode)
    return kind_ok and st.st_uid == os.getuid()


def _mkdtemp(suffix=None, prefix=None, dir=None):
    real = _REAL["mkdtemp"]
    prefix, suffix, dir, output_type = tempfile._sanitize_params(prefix, suffix, dir)
    path = _temp_names(prefix, suffix, dir)
    if path is None:
        return real(suffix, prefix, dir)
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        if not (_in_job() and _owned(path, want_dir=True)):  # not the chief's: tempfile picks another name
            return real(suffix, prefix, dir)
    return os.path.abspath(path)


def _mkstemp_inner(dir, pre, suf, flags, output_type):
    real = _REAL["_mkstemp_inner"]
    path = _temp_names(pre, suf, dir)
    if path is None:
        return real(dir, pre, suf, flags, output_type)
    try:
        fd = os.open(path, flags, 0o600)
    except FileExistsError:
        if not (_in_job() and _owned(path, want_dir=False)):
            return real(dir, pre, suf, flags, output_type)
        fd = os.open(path, flags & ~os.O_EXCL, 0o600)  # the chief's file (O_NOFOLLOW stays)
    return fd, os.path.abspath(path)


def _named_temporary_file(*args, **kwargs):
    handle = _REAL["NamedTemporaryFile"](*args, **kwargs)
    closer = getattr(handle, "_closer", None)
    if _follower() and closer is not None and _from_user_code():
        closer.delete = False  # the chief's file: the chief removes it
    return handle


class _TemporaryDirectory(tempfile.TemporaryDirectory):
    """`tempfile.TemporaryDirectory`: a replica's instance is the chief's directory and never removes it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._replica_view = _follower() and _from_user_code()
        if self._replica_view:
            self._finalizer.detach()

    def cleanup(self):
        if not self._replica_view:
            super().cleanup()

    def __exit__(self, *exc):
        self.cleanup()


# ---- clock readings -------------------------------------------------------------------------------------------
def _clock_ns(depth=2):
    """The clock reading in ns of the user call `depth` frames up: the chief's on every replica, or None when
    the call is not a user call (the caller then reads its own clock)."""
    site = _user_site(depth + 1)
    if site is None:
        return None
    real = _REAL["time_ns"]
    name = _call_name("clock", site)
    mode = _STATE["mode"]
    if mode == "record":
        value = real()
        if len(_STATE["record"]) < _MAX_RECORD:
            _STATE["record"][name] = value
        return value
    if mode == "replay":
        value = _STATE["replay"].get(name)
        return real() if value is None else int(value)
    store = _GROUP["store"]
    if store is None or _GROUP["world"] <= 1:
        return real()
    try:
        if _GROUP["rank"] == 0:
            value = real()
            store.set(_STORE_PREFIX + name, str(value))
            return value
        value = _chief_reading(store, _STORE_PREFIX + name)
    except Exception:  # noqa: BLE001 - the store went away with the job: this process's own clock
        _GROUP.update(store=None)
        value = None
    return real() if value is None else value


def _chief_reading(store, key):
    """The chief's reading under `key`, or None once the chief can no longer make it."""
    mine = hang_watch.progress()
    pause = 0.001
    while True:
        if store.check([key]):
            return _take(store, key)
        if hang_watch.peer_passed(store, 0, mine):
            return _take(store, key) if store.check([key]) else None
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


def _take(store, key):
    value = int(store.get(key))
    if store.add(key + "/read", 1) >= _GROUP["world"] - 1:  # the last replica to read it frees the store
        store.delete_key(key)
        store.delete_key(key + "/read")
    return value


def _seconds(depth=3):
    """Agreed seconds for the user call `depth` frames up from here, or None for a library call."""
    ns = _clock_ns(depth)
    return None if ns is None else ns / 1e9


def _time():
    ns = _clock_ns()
    return _REAL["time"]() if ns is None else ns / 1e9


def _time_ns():
    ns = _clock_ns()
    return _REAL["time_ns"]() if ns is None else ns


def _strftime(format, *t):
    seconds = None if t else _seconds()
    if seconds is None:
        return _REAL["strftime"](format, *t)
    return _REAL["strftime"](format, _REAL["localtime"](seconds))


def _agreed_seconds_fn(name):
    """`time.localtime` / `gmtime` / `ctime` whose current-time form reads the agreed clock."""
    real = _REAL[name]

    def call(secs=None):
        if secs is None:
            secs = _seconds()
        return real() if secs is None else real(secs)

    call.__wrapped__ = real
    call.__name__ = real.__name__
    call.__doc__ = real.__doc__
    return call


def _uuid1(node=None, clock_seq=None):
    ns = _clock_ns()
    if ns is None or _STATE["seed"] is None:
        return _REAL["uuid1"](node, clock_seq)
    if clock_seq is None:
        clock_seq = int.from_bytes(_derived("uuid1", 2) or _REAL["urandom"](2), "little") & 0x3FFF
    timestamp = ns // 100 + 0x01B21DD213814000
    node = uuid.getnode() if node is None else node
    return uuid.UUID(fields=(timestamp & 0xFFFFFFFF, (timestamp >> 32) & 0xFFFF, (timestamp >> 48) & 0x0FFF,
                             (clock_seq >> 8) & 0x3F, clock_seq & 0xFF, node), version=1)


class _DatetimeType(type):
    """Metaclass of the agreed `datetime` classes: real instances and subclasses pass `isinstance`/`issubclass`."""

    def __instancecheck__(cls, obj):
        real = cls.__dict__.get("_real")  # only the agreed classes themselves stand for the real ones
        return isinstance(obj, real) if real is not None else type.__instancecheck__(cls, obj)

    def __subclasscheck__(cls, sub):
        real = cls.__dict__.get("_real")
        return issubclass(sub, real) if real is not None else type.__subclasscheck__(cls, sub)


def _make_agreed_datetime():
    real_dt, real_date = _datetime_module.datetime, _datetime_module.date

    class datetime(real_dt, metaclass=_DatetimeType):  # noqa: N801 - the public name it stands in for
        _real = real_dt

        def __new__(cls, *args, **kwargs):  # real instances; a user's subclass gets its own
            return real_dt(*args, **kwargs) if cls is datetime else real_dt.__new__(cls, *args, **kwargs)

        @classmethod
        def now(cls, tz=None):
            seconds = _seconds()
            return real_dt.now(tz) if seconds is None else real_dt.fromtimestamp(seconds, tz)

        @classmethod
        def today(cls):
            seconds = _seconds()
            return real_dt.today() if seconds is None else real_dt.fromtimestamp(seconds)

        @classmethod
        def utcnow(cls):
            seconds = _seconds()
            if seconds is None:
                return real_dt.fromtimestamp(_REAL["time"](), _datetime_module.timezone.utc).replace(tzinfo=None)
            return real_dt.fromtimestamp(seconds, _datetime_module.timezone.utc).replace(tzinfo=None)

    class date(real_date, metaclass=_DatetimeType):  # noqa: N801
        _real = real_date

        def __new__(cls, *args, **kwargs):
            return real_date(*args, **kwargs) if cls is date else real_date.__new__(cls, *args, **kwargs)

        @classmethod
        def today(cls):
            seconds = _seconds()
            return real_date.today() if seconds is None else real_date.fromtimestamp(seconds)

    for cls, real in ((datetime, real_dt), (date, real_date)):
        cls.__module__, cls.__qualname__, cls.__doc__ = real.__module__, real.__qualname__, real.__doc__
    module = types.ModuleType("datetime", _datetime_module.__doc__)
    module.__dict__.update({k: v for k, v in vars(_datetime_module).items() if k not in ("datetime", "date")})
    module.datetime, module.date = datetime, date
    return module


# ---- installing ----------------------------------------------------------------------------------------------
def install():
    """Patch the sources of nondeterminism (at `import keraslike`; idempotent). Nothing is reseeded."""
    if _STATE["mode"] != "off" or not environment.one_program_enabled():
        return
    shared = environment.program_state()
    if shared is not None:
        state = json.loads(shared)
        _STATE.update(mode="replay", seed=int(state["seed"]), replay=state["record"])
        _restore_generators(state["generators"])
    else:
        _STATE.update(mode="record", seed=int.from_bytes(os.urandom(8), "little"), generators=_generator_states())
    _REAL.update(urandom=os.urandom, uuid4=uuid.uuid4, uuid1=uuid.uuid1, mkdtemp=tempfile.mkdtemp,
                 _mkstemp_inner=tempfile._mkstemp_inner, NamedTemporaryFile=tempfile.NamedTemporaryFile,
                 TemporaryDirectory=tempfile.TemporaryDirectory, time=time.time, time_ns=time.time_ns,
                 strftime=time.strftime, localtime=time.localtime, gmtime=time.gmtime, ctime=time.ctime,
                 randbits=_np_bit_generator.randbits, datetime_module=_datetime_module)
    _REAL["Random.seed"] = random.Random.seed
    os.urandom = _urandom
    uuid.uuid4, uuid.uuid1 = _uuid4, _uuid1
    tempfile.mkdtemp, tempfile._mkstemp_inner = _mkdtemp, _mkstemp_inner
    tempfile.NamedTemporaryFile, tempfile.TemporaryDirectory = _named_temporary_file, _TemporaryDirectory
    time.time, time.time_ns, time.strftime = _time, _time_ns, _strftime
    time.localtime, time.gmtime, time.ctime = (_agreed_seconds_fn(n) for n in ("localtime", "gmtime", "ctime"))
    random.Random.seed = _random_seed
    random.seed = random._inst.seed
    _np_bit_generator.randbits = _numpy_randbits
    _REAL["agreed_datetime"] = _make_agreed_datetime()
    rebind_user_names()
    if hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=_forked)


def _forked():
    """A forked child (a DataLoader or multiprocessing worker) is no replica: its values are its own (derived
    ones would repeat the parent's next ones)."""
    _STATE["mode"] = "off"
    _GROUP.update(store=None, rank=0, world=1)


def rebind_user_names():
    """Point the names user modules bound before keraslike patched them (`from time import time`,
    `import datetime`, `from datetime import datetime`) at the agreed versions."""
    if _STATE["mode"] == "off" or "agreed_datetime" not in _REAL:
        return
    agreed = _REAL["agreed_datetime"]
    swaps = {id(_datetime_module): agreed, id(_datetime_module.datetime): agreed.datetime,
             id(_datetime_module.date): agreed.date}
    for name, patched in (("urandom", os.urandom), ("uuid4", uuid.uuid4), ("uuid1", uuid.uuid1),
                          ("mkdtemp", tempfile.mkdtemp), ("NamedTemporaryFile", tempfile.NamedTemporaryFile),
                          ("TemporaryDirectory", tempfile.TemporaryDirectory), ("time", time.time),
                          ("time_ns", time.time_ns), ("strftime", time.strftime), ("localtime", time.localtime),
                          ("gmtime", time.gmtime), ("ctime", time.ctime)):
        swaps[id(_REAL[name])] = patched
    for module in list(sys.modules.values()):
        filename = getattr(module, "__file__", None) or ""
        if not filename or not _is_user_file(os.path.abspath(filename)):
            continue
        namespace = getattr(module, "__dict__", None)
        if not isinstance(namespace, dict):
            continue
        for key, value in list(namespace.items()):
            new = swaps.get(id(value))
            if new is not None and not key.startswith("__"):
                namespace[key] = new


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
    """The chief's seed and clock record, as the JSON the launcher passes to its replicas; stops recording."""
    if _STATE["mode"] != "record":
        return None
    _STATE["mode"] = "launched"
    return json.dumps({"seed": _STATE["seed"], "generators": _STATE["generators"], "record": _STATE["record"]})


def program_seed():
    """This process's program seed (63 bits), or None when the agreement is off."""
    return None if _STATE["seed"] is None else _STATE["seed"] & ((1 << 63) - 1)


def agree_seed(seed):
    """Take the chief's program seed (broadcast when the process group starts, for every launcher)."""
    if _STATE["seed"] is not None:
        _STATE["seed"] = int(seed)


def join_group(store, rank, world):
    """The process group is up: clock readings go through `store` (a `torch.distributed.Store` client
    connection for this main thread) from now on; names bound since `import keraslike` are rebound."""
    if _STATE["mode"] == "off":
        return
    _GROUP.update(store=store, rank=int(rank), world=int(world))
    if _STATE["mode"] in ("record", "replay"):
        _STATE["mode"] = "joined"
    rebind_user_names()


def stop_replay():
    """A launched replica has joined the strategy: clock readings come from the chief through the store."""
    if _STATE["mode"] == "replay":
        _STATE["mode"] = "joined"
