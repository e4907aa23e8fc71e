"""Summaries written by both real TF (`make_summary_golden.py`) and keraslike (`tests/summary/`).

`write_all(tf, logdir)` writes the same scalars, histograms, images and text; `read_all(logdir)`
reads them back with TensorBoard's `EventAccumulator` (the reader TensorBoard itself uses) into a
JSON-able dict `{tag: [(step, dtype, shape, values, plugin), ...]}`.
"""

import numpy as np


def write_all(tf, logdir):
    rng = np.random.RandomState(0)
    writer = tf.summary.create_file_writer(logdir)
    with writer.as_default():
        for step in range(3):
            tf.summary.scalar("loss", 1.0 / (step + 1), step=step)
        with tf.name_scope("train"):
            tf.summary.scalar("accuracy", tf.constant(0.75), step=5, description="fraction right")
        tf.summary.histogram("weights", tf.constant(rng.normal(size=200).astype(np.float32)), step=1)
        tf.summary.histogram("constant", tf.constant([2.0, 2.0, 2.0]), step=1, buckets=4)
        tf.summary.histogram("empty", tf.zeros([0]), step=1)
        images = rng.uniform(size=(4, 5, 6, 3)).astype(np.float32)
        tf.summary.image("images", images, step=2, max_outputs=2)
        tf.summary.image("gray", (rng.uniform(size=(1, 3, 4, 1)) * 255).astype(np.uint8), step=2)
        tf.summary.text("note", "hello **world**", step=0)
        tf.summary.text("notes", tf.constant(["a", "b"]) if hasattr(tf, "strings") else np.array(["a", "b"]), step=0)
        clips = np.sin(np.linspace(0, 40, 3 * 50 * 2)).reshape(3, 50, 2).astype(np.float32) * 1.2
        tf.summary.audio("audio", clips, sample_rate=8000, step=3, max_outputs=2)
        with tf.summary.record_if(False):
            tf.summary.scalar("skipped", 1.0, step=0)
        tf.summary.experimental.set_step(7)
        tf.summary.scalar("default_step", 3.5)
    writer.flush()
    without_writer = tf.summary.scalar("nowhere", 1.0, step=0)
    return bool(without_writer)


def read_all(logdir):
    from tensorboard.backend.event_processing import event_accumulator

    acc = event_accumulator.EventAccumulator(logdir, size_guidance={event_accumulator.TENSORS: 0})
    acc.Reload()
    out = {}
    for tag in sorted(acc.Tags()["tensors"]):
        rows = []
        for event in acc.Tensors(tag):
            proto = event.tensor_proto
            if tag == "audio":
                import base64

                values = [base64.b64encode(v).decode() for v in proto.string_val]
            elif proto.string_val:
                values = [v.decode("latin-1") if i < 2 or tag in ("note", "notes") else len(v)
                          for i, v in enumerate(proto.string_val)]
            else:
                from tensorboard.util import tensor_util

                values = np.asarray(tensor_util.make_ndarray(proto)).tolist()
            plugin = acc.SummaryMetadata(tag).plugin_data.plugin_name
            rows.append([event.step, int(proto.dtype), [d.size for d in proto.tensor_shape.dim], values, plugin])
        out[tag] = rows
    return out


def read_pngs(logdir):
    """{image tag: [png bytes, ...]} of the image summaries in `logdir`."""
    from tensorboard.backend.event_processing import event_accumulator

    acc = event_accumulator.EventAccumulator(logdir, size_guidance={event_accumulator.TENSORS: 0})
    acc.Reload()
    return {tag: list(acc.Tensors(tag)[0].tensor_proto.string_val[2:]) for tag in ("images", "gray")}
