"""`tf.data.TextLineDataset`: one scalar `tf.string` element per line of text files.

Mirrors `tensorflow/python/data/ops/readers.py` (`TextLineDatasetV2`). Lines lose their `\\n` (and a
`\\r` before it); a last line without a newline is kept; empty lines are elements too. Files are read as
streams (bounded memory), decompressed on the fly for "GZIP"/"ZLIB". File lists, a dataset of file
names and `num_parallel_reads` (a fixed interleave of the files' lines) behave as in `TFRecordDataset`,
whose reader this one shares.
"""

import numpy as np

from keraslike._src.data.tfrecord_dataset import TFRecordDataset
from keraslike._src.io.tfrecord import open_records
from keraslike._src.ops.string_tensor import StringTensor


class TextLineDataset(TFRecordDataset):
    """`tf.data.TextLineDataset(filenames, compression_type=None, buffer_size=None, num_parallel_reads=None)`.

    Args:
        filenames: a path, a list/1-D string tensor of paths, or a `tf.data.Dataset` of `tf.string` scalars.
        compression_type: None/"" (none), "GZIP" or "ZLIB".
        buffer_size: read buffer in bytes (default 256 KiB).
        num_parallel_reads: None reads the files in order; `N` (or `tf.data.AUTOTUNE`) interleaves the
            lines of N files at a time, one line each, in a fixed order (TF's deterministic interleave).
        name: ignored name of the op (TF uses it for tracing only).

    Raises:
        TypeError: non-string file names. ValueError: a bad `compression_type`, `buffer_size` or
            `num_parallel_reads`.
        tf.errors.NotFoundError (when iterating): a missing file.

    Example:
        >>> ds = tf.data.TextLineDataset(["a.txt", "b.txt.gz"][:1]).map(tf.strings.split)
    """

    def _file_records(self, filename):
        with open_records(filename, self._compression, self._buffer) as stream:
            for line in stream:
                if line.endswith(b"\n"):
                    line = line[:-2] if line.endswith(b"\r\n") else line[:-1]
                out = np.empty((), dtype=object)
                out[()] = line
                yield StringTensor.from_bytes_array(out)
