"""`tf.distribute.experimental.ValueContext` (TF's only public path for it) and its text, as TF 2.21 prints it."""

import pytest

import keraslike as tf


def test_value_context_lives_in_experimental_only_as_in_tf():
    ctx = tf.distribute.experimental.ValueContext(replica_id_in_sync_group=2, num_replicas_in_sync=4)
    assert ctx.replica_id_in_sync_group / ctx.num_replicas_in_sync == 0.5
    assert not hasattr(tf.distribute, "ValueContext")  # TF 2.21 has no tf.distribute.ValueContext


def test_value_context_text_and_defaults_as_tf():
    assert str(tf.distribute.experimental.ValueContext(2, 4)) == (
        "tf.distribute.ValueContext(replica id 2,  total replicas in sync: 4)")
    assert str(tf.distribute.experimental.ValueContext()) == (
        "tf.distribute.ValueContext(replica id 0,  total replicas in sync: 1)")
    with pytest.raises(TypeError):
        tf.distribute.experimental.ValueContext(replica_id=1)


def test_one_replica_value_fn_gets_a_value_context():
    seen = []
    tf.distribute.get_strategy().experimental_distribute_values_from_function(lambda ctx: seen.append(str(ctx)))
    assert seen == ["tf.distribute.ValueContext(replica id 0,  total replicas in sync: 1)"]
