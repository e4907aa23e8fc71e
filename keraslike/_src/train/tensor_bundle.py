"""TensorFlow's tensor-bundle checkpoint files: `<prefix>.index` and `<prefix>.data-00000-of-00001`.

The format is TF's public one (tensorflow/core/util/tensor_bundle), read and written here without TF:

  * `<prefix>.index` is an immutable sorted table (the leveldb "SSTable" layout TF's `table` library
    uses): data blocks of key/value entries (keys prefix-compressed against the previous key, with
    restart points), a metaindex block, an index block mapping each data block's last key to its
    `(offset, size)` handle, and a 48-byte footer (the two handles as varints, padded, then the magic
    number 0xdb4775248b80fb57). Every block is followed by a compression byte (0: none) and the masked
    CRC32C of block + that byte. The entry with the empty key is a `BundleHeaderProto` (shard count,
    endianness); every other key is a tensor's name with a `BundleEntryProto` (dtype, shape, shard id,
    offset, size, masked CRC32C of the bytes).
  * `<prefix>.data-<shard>-of-<shards>` holds the tensors' bytes: numeric tensors as raw little-endian
    arrays; string tensors as the varint64 lengths of all elements, the masked CRC32C of those lengths
    (4 bytes), then the strings.

Reading is bounded by the files' real sizes: a declared size beyond the shard, a shape that disagrees with the
byte count or a bad checksum raises ValueError naming the file, before anything large is allocated.

Example:
    >>> write("/tmp/ck", {"v/.ATTRIBUTES/VARIABLE_VALUE": np.ones(3, "float32")})
    >>> BundleReader("/tmp/ck").get_tensor("v/.ATTRIBUTES/VARIABLE_VALUE")   # array([1., 1., 1.])
"""

import os
import struct

import google_crc32c
import numpy as np
import torch

from keraslike._src.train import checkpoint_protos

INDEX_SUFFIX = ".index"
_MAGIC = 0xDB4775248B80FB57
_FOOTER_SIZE = 48
_MASK_DELTA = 0xA282EAD8
_MAX_INDEX_BYTES = 2**30
_RESTART_INTERVAL = 16
_BLOCK_SIZE = 2**18

# TF DataType enum value -> numpy dtype (bfloat16 is read as its bits, then widened by torch).
_NUMPY_OF = {1: np.float32, 2: np.float64, 3: np.int32, 4: np.uint8, 5: np.int16, 6: np.int8, 8: np.complex64,
             9: np.int64, 10: np.bool_, 14: np.uint16, 17: np.uint16, 18: np.complex128, 19: np.float16,
             22: np.uint32, 23: np.uint64}
_STRING, _BFLOAT16 = 7, 14
_ENUM_OF = {np.dtype(v): k for k, v in _NUMPY_OF.items() if k != _BFLOAT16}


def data_path(prefix, shard=0, num_shards=1):
    """The name TF gives shard `shard` of `num_shards`: `<prefix>.data-00000-of-00001`."""
    return f"{prefix}.data-{shard:05d}-of-{num_shards:05d}"


def masked_crc(data, crc=None):
    """TF's masked CRC32C of `data` (or of an unmasked running `crc` when `data` is None)."""
    crc = google_crc32c.value(bytes(data)) if crc is None else crc
    return ((((crc >> 15) | (crc << 17)) & 0xFFFFFFFF) + _MASK_DELTA) & 0xFFFFFFFF


def _varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _read_varint(buf, pos, path):
    result = shift = 0
    while True:
        if pos >= len(buf) or shift > 63:
            raise ValueError(f"Corrupt checkpoint file {path}: a truncated or overlong varint at byte {pos}. "
                             f"Received: path={path!r}")
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos
        shift += 7


def is_bundle(prefix):
    """Whether `<prefix>.index` is a TF tensor-bundle table (its footer carries the table magic number)."""
    path = os.fspath(prefix) + INDEX_SUFFIX
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            if f.tell() < _FOOTER_SIZE:
                return False
            f.seek(-8, os.SEEK_END)
            return struct.unpack("<Q", f.read(8))[0] == _MAGIC
    except OSError:
        return False


# ---- reading ------------------------------------------------------------------------------------------
def _block(data, handle_bytes, pos, path):
    """`(contents, next pos)` of the block whose handle starts at `handle_bytes[pos]`, checksum verified."""
    offset, pos = _read_varint(handle_bytes, pos, path)
    size, pos = _read_varint(handle_bytes, pos, path)
    if offset + size + 5 > len(data):
        raise ValueError(f"Corrupt checkpoint index {path}: a block handle points past the end of the file. "
                         f"Received: offset={offset}, size={size}")
    contents = data[offset:offset + size]
    kind, crc = data[offset + size], struct.unpack("<I", data[offset + size + 1:offset + size + 5])[0]
    if kind != 0:
        raise ValueError(f"Cannot read checkpoint index {path}: block compression {kind} is not supported "
                         f"(TF writes uncompressed tables). Received: compression={kind}")
    if masked_crc(contents + bytes([kind])) != crc:
        raise ValueError(f"Corrupt checkpoint index {path}: a block checksum does not match. Received: path={path!r}")
    return contents, pos


def _entries(block, path):
    """The `(key, value)` pairs of a table block."""
    if len(block) < 4:
        raise ValueError(f"Corrupt checkpoint index {path}: a block is too short. Received: size={len(block)}")
    num_restarts = struct.unpack("<I", block[-4:])[0]
    end = len(block) - 4 - 4 * num_restarts
    if end < 0:
        raise ValueError(f"Corrupt checkpoint index {path}: bad restart count. Received: {num_restarts}")
    pos, key, out = 0, b"", []
    while pos < end:
        shared, pos = _read_varint(block, pos, path)
        unshared, pos = _read_varint(block, pos, path)
        value_len, pos = _read_varint(block, pos, path)
        if shared > len(key) or pos + unshared + value_len > end:
            raise ValueError(f"Corrupt checkpoint index {path}: a table entry overruns its block. "
                             f"Received: path={path!r}")
        key = key[:shared] + block[pos:pos + unshared]
        pos += unshared
        out.append((key, block[pos:pos + value_len]))
        pos += value_len
    return out


def read_table(path):
    """Every `(key bytes, value bytes)` of the sorted table at `path`, in key order.

    Raises:
        ValueError: if the file is not a table (no magic number) or is corrupt.
    """
    size = os.path.getsize(path)
    if size > _MAX_INDEX_BYTES:
        raise ValueError(f"Checkpoint index {path} is {size} bytes, more than an index can be. Received: "
                         f"path={path!r}")
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < _FOOTER_SIZE or struct.unpack("<Q", data[-8:])[0] != _MAGIC:
        raise ValueError(f"{path} is not a TensorFlow checkpoint index (no table magic number). "
                         f"Received: path={path!r}")
    footer = data[-_FOOTER_SIZE:]
    _, pos = _block(data, footer, 0, path)  # metaindex: TF writes it empty
    index, _ = _block(data, footer, pos, path)
    out = []
    for _, handle in _entries(index, path):
        block, _ = _block(data, handle, 0, path)
        out.extend(_entries(block, path))
    return out


class BundleReader:
    """The tensors of the TF checkpoint with prefix `prefix`: `keys()`, `entry(key)`, `get_tensor(key)`.

    Raises:
        ValueError: if the index is missing, corrupt or declares a layout keraslike cannot read (big-endian,
            partitioned variables).
    """

    def __init__(self, prefix):
        self.prefix = os.fspath(prefix)
        path = self.prefix + INDEX_SUFFIX
        if not os.path.exists(path):
            raise ValueError(f"Could not find checkpoint files for prefix {self.prefix!r} ({path} is missing). "
                             f"Received: save_path={self.prefix!r}")
        self._entries = {}
        header = None
        for key, value in read_table(path):
            if key == b"":
                header = checkpoint_protos.BundleHeaderProto.FromString(value)
                continue
            entry = checkpoint_protos.BundleEntryProto.FromString(value)
            if entry.slices:
                raise ValueError(f"Checkpoint {self.prefix} stores {key.decode()!r} as slices of a partitioned "
                                 "variable, which keraslike does not read. Received: a sliced entry")
            self._entries[key.decode("utf-8")] = entry
        if header is None:
            raise ValueError(f"Corrupt checkpoint index {path}: no header entry. Received: path={path!r}")
        if header.endianness != 0:
            raise ValueError(f"Checkpoint {self.prefix} was written big-endian, which keraslike does not read. "
                             f"Received: endianness={header.endianness}")
        self.num_shards = max(1, header.num_shards)

    def keys(self):
        """The tensor names, sorted."""
        return sorted(self._entries)

    def has_tensor(self, key):
        return key in self._entries

    def entry(self, key):
        """The `BundleEntryProto` of `key`."""
        return self._entries[key]

    def shape(self, key):
        return [d.size for d in self._entries[key].shape.dim]

    def dtype_enum(self, key):
        """TF's DataType enum value of `key`."""
        return self._entries[key].dtype

    def get_tensor(self, key):
        """The value of `key`: a numpy array (a torch bfloat16 tensor for bfloat16), bytes for a scalar string.

        Raises:
            KeyError: if there is no such tensor.
            ValueError: on a checksum mismatch, or sizes that disagree with the shape or the shard file.
        """
        entry = self._entries[key]
        shape = [d.size for d in entry.shape.dim]
        count = int(np.prod(shape, dtype=np.int64)) if shape else 1
        if entry.shard_id >= self.num_shards or entry.shard_id < 0:
            raise ValueError(f"Corrupt checkpoint {self.prefix}: {key!r} names shard {entry.shard_id} of "
                             f"{self.num_shards}. Received: shard_id={entry.shard_id}")
        path = data_path(self.prefix, entry.shard_id, self.num_shards)
        if entry.dtype != _STRING:
            if entry.dtype not in _NUMPY_OF:
                raise ValueError(f"Checkpoint {self.prefix} holds {key!r} with TF dtype enum {entry.dtype}, "
                                 f"which keraslike does not read. Received: dtype={entry.dtype}")
            itemsize = np.dtype(_NUMPY_OF[entry.dtype]).itemsize
            if entry.size != count * itemsize:
                raise ValueError(f"Corrupt checkpoint {self.prefix}: {key!r} declares shape {shape} but "
                                 f"{entry.size} bytes. Received: size={entry.size}")
        raw = self._read(path, entry, key, check=entry.dtype != _STRING)
        if entry.dtype == _STRING:
            return self._strings(raw, count, shape, key, entry.crc32c)
        value = np.frombuffer(raw, dtype=np.dtype(_NUMPY_OF[entry.dtype]).newbyteorder("<")).copy()
        value = value.astype(_NUMPY_OF[entry.dtype], copy=False).reshape(shape)
        if entry.dtype == _BFLOAT16:
            return torch.from_numpy(value.astype(np.int16)).view(torch.bfloat16)
        return value

    def _read(self, path, entry, key, check=True):
        if not os.path.exists(path):
            raise ValueError(f"Could not find checkpoint data file {path} for {key!r}. Received: "
                             f"prefix={self.prefix!r}")
        if entry.offset < 0 or entry.size < 0 or entry.offset + entry.size > os.path.getsize(path):
            raise ValueError(f"Corrupt checkpoint {self.prefix}: {key!r} lies past the end of {path}. "
                             f"Received: offset={entry.offset}, size={entry.size}")
        with open(path, "rb") as f:
            f.seek(entry.offset)
            raw = f.read(entry.size)
        if check and masked_crc(raw) != entry.crc32c:
            raise ValueError(f"Corrupt checkpoint {self.prefix}: the checksum of {key!r} does not match its "
                             f"bytes in {path}. Received: crc32c={entry.crc32c}")
        return raw

    def _strings(self, raw, count, shape, key, expected_crc):
        pos, lengths = 0, []
        for _ in range(count):
            length, pos = _read_varint(raw, pos, self.prefix)
            lengths.append(length)
        if pos + 4 + sum(lengths) != len(raw):
            raise ValueError(f"Corrupt checkpoint {self.prefix}: the string lengths of {key!r} disagree with its "
                             f"size. Received: size={len(raw)}")
        pos += 4
        if _string_crc(lengths, raw[pos:]) != expected_crc:
            raise ValueError(f"Corrupt checkpoint {self.prefix}: the checksum of {key!r} does not match its "
                             f"bytes. Received: crc32c={expected_crc}")
        items = []
        for length in lengths:
            items.append(bytes(raw[pos:pos + length]))
            pos += length
        if not shape:
            return items[0]
        return np.array(items, dtype=object).reshape(shape)


def _string_crc(lengths, payload):
    """TF's checksum of a string tensor: CRC32C over each length as a little-endian uint32 (uint64 beyond
    2**32 - 1), then over the masked value of that (the 4 bytes stored after the varint lengths), then over
    the strings; masked. Returns `(masked checksum of the lengths, masked checksum of the entry)` when
    `payload` is None, else the entry's."""
    crc = google_crc32c.value(b"".join(struct.pack("<I" if n <= 0xFFFFFFFF else "<Q", n) for n in lengths))
    lengths_crc = masked_crc(None, crc)
    crc = google_crc32c.extend(crc, struct.pack("<I", lengths_crc))
    if payload is None:
        return lengths_crc, crc
    return masked_crc(None, google_crc32c.extend(crc, bytes(payload)))


# ---- writing ------------------------------------------------------------------------------------------
def _encode(value):
    """`(dtype enum, shape, bytes, masked checksum)` of a numpy array, torch tensor, bytes or str."""
    if isinstance(value, (bytes, str)):
        value = np.array(value.encode() if isinstance(value, str) else value, dtype=object)
    if isinstance(value, torch.Tensor):
        value = value.detach().cpu()
        if value.dtype == torch.bfloat16:
            raw = value.contiguous().view(torch.int16).numpy().tobytes()
            return _BFLOAT16, list(value.shape), raw, masked_crc(raw)
        value = value.numpy()
    value = np.asarray(value)
    if value.dtype == object or value.dtype.kind in "SU":
        items = [v.encode() if isinstance(v, str) else bytes(v) for v in value.reshape(-1).tolist()]
        payload = b"".join(items)
        lengths_crc, _ = _string_crc([len(v) for v in items], None)
        raw = b"".join(_varint(len(v)) for v in items) + struct.pack("<I", lengths_crc) + payload
        return _STRING, list(value.shape), raw, _string_crc([len(v) for v in items], payload)
    if value.dtype not in _ENUM_OF:
        raise ValueError(f"A TF checkpoint cannot hold dtype {value.dtype}. Received: dtype={value.dtype}")
    raw = np.ascontiguousarray(value).astype(value.dtype.newbyteorder("<"), copy=False).tobytes()
    return _ENUM_OF[value.dtype], list(value.shape), raw, masked_crc(raw)


def _build_block(entries):
    """A table block of sorted `(key, value)` byte pairs, prefix-compressed with restarts every 16 entries."""
    out, restarts, previous = bytearray(), [], b""
    for i, (key, value) in enumerate(entries):
        shared = 0
        if i % _RESTART_INTERVAL == 0:
            restarts.append(len(out))
        else:
            limit = min(len(key), len(previous))
            while shared < limit and key[shared] == previous[shared]:
                shared += 1
        out += _varint(shared) + _varint(len(key) - shared) + _varint(len(value)) + key[shared:] + value
        previous = key
    if not restarts:
        restarts = [0]
    for r in restarts:
        out += struct.pack("<I", r)
    out += struct.pack("<I", len(restarts))
    return bytes(out)


def _table(items):
    """The bytes of a sorted table holding `items` (`(key bytes, value bytes)`, sorted by key)."""
    out = bytearray()

    def add_block(contents):
        handle = _varint(len(out)) + _varint(len(contents))
        out.extend(contents + b"\x00" + struct.pack("<I", masked_crc(contents + b"\x00")))
        return handle

    index, block, size = [], [], 0
    for key, value in items:
        block.append((key, value))
        size += len(key) + len(value)
        if size >= _BLOCK_SIZE:
            index.append((block[-1][0], add_block(_build_block(block))))
            block, size = [], 0
    if block:
        index.append((block[-1][0], add_block(_build_block(block))))
    metaindex = add_block(_build_block([]))
    index_handle = add_block(_build_block(index))
    footer = metaindex + index_handle
    out.extend(footer + b"\x00" * (40 - len(footer)) + struct.pack("<Q", _MAGIC))
    return bytes(out)


def serialize(tensors):
    """`(index bytes, data bytes)` of a one-shard bundle holding `tensors` (`{key: value}`)."""
    data, entries = bytearray(), []
    for key in sorted(tensors):
        dtype, shape, raw, crc = _encode(tensors[key])
        entry = checkpoint_protos.BundleEntryProto(dtype=dtype, offset=len(data), size=len(raw), crc32c=crc)
        for d in shape:
            entry.shape.dim.add(size=int(d))
        data += raw
        entries.append((key.encode("utf-8"), entry.SerializeToString()))
    header = checkpoint_protos.BundleHeaderProto(num_shards=1)
    header.version.producer = 1
    items = [(b"", header.SerializeToString())] + sorted(entries)
    return _table(items), bytes(data)


def write(prefix, tensors):
    """Write `<prefix>.index` and `<prefix>.data-00000-of-00001` holding `tensors` (`{key: value}`), plainly
    (callers that need atomic, chief-only writes wrap this with their own file handling)."""
    index, data = serialize(tensors)
    with open(data_path(prefix), "wb") as f:
        f.write(data)
    with open(os.fspath(prefix) + INDEX_SUFFIX, "wb") as f:
        f.write(index)
