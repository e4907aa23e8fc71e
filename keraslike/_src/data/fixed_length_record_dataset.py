"""`tf.data.FixedLengthRecordDataset`: records of a fixed number of bytes from binary files.

Mirrors `tensorflow/python/data/ops/readers.py` (`FixedLengthRecordDatasetV2`) and its kernel: each file
is `header_bytes`, then records of `record_bytes`, then `footer_bytes`; the body must be a whole number
of records. Files are streamed (bounded memory: one read buffer), optionally GZIP/ZLIB compressed.
"""

import os

from keraslike._src.data.tfrecord_dataset import RecordFilesDataset
from keraslike._src.errors import InvalidArgumentError
from keraslike._src.io.tfrecord import open_records

_CHUNK = 256 * 1024


class FixedLengthRecordDataset(RecordFilesDataset):
    """`tf.data.FixedLengthRecordDataset(filenames, record_bytes, header_bytes=None, footer_bytes=None, ...)`.

    Args:
        filenames: a path, a list/1-D tensor of paths, or a dataset of `tf.string` scalars.
        record_bytes: bytes per record (> 0).
        header_bytes, footer_bytes: bytes skipped at the start and end of each file (default 0).
        buffer_size: read buffer in bytes.
        compression_type: None/"" (none), "GZIP" or "ZLIB".
        num_parallel_reads: files read at once, interleaved record by record (as TFRecordDataset).
        name: ignored op name.

    Raises:
        ValueError: `record_bytes` <= 0, negative header/footer sizes, a bad compression type.
        tf.errors.InvalidArgumentError (when iterating): a body that is not a whole number of records.
        tf.errors.NotFoundError (when iterating): a missing file.
    """

    def __init__(self, filenames, record_bytes, header_bytes=None, footer_bytes=None, buffer_size=None,
                 compression_type=None, num_parallel_reads=None, name=None):
        self._record = int(record_bytes)
        self._header = int(header_bytes or 0)
        self._footer = int(footer_bytes or 0)
        if self._record <= 0:
            raise ValueError(f"Expected record_bytes > 0. Received: record_bytes={record_bytes!r}")
        if self._header < 0 or self._footer < 0:
            raise ValueError(f"Expected non-negative header_bytes and footer_bytes. Received: header_bytes="
                             f"{header_bytes!r}, footer_bytes={footer_bytes!r}")
        super().__init__(filenames, compression_type, buffer_size, num_parallel_reads)

    def _bad_length(self, filename, body):
        return InvalidArgumentError(
            f"Excluding the header ({self._header} bytes) and footer ({self._footer} bytes), input file "
            f"\"{filename}\" has body length {body} bytes, which is not an exact multiple of the record length "
            f"({self._record} bytes).")

    def _read_file(self, filename):
        if not self._compression:  # the body length is known up front, as TF checks it
            size = os.path.getsize(filename) if os.path.exists(filename) else None
            if size is not None and (size - self._header - self._footer) % self._record:
                raise self._bad_length(filename, size - self._header - self._footer)
        with open_records(filename, self._compression, self._buffer) as stream:
            skipped = stream.read(self._header)
            if len(skipped) < self._header:
                raise self._bad_length(filename, 0)
            pending, body = b"", 0
            while True:
                chunk = stream.read(max(self._buffer or _CHUNK, self._record))
                pending += chunk
                while len(pending) >= self._record + self._footer:  # the last footer_bytes stay unread
                    yield pending[:self._record]
                    pending, body = pending[self._record:], body + self._record
                if not chunk:
                    if len(pending) != self._footer:
                        raise self._bad_length(filename, body + len(pending) - self._footer)
                    return
