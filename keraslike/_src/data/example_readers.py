"""`tf.data.experimental.parse_example_dataset`, `make_batched_features_dataset`, `dense_to_sparse_batch`.

Mirrors `tensorflow/python/data/experimental/ops/parsing_ops.py` and `readers.py`
(`make_batched_features_dataset_v2`): files of serialized `tf.train.Example`s are listed, read,
shuffled, repeated, batched and parsed with `tf.io.parse_example`, in TF's order of steps.
"""

from keraslike._src.data.dataset import Dataset
from keraslike._src.data.options import AUTOTUNE
from keraslike._src.data.tfrecord_dataset import TFRecordDataset
from keraslike._src.io.parsing_ops import parse_example
from keraslike._src.ops.tensor_spec import TensorSpec, string


def parse_example_dataset(features, num_parallel_calls=1, deterministic=None):
    """A transformation (`dataset.apply(...)`) parsing batches of serialized Examples with `features`.

    Raises (when applied):
        TypeError: a dataset whose elements are not vectors of strings (TF's requirement).
        ValueError: `features` is None or empty.
    """
    if not features:
        raise ValueError(f"Argument `features` is required. Received: features={features!r}")

    def apply(dataset):
        spec = dataset.element_spec
        if not isinstance(spec, TensorSpec) or spec.dtype is not string or spec.shape.rank != 1:
            raise TypeError(f"Input dataset should be a dataset of vectors of strings. Received: element_spec="
                            f"{spec!r}")
        return dataset.map(lambda serialized: parse_example(serialized, features),
                           num_parallel_calls=num_parallel_calls, deterministic=deterministic)

    return apply


def make_batched_features_dataset(file_pattern, batch_size, features, reader=None, label_key=None, reader_args=None,
                                  num_epochs=None, shuffle=True, shuffle_buffer_size=10000, shuffle_seed=None,
                                  prefetch_buffer_size=None, reader_num_threads=None, parser_num_threads=None,
                                  sloppy_ordering=False, drop_final_batch=False):
    """Batches of parsed `tf.train.Example` features (dict of tensors, or `(features, label)`) read from files.

    Args:
        file_pattern: a glob pattern or a list of file paths/patterns.
        batch_size: examples per batch.
        features: dict key -> `FixedLenFeature` / `VarLenFeature` / `SparseFeature` / `RaggedFeature`.
        reader: a dataset class taking a file name (default `tf.data.TFRecordDataset`).
        label_key: a key of `features` returned apart: elements are `(features, label)`.
        reader_args: extra arguments for `reader`.
        num_epochs: times through the files (None: forever).
        shuffle: shuffle the files and the records (buffer `shuffle_buffer_size`, seed `shuffle_seed`).
        prefetch_buffer_size: batches produced ahead (default AUTOTUNE).
        reader_num_threads: files read at once, interleaved record by record (default 1).
        parser_num_threads: parallel parse calls (default 2).
        sloppy_ordering: give up determinism for speed (parallel reads and parses in completion order).
        drop_final_batch: drop a last batch smaller than `batch_size`.

    Raises:
        ValueError: no file matches `file_pattern`, `label_key` not in `features`, or `batch_size` < 1.
    """
    if int(batch_size) < 1:
        raise ValueError(f"Expected batch_size >= 1. Received: batch_size={batch_size!r}")
    if label_key is not None and label_key not in features:
        raise ValueError(f"The `label_key` provided ({label_key!r}) must be one of the `features` keys.")
    files = Dataset.list_files(file_pattern, shuffle=shuffle, seed=shuffle_seed)
    reader = reader or TFRecordDataset
    reader_args = list(reader_args or [])
    threads = reader_num_threads or 1
    deterministic = not sloppy_ordering
    if threads == 1:
        dataset = files.flat_map(lambda name: reader(name, *reader_args))
    else:
        dataset = files.interleave(lambda name: reader(name, *reader_args), cycle_length=threads, block_length=1,
                                   num_parallel_calls=threads, deterministic=deterministic)
    if shuffle:
        dataset = dataset.shuffle(shuffle_buffer_size, seed=shuffle_seed)
    if num_epochs != 1:
        dataset = dataset.repeat(num_epochs)
    dataset = dataset.batch(batch_size, drop_remainder=drop_final_batch)
    dataset = dataset.apply(parse_example_dataset(features, num_parallel_calls=parser_num_threads or 2,
                                                  deterministic=deterministic))
    if label_key is not None:
        dataset = dataset.map(lambda parsed: (parsed, parsed.pop(label_key)))
    return dataset.prefetch(AUTOTUNE if prefetch_buffer_size is None else prefetch_buffer_size)


def dense_to_sparse_batch(batch_size, row_shape):
    """`tf.data.experimental.dense_to_sparse_batch(batch_size, row_shape)`: `ds.sparse_batch(...)` to `apply`."""
    return lambda dataset: dataset.sparse_batch(batch_size, row_shape)
