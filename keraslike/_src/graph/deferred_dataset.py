"""Datasets built from graph tensors (`Dataset.from_tensor_slices(placeholder)`), made when an iterator starts.

Mirrors TF1's feedable pipelines: `tf.data.Dataset.from_tensor_slices(x_placeholder).batch(32)` with
`make_initializable_iterator()`, whose `initializer` is run with `feed_dict={x_placeholder: data}`. The
`DeferredDataset` records the source and every transformation; running the initializer builds the real
`tf.data.Dataset` from the fed values. Its `element_spec` comes from building it on stand-in values (two
sizes, so dimensions that follow the fed data are unknown).
"""

from keraslike._src.graph import record
from keraslike._src.graph.tensor import SymbolicTensor
from keraslike._src.nest import nest
from keraslike._src.ops.tensor_spec import TensorSpec


def graph_inputs(structure):
    return [t for t in nest.flatten(structure) if isinstance(t, SymbolicTensor)]


class DeferredDataset:
    """A `tf.data.Dataset` whose source holds graph tensors; transformations are recorded, not run."""

    def __init__(self, inputs, build):
        self._inputs = inputs  # graph tensors the dataset needs
        self._build = build  # values (aligned with inputs) -> tf.data.Dataset
        self._spec = None

    def build(self, values):
        """The real dataset for these input values."""
        return self._build(values)

    @property
    def element_spec(self):
        if self._spec is None:
            specs = [self._build([record.stand_in_value(t, size) for t in self._inputs]).element_spec
                     for size in (2, 3)]
            self._spec = nest.map_structure(_merge_specs, specs[0], specs[1])
        return self._spec

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)

        def transformation(*args, **kwargs):
            if graph_inputs((args, kwargs)):
                raise ValueError(f"Dataset.{name}() arguments must not be graph tensors in keraslike; feed them "
                                 "into the dataset source instead. Received: graph tensors in the arguments")
            build = self._build
            return DeferredDataset(self._inputs, lambda values: getattr(build(values), name)(*args, **kwargs))

        return transformation

    def make_one_shot_iterator(self):
        raise ValueError("Failed to create a one-shot iterator for a dataset built from placeholders or other graph "
                         "tensors (TF refuses it too): use dataset.make_initializable_iterator() and run its "
                         "initializer with a feed_dict.")


def _merge_specs(a, b):
    if a.shape.rank is None or b.shape.rank is None or a.shape.rank != b.shape.rank:
        return TensorSpec(None, a.dtype)
    return TensorSpec([x if x == y else None for x, y in zip(a.shape.as_list(), b.shape.as_list())], a.dtype)


def deferred_source(method):
    """`Dataset.from_tensor_slices`/`from_tensors` that defers when the tensors include graph tensors."""

    def source(tensors, name=None):
        inputs = graph_inputs(tensors)
        if not inputs:
            return method(tensors, name=name)

        def build(values):
            replacement = dict(zip(map(id, inputs), values))
            filled = nest.map_structure(lambda t: replacement.get(id(t), t), tensors)
            return method(filled, name=name)

        return DeferredDataset(inputs, build)

    source.__name__ = method.__name__
    source.__doc__ = method.__doc__
    return source
