"""Directory indexing for the `*_dataset_from_directory` loaders (keras/src/utils/dataset_utils.py).

`index_directory` lists files as Keras does: class subdirectories in sorted order (hidden ones skipped,
or `class_names`' order, which may name a subset), each walked with its folders sorted and files sorted,
keeping the given extensions; then, with `shuffle`, paths and labels are permuted by
`numpy.random.RandomState(seed)`, so a seed gives Keras's exact file order and split.
"""

import os

import numpy as np


def check_validation_split_arg(validation_split, subset, shuffle, seed):
    """Keras's checks of `validation_split`/`subset`/`seed`.

    Raises:
        ValueError: a split outside (0, 1), only one of `subset`/`validation_split`, an unknown subset,
            or a shuffled split without a seed (the two subsets could overlap).
    """
    if validation_split and not 0 < validation_split < 1:
        raise ValueError(f"`validation_split` must be between 0 and 1, received: {validation_split}")
    if (validation_split or subset) and not (validation_split and subset):
        raise ValueError("If `subset` is set, `validation_split` must be set, and inversely.")
    if subset not in ("training", "validation", "both", None):
        raise ValueError(f'`subset` must be either "training", "validation" or "both", received: {subset}')
    if validation_split and shuffle and seed is None:
        raise ValueError("If using `validation_split` and shuffling the data, you must provide a `seed` argument, to "
                         "make sure that there is no overlap between the training and validation subset.")


def _class_subdirs(directory, class_names):
    subdirs = [d for d in sorted(os.listdir(directory))
               if os.path.isdir(os.path.join(directory, d)) and not d.startswith(".")]
    if class_names is not None:
        if not set(class_names).issubset(set(subdirs)):
            raise ValueError("The `class_names` passed did not match the names of the subdirectories of the target "
                             f"directory. Expected: {subdirs} (or a subset of it), but received: "
                             f"class_names={class_names}")
        subdirs = list(class_names)
    return subdirs


def _files_under(directory, follow_links, formats):
    """Paths relative to `directory`, in Keras's order (folders sorted, then files sorted)."""
    found = []
    for root, _, files in sorted(os.walk(directory, followlinks=follow_links), key=lambda entry: entry[0]):
        for fname in sorted(files):
            if fname.lower().endswith(formats):
                found.append(os.path.relpath(os.path.join(root, fname), directory))
    return found


def index_directory(directory, labels, formats, class_names=None, shuffle=True, seed=None, follow_links=False,
                    verbose=True):
    """`(file_paths, labels, class_names)` of the files under `directory` with an extension in `formats`.

    Args:
        labels: "inferred" (the subdirectory is the class), None (no labels) or a list of labels, one per
            file in sorted order.

    Raises:
        ValueError: for `class_names` that are not subdirectories or given with explicit/no labels, or a
            `labels` list whose length is not the number of files.
    """
    if not os.path.isdir(directory):
        raise ValueError(f"The directory to read files from does not exist. Received: directory={directory}")
    if labels == "inferred":
        subdirs = _class_subdirs(directory, class_names)
    else:
        if class_names is not None:
            raise ValueError("When `labels=None` (no labels), argument `class_names` cannot be specified."
                             if labels is None else
                             "When argument `labels` is specified, argument `class_names` cannot be specified (the "
                             "`class_names` will be the sorted list of labels).")
        subdirs = [""]
    filenames, targets = [], []
    for index, subdir in enumerate(subdirs):
        found = _files_under(os.path.join(directory, subdir), follow_links, formats)
        filenames += [os.path.join(subdir, f) if subdir else f for f in found]
        targets += [index] * len(found)
    names = list(subdirs)
    if labels == "inferred":
        labels = np.asarray(targets, dtype="int32")
    elif labels is None:
        names = None
    else:
        if len(labels) != len(filenames):
            raise ValueError(f"Expected the lengths of `labels` to match the number of files in the target directory. "
                             f"len(labels) is {len(labels)} while we found {len(filenames)} files in directory "
                             f"{directory}.")
        names = [str(label) for label in sorted(set(labels))]
        labels = list(labels)
    if verbose:
        print(f"Found {len(filenames)} files." if labels is None else
              f"Found {len(filenames)} files belonging to {len(names)} classes.")
    file_paths = [os.path.join(directory, f) for f in filenames]
    if shuffle:
        if seed is None:
            seed = np.random.randint(1_000_000)
        np.random.RandomState(seed).shuffle(file_paths)
        if labels is not None:
            np.random.RandomState(seed).shuffle(labels)
    return file_paths, labels, names


def get_training_or_validation_split(samples, labels, validation_split, subset):
    """The `subset` part of `samples`/`labels`: the last `int(validation_split * n)` are validation."""
    if not validation_split:
        return samples, labels
    num_val = int(validation_split * len(samples))
    if subset == "training":
        print(f"Using {len(samples) - num_val} files for training.")
        return samples[:len(samples) - num_val], None if labels is None else labels[:len(samples) - num_val]
    if subset == "validation":
        print(f"Using {num_val} files for validation.")
        return samples[len(samples) - num_val:], None if labels is None else labels[len(labels) - num_val:]
    raise ValueError(f'`subset` must be either "training" or "validation", received: {subset}')
