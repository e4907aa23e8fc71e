"""Random and directed selection across datasets: `Dataset.random`, `choose_from_datasets`,
`sample_from_datasets`, `rejection_resample`.

Mirrors `tensorflow/python/data/ops/{random,choose_from_datasets,sample_from_datasets}_op.py` and
`tensorflow/python/data/experimental/ops/resampling.py`. Randomness comes from per-pass seeds fixed when the
dataset is built (`shuffle.ShuffleSeeds`: the given `seed`, else a draw from torch's global RNG), so under
replicas every process draws the same sequence (the global RNG is agreed at strategy start), and a seeded
pipeline repeats. TF's Philox streams are not reproduced: the same seed gives other numbers than TF.

Example:
    >>> a, b = tf.data.Dataset.range(3), tf.data.Dataset.range(10, 13)
    >>> ds = tf.data.Dataset.choose_from_datasets([a, b], tf.data.Dataset.range(2).repeat(3))   # 0 10 1 11 2 12
"""

import numpy as np
import torch

from keraslike._src.data import cardinality as card
from keraslike._src.data import structure as nest
from keraslike._src.data.dataset import Dataset
from keraslike._src.data.functional import call_with_element
from keraslike._src.data.shuffle import ShuffleSeeds
from keraslike._src.ops.tensor_spec import TensorSpec

_END = object()


def _check_datasets(datasets, op_name):
    datasets = list(datasets)
    if not datasets or not all(isinstance(d, Dataset) for d in datasets):
        raise TypeError(f"`{op_name}` takes a non-empty list of datasets. Received: datasets={datasets!r}")
    first = datasets[0].element_spec
    for d in datasets[1:]:
        try:
            nest.assert_same_structure(first, d.element_spec)
        except (TypeError, ValueError):
            raise TypeError(f"All datasets of `{op_name}` must have the same structure. Received: "
                            f"{first!r} and {d.element_spec!r}") from None
        if [s.dtype for s in nest.flatten(first)] != [s.dtype for s in nest.flatten(d.element_spec)]:
            raise TypeError(f"All datasets of `{op_name}` must have the same dtypes. Received: "
                            f"{first!r} and {d.element_spec!r}")
    return datasets


def _common_spec(datasets):
    def relax(*specs):
        shapes = [s.shape for s in specs]
        if any(s.rank is None for s in shapes) or len({s.rank for s in shapes}) > 1:
            return TensorSpec(None, specs[0].dtype)
        dims = [d if all(s.as_list()[i] == d for s in shapes) else None for i, d in enumerate(shapes[0].as_list())]
        return TensorSpec(dims, specs[0].dtype)

    return nest.map_structure(relax, *[d.element_spec for d in datasets])


class RandomDataset(Dataset):
    """`Dataset.random`: an infinite stream of int64 scalars, uniform over `[0, 2**32)` as TF's values are."""

    def __init__(self, seed, rerandomize_each_iteration):
        super().__init__(TensorSpec((), torch.int64))
        self._seeds = ShuffleSeeds(seed, rerandomize_each_iteration)

    def _cardinality(self):
        return card.INFINITE

    def _generic_elements(self):
        generator = torch.Generator().manual_seed(self._seeds.next_seed())
        while True:
            for value in torch.randint(0, 2**32, (1024,), generator=generator, dtype=torch.int64):
                yield value.clone()


class ChooseFromDatasetsDataset(Dataset):
    """Element i is the next element of `datasets[choice_i]` (see `Dataset.choose_from_datasets`)."""

    def __init__(self, datasets, choice_dataset, stop_on_empty_dataset):
        datasets = _check_datasets(datasets, "choose_from_datasets")
        if not isinstance(choice_dataset, Dataset):
            raise TypeError(f"`choice_dataset` must be a Dataset. Received: choice_dataset={choice_dataset!r}")
        spec = choice_dataset.element_spec
        if not (isinstance(spec, TensorSpec) and spec.dtype == torch.int64 and spec.shape.rank == 0):
            raise TypeError("Invalid `choice_dataset`. Elements of `choice_dataset` must be scalar `tf.int64` "
                            f"tensors but are {spec!r}.")
        super().__init__(_common_spec(datasets), datasets + [choice_dataset])
        self._datasets, self._choices, self._stop = datasets, choice_dataset, bool(stop_on_empty_dataset)

    def _cardinality(self):
        return card.UNKNOWN

    def _generic_elements(self):
        iterators = [d._elements() for d in self._datasets]
        done = [False] * len(iterators)
        for choice in self._choices._elements():
            index = int(choice)
            if not 0 <= index < len(iterators):
                raise ValueError(f"`choice_dataset` chose dataset {index}, but there are {len(iterators)}. "
                                 f"Received: choice={index}")
            if done[index]:
                continue
            element = next(iterators[index], _END)
            if element is _END:
                done[index] = True
                if self._stop:
                    return
                continue
            yield element


def _weights(weights, count):
    if weights is None:
        return np.full(count, 1.0 / count)
    values = np.asarray(weights.tolist() if isinstance(weights, torch.Tensor) else weights, dtype=np.float64)
    if values.shape != (count,) or (values < 0).any() or not values.sum() > 0:
        raise ValueError(f"`weights` must hold {count} non-negative numbers, not all zero. Received: "
                         f"weights={weights!r}")
    return values / values.sum()


class SampleFromDatasetsDataset(Dataset):
    """Each element from a dataset drawn by `weights` (see `Dataset.sample_from_datasets`).

    With `stop_on_empty_dataset=False` an exhausted dataset drops out and the others' weights are renormalized;
    the result ends when all are exhausted. `weights` may also be a dataset of weight vectors, one per draw.
    """

    def __init__(self, datasets, weights, seed, stop_on_empty_dataset, rerandomize_each_iteration):
        datasets = _check_datasets(datasets, "sample_from_datasets")
        self._weight_dataset = weights if isinstance(weights, Dataset) else None
        self._weights = None if self._weight_dataset is not None else _weights(weights, len(datasets))
        inputs = datasets + ([self._weight_dataset] if self._weight_dataset is not None else [])
        super().__init__(_common_spec(datasets), inputs)
        self._datasets, self._stop = datasets, bool(stop_on_empty_dataset)
        self._seeds = ShuffleSeeds(seed, True if rerandomize_each_iteration is None else rerandomize_each_iteration)

    def _cardinality(self):
        return card.UNKNOWN

    def _weight_stream(self):
        if self._weight_dataset is None:
            while True:
                yield self._weights
        for w in self._weight_dataset._elements():
            yield _weights(w, len(self._datasets))

    def _generic_elements(self):
        generator = torch.Generator().manual_seed(self._seeds.next_seed())
        iterators = [d._elements() for d in self._datasets]
        alive = np.ones(len(iterators), dtype=bool)
        for weights in self._weight_stream():
            while True:
                p = np.where(alive, weights, 0.0)
                if not alive.any() or p.sum() <= 0:
                    return
                draw = float(torch.rand((), generator=generator, dtype=torch.float64)) * p.sum()
                index = min(int(np.searchsorted(np.cumsum(p), draw, side="right")), len(p) - 1)
                element = next(iterators[index], _END)
                if element is not _END:
                    yield element
                    break
                if self._stop:
                    return
                alive[index] = False


class RejectionResampleDataset(Dataset):
    """`(class, element)` pairs whose class distribution is `target_dist` (see `Dataset.rejection_resample`).

    An element of class c is kept with probability `(t_c / p_c) / max_k (t_k / p_k)`, with `p` the
    `initial_dist` or, without one, the running class frequencies seen so far (TF estimates them online too).
    """

    def __init__(self, input_dataset, class_func, target_dist, initial_dist, seed):
        if not callable(class_func):
            raise TypeError(f"Expected `class_func` to be callable. Received: class_func={class_func!r}")
        self._target = np.asarray(target_dist.tolist() if isinstance(target_dist, torch.Tensor) else target_dist,
                                  dtype=np.float64).reshape(-1)
        if (self._target < 0).any() or not np.isclose(self._target.sum(), 1.0, atol=1e-3):
            raise ValueError(f"`target_dist` must be a probability vector. Received: target_dist={target_dist!r}")
        self._initial = None
        if initial_dist is not None:
            self._initial = np.asarray(initial_dist.tolist() if isinstance(initial_dist, torch.Tensor)
                                       else initial_dist, dtype=np.float64).reshape(-1)
            if self._initial.shape != self._target.shape or (self._initial < 0).any():
                raise ValueError(f"`initial_dist` must be a probability vector like `target_dist`. "
                                 f"Received: initial_dist={initial_dist!r}")
        super().__init__((TensorSpec((), torch.int64), input_dataset.element_spec), [input_dataset])
        self._input, self._class_func = input_dataset, class_func
        self._seeds = ShuffleSeeds(seed, True)

    def _cardinality(self):
        return card.UNKNOWN

    def _acceptance(self, dist):
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = np.where(dist > 0, self._target / dist, 0.0)
        top = ratio.max()
        return ratio / top if top > 0 else ratio

    def _generic_elements(self):
        generator = torch.Generator().manual_seed(self._seeds.next_seed())
        counts = np.zeros_like(self._target)
        n = len(self._target)
        for element in self._input._elements():
            label = int(call_with_element(self._class_func, element))
            if not 0 <= label < n:
                raise ValueError(f"`class_func` returned class {label}, outside [0, {n}). Received: class={label}")
            counts[label] += 1
            dist = self._initial if self._initial is not None else counts / counts.sum()
            if float(torch.rand((), generator=generator, dtype=torch.float64)) < self._acceptance(dist)[label]:
                yield torch.tensor(label, dtype=torch.int64), element
