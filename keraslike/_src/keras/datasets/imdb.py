"""`keras.datasets.imdb` (keras/src/datasets/imdb.py): 25,000 + 25,000 movie reviews as word ranks."""

import numpy as np

from keraslike._src.keras.datasets import files, word_sequences


def load_data(path="imdb.npz", num_words=None, skip_top=0, maxlen=None, seed=113, start_char=1, oov_char=2,
              index_from=3):
    """IMDB sentiment reviews, read from `imdb.npz` in the Keras cache (downloaded when missing).

    Args:
        path: file name under the Keras cache (`~/.keras/datasets/`), or an absolute path.
        num_words: keep the `num_words` most frequent words (rank < num_words); None keeps all.
        skip_top: ranks below it are treated as out of vocabulary.
        maxlen: drop reviews of `maxlen` words or more (None keeps all).
        seed: shuffling seed (train and test are each shuffled, as Keras).
        start_char: prepended to every review (None for nothing); oov_char: replaces dropped words
            (None removes them); index_from: added to every rank.

    Returns:
        `(x_train, y_train), (x_test, y_test)`: object arrays of int lists and int label arrays.

    Raises:
        ValueError: if `maxlen` filters out every review.
    """
    f = files.load_npz(files.get_file(path, files.TF_KERAS_DATASETS + "imdb.npz"))
    rng = np.random.RandomState(seed)
    splits = []
    for x_key, y_key in (("x_train", "y_train"), ("x_test", "y_test")):
        x, y = f[x_key], f[y_key]
        order = np.arange(len(x))
        rng.shuffle(order)
        splits.append((word_sequences.shift(x[order], start_char, index_from), y[order]))
    (x_train, y_train), (x_test, y_test) = splits
    if maxlen:
        x_train, y_train = word_sequences.drop_long(maxlen, x_train, y_train)
        x_test, y_test = word_sequences.drop_long(maxlen, x_test, y_test)
        if not x_train or not x_test:
            raise ValueError(f"After filtering for sequences shorter than maxlen={maxlen}, no sequence was kept. "
                             f"Increase maxlen. Received: maxlen={maxlen}")
    texts = word_sequences.limit_vocabulary(x_train + x_test, num_words, skip_top, oov_char)
    labels = np.concatenate([np.asarray(y_train), np.asarray(y_test)])
    cut = len(x_train)
    return ((word_sequences.as_object_array(texts[:cut]), labels[:cut]),
            (word_sequences.as_object_array(texts[cut:]), labels[cut:]))


def get_word_index(path="imdb_word_index.json"):
    """`{word: rank}` for the IMDB reviews (ranks before the `index_from` shift)."""
    return word_sequences.word_index(path, "imdb_word_index.json")
