"""The word-index encoding shared by `imdb` and `reuters` (keras/src/datasets/imdb.py, reuters.py).

Each text is a list of word ranks (1 = most frequent). Loading shifts ranks by `index_from`, prefixes
`start_char`, drops texts of `maxlen` words or more, and replaces ranks outside
`[skip_top, num_words)` by `oov_char` (or drops them when `oov_char=None`), exactly as Keras does.
"""

import json

import numpy as np

from keraslike._src.keras.datasets import files


def shift(texts, start_char, index_from):
    """Word ranks moved up by `index_from`, each text starting with `start_char` (when not None)."""
    if start_char is not None:
        return [[start_char] + [w + index_from for w in x] for x in texts]
    return [[w + index_from for w in x] for x in texts]


def drop_long(maxlen, texts, labels):
    """The texts shorter than `maxlen` words, with their labels (Keras's `remove_long_seq`)."""
    kept = [(x, y) for x, y in zip(texts, labels) if len(x) < maxlen]
    return [x for x, _ in kept], [y for _, y in kept]


def limit_vocabulary(texts, num_words, skip_top, oov_char):
    """Ranks outside `[skip_top, num_words)` become `oov_char`, or are dropped when it is None."""
    if not num_words:
        num_words = max(max(x) for x in texts if x)
    if oov_char is not None:
        return [[w if skip_top <= w < num_words else oov_char for w in x] for x in texts]
    return [[w for w in x if skip_top <= w < num_words] for x in texts]


def as_object_array(texts):
    """A 1-D object array of lists (Keras's return type), also when every text has the same length."""
    out = np.empty(len(texts), dtype=object)
    out[:] = texts
    return out


def word_index(path, url_name):
    """`{word: rank}` from the dataset's JSON word index in the Keras cache."""
    local = files.get_file(path, files.TF_KERAS_DATASETS + url_name)
    with open(local, encoding="utf-8") as f:
        return json.load(f)
