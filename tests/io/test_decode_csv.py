"""tf.io.decode_csv; expected values read off real TF 2.21 for the same calls."""

import pytest
import torch

import keraslike as tf


def test_decode_csv_columns_defaults_and_options():
    ints, words, floats = tf.io.decode_csv(["1,a,2.5", "3,,"], record_defaults=[[0], ["x"], [0.0]])
    assert ints.dtype == torch.int32 and ints.tolist() == [1, 3]
    assert words.numpy().tolist() == [b"a", b"x"] and floats.dtype == torch.float32 and floats.tolist() == [2.5, 0.0]
    assert [t.tolist() for t in tf.io.decode_csv(["1;2"], [[0], [0]], field_delim=";")] == [[1], [2]]
    assert [t.tolist() for t in tf.io.decode_csv(["1,NA"], [[0], [9]], na_value="NA")] == [[1], [9]]
    assert [t.tolist() for t in tf.io.decode_csv(["1,2,3"], [[0], [0]], select_cols=[0, 2])] == [[1], [3]]
    quoted, number = tf.io.decode_csv(['"a ""q""",1'], [[""], [0]])
    assert quoted.numpy().tolist() == [b'a "q"'] and number.tolist() == [1]
    assert [t.numpy().tolist() for t in tf.io.decode_csv(["a b"], [[""], [""]], field_delim=" ")] == [[b"a"], [b"b"]]
    grid = tf.io.decode_csv([["1,2"], ["3,4"]], [[0], [0.0]])
    assert grid[0].shape == (2, 1) and grid[1].tolist() == [[2.0], [4.0]]
    wide = tf.io.decode_csv(["7,8"], [tf.constant([0], tf.int64), tf.constant(0.5, tf.float64)])
    assert wide[0].dtype == torch.int64 and wide[1].dtype == torch.float64 and wide[1].tolist() == [8.0]


def test_decode_csv_errors_as_tf():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Expect 2 fields but have 1 in record 0"):
        tf.io.decode_csv(["1"], [[0], [0]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="is not a valid int32: x"):
        tf.io.decode_csv(["x,1"], [[0], [0]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="required but missing"):
        tf.io.decode_csv([",1"], [tf.constant([], tf.int32), [0]])
    with pytest.raises(ValueError, match="field_delim"):
        tf.io.decode_csv(["1"], [[0]], field_delim="ab")
