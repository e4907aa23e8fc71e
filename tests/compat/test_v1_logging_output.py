"""`tf.compat.v1.logging` prints as TF 2.21's does, and `tf.compat.v1.train.global_step` / the eager global step.

The expected lines are TF 2.21's output of the same scripts (run under /work/tfvenv, 2026-12-02): a plain script
prints `LEVEL:tensorflow:message` on stderr (keraslike printed nothing for `info` after `set_verbosity(INFO)`, and
a bare `w` for a warning); under `tf.app.run` absl's handler also prints each record naming the user's line (keraslike
named `tf_logging.py:36`).
"""

import os
import pathlib
import re
import subprocess
import sys
import textwrap

import pytest

import keraslike.compat.v1 as tf

_SCRIPT = textwrap.dedent("""\
    import sys
    import keraslike.compat.v1 as tf
    tf.logging.set_verbosity(tf.logging.INFO)
    tf.logging.info("hello %d", 3)
    tf.logging.warn("w")
    tf.logging.debug("not shown")
    tf.logging.log_if(tf.logging.ERROR, "cond", True)
    tf.logging.set_verbosity(tf.logging.ERROR)
    tf.logging.info("hidden")
    tf.logging.error("e")
    def main(argv):
        tf.logging.set_verbosity(tf.logging.INFO)
        tf.logging.info("in main")
    if len(sys.argv) > 1:
        tf.app.run(main)
    """)


def _stderr(tmp_path, *argv):
    script = tmp_path / "logs.py"
    script.write_text(_SCRIPT)
    root = str(pathlib.Path(__file__).resolve().parents[2])  # this checkout's keraslike, first on the path
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, str(script), *argv], capture_output=True, text=True, timeout=120,
                          cwd=str(tmp_path), env=env)
    assert done.returncode == 0, done.stderr
    return [line for line in done.stderr.splitlines() if line]


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_plain_script_prints_tf_format(tmp_path):
    assert _stderr(tmp_path) == ["INFO:tensorflow:hello 3", "WARNING:tensorflow:w", "ERROR:tensorflow:cond",
                                 "ERROR:tensorflow:e"]


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_under_app_run_absl_names_the_callers_line(tmp_path):
    lines = _stderr(tmp_path, "go")
    assert lines[:4] == ["INFO:tensorflow:hello 3", "WARNING:tensorflow:w", "ERROR:tensorflow:cond",
                         "ERROR:tensorflow:e"]
    assert lines[4] == "INFO:tensorflow:in main"
    assert re.fullmatch(r"I\d{4} [\d:.]+ +\d+ logs\.py:13\] in main", lines[5]), lines
    assert len(lines) == 6


def test_logger_has_tf_handler_unless_root_configured():
    logger = tf.get_logger()
    assert logger.name == "tensorflow" and logger.propagate
    formats = [h.formatter._fmt for h in logger.handlers if h.formatter is not None]
    assert formats in ([], ["%(levelname)s:%(name)s:%(message)s"])  # none when pytest configured the root first


def test_global_step_eagerly():
    # TF 2.21 eagerly: the same int64 variable twice, found by get_global_step, not trainable, not among
    # tf.global_variables(); global_step(None, g) reads 5 after assign_add(5)
    step = tf.train.get_or_create_global_step()
    try:
        assert tf.train.get_or_create_global_step() is step and tf.train.get_global_step() is step
        assert step.dtype == tf.int64 and not step.trainable and step.name == "global_step:0"
        assert tf.global_variables() == []
        step.assign_add(5)
        assert tf.train.global_step(None, step) == 5 and type(tf.train.global_step(None, step)) is int
    finally:
        tf.reset_default_graph()


def test_global_step_in_a_graph():
    # TF 2.21: two assign_add runs, then global_step(sess, g) == 2 (a Python int)
    with tf.Graph().as_default():
        step = tf.train.get_or_create_global_step()
        increment = tf.assign_add(step, 1)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            sess.run(increment)
            sess.run(increment)
            assert tf.train.global_step(sess, step) == 2
            assert type(tf.train.global_step(sess, step)) is int
