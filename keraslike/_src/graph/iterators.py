"""TF1 dataset iterators in graph mode: `make_one_shot_iterator`, `make_initializable_iterator`, `get_next`.

Mirrors `tensorflow/python/data/ops/iterator_ops.py` (`Iterator`): `get_next()` is a graph op whose
outputs (one per component of `element_spec`) are the next element each time a session runs it; past
the end it raises `tf.errors.OutOfRangeError("End of sequence")`. Each session iterates on its own; a
one-shot iterator starts on first use, an initializable one when `sess.run(iterator.initializer)` runs
(again from the start each time). While graph mode lasts, `tf.data.Dataset` has the TF1 method names (TF1
programs call `dataset.make_one_shot_iterator()`), and `from_tensor_slices`/`from_tensors` accept graph
tensors (a `DeferredDataset`, built when the initializer runs with its feeds).
"""

from keraslike._src import errors
from keraslike._src.data.dataset import Dataset
from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import record
from keraslike._src.graph.deferred_dataset import DeferredDataset, deferred_source
from keraslike._src.graph.tensor import Operation
from keraslike._src.nest import nest


class _IteratorInit(Operation):
    def __init__(self, graph, name, iterator, dataset):
        inputs = dataset._inputs if isinstance(dataset, DeferredDataset) else []
        super().__init__(graph, name, "MakeIterator", inputs, list(graph._control_stack))
        self.iterator = iterator
        self.dataset = dataset

    def compute(self, ctx, inputs):
        dataset = self.dataset.build(inputs) if isinstance(self.dataset, DeferredDataset) else self.dataset
        ctx.iterators[self.iterator] = iter(dataset)
        return []


class _GetNext(Operation):
    def __init__(self, graph, name, iterator, specs):
        super().__init__(graph, name, "IteratorGetNext", (), list(graph._control_stack),
                         record.current_device(graph))
        self.iterator = iterator
        self._make_outputs([(s.dtype, s.shape) for s in specs])

    def compute(self, ctx, inputs):
        state = ctx.iterators.get(self.iterator)
        if state is None:
            if not self.iterator._one_shot:
                raise errors.FailedPreconditionError(
                    None, self.name, "GetNext() failed because the iterator has not been initialized. Ensure "
                    "that you have run the initializer operation for this iterator before getting the next "
                    "element.")
            state = ctx.iterators[self.iterator] = iter(self.iterator._dataset)
        try:
            element = next(state)
        except StopIteration:
            raise errors.OutOfRangeError(None, self.name, "End of sequence") from None
        return nest.flatten(element)


class Iterator:
    """`tf.compat.v1.data.Iterator` over a `tf.data.Dataset` in a graph.

    Args:
        dataset: the dataset.
        one_shot: start on first `get_next` (True) or when `initializer` runs (False).
    """

    def __init__(self, dataset, one_shot):
        self._dataset = dataset
        self._one_shot = one_shot
        self._graph = graph_lib.get_default_graph()
        self._initializer = None
        self._next = None

    @property
    def element_spec(self):
        return self._dataset.element_spec

    output_types = property(lambda self: nest.map_structure(lambda s: s.dtype, self.element_spec))
    output_shapes = property(lambda self: nest.map_structure(lambda s: s.shape, self.element_spec))

    @property
    def initializer(self):
        """The op (re)starting the iteration (initializable iterators)."""
        if self._one_shot:
            raise ValueError("Iterator does not have an initializer: it was made by make_one_shot_iterator(); "
                             "use make_initializable_iterator() to restart iteration.")
        if self._initializer is None:
            graph = self._graph
            self._initializer = _IteratorInit(graph, graph.unique_name("MakeIterator"), self, self._dataset)
        return self._initializer

    def make_initializer(self, dataset, name=None):
        """Re-point this iterator at `dataset`, returning the op that starts it."""
        self._dataset = dataset
        graph = self._graph
        return _IteratorInit(graph, graph.unique_name(name or "MakeIterator"), self, dataset)

    def get_next(self, name=None):
        """The next element as graph tensors (the same op each call, as TF warns users to reuse it)."""
        if self._next is None:
            graph = self._graph
            specs = nest.flatten(self.element_spec)
            op = _GetNext(graph, graph.unique_name(name or "IteratorGetNext"), self, specs)
            self._next = nest.pack_sequence_as(self.element_spec, op.outputs)
        return self._next


def make_one_shot_iterator(dataset):
    """`tf.compat.v1.data.make_one_shot_iterator(dataset)`.

    Raises:
        ValueError: for a dataset built from graph tensors (use an initializable iterator, as TF requires).
    """
    if isinstance(dataset, DeferredDataset):
        return dataset.make_one_shot_iterator()
    return Iterator(dataset, one_shot=True)


def make_initializable_iterator(dataset, shared_name=None):
    """`tf.compat.v1.data.make_initializable_iterator(dataset)`."""
    return Iterator(dataset, one_shot=False)


_SAVED = {}


def _install_dataset_methods():
    if "from_tensor_slices" in _SAVED:
        return
    _SAVED["from_tensor_slices"] = Dataset.__dict__["from_tensor_slices"]
    _SAVED["from_tensors"] = Dataset.__dict__["from_tensors"]
    Dataset.make_one_shot_iterator = make_one_shot_iterator
    Dataset.make_initializable_iterator = make_initializable_iterator
    Dataset.from_tensor_slices = staticmethod(deferred_source(Dataset.from_tensor_slices))
    Dataset.from_tensors = staticmethod(deferred_source(Dataset.from_tensors))
    DeferredDataset.make_initializable_iterator = make_initializable_iterator


def _remove_dataset_methods():
    if "from_tensor_slices" not in _SAVED:
        return
    Dataset.from_tensor_slices = _SAVED.pop("from_tensor_slices")
    Dataset.from_tensors = _SAVED.pop("from_tensors")
    del Dataset.make_one_shot_iterator, Dataset.make_initializable_iterator


graph_lib.on_graph_mode(_install_dataset_methods, _remove_dataset_methods)
