"""Eager `tf.Variable` names equal TF 2.21's (golden: tests/golden/make_variable_names_golden.py): unnamed
variables are all `Variable:0`, not `Variable_1:0`, `Variable_2:0`."""

import json
import os
import sys

import numpy as np

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
sys.path.insert(0, GOLDEN)

import variable_names_cases  # noqa: E402


def test_names_equal_tf():
    with open(os.path.join(GOLDEN, "variable_names.json")) as f:
        assert variable_names_cases.facts(tf) == json.load(f)


def test_checkpoint_of_unnamed_variables_restores_each(tmp_path):
    """Checkpoints find variables by object path, not name: equal names restore to the right variables."""
    module = tf.Module()
    module.a, module.b = tf.Variable(1.0), tf.Variable(2.0)
    path = tf.train.Checkpoint(m=module).save(str(tmp_path / "ckpt"))
    fresh = tf.Module()
    fresh.a, fresh.b = tf.Variable(0.0), tf.Variable(0.0)
    tf.train.Checkpoint(m=fresh).restore(path)
    np.testing.assert_array_equal([fresh.a.numpy(), fresh.b.numpy()], [1.0, 2.0])
