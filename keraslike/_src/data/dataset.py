"""`tf.data.Dataset`: the base class, its constructors and its consumers.

Mirrors `tensorflow/python/data/ops/dataset_ops.py` (`DatasetV2`). Transformations
(batch, map, shuffle, ...) live in `DatasetTransformations`; each returns a subclass
implemented in a sibling module.

How a dataset is iterated:
  * `_plan()` returns an `IndexPlan` when the dataset is an in-memory source plus
    reordering/batching steps; elements are then gathered by index (fast path);
  * otherwise `_generic_elements()` yields elements one by one, pulling from inputs.
Both paths run the same ordering code, so they give the same elements.

Example:
    >>> ds = Dataset.from_tensor_slices(np.arange(10)).shuffle(10, seed=1).batch(4)
    >>> [b.shape for b in ds]
    [torch.Size([4]), torch.Size([4]), torch.Size([2])]
"""

from keraslike._src.data import cardinality as card
from keraslike._src.data import structure as nest
from keraslike._src.data.dataset_transformations import DatasetTransformations
from keraslike._src.data.iterator import DatasetIterator
from keraslike._src.data.options import merge_options

FAST_PATH_ENABLED = True
"""Tests switch this off to compare the gather path with the element-by-element path."""


class Dataset(DatasetTransformations):
    """A sequence of elements (nested structures of tensors) built and iterated like tf.data.

    Build one with `from_tensor_slices`, `from_tensors`, `from_generator` or `range`,
    chain transformations, and iterate it with `for` (eager, like TF2). Elements are
    `torch.Tensor`s (strings: numpy `bytes` arrays) in the nesting they were given:
    tuples stay tuples, dicts stay dicts.

    Subclasses implement `_cardinality()`, `_generic_elements()` and, when they can
    run over index streams, `_plan()`.
    """

    def __init__(self, element_spec, inputs=()):
        self._element_spec = element_spec
        self._inputs = tuple(inputs)
        self._own_options = None

    # ------------------------------------------------------------- subclass hooks
    def _cardinality(self):
        raise NotImplementedError

    def _generic_elements(self):
        raise NotImplementedError

    def _plan(self):
        """An `IndexPlan` when this dataset can be gathered by index, else `None`."""
        return

    def _elements(self):
        """A fresh iterator over this dataset's elements (fast path when possible)."""
        plan = self._plan() if FAST_PATH_ENABLED else None
        return self._plan_elements(plan) if plan is not None else self._generic_elements()

    def _plan_elements(self, plan):
        """Iterates this dataset's `IndexPlan` (`prefetch` overrides it to produce ahead)."""
        return plan.elements()

    # ------------------------------------------------------------- introspection
    @property
    def element_spec(self):
        """The type specification of an element: a nested structure of `TensorSpec`.

        Returns:
            Structure matching one element, e.g. `(TensorSpec(shape=(None, 3),
            dtype=tf.float32), TensorSpec(shape=(None,), dtype=tf.int64))` after `batch`.
        """
        return self._element_spec

    def cardinality(self):
        """Returns the number of elements, if it is known without iterating.

        Mirrors `DatasetV2.cardinality` in `tensorflow/python/data/ops/dataset_ops.py`.

        Returns:
            Scalar int64 tensor: the count, `tf.data.INFINITE_CARDINALITY` (-1) or
            `tf.data.UNKNOWN_CARDINALITY` (-2, e.g. after `filter`).
        """
        return card.as_tensor(self._cardinality())

    def __len__(self):
        """Returns the number of elements (TF's `DatasetV2.__len__`).

        Raises:
            TypeError: if the dataset is infinite or its length is unknown.
        """
        count = self._cardinality()
        if count == card.INFINITE:
            raise TypeError("The dataset is infinite.")
        if count == card.UNKNOWN:
            raise TypeError("The dataset length is unknown.")
        return count

    def __bool__(self):
        return True

    def __iter__(self):
        """Returns an iterator over the elements (TF's `OwnedIterator`).

        Every call starts a new pass; a `shuffle` with `reshuffle_each_iteration=True`
        gives a new order each time.
        """
        return DatasetIterator(self._elements(), self)

    def __repr__(self):
        return f"<{type(self).__name__} element_spec={self.element_spec!r}>"

    def options(self):
        """Returns the `tf.data.Options` of this dataset, merged over all its inputs.

        Returns:
            A new `tf.data.Options`; options set later in the pipeline win.
        """
        merged = merge_options(*(d.options() for d in self._inputs))
        return merged if self._own_options is None else merge_options(merged, self._own_options)

    # ----------------------------------------------------------------- consumers
    def as_numpy_iterator(self):
        """Returns an iterator converting each element's tensors to numpy.

        Mirrors `DatasetV2.as_numpy_iterator`. Structure is kept; scalars become numpy
        scalars, strings become `bytes`.

        Returns:
            An iterator of numpy-valued elements.
        """
        for element in self._elements():
            yield nest.map_structure_unchecked(nest.to_numpy, element)

    def reduce(self, initial_state, reduce_func):
        """Reduces all elements to one value: `state = reduce_func(state, element)`.

        Mirrors `DatasetV2.reduce`. The element is passed as one argument (a tuple
        element is not unpacked), matching TF.

        Args:
            initial_state: the starting state (a nested structure of tensor-like values).
            reduce_func: `(state, element) -> new_state` with the structure of the state.

        Returns:
            The final state, its leaves converted to tensors.

        Raises:
            ValueError: if `reduce_func` returns a differently nested state.
        """
        state = nest.normalize(initial_state)
        for element in self._elements():
            new_state = nest.normalize(nest.list_to_tuple(reduce_func(state, element)))
            nest.assert_same_structure(state, new_state)
            state = new_state
        return state

    def get_single_element(self):
        """Returns the only element (`tf.data.Dataset.get_single_element`).

        Raises:
            ValueError: if the dataset does not hold exactly one element.
        """
        iterator = self._elements()
        sentinel = object()
        first = next(iterator, sentinel)
        if first is sentinel or next(iterator, sentinel) is not sentinel:
            count = "0" if first is sentinel else "more than 1"
            raise ValueError(f"Expected a dataset with exactly one element. Received: num_elements={count}")
        return first

    # --------------------------------------------------------------- constructors
    @staticmethod
    def from_tensor_slices(tensors, name=None):
        """Creates a dataset whose elements are slices of `tensors` along their first dimension.

        Mirrors `DatasetV2.from_tensor_slices`. Leaves may be numpy arrays, torch
        tensors or (nested) Python lists; tuples and dicts are structure. Python floats
        become float32 and ints int32, numpy/torch dtypes are kept. Numpy arrays and
        tensors are held without copying (yielded batches are fresh copies), so modify
        them after building the dataset only if the dataset should see the change.

        Args:
            tensors: a nested structure of tensor-like values, all with the same first
                dimension `N`.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of `N` elements, each of shape `leaf.shape[1:]`. Batches of it are
            gathered with one index op per component.

        Raises:
            ValueError: if a leaf is a scalar or the first dimensions differ.
        """
        from keraslike._src.data.sources import TensorSliceDataset

        return TensorSliceDataset(tensors)

    @staticmethod
    def from_tensors(tensors, name=None):
        """Creates a dataset with the single element `tensors`.

        Mirrors `DatasetV2.from_tensors`.

        Args:
            tensors: a nested structure of tensor-like values.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of exactly one element.
        """
        from keraslike._src.data.sources import TensorDataset

        return TensorDataset(tensors)

    @staticmethod
    def range(*args, output_type=None, dtype=None, name=None):
        """Creates a dataset of a step-separated range: `range(stop)` or `range(start, stop[, step])`.

        Mirrors `DatasetV2.range` (Python `range` semantics).

        Args:
            *args: `stop`, or `start, stop`, or `start, stop, step` (ints).
            output_type: element dtype, default `tf.int64` (`dtype` is accepted as alias).
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of scalar tensors.

        Raises:
            ValueError: for a wrong number of arguments or `step == 0`.
        """
        from keraslike._src.data.sources import RangeDataset

        return RangeDataset(args, output_type if output_type is not None else dtype)

    @staticmethod
    def from_generator(generator, output_types=None, output_shapes=None, args=None,
                       output_signature=None, name=None):
        """Creates a dataset whose elements are produced by calling `generator(*args)`.

        Mirrors `DatasetV2.from_generator`. The generator is called anew for each pass.
        Each yielded value is converted to the declared dtypes and checked against the
        declared shapes.

        Args:
            generator: a callable returning an iterator.
            output_types: (deprecated in TF) nested dtypes of an element.
            output_shapes: (deprecated in TF) nested shapes matching `output_types`;
                default unknown.
            args: optional tuple of arguments, passed to `generator` as numpy values
                (strings as `bytes`).
            output_signature: nested `TensorSpec`s describing an element (preferred).
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of unknown cardinality.

        Raises:
            TypeError: if `generator` is not callable, neither or both of
                `output_types`/`output_signature` are given, or a yielded value does not
                match the declared structure or dtype.
            ValueError: if a yielded value does not match the declared shape.
        """
        from keraslike._src.data.generator_dataset import GeneratorDataset

        return GeneratorDataset(generator, output_types, output_shapes, args, output_signature)

    @staticmethod
    def zip(*args, datasets=None, name=None):
        """Zips datasets: element `i` is the structure of the inputs' elements `i`.

        Mirrors `DatasetV2.zip`: `zip(a, b)`, `zip((a, b))` and `zip({"x": a, "y": b})`
        are accepted. The result stops with its shortest input.

        Args:
            *args: datasets, or one nested structure (tuple/dict) of datasets.
            datasets: the nested structure as a keyword (TF >= 2.13).
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` whose elements have the structure of the inputs.

        Raises:
            TypeError: if both forms are given, none is, or a leaf is not a Dataset.
        """
        from keraslike._src.data.functional import ZipDataset

        if datasets is not None and args:
            raise TypeError("Expected either positional datasets or datasets=, not both. "
                            f"Received: args={args!r}, datasets={datasets!r}")
        if datasets is None:
            if not args:
                raise TypeError("Expected at least one dataset to zip. Received: args=()")
            datasets = args[0] if len(args) == 1 else args
        return ZipDataset(datasets)

