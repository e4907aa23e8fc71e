"""TF1 summaries: `tf.compat.v1.summary.scalar`/`merge`/`merge_all` ops and `tf.compat.v1.summary.FileWriter`.

Mirrors `tensorflow/python/summary/summary.py` and `writer/writer.py` (TF1 forms): a summary op's value is
a serialized `Summary` protocol buffer (scalars as `simple_value`, tags prefixed by the name scope), collected
in `tf.GraphKeys.SUMMARIES`; `merge` concatenates them (protobuf merges the repeated values);
`FileWriter.add_summary(bytes, step)` appends an `Event` to a TensorBoard event file. Serialization uses
TensorBoard's protos (the `tensorboard` extra). No graph is written: `FileWriter(logdir, sess.graph)` accepts
the graph and writes only the summaries, as there is no GraphDef.
"""

import os
import time

import numpy as np
import torch

from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import record
from keraslike._src.graph.graph import GraphKeys
from keraslike._src.graph.tensor import Operation, SymbolicTensor
from keraslike._src.ops import name_scope as eager_name_scope
from keraslike._src.ops.tensor_shape import TensorShape
from keraslike._src.ops.tensor_spec import string as string_dtype


def _protos():
    # optional dependency (the tensorboard extra), imported when a summary is first made
    from tensorboard.compat.proto import event_pb2, summary_pb2

    return event_pb2, summary_pb2


def _scalar_bytes(tag, value):
    _, summary_pb2 = _protos()
    array = value.detach().cpu().numpy() if isinstance(value, torch.Tensor) else np.asarray(value)
    if array.size != 1:
        raise ValueError(f"tf.summary.scalar needs a scalar. Received: a value of shape {array.shape} for {tag}")
    return summary_pb2.Summary(value=[summary_pb2.Summary.Value(tag=tag, simple_value=float(array))]
                               ).SerializeToString()


def _default_bucket_limits():
    """TF's default histogram buckets: +-1e-12 * 1.1^k up to 1e20, 0, and +-DBL_MAX at the ends."""
    positive, v = [], 1.0e-12
    while v < 1.0e20:
        positive.append(v)
        v *= 1.1
    positive.append(np.finfo(np.float64).max)
    return np.array([-x for x in reversed(positive)] + [0.0] + positive)


_LIMITS = _default_bucket_limits()


def _histogram_bytes(tag, values):
    _, summary_pb2 = _protos()
    array = (values.detach().cpu().double().numpy() if isinstance(values, torch.Tensor)
             else np.asarray(values, np.float64)).reshape(-1)
    counts = np.bincount(np.searchsorted(_LIMITS, array, side="right"), minlength=len(_LIMITS))[:len(_LIMITS)]
    histo = summary_pb2.HistogramProto(
        min=float(array.min()) if array.size else float(np.finfo(np.float64).max),
        max=float(array.max()) if array.size else -float(np.finfo(np.float64).max),
        num=float(array.size), sum=float(array.sum()), sum_squares=float((array * array).sum()))
    i = 0
    while i < len(counts):  # runs of empty buckets collapse into their last limit, as TF encodes them
        end, count = _LIMITS[i], counts[i]
        i += 1
        if count <= 0:
            while i < len(counts) and counts[i] <= 0:
                end, count = _LIMITS[i], counts[i]
                i += 1
        histo.bucket_limit.append(float(end))
        histo.bucket.append(float(count))
    return summary_pb2.Summary(value=[summary_pb2.Summary.Value(tag=tag, histo=histo)]).SerializeToString()


class SummaryOp(Operation):
    """A summary op: `kind` "scalar" or "histogram" serializes its input under `tag`; "merge" joins its inputs'
    serialized `Summary`s."""

    def __init__(self, graph, name, op_type, inputs, kind, tag=None):
        super().__init__(graph, name, op_type, inputs, list(graph._control_stack))
        self.kind, self.tag = kind, tag
        self._make_outputs([(string_dtype, TensorShape([]))])

    def compute(self, ctx, inputs):
        if self.kind == "merge":
            return [b"".join(inputs)]
        return [_ENCODERS[self.kind](self.tag, inputs[0])]


_ENCODERS = {"scalar": _scalar_bytes, "histogram": _histogram_bytes}


def _collect(graph, tensor, collections):
    for key in (collections if collections is not None else [GraphKeys.SUMMARIES]):
        graph.add_to_collection(key, tensor)


def scalar(name, tensor, collections=None, family=None):
    """`tf.compat.v1.summary.scalar(name, tensor)`: a string tensor holding a serialized scalar `Summary`."""
    return _summary(name, tensor, collections, family, "scalar", "ScalarSummary")


def histogram(name, values, collections=None, family=None):
    """`tf.compat.v1.summary.histogram(name, values)`: a serialized `Summary` with TF's `HistogramProto` (TF's
    default exponential buckets; runs of empty buckets collapsed as TF encodes them)."""
    return _summary(name, values, collections, family, "histogram", "HistogramSummary")


def _summary(name, tensor, collections, family, kind, op_type):
    tag = f"{family}/{name}" if family else name
    graph = graph_lib.default_graph()
    if graph is None:
        return _ENCODERS[kind](eager_name_scope.current_scope() + tag, tensor)
    with graph.name_scope(name) as scope:
        full_tag = scope.rstrip("/")
        if family:
            full_tag = f"{family}/{full_tag}"
        if not isinstance(tensor, SymbolicTensor):
            tensor = record.record_call(torch.as_tensor, (tensor,), {"dtype": torch.float32}, "Const", None, graph)
        op = SummaryOp(graph, scope.rstrip("/"), op_type, [tensor], kind, full_tag)
    graph._by_name[op.name] = op
    _collect(graph, op.outputs[0], collections)
    return op.outputs[0]


def merge(inputs, collections=None, name=None):
    """`tf.compat.v1.summary.merge(inputs)`: one serialized `Summary` holding every input's values."""
    graph = graph_lib.default_graph()
    if graph is None:
        return b"".join(inputs)
    with graph.name_scope(name or "Merge"):
        op = SummaryOp(graph, graph.unique_name("MergeSummary"), "MergeSummary", list(inputs), "merge")
    for key in collections or []:
        graph.add_to_collection(key, op.outputs[0])
    return op.outputs[0]


def merge_all(key=GraphKeys.SUMMARIES, scope=None, name=None):
    """`tf.compat.v1.summary.merge_all()`: `merge` of the collection `key`, or None when it is empty."""
    summaries = graph_lib.get_default_graph().get_collection(key, scope)
    return merge(summaries, name=name) if summaries else None


class FileWriter:
    """`tf.compat.v1.summary.FileWriter(logdir, graph=None, max_queue=10, flush_secs=120, filename_suffix=None)`.

    Writes `Event`s to a TensorBoard event file in `logdir`. `graph` is accepted and not written (keraslike
    graphs have no GraphDef).
    """

    def __init__(self, logdir, graph=None, max_queue=10, flush_secs=120, graph_def=None, filename_suffix=None,
                 session=None):
        if session is not None:
            raise ValueError("keraslike's FileWriter writes files itself; session-based writers are not "
                             f"supported. Received: session={session!r}")
        # optional dependency (the tensorboard extra)
        from tensorboard.summary.writer.event_file_writer import EventFileWriter

        os.makedirs(logdir, exist_ok=True)
        self._logdir = logdir
        self._writer = EventFileWriter(logdir, max_queue_size=max_queue, flush_secs=flush_secs,
                                       filename_suffix=filename_suffix or "")

    def get_logdir(self):
        return self._logdir

    def add_summary(self, summary, global_step=None):
        """Append one event holding `summary` (serialized bytes or a `Summary` proto) at `global_step`."""
        event_pb2, summary_pb2 = _protos()
        if isinstance(summary, (bytes, bytearray)):
            summary = summary_pb2.Summary.FromString(bytes(summary))
        event = event_pb2.Event(wall_time=time.time(), summary=summary)
        if global_step is not None:
            event.step = int(global_step)
        self._writer.add_event(event)

    def add_graph(self, graph, global_step=None, graph_def=None):
        """Accepted; nothing is written (keraslike graphs have no GraphDef)."""

    def add_event(self, event):
        self._writer.add_event(event)

    def flush(self):
        self._writer.flush()

    def close(self):
        self._writer.close()

    def reopen(self):
        self._writer.reopen()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def _unsupported(kind):
    def unsupported(name, tensor, *args, **kwargs):
        raise NotImplementedError(
            f"tf.compat.v1.summary.{kind} is not supported by keraslike (scalar and histogram are); write it "
            f"eagerly with tf.summary.{kind}(name, data, step) under a tf.summary.create_file_writer(...) writer. "
            f"Received: name={name!r}")
    unsupported.__name__ = kind
    unsupported.__doc__ = f"`tf.compat.v1.summary.{kind}`: raises, naming TF2's `tf.summary.{kind}`."
    return unsupported


image = _unsupported("image")
audio = _unsupported("audio")
text = _unsupported("text")
tensor_summary = _unsupported("tensor_summary")
