"""`tf.summary.trace_on`, `tf.summary.trace_export`, `tf.summary.trace_off`.

Mirrors `tensorflow/python/ops/summary_ops_v2.py`. TF collects, between `trace_on(graph=True)` and
`trace_export(name, step)`, the graphs of the `tf.function`s executed, and writes them as one summary
(plugin `graph_run_metadata_graph`: a serialized `RunMetadata` holding the function graphs) that
TensorBoard's Graphs dashboard shows under `name`. keraslike's `tf.function`s run eagerly on torch and
execute no graph, so the `RunMetadata` it writes holds no function graph: the summary, its tag, step and
plugin are TF's, the dashboard lists the trace with nothing to draw, and `trace_export` warns once saying so
(README, "Where keraslike differs"). `trace_on(profiler=True)` raises: TF's profiler output (XPlane) is
not what torch's profiler writes; `tf.profiler.experimental.start` writes torch's trace instead.

Example:
    >>> writer = tf.summary.create_file_writer(logdir)
    >>> tf.summary.trace_on(graph=True)
    >>> z = model(x)
    >>> with writer.as_default():
    ...     tf.summary.trace_export(name="my_func_trace", step=0)
"""

import logging
import threading
import warnings

import numpy as np

from keraslike._src.summary import summary_ops

_logger = logging.getLogger("keraslike.summary")
_LOCK = threading.Lock()
_STATE = {"trace": None, "warned": False}
_GRAPH_PLUGIN, _RUN_METADATA_PLUGIN = "graph_run_metadata_graph", "graph_run_metadata"


def trace_on(graph=True, profiler=False, profiler_outdir=None):
    """`tf.summary.trace_on(graph=True, profiler=False, profiler_outdir=None)`: start a trace (see module doc).

    Raises:
        NotImplementedError: for `profiler=True` (TF's profiler format is not written here).
    """
    if profiler:
        raise NotImplementedError(
            "tf.summary.trace_on(profiler=True) writes TF's profiler data (XPlane), which keraslike, running on "
            "torch, cannot produce; use tf.profiler.experimental.start(logdir) for torch's profiler trace. "
            f"Received: profiler={profiler!r}")
    with _LOCK:
        if _STATE["trace"] is not None:
            _logger.warning("Trace already enabled")
            return
        _STATE["trace"] = {"graph": bool(graph)}


def trace_export(name, step=None, profiler_outdir=None):
    """`tf.summary.trace_export(name, step=None, profiler_outdir=None)`: write the trace to the default writer
    and stop it (`profiler_outdir` is a no-op, as in TF 2.21).

    Raises:
        ValueError: when no trace was started (TF's message), or no step is given or set while a writer is
            the default.
    """
    with _LOCK:
        trace = _STATE["trace"]
        if trace is None:
            raise ValueError("Must enable trace before export through tf.summary.trace_on.")
    try:
        plugin = _GRAPH_PLUGIN if trace["graph"] else _RUN_METADATA_PLUGIN
        metadata = summary_ops.plugin_metadata(plugin, content=b"1")
        written = summary_ops.write(name, np.array(b"", dtype=object), step=step, metadata=metadata)
        if bool(written) and trace["graph"] and not _STATE["warned"]:
            _STATE["warned"] = True
            warnings.warn(f"tf.summary.trace_export({name!r}): keraslike's tf.functions run eagerly on torch, so "
                          "the trace holds no function graph for TensorBoard's Graphs dashboard (the summary is "
                          "written with an empty RunMetadata).", stacklevel=2)
    finally:
        trace_off()


def trace_off():
    """`tf.summary.trace_off()`: stop the trace without writing it."""
    with _LOCK:
        _STATE["trace"] = None
