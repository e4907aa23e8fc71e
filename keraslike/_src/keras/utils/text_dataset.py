"""`keras.utils.text_dataset_from_directory` (keras/src/utils/text_dataset_utils.py).

The `.txt` files of a directory (one subdirectory per class) as a `tf.data.Dataset` of `(texts, labels)`
batches: texts are `tf.string` tensors of the files' raw bytes (cut to `max_length` bytes, as
`tf.strings.substr`), labels int32, one-hot float32 ("categorical") or float32 `(batch, 1)` ("binary").
Files are read lazily, when their element is produced.
"""

import numpy as np
import torch

from keraslike._src.data.dataset import Dataset
from keraslike._src.data.options import AUTOTUNE
from keraslike._src.keras.utils import dataset_utils
from keraslike._src.ops import string_tensor


def _check_args(labels, label_mode, class_names, format):
    if labels not in ("inferred", None):
        if not isinstance(labels, (list, tuple)):
            raise ValueError("`labels` argument should be a list/tuple of integer labels, of the same size as the "
                             "number of text files in the target directory. If you wish to infer the labels from "
                             'the subdirectory names in the target directory, pass `labels="inferred"`. If you wish '
                             "to get a dataset that only contains text samples (no labels), pass `labels=None`. "
                             f"Received: labels={labels}")
        if class_names:
            raise ValueError(f'You can only pass `class_names` if `labels="inferred"`. Received: labels={labels}, '
                             f"and class_names={class_names}")
    if label_mode not in {"int", "categorical", "binary", None}:
        raise ValueError('`label_mode` argument must be one of "int", "categorical", "binary", or None. Received: '
                         f"label_mode={label_mode}")
    if format != "tf":
        raise ValueError('`format` "grain" needs the grain package, which keraslike does not use; use format="tf". '
                         f"Received: format={format}")


def _make_dataset(paths, labels, label_mode, num_classes, max_length, shuffle, buffer_size, seed, batch_size):
    targets = None if labels is None else np.asarray(labels)

    def read(index):
        with open(paths[index], "rb") as f:
            text = f.read() if max_length is None else f.read(max_length)
        if label_mode is None:
            return text
        label = int(targets[index])
        if label_mode == "categorical":
            return text, torch.nn.functional.one_hot(torch.tensor(label), num_classes).to(torch.float32)
        if label_mode == "binary":
            return text, torch.tensor([float(label)], dtype=torch.float32)
        return text, torch.tensor(label, dtype=torch.int32)

    def load(index):
        if isinstance(index, torch.Tensor) and index.dim() == 1:  # a batch of indices: one string tensor
            items = [read(i) for i in index.tolist()]
            texts = np.empty(len(items), dtype=object)
            texts[:] = items if label_mode is None else [t for t, _ in items]
            if label_mode is None:
                return string_tensor.string_tensor(texts)
            labels = torch.stack([y for _, y in items]) if items else torch.zeros(0)
            return string_tensor.string_tensor(texts), labels
        item = read(int(index))
        if label_mode is None:
            return string_tensor.string_tensor(item)
        return string_tensor.string_tensor(item[0]), item[1]

    dataset = Dataset.from_tensor_slices(np.arange(len(paths), dtype=np.int64))
    if shuffle:
        dataset = dataset.shuffle(buffer_size=buffer_size, seed=seed)
    if batch_size is not None:  # files are read per batch of (shuffled) indices, as Keras's map-then-batch
        dataset = dataset.batch(batch_size)
    return dataset.map(load)


def text_dataset_from_directory(directory, labels="inferred", label_mode="int", class_names=None, batch_size=32,
                                max_length=None, shuffle=True, seed=None, validation_split=None, subset=None,
                                follow_links=False, format="tf", verbose=True):
    """A `tf.data.Dataset` of text files: `(texts, labels)` batches, or texts only with `labels=None`.

    Args:
        directory: folder holding one subdirectory of `.txt` files per class (`labels="inferred"`), or the
            files themselves.
        labels: "inferred", None, or a list/tuple of integer labels, one per file in sorted path order.
        label_mode: "int" (int32), "categorical" (one-hot float32), "binary" (float32 `(batch, 1)`), None.
        class_names: with "inferred", the subdirectories to use, in this order (a subset is allowed).
        batch_size: int, default 32, or None for unbatched elements.
        max_length: keep at most this many bytes of each file.
        shuffle: bool, default True: files are permuted with `numpy.random.RandomState(seed)` (Keras's
            order, so a seed gives Keras's split) and elements reshuffled each epoch with a buffer of
            `8 * batch_size`.
        seed: int or None.
        validation_split: float in (0, 1); with `subset` "training", "validation" or "both" (a list
            `[train, validation]`): the last `int(validation_split * n)` shuffled files are validation.
        follow_links: follow symbolic links to subdirectories.
        format: only "tf".
        verbose: print "Found N files belonging to K classes.".

    Returns:
        A `Dataset` with attribute `class_names` (None without labels), or `[train, validation]`.

    Raises:
        ValueError: for bad arguments (Keras's checks), an empty directory or split, `format="grain"`.
    """
    _check_args(labels, label_mode, class_names, format)
    if labels is None or label_mode is None:
        labels, label_mode = None, None
    dataset_utils.check_validation_split_arg(validation_split, subset, shuffle, seed)
    if seed is None:
        seed = np.random.randint(1_000_000)
    paths, labels, class_names = dataset_utils.index_directory(
        directory, labels, formats=(".txt",), class_names=class_names, shuffle=shuffle, seed=seed,
        follow_links=follow_links, verbose=verbose)
    if label_mode == "binary" and len(class_names) != 2:
        raise ValueError(f'When passing `label_mode="binary"`, there must be exactly 2 class_names. Received: '
                         f"class_names={class_names}")
    buffer_size = batch_size * 8 if batch_size is not None else 1024
    num_classes = len(class_names) if class_names else 0
    parts = ["training", "validation"] if subset == "both" else [subset]
    datasets = []
    for part in parts:
        part_paths, part_labels = dataset_utils.get_training_or_validation_split(paths, labels, validation_split,
                                                                                 part)
        if not part_paths:
            kind = f"{part} " if subset == "both" else ""
            raise ValueError(f"No {kind}text files found in directory {directory}. Allowed format: .txt")
        dataset = _make_dataset(part_paths, part_labels, label_mode, num_classes, max_length,
                                shuffle and not (subset == "both" and part == "validation"), buffer_size, seed,
                                batch_size)
        dataset = dataset.prefetch(AUTOTUNE)
        object.__setattr__(dataset, "class_names", class_names)
        datasets.append(dataset)
    return datasets if subset == "both" else datasets[0]
