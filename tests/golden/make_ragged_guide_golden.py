"""Golden for TF's ragged-tensor guide's embedding cell (ragged string queries -> hash buckets -> embedding_lookup
with ragged ids, '#' markers concatenated, bigrams by tf.strings.join of ragged slices, mean embedding per row),
with a fixed embedding table. Run under real TensorFlow 2.21, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_ragged_guide_golden.py

It writes `tests/golden/ragged_guide.npz`; `tests/ragged/test_ragged_guide_ops.py` reads it.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ragged_guide.npz")


def main():
    queries = tf.ragged.constant([["Who", "is", "Dan", "Smith"], ["Pause"], ["Will", "it", "rain", "later", "today"]])
    table = np.random.RandomState(0).normal(0, 0.5, (1024, 4)).astype("float32")
    embedding_table = tf.Variable(table)
    word_buckets = tf.strings.to_hash_bucket_fast(queries, 1024)
    word_embeddings = tf.nn.embedding_lookup(embedding_table, word_buckets)
    marker = tf.fill([queries.nrows(), 1], "#")
    padded = tf.concat([marker, queries, marker], axis=1)
    bigrams = tf.strings.join([padded[:, :-1], padded[:, 1:]], separator="+")
    bigram_buckets = tf.strings.to_hash_bucket_fast(bigrams, 1024)
    bigram_embeddings = tf.nn.embedding_lookup(embedding_table, bigram_buckets)
    all_embeddings = tf.concat([word_embeddings, bigram_embeddings], axis=1)
    avg_embedding = tf.reduce_mean(all_embeddings, axis=1)
    np.savez_compressed(OUT, table=table, avg_embedding=avg_embedding.numpy(),
                        word_buckets=word_buckets.flat_values.numpy(),
                        bigrams=np.array(list(bigrams.flat_values.numpy()), dtype="S"),
                        word_embeddings=word_embeddings.flat_values.numpy())
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
