"""TF's ragged-tensor guide, its first ops cell: `tf.tile(digits, [1, 2])` and `tf.map_fn(tf.math.square, digits)`
on a RaggedTensor. Expected values are TF 2.21's output for the same calls (run there)."""
import keraslike as tf

DIGITS = [[3, 1, 4, 1], [], [5, 9, 2], [6], []]


def test_tile_ragged():
    digits = tf.ragged.constant(DIGITS)
    assert tf.tile(digits, [1, 2]).to_list() == [[3, 1, 4, 1, 3, 1, 4, 1], [], [5, 9, 2, 5, 9, 2], [6, 6], []]
    assert tf.tile(digits, [2, 1]).to_list() == DIGITS + DIGITS
    assert tf.tile(digits, [1, 0]).to_list() == [[], [], [], [], []]


def test_map_fn_over_ragged_rows_gives_ragged():
    digits = tf.ragged.constant(DIGITS)
    squared = tf.map_fn(tf.math.square, digits)
    assert isinstance(squared, tf.RaggedTensor)
    assert squared.to_list() == [[9, 1, 16, 1], [], [25, 81, 4], [36], []]


def test_guide_cell_runs():
    digits = tf.ragged.constant(DIGITS)
    words = tf.ragged.constant([["So", "long"], ["thanks", "for", "all", "the", "fish"]])
    assert tf.add(digits, 3).to_list() == [[6, 4, 7, 4], [], [8, 12, 5], [9], []]
    assert tf.concat([digits, [[5, 3]]], axis=0).to_list() == DIGITS + [[5, 3]]
    assert tf.strings.substr(words, 0, 2).to_list() == [[b"So", b"lo"], [b"th", b"fo", b"al", b"th", b"fi"]]
