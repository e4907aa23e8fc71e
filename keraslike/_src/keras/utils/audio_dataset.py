"""`keras.utils.audio_dataset_from_directory` (keras/src/utils/audio_dataset_utils.py).

The `.wav` files of a directory (one subdirectory per class) as a `tf.data.Dataset` of
`(audio, labels)` batches. Each file is decoded with `tf.audio.decode_wav` (16-bit PCM) into
float32 `(samples, channels)`; a batch is padded with zeros to its longest file (the default),
or cut/padded to `output_sequence_length` (`ragged=True` raises: keraslike's tf.data does not carry
RaggedTensor elements yet). Labels are int32, one-hot float32 ("categorical") or float32 `(batch, 1)`
("binary"). Files are read lazily, when their batch is produced.
"""

import numpy as np
import torch

from keraslike._src.audio.wav import decode_wav
from keraslike._src.data.dataset import Dataset
from keraslike._src.data.options import AUTOTUNE
from keraslike._src.keras.utils import dataset_utils

ALLOWED_FORMATS = (".wav",)


def _check_args(labels, label_mode, class_names, ragged, output_sequence_length, sampling_rate):
    if labels not in ("inferred", None):
        if not isinstance(labels, (list, tuple)):
            raise ValueError("The `labels` argument should be a list/tuple of integer labels, of the same size as the "
                             "number of audio files in the target directory. If you wish to infer the labels from "
                             'the subdirectory names in the target directory, pass `labels="inferred"`. If you wish '
                             "to get a dataset that only contains audio samples (no labels), pass `labels=None`. "
                             f"Received: labels={labels}")
        if class_names:
            raise ValueError(f'You can only pass `class_names` if `labels="inferred"`. Received: labels={labels}, '
                             f"and class_names={class_names}")
    if label_mode not in {"int", "categorical", "binary", None}:
        raise ValueError('`label_mode` argument must be one of "int", "categorical", "binary", or None. Received: '
                         f"label_mode={label_mode}")
    if ragged and output_sequence_length is not None:
        raise ValueError("Cannot set both `ragged` and `output_sequence_length`")
    if ragged:
        raise ValueError("`ragged=True` needs tf.RaggedTensor elements in tf.data, which keraslike's Dataset does not "
                         "carry yet; use the default (each batch padded with zeros to its longest file) or "
                         f"`output_sequence_length`. Received: ragged={ragged}")
    if sampling_rate is not None:
        if not isinstance(sampling_rate, int) or isinstance(sampling_rate, bool):
            raise ValueError(f"`sampling_rate` should have an integer value. Received: sampling_rate={sampling_rate}")
        if sampling_rate <= 0:
            raise ValueError(f"`sampling_rate` should be higher than 0. Received: sampling_rate={sampling_rate}")
        raise ValueError("`sampling_rate` resamples the files, which Keras does with tensorflow-io and keraslike "
                         "does not do; resample the files beforehand (e.g. with torchaudio.functional.resample) and "
                         f"pass sampling_rate=None. Received: sampling_rate={sampling_rate}")


def _label(label, label_mode, num_classes):
    if label_mode == "categorical":
        return torch.nn.functional.one_hot(torch.tensor(label), num_classes).to(torch.float32)
    if label_mode == "binary":
        return torch.tensor([float(label)], dtype=torch.float32)
    return torch.tensor(label, dtype=torch.int32)


def _make_dataset(paths, labels, label_mode, num_classes, output_sequence_length, shuffle, buffer_size, seed,
                  batch_size):
    targets = None if labels is None else np.asarray(labels)
    samples = -1 if output_sequence_length is None else int(output_sequence_length)

    def read(index):
        with open(paths[index], "rb") as f:
            audio, _ = decode_wav(np.array(f.read(), dtype=object), desired_samples=samples)
        return audio

    def stack(audios):
        longest = max((len(a) for a in audios), default=0)
        return torch.stack([torch.nn.functional.pad(a, (0, 0, 0, longest - len(a))) for a in audios])

    def load(index):
        if isinstance(index, torch.Tensor) and index.dim() == 1:  # a batch of indices
            ids = index.tolist()
            audio = stack([read(i) for i in ids])
            if label_mode is None:
                return audio
            return audio, torch.stack([_label(int(targets[i]), label_mode, num_classes) for i in ids])
        i = int(index)
        audio = read(i)
        return audio if label_mode is None else (audio, _label(int(targets[i]), label_mode, num_classes))

    dataset = Dataset.from_tensor_slices(np.arange(len(paths), dtype=np.int64))
    if shuffle:
        dataset = dataset.shuffle(buffer_size=buffer_size, seed=seed)
    if batch_size is not None:
        dataset = dataset.batch(batch_size)
    return dataset.map(load)


def audio_dataset_from_directory(directory, labels="inferred", label_mode="int", class_names=None, batch_size=32,
                                 sampling_rate=None, output_sequence_length=None, ragged=False, shuffle=True, seed=None,
                                 validation_split=None, subset=None, follow_links=False, verbose=True):
    """`keras.utils.audio_dataset_from_directory(directory, labels="inferred", label_mode="int", class_names=None,
    batch_size=32, sampling_rate=None, output_sequence_length=None, ragged=False, shuffle=True, seed=None,
    validation_split=None, subset=None, follow_links=False, verbose=True)`.

    Returns:
        A `tf.data.Dataset` (two for `subset="both"`) with a `class_names` attribute, yielding
        `(audio, labels)` (only audio when `label_mode` or `labels` is None): audio float32
        `(batch, samples, channels)`.

    Raises:
        ValueError: for the argument combinations Keras rejects, for `sampling_rate` (resampling is not
            done: see the message) and `ragged=True`, or when no `.wav` file is found.
        tf.errors.InvalidArgumentError: when a file is not 16-bit PCM WAV (as TF's decode_wav).
    """
    _check_args(labels, label_mode, class_names, ragged, output_sequence_length, sampling_rate)
    if labels is None or label_mode is None:
        labels, label_mode = None, None
    dataset_utils.check_validation_split_arg(validation_split, subset, shuffle, seed)
    if seed is None:
        seed = np.random.randint(1_000_000)
    buffer_size = batch_size * 8 if batch_size is not None else 1024
    paths, labels, class_names = dataset_utils.index_directory(
        directory, labels, formats=ALLOWED_FORMATS, class_names=class_names, shuffle=shuffle, seed=seed,
        follow_links=follow_links, verbose=verbose)
    if label_mode == "binary" and len(class_names) != 2:
        raise ValueError(f'When passing `label_mode="binary"`, there must be exactly 2 class_names. Received: '
                         f"class_names={class_names}")
    num_classes = len(class_names) if class_names else 0
    parts = ["training", "validation"] if subset == "both" else [subset]
    datasets = []
    for part in parts:
        part_paths, part_labels = dataset_utils.get_training_or_validation_split(paths, labels, validation_split, part)
        if not part_paths:
            kind = f"{part} " if subset == "both" else ""
            raise ValueError(f"No {kind}audio files found in directory {directory}. "
                             f"Allowed format(s): {ALLOWED_FORMATS}")
        dataset = _make_dataset(part_paths, part_labels, label_mode, num_classes, output_sequence_length,
                                shuffle and not (subset == "both" and part == "validation"), buffer_size, seed,
                                batch_size)
        dataset = dataset.prefetch(AUTOTUNE)
        object.__setattr__(dataset, "class_names", class_names)
        datasets.append(dataset)
    return datasets if subset == "both" else datasets[0]
