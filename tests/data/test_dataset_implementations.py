"""`Dataset`'s methods build keraslike's subclasses found by class name (`dataset._implementation`), since the
subclasses' modules import `dataset.py` and it cannot import them back (tests/test_import_structure.py)."""

import ast
import collections
import inspect

import keraslike as tf
from keraslike._src.data import dataset as dataset_module


def _keraslike_subclasses(cls):
    found, stack = [], [cls]
    while stack:
        for sub in stack.pop().__subclasses__():
            stack.append(sub)
            if sub.__module__.startswith("keraslike."):
                found.append(sub)
    return found


def test_every_name_a_method_asks_for_is_defined_once():
    tree = ast.parse(inspect.getsource(dataset_module))
    asked = {node.args[0].value for node in ast.walk(tree)
             if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_implementation"}
    assert len(asked) >= 20  # batch, map, shuffle, ... and the constructors
    counts = collections.Counter(c.__name__ for c in set(_keraslike_subclasses(tf.data.Dataset)))
    problems = [f"{name}: defined {counts[name]} times" for name in sorted(asked) if counts[name] != 1]
    assert not problems, "\n".join(problems)
    for name in asked:
        assert issubclass(dataset_module._implementation(name), tf.data.Dataset)


def test_transformations_return_their_implementations():
    ds = tf.data.Dataset.range(10)
    assert type(ds).__name__ == "RangeDataset"
    assert type(ds.batch(3)).__name__ == "BatchDataset"
    assert type(ds.map(lambda x: x * 2)).__name__ == "MapDataset"
    assert [int(x) for x in ds.shuffle(10, seed=1).take(4).map(lambda x: x + 100).filter(lambda x: x > 0)] == \
        [int(x) + 100 for x in ds.shuffle(10, seed=1).take(4)]
    assert [b.tolist() for b in ds.batch(4).as_numpy_iterator()] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
