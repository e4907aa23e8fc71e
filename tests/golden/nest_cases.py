"""Cases for the nested-structure rules of `tf.nest`, a strategy's `reduce` and tf.data elements, shared by
`make_nest_golden.py` (real TF 2.21) and `tests/nest/test_nest_rules.py`.

Each case is `fn(tf) -> value`; the golden is `describe(value)` (containers as `[type name, children]` in their
own order, tensors as lists), or `"raises <ExceptionType>"`.
"""

import collections

Point = collections.namedtuple("Point", ["x", "y"])


def odict(*items):
    return collections.OrderedDict(items)


def describe(value):
    if isinstance(value, dict):
        return [type(value).__name__, [[k, describe(v)] for k, v in value.items()]]
    if isinstance(value, (list, tuple)):
        return [type(value).__name__, [describe(v) for v in value]]
    if hasattr(value, "to_list"):  # a RaggedTensor
        return ["RaggedTensor", value.to_list(), value.ragged_rank]
    if hasattr(value, "dense_shape"):  # a SparseTensor
        return ["SparseTensor", *(describe(t) for t in (value.indices, value.values, value.dense_shape))]
    if hasattr(value, "numpy"):
        return value.numpy().tolist()
    return value


def run(tf, fn):
    try:
        return describe(fn(tf))
    except Exception as err:  # noqa: BLE001 - the golden records the exception type
        return f"raises {type(err).__name__}"


def _reduce(tf, value):
    return tf.distribute.get_strategy().reduce("SUM", value, axis=None)


def _ba(tf):
    return odict(("b", tf.constant([1.0, 2.0])), ("a", tf.constant([3.0, 4.0])))


def _ragged(tf):
    return tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2]])


def _ragged2(tf):
    return tf.ragged.constant([[[1.0, 2.0], [3.0]], [], [[4.0]]])


def _sparse(tf):
    return tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]], values=[1.5, 2.5], dense_shape=[3, 4])


def _dtypes(values):
    return [v.dtype.name for v in values]


def _same(tf, a, b):
    tf.nest.assert_same_structure(a, b, expand_composites=True)
    return "same"


def _first(dataset):
    return next(iter(dataset))


CASES = {
    # tf.nest
    "nest_flatten_dict_sorted": lambda tf: tf.nest.flatten({"b": 1, "a": 2, "c": [3, (4,)]}),
    "nest_flatten_odict_sorted": lambda tf: tf.nest.flatten(odict(("b", 1), ("a", 2))),
    "nest_flatten_namedtuple": lambda tf: tf.nest.flatten(Point(x=[1, 2], y={"k": 3})),
    "nest_flatten_unsortable": lambda tf: tf.nest.flatten({1: "x", "a": "y"}),
    "nest_map_odict": lambda tf: tf.nest.map_structure(lambda v: v * 2, odict(("b", 1), ("a", 2))),
    "nest_map_namedtuple": lambda tf: tf.nest.map_structure(lambda v: -v, Point(x=1, y=(2, 3))),
    "nest_pack_odict": lambda tf: tf.nest.pack_sequence_as(odict(("b", 0), ("a", 0)), [1, 2]),
    "nest_pack_dict": lambda tf: tf.nest.pack_sequence_as({"z": 0, "a": [0, 0]}, [1, 2, 3]),
    # expand_composites: ragged and sparse tensors are containers of their component tensors
    "nest_flatten_ragged_kept": lambda tf: tf.nest.flatten(_ragged(tf), expand_composites=False),
    "nest_flatten_ragged": lambda tf: tf.nest.flatten(_ragged(tf), expand_composites=True),
    "nest_flatten_ragged_dtypes": lambda tf: _dtypes(tf.nest.flatten(_ragged(tf), expand_composites=True)),
    "nest_flatten_ragged2": lambda tf: tf.nest.flatten(_ragged2(tf), expand_composites=True),
    "nest_flatten_sparse": lambda tf: tf.nest.flatten(_sparse(tf), expand_composites=True),
    "nest_flatten_mixed": lambda tf: tf.nest.flatten(
        {"foo": _ragged2(tf), "bar": tf.constant([[5.0]]), "baz": (_sparse(tf),)}, expand_composites=True),
    "nest_pack_mixed": lambda tf: tf.nest.pack_sequence_as(
        {"foo": _ragged2(tf), "bar": tf.constant([[5.0]]), "baz": [_sparse(tf)]},
        tf.nest.flatten({"foo": _ragged2(tf), "bar": tf.constant([[7.0]]), "baz": [_sparse(tf)]},
                        expand_composites=True), expand_composites=True),
    "nest_pack_ragged_new_values": lambda tf: tf.nest.pack_sequence_as(
        _ragged(tf), [tf.constant([10, 20, 30, 40, 50, 60, 70]), tf.constant([0, 1, 5, 7], tf.int64)],
        expand_composites=True),
    "nest_pack_ragged_count": lambda tf: tf.nest.pack_sequence_as(_ragged(tf), [1], expand_composites=True),
    "nest_map_ragged": lambda tf: tf.nest.map_structure(
        lambda t: t if t.dtype == tf.int64 else t * 10, _ragged(tf), expand_composites=True),
    "nest_same_ragged_other_rows": lambda tf: _same(
        tf, _ragged(tf), tf.RaggedTensor.from_row_splits(values=[3, 1, 4], row_splits=[0, 3])),
    "nest_same_ragged_other_rank": lambda tf: _same(tf, _ragged(tf), _ragged2(tf)),
    "nest_same_ragged_other_dtype": lambda tf: _same(tf, _ragged(tf), tf.ragged.constant([[1.0], []])),
    "nest_same_ragged_sparse": lambda tf: _same(tf, _ragged(tf), _sparse(tf)),
    "nest_same_ragged_tensor": lambda tf: _same(tf, _ragged(tf), tf.constant([1, 2])),
    "nest_same_sparse_other_shape": lambda tf: _same(
        tf, _sparse(tf), tf.sparse.SparseTensor(indices=[[1, 1]], values=[4.0], dense_shape=[5, 5])),
    "nest_same_sparse_other_rank": lambda tf: _same(
        tf, _sparse(tf), tf.sparse.SparseTensor(indices=[[1]], values=[4.0], dense_shape=[5])),
    "nest_same_list_vs_array_text": lambda tf: _same(tf, [0, 1], __import__("numpy").array([0, 1])),
    # a strategy's reduce maps over any nest
    "reduce_namedtuple": lambda tf: _reduce(tf, Point(x=tf.constant([1.0, 2.0]), y=tf.constant(3.0))),
    "reduce_odict": lambda tf: _reduce(tf, odict(("b", tf.constant([1.0])), ("a", tf.constant([2.0, 3.0])))),
    "reduce_dict_of_tuple": lambda tf: _reduce(tf, {"b": (tf.constant(1.0),), "a": [tf.constant(2.0)]}),
    # a distributed dataset's batches keep the element's structure
    "distributed_odict": lambda tf: _first(tf.distribute.get_strategy().experimental_distribute_dataset(
        tf.data.Dataset.from_tensor_slices(odict(("b", [1.0, 2.0]), ("a", [3.0, 4.0]))).batch(2))),
    "distributed_namedtuple": lambda tf: _first(tf.distribute.get_strategy().experimental_distribute_dataset(
        tf.data.Dataset.from_tensor_slices(Point(x=[1.0, 2.0, 3.0], y=[4, 5, 6])).batch(2))),
    # tf.data: tuples and dicts are structure, lists are values
    "data_dict_order": lambda tf: _first(tf.data.Dataset.from_tensors({"b": [1, 2], "a": 3})),
    "data_list_is_a_value": lambda tf: _first(tf.data.Dataset.from_tensors(([1, 2], 3))),
    "data_namedtuple": lambda tf: _first(tf.data.Dataset.from_tensors(Point(x=1, y=(2, 3)))),
    "data_unsortable": lambda tf: _first(tf.data.Dataset.from_tensors({1: 2, "a": 3})),
    "data_flat_map_order": lambda tf: _first(
        tf.data.Dataset.from_tensors({"b": 1, "a": 2}).map(lambda d: (d["a"], d["b"]))),
    # keras.ops walk structures as keras.tree does: an OrderedDict keeps its order and type
    "keras_ops_map_odict": lambda tf: tf.keras.ops.map(lambda d: odict(("z", d["b"]), ("c", d["a"])), _ba(tf)),
    "keras_ops_vectorized_map_odict": lambda tf: tf.keras.ops.vectorized_map(
        lambda d: odict(("z", d["b"] + 1.0), ("c", d["a"])), _ba(tf)),
}
