"""keras.datasets.reuters: ``reuters.npz`` (x: word-rank sequences, y: 46 topics) and its word index."""

import numpy as np

from conformance.data.standins._common import TF_KERAS_DATASETS, class_documents, json_bytes, rng, vocabulary, write_npz

NPZ_URL = TF_KERAS_DATASETS + "reuters.npz"
WORD_INDEX_URL = TF_KERAS_DATASETS + "reuters_word_index.json"
VOCAB = 5000
TOPICS = 46


def build_npz(path):
    r = rng(31)
    # topic frequencies skewed as the original's (a few large topics)
    weights = 1.0 / np.arange(1, TOPICS + 1) ** 1.2
    labels = r.choice(TOPICS, size=3000, p=weights / weights.sum())
    topic_words = [list(range(100 + 12 * t, 112 + 12 * t)) for t in range(TOPICS)]
    docs = class_documents(r, labels, VOCAB, topic_words, 20, 200, topic_rate=0.12)
    x = np.empty(len(docs), dtype=object)
    for i, d in enumerate(docs):
        x[i] = [v + 1 for v in d]
    write_npz(path, x=x, y=labels.astype(np.int64))


def build_word_index(path):
    path.write_bytes(json_bytes({w: i + 1 for i, w in enumerate(vocabulary(VOCAB, seed=32))}))


STANDINS = {NPZ_URL: build_npz, WORD_INDEX_URL: build_word_index}
PINNED = {NPZ_URL: "d6586e694ee56d7a4e65172e12b3e987c03096cb01eab99753921ef915959916",
          WORD_INDEX_URL: "4d44cc38712099c9e383dc6e5f11a921"}
