"""tf.summary event files: the same tensors, plugins and steps as real TF 2.21 writes, read by TensorBoard's reader.

Golden: `tests/golden/summaries.json` from `tests/golden/make_summary_golden.py` (real TF + TensorBoard).
"""

import io
import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

pytest.importorskip("tensorboard")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))

import summary_cases  # noqa: E402

with open(os.path.join(HERE, "..", "golden", "summaries.json")) as _handle:
    GOLDEN = json.load(_handle)


def _close(got, want):
    if isinstance(want, float):
        assert got == pytest.approx(want, rel=1e-6, abs=1e-9)
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want)
        for g, w in zip(got, want):
            _close(g, w)
    else:
        assert got == want


def test_event_files_hold_what_tensorflow_writes(tmp_path):
    assert summary_cases.write_all(tf, str(tmp_path)) == GOLDEN["wrote_without_writer"]
    got = summary_cases.read_all(str(tmp_path))
    assert sorted(got) == sorted(GOLDEN["tags"])
    for tag in GOLDEN["tags"]:
        _close(got[tag], GOLDEN["tags"][tag])
    assert [p.name for p in tmp_path.iterdir()][0].startswith("events.out.tfevents.")


def test_image_pixels_decode_to_tensorflows(tmp_path):
    from PIL import Image

    summary_cases.write_all(tf, str(tmp_path))
    for tag, pngs in summary_cases.read_pngs(str(tmp_path)).items():
        decoded = [np.asarray(Image.open(io.BytesIO(png))) for png in pngs]
        want = [np.asarray(p, dtype=np.uint8) for p in GOLDEN["pixels"][tag]]
        assert len(decoded) == len(want)
        for d, w in zip(decoded, want):
            np.testing.assert_array_equal(d.reshape(w.shape), w)


def test_non_chief_replica_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("RANK", "1")
    monkeypatch.setenv("WORLD_SIZE", "2")
    writer = tf.summary.create_file_writer(str(tmp_path / "logs"))
    with writer.as_default(step=0):
        assert not bool(tf.summary.scalar("loss", 1.0))
        assert not tf.summary.should_record_summaries()
    assert not (tmp_path / "logs").exists()


def test_step_errors_and_record_if_callable(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        tf.summary.experimental.set_step(None)
        with pytest.raises(ValueError, match="No step set"):
            tf.summary.scalar("x", 1.0)
        with pytest.raises(ValueError, match="scalar"):
            tf.summary.scalar("x", [1.0, 2.0], step=0)
        step = tf.Variable(0, dtype=tf.int64)
        with tf.summary.record_if(lambda: step % 2 == 0):
            written = [bool(tf.summary.scalar("every_other", 1.0, step=step)) for _ in range(1)]
            step.assign_add(1)
            written.append(bool(tf.summary.scalar("every_other", 1.0, step=step)))
    assert written == [True, False]
    with pytest.raises(ValueError, match="logdir"):
        tf.summary.create_file_writer("")
