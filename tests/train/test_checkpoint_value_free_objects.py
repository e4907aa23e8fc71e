"""Objects TF checkpoints without saving a value: a `tf.data.Dataset` and the static lookup tables.

TF 2.21 accepts `tf.train.Checkpoint(v=v, dataset=ds, table=table, vocab=vocab)`: the file lists only
`v/.ATTRIBUTES/VARIABLE_VALUE` (the dataset and the tables are nodes with nothing saved), and reading it back
passes `assert_consumed()` (measured on TF 2.21). keraslike refused them ("Checkpoint can track ...")."""

import numpy as np

import keraslike as tf


def _objects():
    v = tf.Variable(2.0)
    ds = tf.data.Dataset.range(3)
    table = tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer(tf.constant([1, 2], tf.int64), tf.constant([3, 4], tf.int64)), -1)
    vocab = tf.lookup.StaticVocabularyTable(
        tf.lookup.KeyValueTensorInitializer(tf.constant(["a"]), tf.constant([0], tf.int64)), 1)
    return v, ds, table, vocab


def test_a_checkpoint_holds_datasets_and_static_tables(tmp_path):
    v, ds, table, vocab = _objects()
    ck = tf.train.Checkpoint(v=v, dataset=ds, table=table, vocab=vocab)
    path = ck.write(str(tmp_path / "c"))
    assert sorted(k for k, _ in tf.train.list_variables(path)) == [
        "_CHECKPOINTABLE_OBJECT_GRAPH", "v/.ATTRIBUTES/VARIABLE_VALUE"]
    v.assign(5.0)
    ck.read(path).assert_consumed()
    assert float(v.numpy()) == 2.0
    np.testing.assert_array_equal(table.lookup(tf.constant([2, 7], tf.int64)).numpy(), [4, -1])
    assert [int(x) for x in ds] == [0, 1, 2]


def test_a_module_holding_them_saves_only_its_variable(tmp_path):
    v, ds, table, vocab = _objects()
    m = tf.Module()
    m.v, m.ds, m.table, m.vocab = v, ds, table, vocab
    path = tf.train.Checkpoint(m=m).write(str(tmp_path / "m"))
    assert sorted(k for k, _ in tf.train.list_variables(path)) == [
        "_CHECKPOINTABLE_OBJECT_GRAPH", "m/v/.ATTRIBUTES/VARIABLE_VALUE"]
    m.v.assign(5.0)
    tf.train.Checkpoint(m=m).read(path).assert_consumed()
    assert float(m.v.numpy()) == 2.0
