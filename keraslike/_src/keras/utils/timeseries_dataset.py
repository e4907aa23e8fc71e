"""`keras.utils.timeseries_dataset_from_array` (keras/src/utils/timeseries_dataset_utils.py).

Windows are gathered by index from the array (one host-to-tensor conversion, no copies of the
windows up front), so memory stays bounded by the batch; the dataset is a keraslike `tf.data`
dataset usable in `fit` and under every strategy.
"""

import numbers

import numpy as np
import torch

from keraslike._src.data.dataset import Dataset


def _positive_int(value, name):
    if not isinstance(value, numbers.Integral) or isinstance(value, bool) or value <= 0:
        raise ValueError(f"`{name}` must be a positive integer. Received: {name}={value}")
    return int(value)


def timeseries_dataset_from_array(data, targets, sequence_length, sequence_stride=1, sampling_rate=1,
                                  batch_size=128, shuffle=False, seed=None, start_index=None, end_index=None):
    """Batches of sliding windows over a time series.

    Window `i` holds `data[s, s + r, ..., s + r * (sequence_length - 1)]` with
    `s = start_index + i * sequence_stride` and `r = sampling_rate`; its target is `targets[i * sequence_stride]`
    (relative to `start_index`), as Keras.

    Args:
        data: array-like `(timesteps, *features)`.
        targets: array-like aligned with `data`, or None (the dataset then yields only windows).
        sequence_length: int, window length.
        sequence_stride: int, default 1, distance between window starts.
        sampling_rate: int, default 1, distance between consecutive timesteps inside a window.
        batch_size: int or None (unbatched), default 128.
        shuffle: bool, default False: shuffle the windows (seeded by `seed`).
        seed: optional int.
        start_index, end_index: optional ints bounding the part of `data` used (end exclusive).

    Returns:
        `tf.data.Dataset` of `windows` or `(windows, targets)`.

    Raises:
        ValueError: for non-positive sizes or indices outside `data`.
    """
    sequence_length = _positive_int(sequence_length, "sequence_length")
    sequence_stride = _positive_int(sequence_stride, "sequence_stride")
    sampling_rate = _positive_int(sampling_rate, "sampling_rate")
    if batch_size is not None:
        batch_size = _positive_int(batch_size, "batch_size")
    n = len(data)
    if start_index is None:
        start_index = 0
    if not 0 <= start_index < n:
        raise ValueError(f"`start_index` must be 0 <= start_index < len(data) ({n}). Received: "
                         f"start_index={start_index}")
    if end_index is None:
        end_index = n
    if not start_index < end_index <= n:
        raise ValueError(f"`end_index` must be start_index < end_index <= len(data) ({n}). Received: "
                         f"start_index={start_index}, end_index={end_index}")
    num_seqs = end_index - start_index - (sequence_length - 1) * sampling_rate
    if targets is not None:
        num_seqs = min(num_seqs, len(targets))
    starts = np.arange(0, max(num_seqs, 0), sequence_stride, dtype=np.int64)
    if shuffle:
        if seed is None:
            seed = np.random.randint(1_000_000)
        np.random.RandomState(seed).shuffle(starts)
    values = data if isinstance(data, torch.Tensor) else torch.as_tensor(np.asarray(data))
    offsets = torch.arange(sequence_length, dtype=torch.int64) * sampling_rate + start_index
    target_values = None
    if targets is not None:
        target_values = targets if isinstance(targets, torch.Tensor) else torch.as_tensor(np.asarray(targets))

    def window(position):
        idx = position.to(torch.int64).unsqueeze(-1) + offsets.to(position.device)
        frames = values.to(position.device)[idx]
        if target_values is None:
            return frames
        return frames, target_values.to(position.device)[position.to(torch.int64) + start_index]

    dataset = Dataset.from_tensor_slices(starts).map(window)
    if batch_size is not None:
        dataset = dataset.batch(batch_size)
    return dataset
