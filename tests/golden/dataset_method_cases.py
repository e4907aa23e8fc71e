"""Cases for the tf.data.Dataset methods added in issue 11 (window, scan, unique, group_by_window, ...).

Each case takes the `tf` module (real TensorFlow in `make_dataset_method_golden.py`, keraslike in
`tests/data/test_dataset_methods.py`) and returns plain values (`_items` turns a dataset into a list of
numpy values, bytes decoded), encoded by `core_cases.encode`. Random methods are checked by their
invariants in the test, not here (TF's Philox numbers are not reproduced). No TensorFlow import here.
"""

import numpy as np


def _leaf(value):
    if isinstance(value, bytes):
        return value.decode()
    if isinstance(value, np.ndarray) and value.dtype == object:
        return [_leaf(v) for v in value.tolist()]
    return value


def _items(dataset):
    out = []
    for element in dataset.as_numpy_iterator():
        if isinstance(element, tuple):
            out.append([_leaf(v) for v in element])
        elif isinstance(element, dict):
            out.append({k: _leaf(v) for k, v in element.items()})
        else:
            out.append(_leaf(element))
    return out


def _windows(tf, ds):
    return [[_items(part) for part in (w if isinstance(w, tuple) else (w,))] for w in ds]


def _pairs(tf):
    return tf.data.Dataset.zip((tf.data.Dataset.range(100),
                                tf.data.Dataset.range(100).map(lambda x: tf.strings.as_string(x * 2))))


def _lookup(result):
    return [_leaf(v) for v in result.numpy().tolist()]


def _lengths(tf):
    return tf.data.Dataset.from_generator(lambda: ([n] * n for n in [1, 3, 5, 2, 4, 6, 7, 1, 2]),
                                          output_signature=tf.TensorSpec([None], tf.int32))


CASES = {
    "window_shift_stride": lambda tf: _windows(tf, tf.data.Dataset.range(7).window(3, shift=2, stride=2)),
    "window_default_shift": lambda tf: _windows(tf, tf.data.Dataset.range(7).window(3)),
    "window_drop_remainder": lambda tf: _windows(tf, tf.data.Dataset.range(7).window(3, 2, 1, True)),
    "window_shift_beyond_size": lambda tf: _windows(tf, tf.data.Dataset.range(10).window(2, shift=4)),
    "window_tuple": lambda tf: _windows(tf, tf.data.Dataset.zip((tf.data.Dataset.range(5),
                                                                 tf.data.Dataset.range(10, 15))).window(2)),
    "window_flat_map_batch": lambda tf: _items(tf.data.Dataset.range(7).window(3, 1, 1, True).flat_map(
        lambda w: w.batch(3))),
    "window_tuple_flat_map_zip": lambda tf: _items(tf.data.Dataset.from_tensor_slices(([1, 2, 3, 4], [5, 6, 7, 8]))
                                                   .window(2).flat_map(lambda a, b: tf.data.Dataset.zip((a.batch(2),
                                                                                                         b.batch(2))))),
    "window_cardinality": lambda tf: [int(tf.data.Dataset.range(7).window(3, 2).cardinality()),
                                      int(tf.data.Dataset.range(7).window(3, 2, 1, True).cardinality()),
                                      int(tf.data.Dataset.range(7).window(3, 2, 2, True).cardinality())],
    "window_strings": lambda tf: _items(tf.data.Dataset.from_tensor_slices(["a", "b", "c"]).window(2).flat_map(
        lambda w: w.batch(2))),
    "scan_running_sum": lambda tf: _items(tf.data.Dataset.range(6).scan(tf.constant(0, tf.int64),
                                                                        lambda s, x: (s + x, s + x))),
    "scan_tuple_element": lambda tf: _items(tf.data.Dataset.from_tensor_slices(([1, 2, 3], [4, 5, 6])).scan(
        0, lambda s, e: (s + e[0], (s, e[1])))),
    "scan_nested_state": lambda tf: _items(tf.data.Dataset.range(4).scan(
        (tf.constant(1, tf.int64), tf.constant(0.0)), lambda s, x: ((s[0] * 2, s[1] + 0.5), s[0] + x))),
    "scan_cardinality": lambda tf: int(tf.data.Dataset.range(5).scan(tf.constant(0, tf.int64),
                                                                     lambda s, x: (s, x)).cardinality()),
    "scan_dtype_change": lambda tf: _items(tf.data.Dataset.range(3).scan(tf.constant(0, tf.int32),
                                                                         lambda s, x: (x, x))),
    "unique_ints": lambda tf: _items(tf.data.Dataset.from_tensor_slices([1, 37, 2, 37, 2, 1]).unique()),
    "unique_strings": lambda tf: _items(tf.data.Dataset.from_tensor_slices(["b", "a", "b", "c", "a"]).unique()),
    "unique_vectors": lambda tf: _items(tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4], [1, 2]]).unique()),
    "unique_float_error": lambda tf: tf.data.Dataset.from_tensor_slices([1.0]).unique(),
    "take_while": lambda tf: _items(tf.data.Dataset.range(10).take_while(lambda x: x < 5)),
    "take_while_tuple": lambda tf: _items(tf.data.Dataset.from_tensor_slices(([1, 2, 3], [3, 2, 1])).take_while(
        lambda a, b: a < b)),
    "take_while_cardinality": lambda tf: int(tf.data.Dataset.range(10).take_while(lambda x: x < 5).cardinality()),
    "group_by_window": lambda tf: _items(tf.data.Dataset.range(10).group_by_window(
        key_func=lambda x: x % 3, reduce_func=lambda k, w: w.batch(2), window_size=2)),
    "group_by_window_flush_in_key_order": lambda tf: _items(tf.data.Dataset.from_tensor_slices([5, 1, 2, 8, 4])
                                                            .group_by_window(lambda x: tf.cast(x % 3, tf.int64),
                                                                             lambda k, w: w.batch(10), 10)),
    "group_by_window_key_arg": lambda tf: _items(tf.data.Dataset.range(6).group_by_window(
        lambda x: x % 2, lambda k, w: w.map(lambda v: v * 0 + k), window_size=2)),
    "group_by_window_size_func": lambda tf: _items(tf.data.Dataset.range(9).group_by_window(
        lambda x: x % 2, lambda k, w: w.batch(5), window_size_func=lambda k: k + 2)),
    "group_by_window_both_sizes": lambda tf: tf.data.Dataset.range(3).group_by_window(
        lambda x: x, lambda k, w: w, window_size=1, window_size_func=lambda k: 1),
    "bucket_by_sequence_length": lambda tf: _items(_lengths(tf).bucket_by_sequence_length(
        lambda x: tf.shape(x)[0], [3, 5], [2, 2, 2])),
    "bucket_pad_to_boundary": lambda tf: [list(b.shape) for b in _lengths(tf).skip(7).concatenate(
        _lengths(tf).skip(1).take(1)).bucket_by_sequence_length(
        lambda x: tf.shape(x)[0], [3, 5], [2, 2, 2], pad_to_bucket_boundary=True).as_numpy_iterator()],
    "bucket_drop_remainder": lambda tf: _items(_lengths(tf).bucket_by_sequence_length(
        lambda x: tf.shape(x)[0], [3, 5], [2, 2, 2], drop_remainder=True)),
    "bucket_padding_value": lambda tf: _items(_lengths(tf).take(3).bucket_by_sequence_length(
        lambda x: tf.shape(x)[0], [4], [2, 1], padding_values=-1)),
    "bucket_no_padding": lambda tf: _items(tf.data.Dataset.range(8).bucket_by_sequence_length(
        lambda x: tf.cast(x, tf.int32), [2, 5], [2, 2, 2], no_padding=True)),
    "bucket_bad_lengths": lambda tf: tf.data.Dataset.range(3).bucket_by_sequence_length(lambda x: x, [3, 5], [2, 2]),
    "rebatch": lambda tf: _items(tf.data.Dataset.range(10).batch(4).rebatch(3)),
    "rebatch_list": lambda tf: _items(tf.data.Dataset.range(10).batch(5).rebatch([2, 3])),
    "rebatch_drop_remainder": lambda tf: _items(tf.data.Dataset.range(10).batch(4).rebatch(3, drop_remainder=True)),
    "rebatch_dict": lambda tf: _items(tf.data.Dataset.from_tensor_slices({"a": np.arange(6), "b": np.arange(6) * 2.0})
                                      .batch(4).rebatch(3)),
    "choose_from_datasets": lambda tf: _items(tf.data.Dataset.choose_from_datasets(
        [tf.data.Dataset.from_tensors("foo").repeat(), tf.data.Dataset.from_tensors("bar").repeat(),
         tf.data.Dataset.from_tensors("baz").repeat()], tf.data.Dataset.range(3).repeat(3))),
    "choose_stop_on_empty": lambda tf: _items(tf.data.Dataset.choose_from_datasets(
        [tf.data.Dataset.range(2), tf.data.Dataset.range(10, 20)],
        tf.data.Dataset.from_tensor_slices(tf.constant([0, 0, 0, 1], tf.int64)))),
    "choose_skip_empty": lambda tf: _items(tf.data.Dataset.choose_from_datasets(
        [tf.data.Dataset.range(2), tf.data.Dataset.range(10, 20)],
        tf.data.Dataset.from_tensor_slices(tf.constant([0, 0, 0, 1], tf.int64)), stop_on_empty_dataset=False)),
    "choose_experimental_default": lambda tf: _items(tf.data.experimental.choose_from_datasets(
        [tf.data.Dataset.range(2), tf.data.Dataset.range(10, 20)],
        tf.data.Dataset.from_tensor_slices(tf.constant([0, 0, 0, 1], tf.int64)))),
    "choose_bad_choice_dtype": lambda tf: tf.data.Dataset.choose_from_datasets(
        [tf.data.Dataset.range(2)], tf.data.Dataset.range(3).map(lambda x: tf.cast(x, tf.int32))),
    "sample_all_elements_once": lambda tf: sorted(_items(tf.data.Dataset.sample_from_datasets(
        [tf.data.Dataset.range(3), tf.data.Dataset.range(10, 12)]))),
    "sample_one_weight": lambda tf: _items(tf.data.Dataset.sample_from_datasets(
        [tf.data.Dataset.range(3), tf.data.Dataset.range(10, 12)], weights=[0.0, 1.0], stop_on_empty_dataset=True)),
    "sample_cardinality": lambda tf: int(tf.data.Dataset.sample_from_datasets(
        [tf.data.Dataset.range(3), tf.data.Dataset.range(4)]).cardinality()),
    "random_spec": lambda tf: [tf.data.Dataset.random().element_spec.dtype.name,
                               int(tf.data.Dataset.random(seed=1).cardinality())],
    "rejection_resample_spec": lambda tf: [s.dtype.name for s in tf.data.Dataset.range(10).rejection_resample(
        lambda x: x % 2, [0.5, 0.5]).element_spec],
    "experimental_apply": lambda tf: [_items(tf.data.Dataset.range(6).apply(tf.data.experimental.scan(
        tf.constant(0, tf.int64), lambda s, x: (s + x, s)))),
        _items(tf.data.Dataset.range(6).apply(tf.data.experimental.take_while(lambda x: x < 3))),
        _items(tf.data.Dataset.from_tensor_slices([3, 3, 1]).apply(tf.data.experimental.unique())),
        _items(tf.data.Dataset.range(4).apply(tf.data.experimental.group_by_window(
            lambda x: x % 2, lambda k, w: w.batch(2), 2))),
        _items(tf.data.Dataset.range(3).apply(tf.data.experimental.enumerate_dataset(5))),
        _items(tf.data.Dataset.range(4).batch(2).apply(tf.data.experimental.unbatch())),
        int(tf.data.experimental.get_single_element(tf.data.Dataset.from_tensors(7)))],
    "assert_cardinality": lambda tf: [_items(tf.data.Dataset.range(3).apply(
                                          tf.data.experimental.assert_cardinality(3))),
                                      int(tf.data.Dataset.range(4).filter(lambda x: x > 0).apply(
                                          tf.data.experimental.assert_cardinality(3)).cardinality())],
    "assert_cardinality_too_few": lambda tf: _items(tf.data.Dataset.range(4).filter(lambda x: x > 0).apply(
        tf.data.experimental.assert_cardinality(5))),
    "assert_cardinality_too_many": lambda tf: _items(tf.data.Dataset.range(4).apply(
        tf.data.experimental.assert_cardinality(2))),
    "at": lambda tf: [int(tf.data.experimental.at(tf.data.Dataset.range(5), 3)),
                      tf.data.experimental.get_structure(tf.data.Dataset.range(5)).dtype.name],
    "at_out_of_range": lambda tf: tf.data.experimental.at(tf.data.Dataset.range(5), 7),
    "from_list": lambda tf: _items(tf.data.experimental.from_list([(1, "a"), (2, "b")])),
    "from_list_lists_are_values": lambda tf: _items(tf.data.experimental.from_list([[1], [2, 3]])),
    "from_list_lists_spec": lambda tf: repr(tf.data.experimental.from_list([[1], [2, 3]]).element_spec),
    "from_list_nested_lists": lambda tf: _items(tf.data.experimental.from_list([([1.0, 2.0], "a"), ([3.0], "b")])),
    "dense_to_ragged_batch": lambda tf: [b.to_list() for b in tf.data.Dataset.from_tensor_slices(
        np.arange(6)).map(lambda x: tf.range(x)).apply(tf.data.experimental.dense_to_ragged_batch(batch_size=2))],
    "dense_to_ragged_batch_drop": lambda tf: [b.to_list() for b in tf.data.Dataset.range(5).map(
        lambda x: tf.fill([x], x)).apply(tf.data.experimental.dense_to_ragged_batch(2, drop_remainder=True))],
    "dataset_initializer": lambda tf: _lookup(tf.lookup.StaticHashTable(
        tf.data.experimental.DatasetInitializer(_pairs(tf)), "").lookup(tf.constant([0, 1, 2, 500], tf.int64))),
    "table_from_dataset": lambda tf: _lookup(tf.data.experimental.table_from_dataset(
        _pairs(tf), default_value="n/a", key_dtype=tf.int64).lookup(tf.constant([0, 1, 2, 500], tf.int64))),
    "table_from_dataset_vocab_size": lambda tf: _lookup(tf.data.experimental.table_from_dataset(
        _pairs(tf), default_value="n/a", vocab_size=2, key_dtype=tf.int64).lookup(tf.constant([0, 1, 2], tf.int64))),
    "table_from_dataset_no_default": lambda tf: tf.data.experimental.table_from_dataset(_pairs(tf)),
    "table_from_dataset_not_pairs": lambda tf: tf.data.experimental.table_from_dataset(
        tf.data.Dataset.range(3), default_value=0),
    "index_table_from_dataset": lambda tf: _lookup(tf.data.experimental.index_table_from_dataset(
        tf.data.Dataset.range(5).map(lambda x: tf.strings.as_string(x * 2)), key_dtype=tf.string).lookup(
        tf.constant(["0", "2", "4", "5"]))),
    "index_table_from_dataset_oov": lambda tf: _lookup(tf.data.experimental.index_table_from_dataset(
        tf.data.Dataset.from_tensor_slices(["a", "b", "c"]), num_oov_buckets=3).lookup(
        tf.constant(["a", "c", "zebra", "lion", "b"]))),
    "from_list_dicts": lambda tf: _items(tf.data.experimental.from_list([{"x": [1.0, 2.0]}, {"x": [3.0, 4.0]}])),
    "pad_to_cardinality": lambda tf: _items(tf.data.Dataset.from_tensor_slices({"a": [1, 2]}).apply(
        tf.data.experimental.pad_to_cardinality(4))),
    "pad_to_cardinality_not_dict": lambda tf: tf.data.Dataset.range(2).apply(
        tf.data.experimental.pad_to_cardinality(4)),
    "group_by_reducer": lambda tf: _items(tf.data.Dataset.range(10).apply(tf.data.experimental.group_by_reducer(
        lambda x: x % 3, tf.data.experimental.Reducer(lambda k: tf.constant(0, tf.int64), lambda s, x: s + x,
                                                      lambda s: s * 10)))),
    "map_and_batch": lambda tf: _items(tf.data.Dataset.range(10).apply(tf.data.experimental.map_and_batch(
        lambda x: x * 2, 4, drop_remainder=True))),
    "shuffle_and_repeat": lambda tf: sorted(_items(tf.data.Dataset.range(3).apply(
        tf.data.experimental.shuffle_and_repeat(3, count=2, seed=1)))),
    "counter": lambda tf: [_items(tf.data.Dataset.counter(3, 2).take(3)),
                           _items(tf.data.Dataset.counter(3, 2, dtype=tf.int32).take(2)),
                           int(tf.data.Dataset.counter().cardinality()),
                           tf.data.Dataset.counter().element_spec.dtype.name],
}
