"""`tf.saved_model.save(tf.train.Checkpoint(...), dir)`: TF saves the Checkpoint's objects (and its save_counter)
and loads them as a `_UserObject`; keraslike raised "Expected a tf.Module or a Keras model/layer".
Golden: tests/golden/make_saved_checkpoint_golden.py (the Checkpoint in tests/golden/saved_checkpoint_cases.py)."""

import json
import os
import sys

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))
import saved_checkpoint_cases  # noqa: E402

GOLDEN = json.load(open(os.path.join(HERE, "..", "golden", "saved_checkpoint.json")))


def test_a_saved_checkpoint_loads_as_tf_loads_it(tmp_path):
    tf.saved_model.save(saved_checkpoint_cases.build(tf), str(tmp_path))
    loaded = tf.saved_model.load(str(tmp_path))
    assert saved_checkpoint_cases.describe(tf, loaded, str(tmp_path / "variables" / "variables")) == GOLDEN


def test_the_saved_variables_restore_into_a_checkpoint(tmp_path):
    tf.saved_model.save(saved_checkpoint_cases.build(tf), str(tmp_path))
    fresh = saved_checkpoint_cases.build(tf)
    for v in (fresh.v, fresh.n.q, fresh.model.w):
        v.assign(tf.zeros_like(v))
    fresh.read(str(tmp_path / "variables" / "variables")).assert_existing_objects_matched()
    assert float(fresh.v.numpy()) == 3.0 and float(fresh.n.q.numpy()) == 4.0
    assert fresh.model.w.numpy().tolist() == [1.0, 2.0]
