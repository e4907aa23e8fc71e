"""`keras.datasets.reuters` (keras/src/datasets/reuters.py): 11,228 newswires in 46 topics, as word ranks."""

import numpy as np

from keraslike._src.keras.datasets import files, word_sequences

_LABELS = ("cocoa", "grain", "veg-oil", "earn", "acq", "wheat", "copper", "housing", "money-supply", "coffee",
           "sugar", "trade", "reserves", "ship", "cotton", "carcass", "crude", "nat-gas", "cpi", "money-fx",
           "interest", "gnp", "meal-feed", "alum", "oilseed", "gold", "tin", "strategic-metal", "livestock",
           "retail", "ipi", "iron-steel", "rubber", "heat", "jobs", "lei", "bop", "zinc", "orange", "pet-chem",
           "dlr", "gas", "silver", "wpi", "hog", "lead")


def load_data(path="reuters.npz", num_words=None, skip_top=0, maxlen=None, test_split=0.2, seed=113,
              start_char=1, oov_char=2, index_from=3):
    """Reuters newswire topics, read from `reuters.npz` in the Keras cache (downloaded when missing).

    Arguments as `imdb.load_data`, plus `test_split`: the fraction of the (shuffled, filtered) wires kept
    for the test set.

    Returns:
        `(x_train, y_train), (x_test, y_test)`: object arrays of int lists and int topic arrays.
    """
    f = files.load_npz(files.get_file(path, files.TF_KERAS_DATASETS + "reuters.npz"))
    xs, labels = f["x"], f["y"]
    order = np.arange(len(xs))
    np.random.RandomState(seed).shuffle(order)
    texts, labels = word_sequences.shift(xs[order], start_char, index_from), labels[order]
    if maxlen:
        texts, labels = word_sequences.drop_long(maxlen, texts, labels)
    texts = word_sequences.limit_vocabulary(texts, num_words, skip_top, oov_char)
    cut = int(len(texts) * (1 - test_split))
    labels = np.asarray(labels)
    return ((word_sequences.as_object_array(texts[:cut]), labels[:cut]),
            (word_sequences.as_object_array(texts[cut:]), labels[cut:]))


def get_word_index(path="reuters_word_index.json"):
    """`{word: rank}` for the Reuters wires (ranks before the `index_from` shift)."""
    return word_sequences.word_index(path, "reuters_word_index.json")


def get_label_names():
    """The 46 topic names, indexed by label."""
    return _LABELS
