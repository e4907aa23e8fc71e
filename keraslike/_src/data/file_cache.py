"""`Dataset.cache(filename)`: the first complete pass is written to files, later passes read them.

Mirrors TF's file cache (`tensorflow/core/kernels/data/cache_dataset_ops.cc`): the cache lives in
`<filename>.index` and `<filename>.data-00000-of-00001`; a pass that finds the index reads the elements
from the files (also in a later run of the program); a pass that does not produces the elements from
the input and writes them as they go. Only a pass that reaches the end makes the cache: the files are
written under temporary names and renamed into place at the end (the data first, the index last), so
a pass stopped early, an error or a crash leaves no cache behind, only what was there before (TF
warns about such a partial pass too). Elements are written and read one at a time (memory bounded by
one element), in keraslike's own binary layout (below; never pickle). The files are keraslike's, not
TensorFlow's: an index written by something else raises `DataLossError`.

Layout: the index is `MAGIC` + a JSON object `{"elements": n, "leaves": k}`. The data file is `MAGIC`,
then per element its `k` leaves in `tf.nest` order, each as `u32 header length + JSON header` (`kind`
"tensor" or "string", `dtype`, `shape`) and `u64 payload length + payload`: a tensor's raw bytes (C
order, native byte order), or for strings the `int64` lengths of all items followed by their bytes.
"""

import json
import os
import struct
import uuid
import warnings

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.data import structure as nest
from keraslike._src.ops.string_tensor import StringTensor

MAGIC = b"KERASLIKE-TFDATA-CACHE-1\n"
_U32, _U64 = struct.Struct("<I"), struct.Struct("<Q")


def cache_files(filename):
    """`(index path, data path)` of the cache named `filename` (TF's file names)."""
    filename = os.fspath(filename)
    return filename + ".index", filename + ".data-00000-of-00001"


def cached_elements(filename, make_elements, element_spec):
    """The elements of `make_elements()`, through the file cache `filename` (see the module docstring).

    Raises:
        NotFoundError: when the folder of `filename` does not exist.
        DataLossError: when the cache files are not a complete keraslike cache.
        TypeError: for an element leaf that is neither a tensor nor a string tensor.
    """
    index, data = cache_files(filename)
    if os.path.exists(index):
        yield from _read(index, data, element_spec)
        return
    folder = os.path.dirname(os.path.abspath(index))
    if not os.path.isdir(folder):
        raise errors.NotFoundError(None, None, f"Failed to create the cache file: the folder {folder!r} does not "
                                               f"exist. Received: filename={os.fspath(filename)!r}")
    suffix = f".tmp-{os.getpid()}-{uuid.uuid4().hex}"
    count, leaves, complete = 0, None, False
    try:
        with open(data + suffix, "wb") as out:
            out.write(MAGIC)
            for element in make_elements():
                flat = nest.flatten(element)
                if leaves is None:
                    leaves = len(flat)
                for leaf in flat:
                    _write_leaf(out, leaf)
                count += 1
                yield element
            out.flush()
            os.fsync(out.fileno())
        with open(index + suffix, "wb") as out:
            out.write(MAGIC + json.dumps({"elements": count, "leaves": leaves or 0}).encode())
            out.flush()
            os.fsync(out.fileno())
        os.replace(data + suffix, data)
        os.replace(index + suffix, index)  # the index last: its presence means a complete cache
        complete = True
    finally:
        for leftover in (data + suffix, index + suffix):
            if os.path.exists(leftover):
                os.remove(leftover)
        if not complete and count:
            warnings.warn(
                "The calling iterator did not fully read the dataset being cached. In order to avoid unexpected "
                "truncation of the dataset, the partially cached contents of the dataset will be discarded. "
                f"Received: a pass that stopped after {count} element(s) of cache(filename={os.fspath(filename)!r})",
                UserWarning, stacklevel=2)


def _write_leaf(out, leaf):
    if isinstance(leaf, StringTensor):
        items = [bytes(b) for b in np.asarray(leaf.numpy(), dtype=object).reshape(-1)]
        header = {"kind": "string", "dtype": "string", "shape": list(leaf.shape)}
        payload = np.asarray([len(b) for b in items], dtype="<i8").tobytes() + b"".join(items)
    elif isinstance(leaf, torch.Tensor):
        tensor = leaf.detach().cpu().contiguous()
        header = {"kind": "tensor", "dtype": str(tensor.dtype).replace("torch.", ""), "shape": list(tensor.shape)}
        payload = tensor.reshape(-1).view(torch.uint8).numpy().tobytes() if tensor.numel() else b""
    else:
        raise TypeError("Expected dataset elements made of tensors and string tensors to cache them in a file. "
                        f"Received: an element leaf of type {type(leaf).__name__}")
    encoded = json.dumps(header).encode()
    out.write(_U32.pack(len(encoded)) + encoded + _U64.pack(len(payload)))
    out.write(payload)


def _read_exact(f, size, path):
    chunk = f.read(size)
    if len(chunk) != size:
        raise errors.DataLossError(None, None, f"The cache file {path!r} is truncated. Received: {len(chunk)} of "
                                               f"{size} bytes")
    return chunk


def _read_leaf(f, path):
    header = json.loads(_read_exact(f, _U32.unpack(_read_exact(f, 4, path))[0], path))
    payload = _read_exact(f, _U64.unpack(_read_exact(f, 8, path))[0], path)
    shape = tuple(header["shape"])
    if header["kind"] == "string":
        n = int(np.prod(shape, dtype=np.int64))
        lengths = np.frombuffer(payload[:8 * n], dtype="<i8")
        items, offset = np.empty(n, dtype=object), 8 * n
        for i, length in enumerate(lengths):
            items[i] = payload[offset:offset + int(length)]
            offset += int(length)
        return StringTensor(items.reshape(shape))
    dtype = getattr(torch, header["dtype"])
    if not payload:
        return torch.empty(shape, dtype=dtype)
    return torch.frombuffer(bytearray(payload), dtype=dtype).reshape(shape)


def _read(index, data, element_spec):
    with open(index, "rb") as f:
        raw = f.read(1 << 20)
    if not raw.startswith(MAGIC):
        raise errors.DataLossError(None, None, f"{index!r} is not a keraslike tf.data cache index (a cache written "
                                               "by TensorFlow cannot be read here; delete it to rebuild). "
                                               f"Received: a file starting with {raw[:16]!r}")
    meta = json.loads(raw[len(MAGIC):])
    template = nest.flatten(element_spec)
    if meta["elements"] and meta["leaves"] != len(template):
        raise errors.DataLossError(None, None, f"The cache {index!r} holds elements of {meta['leaves']} tensors, "
                                               f"this dataset's have {len(template)}. Received: a cache written by "
                                               "another dataset")
    with open(data, "rb") as f:
        if _read_exact(f, len(MAGIC), data) != MAGIC:
            raise errors.DataLossError(None, None, f"{data!r} is not a keraslike tf.data cache file. Received: "
                                                   "another file format")
        for _ in range(meta["elements"]):
            yield nest.pack_as(element_spec, [_read_leaf(f, data) for _ in template])
