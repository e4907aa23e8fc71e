"""One nest: `tf.nest`, a strategy's reduce/gather, distributed datasets, tf.data elements, functional-API
structures and `keras.tree` all walk structures with `keraslike._src.nest.nest.Rules`.

Before, six hand-written traversals disagreed: a strategy's `reduce` failed on a namedtuple and turned an
OrderedDict into a dict, a distributed dataset took a dict's first leaf in insertion order (TF: sorted) and
returned plain dicts, the functional API's `map_structure` and `keras.ops.map`/`vectorized_map` dropped an
OrderedDict's type and order, and tf.data accepted dicts with unsortable keys that TF refuses.
Goldens: `tests/golden/nest.json` (real TF 2.21).
"""

import collections
import json
import pathlib
import sys

import pytest
import torch

import keraslike as tf
from keraslike._src.data import structure
from keraslike._src.distribute import input as distribute_input
from keraslike._src.keras import tree
from keraslike._src.keras.layers import keras_tensor
from keraslike._src.nest import nest

GOLDEN_DIR = pathlib.Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN_DIR))
import nest_cases  # noqa: E402

GOLD = json.loads((GOLDEN_DIR / "nest.json").read_text())


@pytest.mark.parametrize("name", sorted(nest_cases.CASES))
def test_matches_tf(name):
    assert nest_cases.run(tf, nest_cases.CASES[name]) == GOLD[name]


Point = collections.namedtuple("Point", ["x", "y"])
MIXED = {"b": [1, (2, 3)], "a": collections.OrderedDict([("z", 4), ("c", 5)]), "d": Point(6, [7])}


def test_every_traversal_flattens_in_tf_order():
    expected = [5, 4, 1, 2, 3, 6, 7]  # dicts and OrderedDicts by sorted key, as tf.nest
    assert nest.flatten(MIXED) == keras_tensor.flatten(MIXED) == expected
    element = {"b": (1, 2), "a": collections.OrderedDict([("z", 4), ("c", 5)]), "d": Point(6, 7)}
    assert structure.flatten(element) == nest.flatten(element) == [5, 4, 1, 2, 6, 7]
    # keras.tree is Keras 3's own rule: an OrderedDict keeps its order, a dict is sorted
    assert tree.flatten(MIXED) == [4, 5, 1, 2, 3, 6, 7]


def test_rebuilt_structures_keep_their_types_and_key_order():
    for mapped in (nest.map_structure(str, MIXED), keras_tensor.map_structure(str, MIXED),
                   tf.distribute.get_strategy().reduce("SUM", tf.nest.map_structure(float, MIXED), axis=None)):
        assert list(mapped) == ["b", "a", "d"]
        assert type(mapped["a"]) is collections.OrderedDict and list(mapped["a"]) == ["z", "c"]
        assert type(mapped["d"]) is Point and type(mapped["b"][1]) is tuple


def test_a_distributed_batch_is_sized_by_its_first_leaf_in_tf_order():
    element = {"b": torch.zeros(3), "a": torch.zeros(5)}
    assert distribute_input.batch_size_of(element) == 5


def test_strategy_gather_keeps_a_namedtuple():
    strategy = tf.distribute.get_strategy()
    got = strategy.gather(Point(x=torch.ones(2, 1), y=torch.zeros(3)), axis=0)
    assert type(got) is Point and tuple(got.x.shape) == (2, 1) and tuple(got.y.shape) == (3,)


def test_tf_data_refuses_unsortable_dict_keys_as_tf_does():
    with pytest.raises(TypeError, match="sortable keys"):
        structure.flatten({1: "x", "a": "y"})
