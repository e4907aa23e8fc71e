"""Dataset reprs: `<_RangeDataset element_spec=...>` names TF's class for each operation (`window`'s inner datasets
are `_VariantDataset`s, `enumerate` a `_ZipDataset`, ...). `run(tf)` gives {case: repr} under real TF 2.21
(make_dataset_repr_golden.py) or keraslike (tests/data/test_dataset_repr.py). No TF import here."""


def run(tf):
    r = tf.data.Dataset.range(4)
    cases = {
     "range": r, "slices": tf.data.Dataset.from_tensor_slices([1, 2]), "tensors": tf.data.Dataset.from_tensors(1),
     "map": r.map(lambda x: x), "map_par": r.map(lambda x: x, num_parallel_calls=2), "batch": r.batch(2),
     "padded_batch": r.padded_batch(2), "shuffle": r.shuffle(2), "repeat": r.repeat(2), "take": r.take(1),
     "skip": r.skip(1), "filter": r.filter(lambda x: x > 0), "prefetch": r.prefetch(1), "cache": r.cache(),
     "zip": tf.data.Dataset.zip((r, r)), "concat": r.concatenate(r), "unbatch": r.batch(2).unbatch(),
     "flat_map": r.flat_map(lambda x: tf.data.Dataset.from_tensors(x)),
     "interleave": r.interleave(lambda x: tf.data.Dataset.from_tensors(x)),
     "enumerate": r.enumerate(), "window_inner": next(iter(r.window(2))), "window": r.window(2), "shard": r.shard(2, 0),
     "generator": tf.data.Dataset.from_generator(lambda: iter([1]), output_signature=tf.TensorSpec([], tf.int32)),
     "ragged_batch": r.ragged_batch(2), "rebatch": r.batch(2).rebatch(1), "scan": r.scan(0, lambda s, x: (s, x)),
     "unique": r.unique(), "apply": r.apply(lambda d: d), "options": r.with_options(tf.data.Options()),
     "take_while": r.take_while(lambda x: x < 2),
     "group_by_window": r.group_by_window(lambda x: x % 2, lambda k, d: d.batch(2), 2),
    }
    return {name: repr(dataset) for name, dataset in cases.items()}
