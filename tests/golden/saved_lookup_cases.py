"""The tf.Module holding lookup tables saved by tests/golden/make_saved_lookup_golden.py and
tests/saved_model/test_saved_lookup_tables.py. `build(tf)` takes the `tensorflow` or `keraslike` module."""

KEYS = ["a", "x", "k", "zz", "b"]


def build(tf):
    class Tables(tf.Module):
        def __init__(self):
            super().__init__()
            init = tf.lookup.KeyValueTensorInitializer(tf.constant(["a", "b", "c"]), tf.constant([1, 2, 3], tf.int64))
            self.table = tf.lookup.StaticHashTable(init, -1)
            self.ids = tf.lookup.StaticVocabularyTable(
                tf.lookup.KeyValueTensorInitializer(tf.constant(["x", "y"]), tf.constant([0, 1], tf.int64)),
                num_oov_buckets=2)
            self.mut = tf.lookup.experimental.MutableHashTable(tf.string, tf.float32, default_value=-5.0)
            self.mut.insert(tf.constant(["k", "b"]), tf.constant([9.5, 0.25]))
            self.dense = tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=0, empty_key=-1,
                                                               deleted_key=-2)
            self.dense.insert(tf.constant([3, 4], tf.int64), tf.constant([30, 40], tf.int64))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def lookup(self, keys):
            return {"static": self.table.lookup(keys), "vocab": self.ids.lookup(keys), "mutable": self.mut.lookup(keys),
                    "dense": self.dense.lookup(tf.cast(tf.strings.length(keys), tf.int64) + 2)}

    return Tables()


def results(tf, loaded):
    """The loaded function's and its signature's outputs for KEYS, as JSON."""
    keys = tf.constant(KEYS)
    return {"call": {k: v.numpy().tolist() for k, v in loaded.lookup(keys).items()},
            "signature": {k: v.numpy().tolist() for k, v in loaded.signatures["serving_default"](keys=keys).items()},
            "signatures": sorted(loaded.signatures)}
