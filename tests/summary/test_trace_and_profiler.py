"""The intro-to-modules guide's TensorBoard cell: `tf.summary.trace_on(graph=True)`, `tf.profiler.experimental.
start(logdir)`, a model call, `tf.summary.trace_export(name, step, profiler_outdir)` under a writer.

TF writes one summary under `name` with plugin `graph_run_metadata_graph` (content b"1") holding a serialized
RunMetadata of the executed function graphs; keraslike runs no graphs, so its RunMetadata is empty (and it
warns). The profiler writes torch's Chrome trace under `<logdir>/plugins/profile/<run>/`. Session errors are
TF's."""

import glob
import json
import os

import pytest

import keraslike as tf

event_accumulator = pytest.importorskip("tensorboard.backend.event_processing.event_accumulator")


def _events(logdir):
    acc = event_accumulator.EventAccumulator(logdir, size_guidance={"tensors": 0})
    acc.Reload()
    return acc


def test_guide_cell(tmp_path):
    logdir = str(tmp_path / "logs" / "func")
    writer = tf.summary.create_file_writer(logdir)
    layer = tf.keras.layers.Dense(2)

    @tf.function
    def model(x):
        return layer(x)

    tf.summary.trace_on(graph=True)
    tf.profiler.experimental.start(logdir)
    model(tf.constant([[2.0, 2.0, 2.0]]))
    with writer.as_default():
        with pytest.warns(UserWarning, match="no function graph"):
            tf.summary.trace_export(name="my_func_trace", step=0, profiler_outdir=logdir)
    tf.profiler.experimental.stop()
    writer.flush()
    acc = _events(logdir)
    assert acc.Tags()["tensors"] == ["my_func_trace"]
    event = acc.Tensors("my_func_trace")[0]
    assert event.step == 0 and event.tensor_proto.string_val == [b""]
    metadata = acc.SummaryMetadata("my_func_trace")
    assert metadata.plugin_data.plugin_name == "graph_run_metadata_graph" and metadata.plugin_data.content == b"1"
    traces = glob.glob(os.path.join(logdir, "plugins", "profile", "*", "*.pt.trace.json"))
    assert len(traces) == 1
    with open(traces[0]) as f:
        assert "traceEvents" in json.load(f)


def test_trace_errors_are_tfs():
    tf.summary.trace_off()
    with pytest.raises(ValueError, match="Must enable trace before export"):
        tf.summary.trace_export("x", step=0)
    with pytest.raises(NotImplementedError, match="profiler=True"):
        tf.summary.trace_on(profiler=True)


def test_profiler_session_errors(tmp_path):
    with pytest.raises(tf.errors.UnavailableError, match="No profiler is running"):
        tf.profiler.experimental.stop()
    with tf.profiler.experimental.Profile(str(tmp_path)):
        with pytest.raises(tf.errors.AlreadyExistsError, match="Another profiler is running"):
            tf.profiler.experimental.start(str(tmp_path))
        with tf.profiler.experimental.Trace("train", step_num=1, _r=1):
            tf.matmul(tf.ones([2, 2]), tf.ones([2, 2]))
    traces = glob.glob(os.path.join(str(tmp_path), "plugins", "profile", "*", "*.pt.trace.json"))
    with open(traces[0]) as f:
        names = {e.get("name") for e in json.load(f)["traceEvents"]}
    assert "train#step_num=1,_r=1#" in names
    with pytest.raises(ValueError, match="delay_ms"):
        tf.profiler.experimental.start(str(tmp_path), tf.profiler.experimental.ProfilerOptions(delay_ms=5))
