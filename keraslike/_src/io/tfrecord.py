"""The TFRecord file format: `tf.io.TFRecordWriter`, `tf.io.TFRecordOptions` and the record reader.

Mirrors `tensorflow/python/lib/io/tf_record.py` and `tensorflow/core/lib/io/record_writer.cc` /
`record_reader.cc`. A TFRecord file is a sequence of records, each:

    uint64 length              (little-endian)
    uint32 masked_crc32c(length bytes)
    byte   data[length]
    uint32 masked_crc32c(data)

with `masked(crc) = ((crc >> 15) | (crc << 17)) + 0xa282ead8 (mod 2**32)`. The whole file may be a GZIP
(`compression_type="GZIP"`) or ZLIB (`"ZLIB"`) stream. Files are byte-compatible with TensorFlow's.
Reading streams record by record (bounded memory: one record plus the read buffer).
"""

import gzip
import io
import os
import struct
import zlib

import google_crc32c

from keraslike._src import errors

_MASK_DELTA = 0xA282EAD8
_COMPRESSIONS = ("", "GZIP", "ZLIB")
_DEFAULT_BUFFER = 256 * 1024  # TF's kDefaultBufferSize for record readers/writers


def masked_crc32c(data):
    """TF's masked CRC32C of `data` (bytes), as stored in TFRecord files and event files."""
    crc = google_crc32c.value(bytes(data))
    return (((crc >> 15) | (crc << 17)) + _MASK_DELTA) & 0xFFFFFFFF


def encode_record(data):
    """The bytes of one TFRecord record holding `data`."""
    header = struct.pack("<Q", len(data))
    return b"".join((header, struct.pack("<I", masked_crc32c(header)), data, struct.pack("<I", masked_crc32c(data))))


class TFRecordCompressionType:
    """`tf.compat.v1.io.TFRecordCompressionType`: NONE, ZLIB, GZIP (TF1's enum; strings are the TF2 way)."""

    NONE = 0
    ZLIB = 1
    GZIP = 2


_ENUM_NAMES = {TFRecordCompressionType.NONE: "", TFRecordCompressionType.ZLIB: "ZLIB",
               TFRecordCompressionType.GZIP: "GZIP"}


def compression_name(compression_type, arg="compression_type"):
    """`None`/""/"GZIP"/"ZLIB"/a `TFRecordCompressionType` -> "", "GZIP" or "ZLIB".

    Raises:
        ValueError: for any other value, naming `arg`.
    """
    if compression_type is None:
        return ""
    if isinstance(compression_type, bytes):
        compression_type = compression_type.decode()
    if isinstance(compression_type, int) and not isinstance(compression_type, bool):
        if compression_type in _ENUM_NAMES:
            return _ENUM_NAMES[compression_type]
    elif isinstance(compression_type, str) and compression_type.upper() in _COMPRESSIONS:
        return compression_type.upper()
    raise ValueError(f"Expected {arg} to be None, '', 'GZIP' or 'ZLIB'. Received: {arg}={compression_type!r}")


class TFRecordOptions:
    """`tf.io.TFRecordOptions`: compression settings of a TFRecord writer (and the reader's buffer).

    Args:
        compression_type: "" / None (none), "GZIP" or "ZLIB" (or a `TFRecordCompressionType`).
        flush_mode: zlib flush mode used after each record (`zlib.Z_NO_FLUSH` default, `Z_SYNC_FLUSH`,
            `Z_FULL_FLUSH`, ...).
        input_buffer_size: read buffer in bytes (default 256 KiB).
        output_buffer_size: write buffer in bytes (default 256 KiB).
        window_bits: zlib window size, 8..15 (default 15); GZIP adds the gzip header bits itself.
        compression_level: 0..9, or -1 for zlib's default (6) (default).
        compression_method: only `zlib.DEFLATED` (8) exists.
        mem_level: zlib memory level 1..9 (default 9, TF's).
        compression_strategy: `zlib.Z_DEFAULT_STRATEGY` (default), `Z_FILTERED`, `Z_HUFFMAN_ONLY`, ...

    Raises:
        ValueError: a compression type other than these, or zlib settings given without compression.
    """

    compression_type_map = {TFRecordCompressionType.ZLIB: "ZLIB", TFRecordCompressionType.GZIP: "GZIP",
                            TFRecordCompressionType.NONE: ""}

    def __init__(self, compression_type=None, flush_mode=None, input_buffer_size=None, output_buffer_size=None,
                 window_bits=None, compression_level=None, compression_method=None, mem_level=None,
                 compression_strategy=None):
        self.compression_type = compression_name(compression_type)
        zlib_args = {"flush_mode": flush_mode, "window_bits": window_bits, "compression_level": compression_level,
                     "compression_method": compression_method, "mem_level": mem_level,
                     "compression_strategy": compression_strategy}
        given = [k for k, v in zlib_args.items() if v is not None]
        if given and not self.compression_type:
            raise ValueError(f"Expected compression_type 'GZIP' or 'ZLIB' with the zlib setting {given[0]}. "
                             f"Received: compression_type={compression_type!r}, {given[0]}={zlib_args[given[0]]!r}")
        if compression_method is not None and compression_method != zlib.DEFLATED:
            raise ValueError(f"Expected compression_method zlib.DEFLATED (8), the only zlib method. "
                             f"Received: compression_method={compression_method!r}")
        if window_bits is not None and not 8 <= window_bits <= 15:
            raise ValueError(f"Expected window_bits in [8, 15]. Received: window_bits={window_bits!r}")
        for arg, value in (("input_buffer_size", input_buffer_size), ("output_buffer_size", output_buffer_size)):
            if value is not None and value < 0:
                raise ValueError(f"Expected a non-negative {arg}. Received: {arg}={value!r}")
        self.flush_mode = flush_mode
        self.input_buffer_size = input_buffer_size
        self.output_buffer_size = output_buffer_size
        self.window_bits = window_bits
        self.compression_level = compression_level
        self.compression_method = compression_method
        self.mem_level = mem_level
        self.compression_strategy = compression_strategy

    @classmethod
    def get_compression_type_string(cls, options):
        """"", "GZIP" or "ZLIB" for a `TFRecordOptions`, a compression string, an enum value or None."""
        if isinstance(options, TFRecordOptions):
            return options.compression_type
        return compression_name(options, "options")

    def _compressor(self):
        bits = 15 if self.window_bits is None else self.window_bits
        return zlib.compressobj(
            -1 if self.compression_level is None else self.compression_level, zlib.DEFLATED,
            bits + 16 if self.compression_type == "GZIP" else bits, 9 if self.mem_level is None else self.mem_level,
            zlib.Z_DEFAULT_STRATEGY if self.compression_strategy is None else self.compression_strategy)

    def __repr__(self):
        return f"TFRecordOptions(compression_type={self.compression_type!r})"


def _as_options(options):
    if isinstance(options, TFRecordOptions):
        return options
    return TFRecordOptions(compression_name(options, "options"))


class TFRecordWriter:
    """`tf.io.TFRecordWriter(path, options=None)`: writes records to a TFRecord file.

    The file is created (truncated) when the writer is made, as TF does; `write` appends one record,
    `flush` pushes buffered bytes to the file, `close` finishes the compressed stream. Use it as a
    context manager. Files read in real TensorFlow (`tf.data.TFRecordDataset`) and back here. A streaming
    writer writes in place (what is flushed is readable, as in TF); `tf.data.experimental.TFRecordWriter`
    writes a whole dataset atomically.

    Args:
        path: the file path (str or `os.PathLike`).
        options: a `tf.io.TFRecordOptions`, or a compression type string ("", "GZIP", "ZLIB").

    Raises:
        ValueError: a bad compression type or zlib setting.
        tf.errors.NotFoundError: the directory does not exist.
        TypeError (in `write`): a record that is not `bytes`/`str`/a scalar string tensor.
    """

    def __init__(self, path, options=None):
        self._options = _as_options(options)
        self._path = os.fspath(path.decode() if isinstance(path, bytes) else path)
        try:
            self._file = open(self._path, "wb", buffering=self._options.output_buffer_size or _DEFAULT_BUFFER)  # noqa: SIM115
        except FileNotFoundError as error:
            raise errors.NotFoundError(None, None, f"{self._path}; No such file or directory") from error
        self._compressor = self._options._compressor() if self._options.compression_type else None
        self._flush_mode = zlib.Z_NO_FLUSH if self._options.flush_mode is None else self._options.flush_mode

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def write(self, record):
        """Appends one record (`bytes`, `str` UTF-8 encoded, or a scalar string tensor's value).

        Raises:
            TypeError: `record` is not a single string.
            ValueError: the writer is closed.
        """
        data = _record_bytes(record)
        if self._file is None:
            raise ValueError(f"Expected an open TFRecordWriter; this one was closed. Received: path={self._path!r}")
        block = encode_record(data)
        if self._compressor is not None:
            block = self._compressor.compress(block)
            if self._flush_mode != zlib.Z_NO_FLUSH:
                block += self._compressor.flush(self._flush_mode)
        self._file.write(block)

    def flush(self):
        """Writes what is buffered (a zlib sync point when compressed) to the file."""
        if self._file is None:
            return
        if self._compressor is not None:
            self._file.write(self._compressor.flush(zlib.Z_SYNC_FLUSH))
        self._file.flush()

    def close(self):
        """Finishes the file (the compressed stream's trailer); a second call does nothing."""
        if self._file is None:
            return
        if self._compressor is not None:
            self._file.write(self._compressor.flush(zlib.Z_FINISH))
        self._file.close()
        self._file = None


def _record_bytes(record):
    if isinstance(record, str):
        return record.encode("utf-8")
    if isinstance(record, (bytes, bytearray, memoryview)):
        return bytes(record)
    if hasattr(record, "numpy"):
        value = record.numpy()
        if isinstance(value, bytes):
            return value
    raise TypeError(f"Expected a record of bytes (a scalar string). Received: record={record!r}")


class _ZlibReader(io.RawIOBase):
    """A readable stream of a ZLIB-compressed file, decompressed chunk by chunk."""

    def __init__(self, raw, chunk):
        self._raw, self._chunk, self._pending = raw, chunk, b""
        self._inflate = zlib.decompressobj()

    def readable(self):
        return True

    def readinto(self, buffer):
        while not self._pending:
            if self._inflate.eof:
                return 0
            data = self._inflate.unconsumed_tail or self._raw.read(self._chunk)
            if not data:
                raise EOFError("the ZLIB stream ends before its end marker")
            self._pending = self._inflate.decompress(data, len(buffer))
        count = min(len(buffer), len(self._pending))
        buffer[:count] = self._pending[:count]
        self._pending = self._pending[count:]
        return count

    def close(self):
        self._raw.close()
        super().close()


def open_records(path, compression_type="", buffer_size=None):
    """A binary stream over the (decompressed) bytes of TFRecord file `path`.

    Raises:
        tf.errors.NotFoundError: the file does not exist.
    """
    path = os.fspath(path.decode() if isinstance(path, bytes) else path)
    chunk = buffer_size or _DEFAULT_BUFFER
    try:
        raw = open(path, "rb", buffering=chunk)  # noqa: SIM115 - the returned stream owns it
    except FileNotFoundError as error:
        raise errors.NotFoundError(None, None, f"{path}; No such file or directory") from error
    if compression_type == "GZIP":
        return gzip.GzipFile(fileobj=raw, mode="rb")
    if compression_type == "ZLIB":
        return io.BufferedReader(_ZlibReader(raw, chunk), chunk)
    return raw


def _read_exact(stream, count):
    parts, left = [], count
    while left:
        part = stream.read(left)
        if not part:
            break
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def iterate_records(path, compression_type="", buffer_size=None):
    """Yields each record's data (`bytes`) of a TFRecord file, checking both CRCs.

    Raises:
        tf.errors.DataLossError: a CRC mismatch ("corrupted record at <offset>": the record's offset for its
            length, its data's for the data) or a file that ends inside a record ("truncated record at
            <offset>"), with TF's record reader's messages and offsets.
        tf.errors.NotFoundError: the file does not exist.
    """
    with open_records(path, compression_name(compression_type), buffer_size) as stream:
        offset = 0
        while True:
            try:
                header = _read_exact(stream, 12)
            except (OSError, EOFError, zlib.error) as error:
                raise errors.DataLossError(None, None, f"truncated record at {offset}: {error}") from error
            if not header:
                return
            if len(header) < 12:
                raise errors.DataLossError(None, None, f"truncated record at {offset}' failed with Read less "
                                           f"bytes than requested")
            if struct.unpack("<I", header[8:])[0] != masked_crc32c(header[:8]):
                hint = " (Is this even a TFRecord file?)" if offset == 0 else ""
                raise errors.DataLossError(None, None, f"corrupted record at {offset}{hint}")
            length = struct.unpack("<Q", header[:8])[0]
            try:
                body = _read_exact(stream, length + 4)
            except (OSError, EOFError, zlib.error) as error:
                raise errors.DataLossError(None, None, f"truncated record at {offset}: {error}") from error
            if len(body) < length + 4:
                raise errors.DataLossError(None, None, f"truncated record at {offset}' failed with Read less "
                                           f"bytes than requested")
            data = body[:length]
            if struct.unpack("<I", body[length:])[0] != masked_crc32c(data):  # TF names the data's offset
                raise errors.DataLossError(None, None, f"corrupted record at {offset + 12}")
            offset += 16 + length
            yield data


def tf_record_iterator(path, options=None):
    """`tf.compat.v1.io.tf_record_iterator(path, options=None)`: yields the records (`bytes`) of a file."""
    return iterate_records(path, TFRecordOptions.get_compression_type_string(options),
                           options.input_buffer_size if isinstance(options, TFRecordOptions) else None)
