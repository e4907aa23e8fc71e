"""`tf.keras.preprocessing.sequence`: `skipgrams`, `make_sampling_table` and `TimeseriesGenerator`.

Semantics of keras/src/legacy/preprocessing/sequence.py (Keras 3.15, exported by TF 2.21 as
`tf.keras.preprocessing.sequence`): `skipgrams` draws from Python's global `random` module in the same order as
Keras, so a program that calls `random.seed(s)` first gets the same pairs as under TensorFlow.
"""

import json
import numbers
import random

import numpy as np

from keraslike._src.keras.utils.py_dataset import PyDataset

_EULER_GAMMA = 0.577  # Keras rounds the Euler-Mascheroni constant to three places


def make_sampling_table(size, sampling_factor=1e-5):
    """Word-rank sampling probabilities for `skipgrams` (word2vec's subsampling of frequent words).

    Assumes Zipf-distributed word frequencies: `frequency(rank) ~ 1 / (rank * (log(rank) + gamma) + 1/2 -
    1/(12 * rank))` and returns `p(rank) = min(1, sqrt(sampling_factor / frequency) ... )`, i.e.
    `min(1, f / sqrt(f))` with `f = sampling_factor / frequency(rank)`. Rank 0 is treated as rank 1.

    Args:
        size: int >= 1, number of word ranks.
        sampling_factor: float, word2vec's sampling factor (default 1e-5).

    Returns:
        float64 numpy array of shape `(size,)`: entry i is the probability of keeping the i-th most common word.

    Raises:
        ValueError: for a `size` that is not a positive integer.
    """
    if isinstance(size, bool) or not isinstance(size, numbers.Integral) or size < 1:
        raise ValueError(f"`size` must be a positive integer. Received: size={size!r}")
    rank = np.arange(int(size), dtype=np.float64)
    rank[0] = 1.0
    inv_frequency = rank * (np.log(rank) + _EULER_GAMMA) + 0.5 - 1.0 / (12.0 * rank)
    f = sampling_factor * inv_frequency
    return np.minimum(1.0, f / np.sqrt(f))


def skipgrams(sequence, vocabulary_size, window_size=4, negative_samples=1.0, shuffle=True, categorical=False,
              sampling_table=None, seed=None):
    """Skip-gram word pairs of one sentence: positives `(word, neighbour)` and random negatives.

    Index 0 is a non-word and is skipped (as a centre word and as a neighbour). For each kept centre word `w_i`
    the neighbours are `sequence[max(0, i - window_size) : i + window_size + 1]` except `w_i` itself, label 1.
    Then `int(num_positive * negative_samples)` negatives pair a (shuffled) positive centre word with
    `random.randint(1, vocabulary_size - 1)`, label 0.

    Args:
        sequence: list (or 1-D array) of int word indices.
        vocabulary_size: int, largest word index + 1.
        window_size: int, half-window size (default 4).
        negative_samples: float >= 0, negatives per positive (default 1.0; 0 for none).
        shuffle: bool, shuffle the pairs (and labels, identically) before returning (default True).
        categorical: bool, labels `[0, 1]`/`[1, 0]` instead of `1`/`0` (default False).
        sampling_table: optional 1-D array indexed by word index: the probability of keeping that word as a
            centre word (see `make_sampling_table`).
        seed: optional int, seed of the shuffle (Python's `random` is reseeded with it).

    Returns:
        `(couples, labels)`: a list of `[int, int]` pairs and a list of int labels (or `[int, int]` lists).

    Raises:
        ValueError: for a negative `window_size` or `negative_samples`, or negatives wanted with
            `vocabulary_size < 2`.
    """
    if isinstance(window_size, bool) or not isinstance(window_size, numbers.Integral) or window_size < 0:
        raise ValueError(f"`window_size` must be a non-negative integer. Received: window_size={window_size!r}")
    if negative_samples < 0:
        raise ValueError(f"`negative_samples` must be >= 0. Received: negative_samples={negative_samples!r}")
    sequence = [int(w) for w in sequence]
    positive, negative = ([0, 1], [1, 0]) if categorical else (1, 0)
    couples, labels = [], []
    for i, centre in enumerate(sequence):
        if not centre:
            continue
        if sampling_table is not None and sampling_table[centre] < random.random():
            continue
        for j in range(max(0, i - window_size), min(len(sequence), i + window_size + 1)):
            if j == i or not sequence[j]:
                continue
            couples.append([centre, sequence[j]])
            labels.append(list(positive) if categorical else positive)
    if negative_samples > 0:
        count = int(len(labels) * negative_samples)
        if count and vocabulary_size < 2:
            raise ValueError(
                f"Negative samples need `vocabulary_size >= 2`. Received: vocabulary_size={vocabulary_size!r}")
        centres = [pair[0] for pair in couples]
        random.shuffle(centres)
        couples += [[centres[k % len(centres)], random.randint(1, vocabulary_size - 1)] for k in range(count)]
        labels += [list(negative) if categorical else negative for _ in range(count)]
    if shuffle:
        if seed is None:
            seed = random.randint(0, 10_000_000)  # Keras draws randint(0, 10e6)
        random.seed(seed)
        random.shuffle(couples)
        random.seed(seed)
        random.shuffle(labels)
    return couples, labels


class TimeseriesGenerator(PyDataset):
    """Batches of fixed-length windows over a time series, each with the target of the step after it.

    Sample `k` ends before row `r_k`: `data[r_k - length : r_k : sampling_rate]`, target `targets[r_k]`. Rows run
    from `start_index + length` to `end_index` (inclusive) every `stride` steps; with `shuffle=True` each batch
    draws `batch_size` rows at random (numpy's global generator, with replacement, as Keras).

    Args:
        data: indexable (list or array) of consecutive time steps, axis 0 is time.
        targets: indexable of the same length as `data`.
        length: int, window length in time steps.
        sampling_rate: int, period between steps inside a window (default 1).
        stride: int, period between successive windows (default 1).
        start_index: int, rows before it are not used (default 0).
        end_index: optional int, rows after it are not used (default `len(data) - 1`).
        shuffle: bool (default False).
        reverse: bool, windows in reverse chronological order (default False).
        batch_size: int (default 128).
        **kwargs: `workers`, `use_multiprocessing`, `max_queue_size` of `keras.utils.PyDataset`.

    `len()` is the number of batches; item `i` is `(samples, targets)` numpy arrays of shapes
    `(batch, ceil(length / sampling_rate), *data.shape[1:])` and `(batch, *targets.shape[1:])`.

    Raises:
        ValueError: when `data` and `targets` differ in length, or `start_index + length > end_index`.
        TypeError: for an unknown keyword argument.
    """

    def __init__(self, data, targets, length, sampling_rate=1, stride=1, start_index=0, end_index=None,
                 shuffle=False, reverse=False, batch_size=128, **kwargs):
        super().__init__(**kwargs)
        if len(data) != len(targets):
            raise ValueError(f"Data and targets have to be of same length. Data length is {len(data)} while "
                             f"target length is {len(targets)}. Received: len(data)={len(data)}")
        for name, value in (("length", length), ("sampling_rate", sampling_rate), ("stride", stride),
                            ("batch_size", batch_size)):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
                raise ValueError(f"`{name}` must be a positive integer. Received: {name}={value!r}")
        self.data = data
        self.targets = targets
        self.length = length
        self.sampling_rate = sampling_rate
        self.stride = stride
        self.start_index = start_index + length
        self.end_index = len(data) - 1 if end_index is None else end_index
        self.shuffle = shuffle
        self.reverse = reverse
        self.batch_size = batch_size
        if self.start_index > self.end_index:
            raise ValueError(f"`start_index+length={self.start_index} > end_index={self.end_index}` is disallowed, "
                             "as no part of the sequence would be left to be used as current step. "
                             f"Received: start_index={start_index}, length={length}, end_index={end_index}")

    def __len__(self):
        span = self.batch_size * self.stride
        return (self.end_index - self.start_index + span) // span

    def __getitem__(self, index):
        if not 0 <= index < len(self):
            raise IndexError(f"Batch index out of range: the generator has {len(self)} batches. Received: "
                             f"index={index}")
        if self.shuffle:
            rows = np.random.randint(self.start_index, self.end_index + 1, size=self.batch_size)
        else:
            first = self.start_index + self.batch_size * self.stride * index
            rows = np.arange(first, min(first + self.batch_size * self.stride, self.end_index + 1), self.stride)
        samples = np.array([self.data[row - self.length:row:self.sampling_rate] for row in rows])
        targets = np.array([self.targets[row] for row in rows])
        if self.reverse:
            samples = samples[:, ::-1, ...]
        return samples, targets

    def get_config(self):
        """JSON-able configuration (`data`/`targets` as JSON strings, as Keras).

        Raises:
            TypeError: when `data` or `targets` is not JSON serializable.
        """
        encoded = {}
        for name in ("data", "targets"):
            value = getattr(self, name)
            if isinstance(value, np.ndarray):
                value = value.tolist()
            try:
                encoded[name] = json.dumps(value)
            except TypeError as error:
                raise TypeError(f"{name.capitalize()} not JSON Serializable: {value}") from error
        return {"workers": self.workers, "use_multiprocessing": self.use_multiprocessing,
                "max_queue_size": self.max_queue_size, **encoded, "length": self.length,
                "sampling_rate": self.sampling_rate, "stride": self.stride, "start_index": self.start_index,
                "end_index": self.end_index, "shuffle": self.shuffle, "reverse": self.reverse,
                "batch_size": self.batch_size}

    def to_json(self, **kwargs):
        """`{"class_name": "TimeseriesGenerator", "config": get_config()}` as a JSON string (`kwargs` to json.dumps)."""
        return json.dumps({"class_name": type(self).__name__, "config": self.get_config()}, **kwargs)
