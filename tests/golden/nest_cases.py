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
