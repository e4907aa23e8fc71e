"""NumPy ufuncs over tensors give booleans where TF's do, as TF's data-performance guide filters its timeline
(tensorflow.org/guide/data_performance, `draw_timeline`): `np.logical_and(times > 0, steps != b'')[:, 0]`.

torch's `Tensor.__array_wrap__` turned a boolean ufunc result into uint8, so `~np.isnan(t)` was 254/255 and
`t[~np.isnan(t)]` silently kept every element. On TF 2.21 (measured): `np.isnan(t)` is a bool array,
`~np.isnan(t)` is `[True, False, True]` and `t[~np.isnan(t)]` is `[1., 3.]` for `t = [1., nan, 3.]`."""

import numpy as np

import keraslike as tf


def test_negated_isnan_mask_selects_the_numbers():
    t = tf.constant([1., float('nan'), 3.])
    mask = np.isnan(t)
    assert mask.dtype == tf.bool
    assert (~mask).tolist() == [True, False, True]
    np.testing.assert_array_equal(np.asarray(t[~np.isnan(t)]), [1., 3.])


def test_the_guides_timeline_mask():
    times = tf.constant([[0.5, 0.1], [-1., -1.], [0.7, 0.2]])
    values = tf.constant([[0, 0, -1], [0, 0, 0], [0, 0, 1]])
    valid = np.logical_and(times > 0, values[:, 2:] >= 1)[:, 0]
    assert valid.dtype == tf.bool and valid.tolist() == [False, False, True]
    np.testing.assert_array_equal(np.asarray(values[valid]), [[0, 0, 1]])


def test_other_ufunc_results_keep_their_dtypes():
    t = tf.constant([1., 4.])
    assert np.sqrt(t).dtype == tf.float32
    assert np.add(tf.constant([1, 2]), 1).tolist() == [2, 3]


def test_a_boolean_mask_selects_rows_of_a_string_tensor():
    """The guide's `timeline['steps'][invalid_mask]`: TF 2.21 selects as tf.boolean_mask for a numpy bool array
    or a bool tensor key (`[['a'], ['b'], ['c']]` with `[True, False, True]` gives `[[b'a'], [b'c']]`)."""
    steps = tf.constant([['Open'], ['Read'], ['Train']])
    times = tf.constant([[-1., -1.], [0.5, 0.1], [0.7, 0.2]])
    invalid_mask = np.logical_and(times > 0, steps != b'')[:, 0]
    assert steps[invalid_mask].numpy().tolist() == [[b'Read'], [b'Train']]
    assert steps[tf.constant([True, False, True])].numpy().tolist() == [[b'Open'], [b'Train']]
