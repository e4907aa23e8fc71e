"""`tf.data.DatasetSpec`: the type of a dataset-valued element (the windows of `Dataset.window`).

Mirrors `tensorflow/python/data/ops/dataset_ops.py` (`DatasetSpec`): the nested `element_spec` of the inner
dataset and the (here always scalar) `dataset_shape`.
"""

from keraslike._src.ops.tensor_shape import as_shape


_DATASET_TYPE = []


def register_dataset_type(cls):
    """The class `DatasetSpec.value_type` names (dataset.py registers `Dataset`: it imports this module)."""
    _DATASET_TYPE[:] = [cls]
    return cls


class DatasetSpec:
    """Describes a dataset held as an element.

    Args:
        element_spec: nested structure of `TensorSpec`s of the inner dataset's elements.
        dataset_shape: shape of the dataset value itself, `[]` (scalar) for a window.
    """

    def __init__(self, element_spec, dataset_shape=()):
        self._element_spec = element_spec
        self._dataset_shape = as_shape(dataset_shape)

    @property
    def element_spec(self):
        return self._element_spec

    @property
    def shape(self):
        return self._dataset_shape

    @property
    def value_type(self):
        return _DATASET_TYPE[0] if _DATASET_TYPE else None

    @staticmethod
    def from_value(value):
        """`DatasetSpec.from_value(dataset)`: the spec of a dataset (its `element_spec`, scalar shape)."""
        return DatasetSpec(value.element_spec)

    def __eq__(self, other):
        return (isinstance(other, DatasetSpec) and self._element_spec == other._element_spec
                and self._dataset_shape == other._dataset_shape)

    def __hash__(self):
        return hash((DatasetSpec, repr(self._element_spec)))

    def __repr__(self):
        return f"DatasetSpec({self._element_spec!r}, {self._dataset_shape!r})"
