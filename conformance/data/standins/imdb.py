"""keras.datasets.imdb: ``imdb.npz`` (word-rank sequences, 0/1 labels) and ``imdb_word_index.json``; and the
raw movie-review archive ``aclImdb_v1.tar.gz`` (train/test pos/neg text files, plus unsup) the text
tutorials read. One generator: reviews are Zipf background words plus sentiment words of their label."""

import functools

import numpy as np

from conformance.data.standins._common import (COMMON_WORDS, NEGATIVE_WORDS, POSITIVE_WORDS, TF_KERAS_DATASETS,
                                               class_documents, json_bytes, rng, vocabulary, write_npz, write_tar)

NPZ_URL = TF_KERAS_DATASETS + "imdb.npz"
WORD_INDEX_URL = TF_KERAS_DATASETS + "imdb_word_index.json"
ACLIMDB_URL = "https://ai.stanford.edu/~amaas/data/sentiment/aclImdb_v1.tar.gz"
VOCAB = 6000


@functools.cache
def words():
    """Rank order (index 0 is rank 1): common words, sentiment words spread in the first few hundred, the rest."""
    base = vocabulary(VOCAB, seed=11, reserved=tuple(COMMON_WORDS))
    for i, w in enumerate(POSITIVE_WORDS + NEGATIVE_WORDS):
        base.remove(w) if w in base else base.pop()
        base.insert(80 + 7 * i, w)
    return base[:VOCAB]


def _topic_ids():
    ws = words()
    return [[ws.index(w) for w in NEGATIVE_WORDS], [ws.index(w) for w in POSITIVE_WORDS]]


@functools.cache
def reviews(seed: int, n: int):
    """``n`` reviews as 0-based rank ids, and their 0/1 labels."""
    r = rng(seed)
    labels = r.integers(0, 2, size=n)
    return class_documents(r, labels, VOCAB, _topic_ids(), 40, 220, topic_rate=0.05), labels


def _objects(docs):
    out = np.empty(len(docs), dtype=object)
    for i, d in enumerate(docs):
        out[i] = [v + 1 for v in d]  # ranks start at 1
    return out


def build_npz(path):
    x_train, y_train = reviews(21, 5000)
    x_test, y_test = reviews(22, 5000)
    write_npz(path, x_train=_objects(x_train), y_train=y_train.astype(np.int64), x_test=_objects(x_test),
              y_test=y_test.astype(np.int64))


def build_word_index(path):
    path.write_bytes(json_bytes({w: i + 1 for i, w in enumerate(words())}))


def text(doc, r):
    ws = words()
    tokens = [ws[i] for i in doc]
    out, sentence = [], []
    for t in tokens:
        sentence.append(t)
        if len(sentence) > 6 and r.random() < 0.15:
            out.append(" ".join(sentence).capitalize() + ".")
            sentence = []
    if sentence:
        out.append(" ".join(sentence).capitalize() + "!")
    body = " ".join(out)
    return body.replace(". ", ".<br /><br />", 1) if r.random() < 0.3 else body


def build_aclimdb(path):
    r = rng(23)
    named_1181 = False
    files = {"aclImdb/README": "Conformance stand-in of the Large Movie Review Dataset layout.\n",
             "aclImdb/imdb.vocab": "\n".join(words()) + "\n"}
    for split, seed, n in (("train", 24, 1000), ("test", 25, 1000)):
        docs, labels = reviews(seed, n)
        for i, (doc, label) in enumerate(zip(docs, labels)):
            folder = "pos" if label else "neg"
            stars = int(r.integers(7, 11)) if label else int(r.integers(1, 5))
            number = i
            if (split, folder, stars) == ("train", "pos", 9) and not named_1181:
                number, named_1181 = 1181, True  # keras/text_classification prints train/pos/1181_9.txt
            files[f"aclImdb/{split}/{folder}/{number}_{stars}.txt"] = text(doc, r)
    unsup, _ = reviews(26, 100)
    for i, doc in enumerate(unsup):
        files[f"aclImdb/train/unsup/{i}_0.txt"] = text(doc, r)
    files["aclImdb/train/urls_pos.txt"] = "http://www.imdb.com/title/tt0000000/usercomments\n"
    write_tar(path, files)


STANDINS = {NPZ_URL: build_npz, WORD_INDEX_URL: build_word_index, ACLIMDB_URL: build_aclimdb}
PINNED = {NPZ_URL: "69664113be75683a8fe16e3ed0ab59fda8886cb3cd7ada244f7d9544e4676b9f",
          WORD_INDEX_URL: "bfafd718b763782e994055a2d397834f"}
