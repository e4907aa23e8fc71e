"""A small synthetic text-classification folder and `text_dataset_from_directory` cases, run the same way under
real Keras 3.15 (golden) and keraslike (test). `run(case, utils, root)` returns the printed messages and every
element as JSON: texts decoded, labels as lists, in order (unshuffled cases) or sorted (shuffled ones, whose
element order depends on the tf.data RNG but whose train/validation membership is numpy's)."""

import contextlib
import io
import os

import numpy as np

WORDS = ["good", "great", "fine", "bad", "awful", "poor", "movie", "plot", "actor", "<br />", "Film!", "ok"]
CLASSES = {"neg": 7, "pos": 6, "zzz": 0}  # files per class folder ("zzz" is an empty class)


def make_corpus(root):
    """Write `root/{neg,pos}/NNN.txt` (plus a hidden folder, a non-.txt file and a nested folder)."""
    rng = np.random.RandomState(0)
    for name, count in CLASSES.items():
        os.makedirs(os.path.join(root, name), exist_ok=True)
        for i in range(count):
            sub = os.path.join(root, name, "nested") if i == 2 else os.path.join(root, name)
            os.makedirs(sub, exist_ok=True)
            text = " ".join(rng.choice(WORDS, size=3 + i)) + f" {name} #{i} é"
            with open(os.path.join(sub, f"{i:03d}.txt"), "w", encoding="utf-8") as f:
                f.write(text)
    os.makedirs(os.path.join(root, ".hidden"), exist_ok=True)
    with open(os.path.join(root, ".hidden", "x.txt"), "w") as f:
        f.write("hidden")
    with open(os.path.join(root, "pos", "notes.md"), "w") as f:
        f.write("not a text file for the loader")


CASES = {
    "int_unshuffled": {"batch_size": 4, "shuffle": False},
    "categorical": {"label_mode": "categorical", "batch_size": 5, "shuffle": False},
    "binary_class_names": {"label_mode": "binary", "class_names": ["pos", "neg"], "shuffle": False},
    "no_labels": {"labels": None, "batch_size": 3, "shuffle": False},
    "max_length": {"max_length": 9, "shuffle": False, "batch_size": None},
    "label_list": {"directory": "pos", "labels": [1, 0, 1, 1, 0, 0], "shuffle": False, "batch_size": 2},
    "subset_class": {"class_names": ["pos"], "shuffle": False},
    "split_training": {"validation_split": 0.3, "subset": "training", "seed": 7},
    "split_validation": {"validation_split": 0.3, "subset": "validation", "seed": 7},
    "split_both": {"validation_split": 0.25, "subset": "both", "seed": 123, "batch_size": 2},
    "shuffled": {"seed": 3, "batch_size": 4},
}
SHUFFLED = {"split_training", "split_validation", "shuffled"}


def _plain(value):
    if hasattr(value, "numpy"):
        value = value.numpy()
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, np.ndarray):
        return [_plain(v) for v in value.tolist()] if value.dtype == object else value.tolist()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def _elements(dataset):
    out = []
    for batch in dataset:
        batch = batch if isinstance(batch, tuple) else (batch,)
        parts = [_plain(x) for x in batch]
        if isinstance(parts[0], list):  # a batch: one entry per element
            out += [list(row) for row in zip(*parts)]
        else:
            out.append(parts)
    return out


def run(name, utils, root):
    kwargs = dict(CASES[name])
    directory = os.path.join(root, kwargs.pop("directory", ""))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        result = utils.text_dataset_from_directory(directory, **kwargs)
    datasets = result if isinstance(result, list) else [result]
    parts = []
    for ds in datasets:
        elements = _elements(ds)
        if name in SHUFFLED or kwargs.get("subset") == "both" and ds is datasets[0]:
            elements = sorted(elements, key=repr)
        parts.append({"class_names": ds.class_names, "elements": elements})
    return {"printed": [line for line in buf.getvalue().splitlines() if line.strip()], "datasets": parts}
