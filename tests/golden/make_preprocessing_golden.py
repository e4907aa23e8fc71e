"""Write preprocessing_legacy.json: real TF 2.21's `tf.keras.preprocessing.sequence` and `.text` on fixed inputs.

Run with real TensorFlow: `python tests/golden/make_preprocessing_golden.py`. The inputs are stored with the
outputs; tests/keras/preprocessing/test_legacy_preprocessing_golden.py replays them on keraslike.
`skipgrams` draws from Python's `random`: each case seeds it first (`random_seed`).
"""

import json
import os
import random

import numpy as np
import tensorflow as tf

sequence = tf.keras.preprocessing.sequence
text = tf.keras.preprocessing.text

SENTENCE = [3, 1, 0, 4, 7, 2, 9, 0, 5, 6, 8, 1, 2]
SKIPGRAM_CASES = [
    {"args": {"window_size": 2, "negative_samples": 0.0, "shuffle": False}, "random_seed": 0},
    {"args": {"window_size": 1, "negative_samples": 0.0, "shuffle": False, "categorical": True}, "random_seed": 0},
    {"args": {"window_size": 3, "negative_samples": 1.0, "shuffle": True, "seed": 7}, "random_seed": 11},
    {"args": {"window_size": 2, "negative_samples": 2.5, "shuffle": False}, "random_seed": 5},
    {"args": {"window_size": 4, "negative_samples": 1.0, "shuffle": True, "categorical": True, "seed": 3},
     "random_seed": 2},
    {"args": {"window_size": 2, "negative_samples": 0.0, "shuffle": True, "seed": 42, "sampling_table": "table"},
     "random_seed": 9},
]
SAMPLING_TABLES = [{"size": 10}, {"size": 40, "sampling_factor": 1e-2}, {"size": 1}]
TIMESERIES_CASES = [
    {"length": 3, "batch_size": 2},
    {"length": 4, "sampling_rate": 2, "stride": 3, "batch_size": 3},
    {"length": 2, "start_index": 3, "end_index": 15, "reverse": True, "batch_size": 4},
    {"length": 5, "batch_size": 128},
]
CORPUS = ["The cat sat on the mat.", "The dog ate my homework!", "Cats and dogs: the eternal\tdebate.",
          "", "MY cat, MY rules", "Don't panic; it's fine."]
QUERIES = ["the cat ate the unknown bird", "dogs and cats", "", "mat mat mat homework zebra"]
TOKENIZER_CASES = [
    {},
    {"num_words": 5},
    {"oov_token": "<OOV>"},
    {"num_words": 6, "oov_token": "<OOV>"},
    {"lower": False, "filters": "!.,;:"},
    {"char_level": True, "num_words": 12},
    {"split": ",", "filters": ""},
]
WORD_SEQUENCE_CASES = [
    {"input_text": "Hello, World! It's a test.\tNew\nline"},
    {"input_text": "Hello, World!", "lower": False},
    {"input_text": "a-b-c d", "filters": "", "split": "-"},
    {"input_text": "x;y;;z", "filters": ";", "split": " "},
]


def tokenizer_result(config):
    tokenizer = text.Tokenizer(**config)
    tokenizer.fit_on_texts(CORPUS)
    sequences = tokenizer.texts_to_sequences(QUERIES)
    return {
        "config": config,
        "word_counts": list(tokenizer.word_counts.items()),
        "word_docs": dict(tokenizer.word_docs),
        "word_index": tokenizer.word_index,
        "index_word": {str(k): v for k, v in tokenizer.index_word.items()},
        "index_docs": {str(k): v for k, v in tokenizer.index_docs.items()},
        "document_count": tokenizer.document_count,
        "sequences": sequences,
        "generator": list(tokenizer.texts_to_sequences_generator(QUERIES)),
        "texts": tokenizer.sequences_to_texts(sequences + [[1, 2, 99, 0, 3]]),
        "matrices": {mode: tokenizer.texts_to_matrix(QUERIES, mode=mode).tolist()
                     for mode in ("binary", "count", "tfidf", "freq")},
        "to_json": json.loads(tokenizer.to_json()),
    }


def main():
    results = {"tensorflow": tf.__version__, "sentence": SENTENCE}
    results["sampling_tables"] = [{"args": args, "table": sequence.make_sampling_table(**args).tolist()}
                                  for args in SAMPLING_TABLES]
    table = sequence.make_sampling_table(10, sampling_factor=0.05)
    results["skipgram_table"] = table.tolist()
    skipgrams = []
    for case in SKIPGRAM_CASES:
        args = dict(case["args"])
        if args.get("sampling_table") == "table":
            args["sampling_table"] = table
        random.seed(case["random_seed"])
        couples, labels = sequence.skipgrams(SENTENCE, 10, **args)
        skipgrams.append({**case, "couples": couples, "labels": labels})
    results["skipgrams"] = skipgrams
    data = np.arange(40, dtype="float32").reshape(20, 2)
    targets = np.arange(20, dtype="int64") * 10
    timeseries = []
    for args in TIMESERIES_CASES:
        generator = sequence.TimeseriesGenerator(data, targets, **args)
        batches = [generator[i] for i in range(len(generator))]
        timeseries.append({"args": args, "len": len(generator), "x": [b[0].tolist() for b in batches],
                           "y": [b[1].tolist() for b in batches]})
    results["timeseries"] = timeseries
    results["corpus"], results["queries"] = CORPUS, QUERIES
    results["tokenizers"] = [tokenizer_result(config) for config in TOKENIZER_CASES]
    results["word_sequences"] = [{"args": a, "words": text.text_to_word_sequence(**a)} for a in WORD_SEQUENCE_CASES]
    results["hashing_md5"] = [{"text": t, "n": n, "indices": text.hashing_trick(t, n, hash_function="md5")}
                              for t in CORPUS + QUERIES for n in (2, 7, 1000)]
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "preprocessing_legacy.json")
    with open(path + ".tmp", "w") as f:
        json.dump(results, f)
    os.replace(path + ".tmp", path)
    print("wrote preprocessing_legacy.json with TF", tf.__version__)


if __name__ == "__main__":
    main()
