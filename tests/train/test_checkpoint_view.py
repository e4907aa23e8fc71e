"""`tf.train.CheckpointView` / `TrackableView` against real TF 2.21 (tests/golden/make_checkpoint_view_golden.py
over tests/golden/checkpoint_view_cases.py). The saved object graph itself must be TF's: a tf.Module's children
in the order its attributes were set (keraslike listed them sorted by name) and `Checkpoint(root)`'s root
node listing itself as "root" (node 0), so node ids match TF's."""

import json
import os

import pytest

import keraslike as tf
from tests.golden.checkpoint_view_cases import run

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "golden", "checkpoint_view.json")))


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    return json.loads(json.dumps(run(tf, str(tmp_path_factory.mktemp("view")))))


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_matches_tf(result, key):
    assert result[key] == GOLDEN[key]


def test_errors_name_the_argument(tmp_path):
    with pytest.raises(tf.errors.NotFoundError, match="save_path"):
        tf.train.CheckpointView(str(tmp_path / "missing"))
    module = tf.Module()
    module.v = tf.Variable(1.0)
    view = tf.train.CheckpointView(tf.train.Checkpoint(module).save(str(tmp_path / "ckpt")))
    with pytest.raises(IndexError, match="node_id=9"):
        view.children(9)
    with pytest.raises(ValueError, match="save_type"):
        tf.train.TrackableView.children(module, save_type="savedmodel")
