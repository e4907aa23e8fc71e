"""Small fake `imdb.npz` / `reuters.npz` files in Keras's layout (object arrays of word-rank lists).

Shared by make_word_datasets_golden.py (real Keras reads them) and tests/keras/datasets/test_word_datasets.py.
"""

import json

import numpy as np

CASES = [
    {},
    {"num_words": 8, "skip_top": 2},
    {"maxlen": 6, "seed": 7},
    {"num_words": 8, "oov_char": None, "start_char": None, "index_from": 0},
]


def _texts(rng, n):
    return [list(map(int, rng.integers(1, 12, size=int(rng.integers(2, 9))))) for _ in range(n)]


def _objects(texts):
    out = np.empty(len(texts), dtype=object)
    out[:] = texts
    return out


def write(directory):
    rng = np.random.default_rng(11)
    np.savez(f"{directory}/imdb.npz", x_train=_objects(_texts(rng, 9)), y_train=rng.integers(0, 2, 9),
             x_test=_objects(_texts(rng, 7)), y_test=rng.integers(0, 2, 7))
    np.savez(f"{directory}/reuters.npz", x=_objects(_texts(rng, 12)), y=rng.integers(0, 46, 12))
    with open(f"{directory}/imdb_word_index.json", "w") as f:
        json.dump({"the": 1, "movie": 2}, f)


def as_json(result):
    (x_train, y_train), (x_test, y_test) = result
    return {"x_train": [list(map(int, x)) for x in x_train], "y_train": [int(v) for v in y_train],
            "x_test": [list(map(int, x)) for x in x_test], "y_test": [int(v) for v in y_test]}
