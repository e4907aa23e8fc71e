"""`tf.data.TFRecordDataset`, `tf.data.experimental.TFRecordWriter`, and the base of file-record datasets.

Mirrors `tensorflow/python/data/ops/readers.py` (`TFRecordDatasetV2`) and
`tensorflow/python/data/experimental/ops/writers.py`. The record format lives in
`keraslike/_src/io/tfrecord.py`; files are read record by record (bounded memory).
"""

import os
import tempfile

import numpy as np

from keraslike._src.data.cardinality import UNKNOWN
from keraslike._src.data.dataset import Dataset
from keraslike._src.data.options import AUTOTUNE
from keraslike._src.io import string_values
from keraslike._src.io.tfrecord import TFRecordWriter as _FileWriter
from keraslike._src.io.tfrecord import compression_name, iterate_records
from keraslike._src.ops.tensor_spec import TensorSpec, string


def _filename_list(filenames):
    """`filenames` (str, bytes, PathLike, list/array/string tensor of them) -> list of str paths.

    Raises:
        TypeError: non-string file names.
        ValueError: a rank > 1 array of names.
    """
    if isinstance(filenames, (str, bytes, os.PathLike)):
        filenames = [filenames]
    if isinstance(filenames, (list, tuple)):
        filenames = [os.fspath(f) if isinstance(f, os.PathLike) else f for f in filenames]
    try:
        names = string_values.as_bytes_array(filenames, "filenames")
    except TypeError:
        raise TypeError("Expected `filenames` to be a string, a list of strings, a 1-D string tensor or a "
                        f"`tf.data.Dataset` of `tf.string` scalars. Received: filenames={filenames!r}") from None
    if names.ndim > 1:
        raise ValueError(f"Expected `filenames` to be a scalar or 1-D tensor of strings. Received: shape "
                         f"{names.shape}")
    return [name.decode("utf-8") for name in names.reshape(-1)]


class RecordFilesDataset(Dataset):
    """Base of the file-record datasets: one scalar `tf.string` element per record of a list of files.

    Holds the file list (a path, a list/1-D tensor of paths, or a dataset of them), the compression and
    read-buffer settings, and TF's file order: one file after another, or `num_parallel_reads` files
    interleaved record by record. Subclasses implement `_read_file(path)`, yielding each record's bytes.
    """

    def __init__(self, filenames, compression_type=None, buffer_size=None, num_parallel_reads=None):
        if isinstance(filenames, Dataset):
            spec = filenames.element_spec
            if not isinstance(spec, TensorSpec) or spec.dtype is not string or spec.shape.rank not in (0, None):
                raise TypeError(f"Expected `filenames` to be a `tf.data.Dataset` of `tf.string` scalars. "
                                f"Received: element_spec={spec!r}")
            self._names = filenames
        else:
            self._names = _filename_list(filenames)
        if isinstance(compression_type, bytes) or hasattr(compression_type, "numpy"):
            compression_type = string_values.as_bytes_array(compression_type, "compression_type")[()].decode()
        self._compression = compression_name(compression_type)
        if buffer_size is not None and int(buffer_size) < 0:
            raise ValueError(f"Expected a non-negative buffer_size. Received: buffer_size={buffer_size!r}")
        self._buffer = int(buffer_size) if buffer_size else None
        if num_parallel_reads is not None:
            num_parallel_reads = int(num_parallel_reads)
            if num_parallel_reads == AUTOTUNE:
                num_parallel_reads = os.cpu_count() or 1
            elif num_parallel_reads < 1:
                raise ValueError(f"Expected num_parallel_reads >= 1 or tf.data.AUTOTUNE. Received: "
                                 f"num_parallel_reads={num_parallel_reads}")
        self._cycle = num_parallel_reads
        super().__init__(TensorSpec((), string), inputs=(filenames,) if isinstance(filenames, Dataset) else ())

    def _read_file(self, filename):
        raise NotImplementedError

    def _cardinality(self):
        return UNKNOWN

    def _files(self):
        if isinstance(self._names, Dataset):
            for name in self._names:
                yield string_values.as_bytes_array(name, "filenames")[()].decode("utf-8")
        else:
            yield from self._names

    def _file_records(self, filename):
        for record in self._read_file(filename):
            yield string_values.string_output(np.array(record, dtype=object))

    def _generic_elements(self):
        files = self._files()
        if self._cycle is None:
            for filename in files:
                yield from self._file_records(filename)
            return
        # TF's InterleaveDataset order: visit slots round robin; an empty slot opens the next file on its
        # visit and reads from it at once; a file that ends frees its slot and the visit moves on.
        slots, files_left, index = [None] * self._cycle, True, 0
        while files_left or any(slot is not None for slot in slots):
            if slots[index] is not None:
                try:
                    yield next(slots[index])
                except StopIteration:
                    slots[index] = None
                index = (index + 1) % self._cycle
            elif files_left:
                filename = next(files, None)
                if filename is None:
                    files_left = False
                else:
                    slots[index] = self._file_records(filename)
            else:
                index = (index + 1) % self._cycle


class TFRecordDataset(RecordFilesDataset):
    """`tf.data.TFRecordDataset(filenames, ...)`: one scalar `tf.string` element per record of TFRecord files.

    Args:
        filenames: a path, a list/1-D tensor of paths, or a `tf.data.Dataset` of `tf.string` scalars
            (read when the dataset is iterated).
        compression_type: None/"" (none), "GZIP" or "ZLIB".
        buffer_size: read buffer in bytes (default 256 KiB; 0 for TF's "no buffering" reads the same).
        num_parallel_reads: None reads the files one after another. `N` (or `tf.data.AUTOTUNE`, one per
            CPU) reads N files at once and interleaves their records one by one in a fixed order, as TF's
            deterministic `interleave(cycle_length=N, block_length=1)`: record i of each open file, then
            record i+1; a finished file's slot takes the next file.
        name: ignored name of the op (TF uses it for tracing only).

    Raises:
        TypeError: non-string file names (or a dataset whose elements are not string scalars).
        ValueError: a bad `compression_type`, a negative `buffer_size` or `num_parallel_reads`.
        tf.errors.DataLossError (when iterating): a corrupted or truncated record.
        tf.errors.NotFoundError (when iterating): a missing file.
    """

    def __init__(self, filenames, compression_type=None, buffer_size=None, num_parallel_reads=None, name=None):
        super().__init__(filenames, compression_type, buffer_size, num_parallel_reads)

    def _read_file(self, filename):
        return iterate_records(filename, self._compression, self._buffer)

class TFRecordWriter:
    """`tf.data.experimental.TFRecordWriter(filename, compression_type=None)`: writes a dataset to one file.

    `write(dataset)` writes every element of a dataset of scalar `tf.string` elements as one record
    (e.g. `dataset.map(tf.io.serialize_tensor)` or serialized `tf.train.Example`s), into a temporary file
    that replaces `filename` once complete.

    Raises:
        ValueError: a bad `compression_type`.
        TypeError (in `write`): a dataset whose elements are not scalar strings.
    """

    def __init__(self, filename, compression_type=None, name=None):
        self._filename = filename
        self._compression = compression_name(compression_type)

    def write(self, dataset):
        """Writes all elements of `dataset` (a `tf.data.Dataset` of `tf.string` scalars) to the file."""
        if not isinstance(dataset, Dataset):
            raise TypeError(f"Expected a `tf.data.Dataset`. Received: dataset={dataset!r}")
        spec = dataset.element_spec
        if not isinstance(spec, TensorSpec) or spec.dtype is not string or spec.shape.rank != 0:
            raise TypeError(f"Expected a dataset of scalar `tf.string` elements. Received: element_spec={spec!r}")
        target = os.fspath(self._filename.decode() if isinstance(self._filename, bytes) else self._filename)
        folder = os.path.dirname(os.path.abspath(target))
        handle, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp", dir=folder)
        os.close(handle)
        try:  # written next to the target and moved into place: readers never see half a file
            with _FileWriter(temporary, self._compression) as writer:
                for element in dataset:
                    writer.write(string_values.as_bytes_array(element, "element")[()])
            os.replace(temporary, target)
        except BaseException:
            if os.path.exists(temporary):
                os.remove(temporary)
            raise
