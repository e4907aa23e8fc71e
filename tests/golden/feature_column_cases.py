"""The `tf.feature_column` cases of feature_columns.json (make_feature_column_golden.py), shared by TF and the test.

Each case is `case(tf, tf1, vocab_file) -> (columns, features)`, written once for both libraries.
"""

import math

import numpy as np

VOCAB_FILE_LINES = ["Dog", "Cat", "Bird"]


def table(shape):
    """Fixed embedding values for a table of `shape` (so outputs compare across libraries)."""
    n = int(np.prod(shape))
    return (np.arange(n, dtype=np.float32).reshape(shape) * 0.1 - 0.5).astype(np.float32)


def _normalize(x):
    mean, variance = (2.0, 1.0)
    return (x - mean) / math.sqrt(variance)


def numeric_three(tf, tf1, vocab_file):
    fc = tf1.feature_column
    cols = [fc.numeric_column("foo"), fc.numeric_column("bar"), fc.numeric_column("baz")]
    return cols, {"foo": tf.constant([1]), "bar": tf.constant([0]), "baz": tf.constant([-1])}


def identity_indicator(tf, tf1, vocab_file):
    fc = tf1.feature_column
    return fc.indicator_column(fc.categorical_column_with_identity("type", num_buckets=3)), {"type": [0, 1, 2]}


def numeric_normalizer(tf, tf1, vocab_file):
    fc = tf1.feature_column
    return (fc.numeric_column("col", normalizer_fn=_normalize),
            {"col": tf.constant([[0.], [1.], [2.]])})


def bucketized(tf, tf1, vocab_file):
    fc = tf1.feature_column
    return (fc.bucketized_column(fc.numeric_column("col"), [1, 4, 5]),
            {"col": tf.constant([1., 2., 3., 4., 5.])})


def vocab_list_indicator(tf, tf1, vocab_file):
    fc = tf1.feature_column
    col = fc.categorical_column_with_vocabulary_list("sizes", vocabulary_list=["small", "medium", "large"],
                                                     num_oov_buckets=0)
    return fc.indicator_column(col), {"sizes": ["small", "medium", "large"]}


def vocab_list_embedding(tf, tf1, vocab_file):
    fc = tf1.feature_column
    col = fc.categorical_column_with_vocabulary_list("col", vocabulary_list=["small", "medium", "large"],
                                                     num_oov_buckets=0)
    return fc.embedding_column(col, 4), {"col": ["small", "medium", "large"]}


def weighted_indicator(tf, tf1, vocab_file):
    fc = tf1.feature_column
    ids = tf.constant([[5, 11, 5, 17, 17]])
    weights = tf.constant([[0.5, 1.5, 0.7, 1.8, 0.2]])
    col = fc.weighted_categorical_column(fc.categorical_column_with_identity("ids", num_buckets=20), "weights")
    return fc.indicator_column(col), {"ids": ids, "weights": weights}


def weighted_embedding_mean(tf, tf1, vocab_file):
    fc = tf1.feature_column
    ids = tf.constant([[5, 11, 5, 17, 17]])
    weights = tf.constant([[0.5, 1.5, 0.7, 1.8, 0.2]])
    col = fc.weighted_categorical_column(fc.categorical_column_with_identity("ids", num_buckets=20), "weights")
    return fc.embedding_column(col, 4, combiner="mean"), {"ids": ids, "weights": weights}


def multi_id_combiners(tf, tf1, vocab_file):
    fc = tf1.feature_column
    ids = tf.constant([[1, 2, -1], [0, 0, 3], [-1, -1, -1]])
    base = fc.categorical_column_with_identity("ids", num_buckets=4)
    cols = [fc.embedding_column(base, 2, combiner="sum"), fc.indicator_column(base)]
    return cols, {"ids": ids}


def multi_id_sqrtn(tf, tf1, vocab_file):
    fc = tf1.feature_column
    ids = tf.constant([[1, 2, -1], [0, 0, 3], [-1, -1, -1]])
    return fc.embedding_column(fc.categorical_column_with_identity("ids", num_buckets=4), 3, combiner="sqrtn"), \
        {"ids": ids}


def oov_buckets_and_default(tf, tf1, vocab_file):
    fc = tf.feature_column
    with_oov = fc.categorical_column_with_vocabulary_list("animal", ["Cat", "Dog"], num_oov_buckets=3)
    with_default = fc.categorical_column_with_vocabulary_list("animal2", ["Cat", "Dog"], default_value=0)
    ints = fc.categorical_column_with_vocabulary_list("code", [10, 20, 30], num_oov_buckets=2)
    identity = fc.categorical_column_with_identity("n", num_buckets=3, default_value=1)
    cols = [fc.indicator_column(c) for c in (with_oov, with_default, ints, identity)]
    return cols, {"animal": ["Cat", "Fish", "Dog", "Hamster"], "animal2": ["Cat", "Fish", "Dog", "Hamster"],
                  "code": [10, 40, 30, 99], "n": [0, 7, 2, 1]}


def vocab_file_column(tf, tf1, vocab_file):
    fc = tf.feature_column
    col = fc.categorical_column_with_vocabulary_file("t", vocab_file, num_oov_buckets=1)
    return [fc.indicator_column(col), fc.embedding_column(col, 2)], {"t": ["Cat", "Bird", "Cow", "Dog"]}


def tutorial_columns(tf, tf1, vocab_file):
    fc = tf.feature_column
    features = {
        "PhotoAmt": tf.constant([1, 0, 4, 2, 8]),
        "Age": tf.constant([3, 1, 12, 2, 5]),
        "Type": tf.constant(["Cat", "Dog", "Dog", "Cat", "Cat"]),
        "Breed1": tf.constant(["Tabby", "Mixed Breed", "Beagle", "Tabby", "Persian"]),
    }
    age = fc.numeric_column("Age")
    age_buckets = fc.bucketized_column(age, boundaries=[1, 3, 5])
    animal_type = fc.categorical_column_with_vocabulary_list("Type", ["Cat", "Dog"])
    breed1 = fc.categorical_column_with_vocabulary_list("Breed1", ["Tabby", "Mixed Breed", "Persian"])
    cols = [
        fc.numeric_column("PhotoAmt"),
        age_buckets,
        fc.indicator_column(animal_type),
        fc.embedding_column(breed1, dimension=8),
        fc.indicator_column(fc.categorical_column_with_hash_bucket("Breed1", hash_bucket_size=10)),
        fc.indicator_column(fc.crossed_column([age_buckets, animal_type], hash_bucket_size=10)),
        fc.indicator_column(fc.crossed_column(["Type", "Breed1"], hash_bucket_size=7)),
    ]
    return cols, features


def hash_bucket_ints(tf, tf1, vocab_file):
    fc = tf.feature_column
    col = fc.categorical_column_with_hash_bucket("code", hash_bucket_size=5, dtype=tf.int64)
    return fc.indicator_column(col), {"code": tf.constant([[3], [12], [-1], [7]], dtype=tf.int64)}


def multi_dim_numeric_and_bucketized(tf, tf1, vocab_file):
    fc = tf.feature_column
    num = fc.numeric_column("v", shape=(2,))
    return [num, fc.bucketized_column(num, [0.0, 1.0])], {"v": tf.constant([[-1.0, 0.5], [1.0, 3.0]])}


CASES = {f.__name__: f for f in (
    numeric_three, identity_indicator, numeric_normalizer, bucketized, vocab_list_indicator, vocab_list_embedding,
    weighted_indicator, weighted_embedding_mean, multi_id_combiners, multi_id_sqrtn, oov_buckets_and_default,
    vocab_file_column, tutorial_columns, hash_bucket_ints, multi_dim_numeric_and_bucketized,
)}
