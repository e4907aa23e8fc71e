"""Cases for `keras.tree`, shared by `make_tree_golden.py` (real Keras 3.15) and `tests/keras/test_tree.py`.

Each case is `fn(tree) -> value`; the golden is `repr(value)`, or `"raises <ExceptionType>"`.
"""

import collections

Point = collections.namedtuple("Point", ["x", "y"])
Other = collections.namedtuple("Other", ["x", "y"])

NESTED = {"b": [1, (2, 3)], "a": collections.OrderedDict([("z", 4), ("c", None)]), "d": Point(5, [6])}

CASES = {
    "flatten_nested": lambda t: t.flatten(NESTED),
    "flatten_leaf": lambda t: t.flatten(7),
    "flatten_none": lambda t: t.flatten(None),
    "flatten_empty": lambda t: [t.flatten([]), t.flatten({}), t.flatten(())],
    "flatten_single": lambda t: t.flatten([[3]]),
    "flatten_dict_sorted": lambda t: t.flatten({100: "world!", 6: "Hello"}),
    "flatten_deque": lambda t: t.flatten(collections.deque([1, [2]])),
    "flatten_string": lambda t: t.flatten(["ab", "c"]),
    "flatten_defaultdict": lambda t: t.flatten(collections.defaultdict(int, {"y": 1, "x": 2})),
    "flatten_with_path": lambda t: t.flatten_with_path(NESTED),
    "is_nested": lambda t: [t.is_nested(x) for x in (1, None, "ab", [], (), {}, Point(1, 2),
                                                     collections.deque(), {"a": 1})],
    "map_structure": lambda t: t.map_structure(lambda v: None if v is None else v * 2, NESTED),
    "map_structure_two": lambda t: t.map_structure(lambda a, b: a + b, [1, (2, 3)], [10, (20, 30)]),
    "map_structure_dict_odict": lambda t: t.map_structure(lambda a, b: a * b, {"a": 1, "b": 2},
                                                          collections.OrderedDict([("b", 3), ("a", 4)])),
    "map_structure_leaf": lambda t: t.map_structure(lambda v: v + 1, 4),
    "map_structure_none_not_leaf": lambda t: t.map_structure(lambda v: v * 3, [None, 1, {"a": None}],
                                                             none_is_leaf=False),
    "map_structure_none_leaf": lambda t: t.map_structure(lambda v: v is None, [None, 1]),
    "map_structure_list_vs_tuple": lambda t: t.map_structure(lambda a, b: a, [1, 2], (1, 2)),
    "map_structure_length": lambda t: t.map_structure(lambda a, b: a, [1, 2], [1, 2, 3]),
    "map_structure_depth": lambda t: t.map_structure(lambda a, b: a, [1, 2], [1, [2]]),
    "map_structure_empty": lambda t: t.map_structure(lambda a: a),
    "map_structure_namedtuple": lambda t: t.map_structure(lambda v: -v, Point(1, 2)),
    "map_structure_up_to": lambda t: t.map_structure_up_to([0, 0], lambda a, b: (a, b), [1, [2, 3]],
                                                           [4, [5, 6]]),
    "map_structure_up_to_dict": lambda t: t.map_structure_up_to({"a": 0, "b": 0}, len, {"a": [1, 2], "b": (3,)}),
    "map_structure_up_to_mismatch": lambda t: t.map_structure_up_to([0, [0]], lambda a: a, [1, 2]),
    "assert_same_ok": lambda t: t.assert_same_structure([(0, 1)], [(2, 3)]),
    "assert_same_dicts": lambda t: t.assert_same_structure({"a": 1, "b": [2]},
                                                           collections.OrderedDict([("b", [0]), ("a", 9)])),
    "assert_same_list_tuple": lambda t: t.assert_same_structure([1], (1,)),
    "assert_same_namedtuples": lambda t: t.assert_same_structure(Point(0, 1), Other(0, 1)),
    "assert_same_leaf_node": lambda t: t.assert_same_structure(1, [1]),
    "assert_same_keys": lambda t: t.assert_same_structure({"a": 1}, {"b": 1}),
    "assert_same_paths_ok": lambda t: t.assert_same_paths([1, (2, 3)], (4, [5, 6])),
    "assert_same_paths_namedtuple": lambda t: t.assert_same_paths(Point(1, 2), [3, 4]),
    "assert_same_paths_bad": lambda t: t.assert_same_paths([1, 2], [1]),
    "pack": lambda t: t.pack_sequence_as(NESTED, list(range(7))),
    "pack_dict_order": lambda t: t.pack_sequence_as({"key3": "", "key1": "", "key2": ""}, ["v1", "v2", "v3"]),
    "pack_odict": lambda t: t.pack_sequence_as(collections.OrderedDict([("b", 0), ("a", 0)]), [1, 2]),
    "pack_leaf": lambda t: t.pack_sequence_as("x", [5]),
    "pack_deque": lambda t: t.pack_sequence_as(collections.deque([0, [0]], maxlen=4), [1, 2]),
    "pack_too_few": lambda t: t.pack_sequence_as([0, 0], [1]),
    "pack_too_many": lambda t: t.pack_sequence_as([0, 0], [1, 2, 3]),
    "pack_not_iterable": lambda t: t.pack_sequence_as([0], 5),
    "lists_to_tuples": lambda t: t.lists_to_tuples({"a": [1, [2, (3, [4])]], "b": Point([5], 6)}),
    "map_shape_structure": lambda t: t.map_shape_structure(lambda s: len(s), {"x": (None, 3), "y": [(1, 2), [4]],
                                                                              "z": ()}),
    "traverse_top_down": lambda t: t.traverse(lambda x: 0 if x == 2 else None, [1, [2, [3]]]),
    "traverse_replace_node": lambda t: t.traverse(lambda x: "cut" if isinstance(x, tuple) else None,
                                                  [1, (2, 3), {"a": (4,)}]),
    "traverse_map_to_none": lambda t: t.traverse(lambda x: t.MAP_TO_NONE if x == 3 else None, [1, [2, 3]]),
    "traverse_bottom_up": lambda t: t.traverse(lambda x: sum(x) if isinstance(x, list) else None,
                                               [1, [2, 3], [4, [5]]], top_down=False),
    "traverse_not_callable": lambda t: t.traverse(3, [1]),
}


def run(tree, fn):
    try:
        return repr(fn(tree))
    except Exception as e:  # noqa: BLE001 - the golden records which error Keras raises
        return f"raises {type(e).__name__}"
