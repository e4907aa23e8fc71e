"""The `tf.keras.preprocessing.sequence` cells of TF's word2vec tutorial (tensorflow/docs
site/en/tutorials/text/word2vec.ipynb) with `import keraslike as tf`: one sentence's skip-grams, the sampling
table, and (once `tf.random.log_uniform_candidate_sampler` exists - helper tfrand's item) the training-data
function and the model fit."""

import json
import os
import random

import numpy as np
import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden", "preprocessing_legacy.json")


def _vocabulary(tokens):
    vocab, index = {"<pad>": 0}, 1
    for token in tokens:
        if token not in vocab:
            vocab[token] = index
            index += 1
    return vocab


def test_one_sentence_skipgrams_and_sampling_table():
    tokens = "The wide road shimmered in the hot sun".lower().split()
    vocab = _vocabulary(tokens)
    inverse_vocab = {index: token for token, index in vocab.items()}
    example_sequence = [vocab[word] for word in tokens]
    assert example_sequence == [1, 2, 3, 4, 5, 1, 6, 7]
    positive_skip_grams, labels = tf.keras.preprocessing.sequence.skipgrams(
        example_sequence, vocabulary_size=len(vocab), window_size=2, negative_samples=0)
    # window 2 over 8 words: 2 + 3 + 4 * 4 + 3 + 2 pairs, every one a real neighbour
    assert len(positive_skip_grams) == 26 and labels == [1] * 26
    expected = {(example_sequence[i], example_sequence[j])
                for i in range(8) for j in range(max(0, i - 2), min(8, i + 3)) if i != j}
    assert {tuple(p) for p in positive_skip_grams} == expected
    assert all(inverse_vocab[t] in tokens and inverse_vocab[c] in tokens for t, c in positive_skip_grams[:5])
    with open(GOLDEN) as f:
        tf_table = json.load(f)["sampling_tables"][0]
    assert tf_table["args"] == {"size": 10}
    np.testing.assert_allclose(tf.keras.preprocessing.sequence.make_sampling_table(size=10), tf_table["table"])


@pytest.mark.skipif(not hasattr(tf.random, "log_uniform_candidate_sampler"),
                    reason="tf.random.log_uniform_candidate_sampler is helper tfrand's item (issue 11)")
def test_generate_training_data_and_fit():
    vocab_size, num_ns, window_size = 40, 4, 2
    rng = np.random.default_rng(0)
    # sentences made of a few fixed phrases, so true contexts are learnable against random negatives
    phrases = [np.arange(start, start + 5) for start in (1, 6, 11, 16)]
    sequences = [np.concatenate([phrases[k] for k in rng.integers(0, 4, size=2)]) for _ in range(400)]
    random.seed(0)  # skipgrams' subsampling draws from Python's `random`
    sampling_table = tf.keras.preprocessing.sequence.make_sampling_table(vocab_size)
    targets, contexts, labels = [], [], []
    for sequence in sequences:
        positive_skip_grams, _ = tf.keras.preprocessing.sequence.skipgrams(
            sequence, vocabulary_size=vocab_size, sampling_table=sampling_table, window_size=window_size,
            negative_samples=0)
        for target_word, context_word in positive_skip_grams:
            context_class = tf.expand_dims(tf.constant([context_word], dtype="int64"), 1)
            negatives, _, _ = tf.random.log_uniform_candidate_sampler(
                true_classes=context_class, num_true=1, num_sampled=num_ns, unique=True, range_max=vocab_size,
                seed=42, name="negative_sampling")
            contexts.append(tf.concat([context_class, tf.expand_dims(negatives, 1)], 0))
            targets.append(target_word)
            labels.append(tf.constant([1] + [0] * num_ns, dtype="int64"))
    assert len(targets) >= 64 and len(targets) == len(contexts) == len(labels)
    assert tuple(contexts[0].shape) == (num_ns + 1, 1)
    dataset = tf.data.Dataset.from_tensor_slices(((targets, contexts), labels)).shuffle(1000).batch(
        16, drop_remainder=True)

    class Word2Vec(tf.keras.Model):
        def __init__(self, vocab_size, embedding_dim):
            super().__init__()
            self.target_embedding = tf.keras.layers.Embedding(vocab_size, embedding_dim, name="w2v_embedding")
            self.context_embedding = tf.keras.layers.Embedding(vocab_size, embedding_dim)

        def call(self, pair):
            target, context = pair
            if len(target.shape) == 2:
                target = tf.squeeze(target, axis=1)
            word_emb = self.target_embedding(target)
            context_emb = self.context_embedding(tf.squeeze(context, axis=2))
            return tf.einsum("be,bce->bc", word_emb, context_emb)

    word2vec = Word2Vec(vocab_size, 8)
    word2vec.compile(optimizer="adam", loss=tf.keras.losses.CategoricalCrossentropy(from_logits=True),
                     metrics=["accuracy"])
    history = word2vec.fit(dataset, epochs=8, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0]
    assert word2vec.get_layer("w2v_embedding").get_weights()[0].shape == (vocab_size, 8)
