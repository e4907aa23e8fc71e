"""`tf.profiler.experimental`: start/stop a profiling session, `Profile`, `Trace`, `ProfilerOptions`.

Mirrors `tensorflow/python/profiler/profiler_v2.py` and `trace.py` on torch's profiler. TF writes XPlane
files under `<logdir>/plugins/profile/<run>/` for TensorBoard's Profile dashboard; keraslike runs on torch
and writes torch's trace there instead, `<logdir>/plugins/profile/<YYYY_MM_DD_HH_MM_SS>/<host>.pt.trace.json`
(Chrome trace format: chrome://tracing, Perfetto, or TensorBoard with the torch-tb-profiler plugin pointed at
that folder), each `Trace(name)` a named range in it. The session's rules are TF's: one at a time
(`AlreadyExistsError`), `stop` without a session raises `UnavailableError`.

Example:
    >>> tf.profiler.experimental.start("logs")
    >>> with tf.profiler.experimental.Trace("train", step_num=1, _r=1):
    ...     train_step()
    >>> tf.profiler.experimental.stop()
"""

import collections
import datetime
import os
import socket
import threading

import torch

from keraslike._src import errors

_LOCK = threading.Lock()
_SESSION = {"profiler": None, "logdir": None}


class ProfilerOptions(collections.namedtuple(
        "ProfilerOptions", ["host_tracer_level", "python_tracer_level", "device_tracer_level", "delay_ms"])):
    """`tf.profiler.experimental.ProfilerOptions(host_tracer_level=2, python_tracer_level=0,
    device_tracer_level=1, delay_ms=None)`.

    `python_tracer_level=1` records Python call stacks (torch's `with_stack`); `device_tracer_level=0`
    traces the CPU only (1: the GPU too, when there is one). torch's profiler has no host tracing levels
    or start delay: `host_tracer_level` other than 2 and a `delay_ms` raise in `start`.
    """

    def __new__(cls, host_tracer_level=2, python_tracer_level=0, device_tracer_level=1, delay_ms=None):
        return super().__new__(cls, host_tracer_level, python_tracer_level, device_tracer_level, delay_ms)


def _activities(options):
    activities = [torch.profiler.ProfilerActivity.CPU]
    if options.device_tracer_level and torch.cuda.is_available():
        activities.append(torch.profiler.ProfilerActivity.CUDA)
    return activities


def _check(options):
    if options.host_tracer_level != 2:
        raise ValueError("torch's profiler has no host tracing levels; keep ProfilerOptions.host_tracer_level=2. "
                         f"Received: host_tracer_level={options.host_tracer_level!r}")
    if options.delay_ms:
        raise ValueError("torch's profiler starts at once; ProfilerOptions.delay_ms must be None. "
                         f"Received: delay_ms={options.delay_ms!r}")


def start(logdir, options=None):
    """`tf.profiler.experimental.start(logdir, options=None)`: start a session writing under `logdir`.

    Raises:
        AlreadyExistsError: a session is already running (TF's error).
        ValueError: options torch's profiler cannot honour.
    """
    options = ProfilerOptions() if options is None else ProfilerOptions(**options._asdict())
    _check(options)
    with _LOCK:
        if _SESSION["profiler"] is not None:
            raise errors.AlreadyExistsError(None, None, "Another profiler is running.")
        profiler = torch.profiler.profile(activities=_activities(options),
                                          with_stack=bool(options.python_tracer_level))
        profiler.__enter__()
        _SESSION.update(profiler=profiler, logdir=os.fspath(logdir))


def stop(save=True):
    """`tf.profiler.experimental.stop(save=True)`: end the session; with `save`, write its trace (module doc).

    Raises:
        UnavailableError: no session is running (TF's error).
    """
    with _LOCK:
        profiler, logdir = _SESSION["profiler"], _SESSION["logdir"]
        if profiler is None:
            raise errors.UnavailableError(None, None, "Cannot export profiling results. No profiler is running.")
        _SESSION.update(profiler=None, logdir=None)
    profiler.__exit__(None, None, None)
    if save:
        run = datetime.datetime.now().strftime("%Y_%m_%d_%H_%M_%S")
        folder = os.path.join(logdir, "plugins", "profile", run)
        os.makedirs(folder, exist_ok=True)
        profiler.export_chrome_trace(os.path.join(folder, f"{socket.gethostname()}.pt.trace.json"))


class Profile:
    """`with tf.profiler.experimental.Profile(logdir, options=None):` start on entry, stop (and save) on exit."""

    def __init__(self, logdir, options=None):
        self._logdir, self._options = logdir, options

    def __enter__(self):
        start(self._logdir, self._options)

    def __exit__(self, typ, value, tb):
        stop()


class Trace:
    """`with tf.profiler.experimental.Trace(name, **kwargs):` a named range in the profile (TF's trace event).

    Keyword arguments are the event's metadata, encoded in its name as TF does: `name#key=value,...#`
    (`step_num` and `_r=1` mark training steps in TF's step view).
    """

    def __init__(self, name, **kwargs):
        if kwargs:
            name = f"{name}#" + ",".join(f"{k}={v}" for k, v in kwargs.items()) + "#"
        self._range = torch.profiler.record_function(name)

    def __enter__(self):
        self._range.__enter__()
        return self

    def __exit__(self, typ, value, tb):
        self._range.__exit__(typ, value, tb)
