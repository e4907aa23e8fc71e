"""`tf.data.experimental` transformation functions: each returns `lambda dataset: dataset.<method>(...)`.

Mirrors `tensorflow/python/data/experimental/ops/{scan_ops,take_while_ops,unique,grouping,resampling,io,
interleave_ops,enumerate_ops,batching}.py`, which TF keeps as thin wrappers of the `Dataset` methods, for
`dataset.apply(tf.data.experimental.scan(...))`.
"""

from keraslike._src.data.dataset import Dataset


def scan(initial_state, scan_func):
    """`tf.data.experimental.scan`: `Dataset.scan` as a transformation for `Dataset.apply`."""
    return lambda dataset: dataset.scan(initial_state, scan_func)


def take_while(predicate):
    """`tf.data.experimental.take_while`: `Dataset.take_while` for `Dataset.apply`."""
    return lambda dataset: dataset.take_while(predicate)


def unique():
    """`tf.data.experimental.unique`: `Dataset.unique` for `Dataset.apply`."""
    return lambda dataset: dataset.unique()


def group_by_window(key_func, reduce_func, window_size=None, window_size_func=None):
    """`tf.data.experimental.group_by_window`: `Dataset.group_by_window` for `Dataset.apply`."""
    return lambda dataset: dataset.group_by_window(key_func, reduce_func, window_size, window_size_func)


def bucket_by_sequence_length(element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes=None,
                              padding_values=None, pad_to_bucket_boundary=False, no_padding=False,
                              drop_remainder=False):
    """`tf.data.experimental.bucket_by_sequence_length`: `Dataset.bucket_by_sequence_length` for `apply`."""
    return lambda dataset: dataset.bucket_by_sequence_length(
        element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes, padding_values,
        pad_to_bucket_boundary, no_padding, drop_remainder)


def rejection_resample(class_func, target_dist, initial_dist=None, seed=None):
    """`tf.data.experimental.rejection_resample`: `Dataset.rejection_resample` for `Dataset.apply`."""
    return lambda dataset: dataset.rejection_resample(class_func, target_dist, initial_dist, seed)


def enumerate_dataset(start=0):
    """`tf.data.experimental.enumerate_dataset`: `Dataset.enumerate` for `Dataset.apply`."""
    return lambda dataset: dataset.enumerate(start)


def unbatch():
    """`tf.data.experimental.unbatch`: `Dataset.unbatch` for `Dataset.apply`."""
    return lambda dataset: dataset.unbatch()


def get_single_element(dataset):
    """`tf.data.experimental.get_single_element(dataset)`: `dataset.get_single_element()`."""
    if not isinstance(dataset, Dataset):
        raise TypeError(f"Expected a tf.data.Dataset. Received: dataset={dataset!r}")
    return dataset.get_single_element()


def save(dataset, path, compression=None, shard_func=None, checkpoint_args=None):
    """`tf.data.experimental.save(dataset, path, ...)`: `dataset.save(path, ...)`."""
    return dataset.save(path, compression, shard_func, checkpoint_args)


def load(path, element_spec=None, compression=None, reader_func=None):
    """`tf.data.experimental.load`: `tf.data.Dataset.load`."""
    return Dataset.load(path, element_spec, compression, reader_func)


def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=False):
    """`tf.data.experimental.choose_from_datasets` (note: `stop_on_empty_dataset` defaults to False here)."""
    return Dataset.choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)


def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False):
    """`tf.data.experimental.sample_from_datasets`: `tf.data.Dataset.sample_from_datasets`."""
    return Dataset.sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset)


def RandomDataset(seed=None, rerandomize_each_iteration=None, name=None):  # noqa: N802 - TF's class name
    """`tf.data.experimental.RandomDataset`: `tf.data.Dataset.random`."""
    return Dataset.random(seed, rerandomize_each_iteration)
