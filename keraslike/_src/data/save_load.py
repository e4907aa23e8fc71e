"""`Dataset.save` / `Dataset.load`: a dataset's elements written to a directory and read back.

Mirrors `tensorflow/python/data/ops/{save,load}_op.py` in use, not in format: TF's snapshot protobufs are not
written or read. keraslike's format (version 1) is a directory holding

    dataset_spec.json        {"format": "keraslike.data.save", "version": 1, "compression": null or "GZIP",
                              "element_spec": <structure of {"shape": [...] or null, "dtype": "float32"}>,
                              "shards": {"<shard id>": <element count>}, "num_elements": n}
    shard_<id>.records[.gz]  the elements of one shard, in order; each element is its leaves in `tf.nest`
                             order, each leaf one numpy `.npy` record (`np.save`, no pickle); a string leaf
                             is two records: int64 byte lengths of the leaf's shape, then the uint8 bytes.

Nothing is unpickled; files are read one element at a time (bounded memory). The directory is written next to
`path` and moved into place when complete, so a reader never sees a partial save. Under several replicas only
the chief writes and every replica returns once the save exists.
"""

import gzip
import json
import os
import shutil
import uuid

import numpy as np
import torch

from keraslike._src.data import cardinality as card
from keraslike._src.data import structure as nest
from keraslike._src.data.dataset import Dataset
from keraslike._src.data.dataset_spec import DatasetSpec
from keraslike._src.data.functional import call_with_element
from keraslike._src.distribute import collectives, context
from keraslike._src.ops import dtypes
from keraslike._src.ops.string_tensor import StringTensor, as_string_array
from keraslike._src.ops.tensor_spec import TensorSpec, string

FORMAT, VERSION, META = "keraslike.data.save", 1, "dataset_spec.json"


def _check_compression(compression):
    if compression not in (None, "", "GZIP"):
        raise ValueError(f"`compression` must be None or 'GZIP'. Received: compression={compression!r}")
    return compression or None


def _encode_spec(spec):
    if isinstance(spec, TensorSpec):
        shape = None if spec.shape.rank is None else spec.shape.as_list()
        return {"shape": shape, "dtype": "string" if spec.dtype is string else dtypes.dtype_name(spec.dtype)}
    if isinstance(spec, dict):
        return {"dict": {str(k): _encode_spec(v) for k, v in spec.items()}}
    if isinstance(spec, (tuple, list)):
        return {"tuple" if isinstance(spec, tuple) else "list": [_encode_spec(v) for v in spec]}
    raise TypeError(f"`Dataset.save` stores tensor elements only. Received: element_spec={spec!r}")


def _decode_spec(data):
    if "dict" in data:
        return {k: _decode_spec(v) for k, v in data["dict"].items()}
    if "tuple" in data:
        return tuple(_decode_spec(v) for v in data["tuple"])
    if "list" in data:
        return [_decode_spec(v) for v in data["list"]]
    return TensorSpec(data["shape"], string if data["dtype"] == "string" else dtypes.as_dtype(data["dtype"]))


def _open(path, mode, compression):
    return gzip.open(path, mode) if compression == "GZIP" else open(path, mode)  # noqa: SIM115


def _shard_name(shard, compression):
    return f"shard_{shard:05d}.records" + (".gz" if compression == "GZIP" else "")


def _write_leaf(handle, leaf, spec):
    if spec.dtype is string:
        values = as_string_array(leaf)
        flat = [bytes(v) for v in values.reshape(-1)]
        np.save(handle, np.array([len(v) for v in flat], dtype=np.int64).reshape(values.shape), allow_pickle=False)
        np.save(handle, np.frombuffer(b"".join(flat), dtype=np.uint8), allow_pickle=False)
        return
    array = leaf.detach().cpu()
    if array.dtype == torch.bfloat16:
        array = array.to(torch.float32)
    np.save(handle, array.numpy(), allow_pickle=False)


def _read_leaf(handle, spec):
    if spec.dtype is string:
        lengths = np.load(handle, allow_pickle=False)
        data = np.load(handle, allow_pickle=False).tobytes()
        out, offsets = np.empty(lengths.shape, dtype=object), np.concatenate([[0], np.cumsum(lengths.reshape(-1))])
        flat = out.reshape(-1)
        for i in range(flat.size):
            flat[i] = data[offsets[i]:offsets[i + 1]]
        return StringTensor.from_bytes_array(out)
    return torch.from_numpy(np.load(handle, allow_pickle=False)).to(spec.dtype)


def _shard_of(shard_func, element):
    value = call_with_element(shard_func, element)
    value = int(value.reshape(()) if isinstance(value, torch.Tensor) else value)
    if value < 0:
        raise ValueError(f"`shard_func` must return a non-negative int64. Received: shard={value}")
    return value


def _write(dataset, directory, compression, shard_func):
    spec = dataset.element_spec
    leaf_specs = nest.flatten(spec)
    encoded = _encode_spec(spec)
    handles, counts = {}, {}
    try:
        for element in dataset._elements():
            shard = 0 if shard_func is None else _shard_of(shard_func, element)
            if shard not in handles:
                handles[shard] = _open(os.path.join(directory, _shard_name(shard, compression)), "wb", compression)
                counts[shard] = 0
            for leaf, leaf_spec in zip(nest.flatten(element), leaf_specs):
                _write_leaf(handles[shard], leaf, leaf_spec)
            counts[shard] += 1
    finally:
        for handle in handles.values():
            handle.close()
    meta = {"format": FORMAT, "version": VERSION, "compression": compression, "element_spec": encoded,
            "shards": {str(k): v for k, v in sorted(counts.items())}, "num_elements": sum(counts.values())}
    with open(os.path.join(directory, META), "w") as handle:
        json.dump(meta, handle, indent=1)


def save(dataset, path, compression=None, shard_func=None, checkpoint_args=None):
    """Writes `dataset`'s elements under the directory `path` (see the module docstring for the format).

    Args:
        dataset: a `Dataset` of tensor elements (finite).
        path: the directory to write; an existing save there is replaced.
        compression: None or "GZIP".
        shard_func: optional `element -> int64` choosing each element's shard file (default: one shard).
        checkpoint_args: not supported (TF's resumable saves); passing it raises.

    Raises:
        ValueError: a bad `compression`, or `checkpoint_args`. TypeError: elements that are not tensors.
    """
    compression = _check_compression(compression)
    if checkpoint_args is not None:
        raise ValueError("`Dataset.save(checkpoint_args=...)` (resumable saves through tf.train.CheckpointManager) is "
                         f"not supported by keraslike; save in one go. Received: checkpoint_args={checkpoint_args!r}")
    if shard_func is not None and not callable(shard_func):
        raise TypeError(f"Expected `shard_func` to be callable. Received: shard_func={shard_func!r}")
    if dataset._cardinality() == card.INFINITE:
        raise ValueError("Cannot save an infinite dataset. Received: a dataset of INFINITE_CARDINALITY")
    path = os.fspath(path)
    if context.get_strategy().is_chief:
        parent = os.path.dirname(os.path.abspath(path))
        os.makedirs(parent, exist_ok=True)
        staging = f"{os.path.abspath(path)}.saving-{uuid.uuid4().hex}"
        os.makedirs(staging)
        try:
            _write(dataset, staging, compression, shard_func)
            old = None
            if os.path.exists(path):
                old = f"{os.path.abspath(path)}.old-{uuid.uuid4().hex}"
                os.replace(path, old)
            os.replace(staging, path)
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    collectives.barrier()


def _read_meta(path):
    meta_path = os.path.join(os.fspath(path), META)
    if not os.path.exists(meta_path):
        hint = " (a TensorFlow snapshot: keraslike reads only its own format)" if os.path.isdir(path) else ""
        raise FileNotFoundError(f"No keraslike dataset saved at {path!r}{hint}. Received: path={path!r}")
    with open(meta_path) as handle:
        meta = json.load(handle)
    if meta.get("format") != FORMAT or meta.get("version") != VERSION:
        raise ValueError(f"{meta_path} is not a keraslike dataset save of version {VERSION}. Received: "
                         f"format={meta.get('format')!r}, version={meta.get('version')!r}")
    return meta


class ShardReaderDataset(Dataset):
    """The elements of one saved shard file, read one at a time."""

    def __init__(self, filename, element_spec, count, compression):
        super().__init__(element_spec)
        self._filename, self._count, self._compression = filename, count, compression

    def _cardinality(self):
        return self._count

    def _generic_elements(self):
        specs = nest.flatten(self.element_spec)
        with _open(self._filename, "rb", self._compression) as handle:
            for _ in range(self._count):
                yield nest.pack_as(self.element_spec, [_read_leaf(handle, s) for s in specs])


class ShardListDataset(Dataset):
    """The shards of a save, as dataset-valued elements (what `load`'s `reader_func` receives)."""

    def __init__(self, shards, element_spec):
        super().__init__(DatasetSpec(element_spec))
        self._shards = shards

    def _cardinality(self):
        return len(self._shards)

    def _generic_elements(self):
        return iter(self._shards)


class LoadDataset(Dataset):
    """`Dataset.load`: a save's elements, shard after shard (or as `reader_func` arranges them)."""

    write = staticmethod(save)  # `Dataset.save` reaches the writer through this class (dataset.py can't import it)

    def __init__(self, path, element_spec=None, compression=None, reader_func=None, wait=False):
        meta = _read_meta(path)
        compression = _check_compression(compression)
        if compression != meta["compression"]:
            raise ValueError(f"The dataset at {path!r} was saved with compression={meta['compression']!r}. "
                             f"Received: compression={compression!r}")
        saved = _decode_spec(meta["element_spec"])
        if element_spec is not None and element_spec != saved:
            raise ValueError(f"`element_spec` does not match the saved one {saved!r}. "
                             f"Received: element_spec={element_spec!r}")
        shards = [ShardReaderDataset(os.path.join(os.fspath(path), _shard_name(int(k), compression)), saved, n,
                                     compression) for k, n in sorted(meta["shards"].items(), key=lambda kv: int(kv[0]))]
        self._count = meta["num_elements"]
        self._result = None
        if reader_func is not None:
            if not callable(reader_func):
                raise TypeError(f"Expected `reader_func` to be callable. Received: reader_func={reader_func!r}")
            self._result = reader_func(ShardListDataset(shards, saved))
            if not isinstance(self._result, Dataset):
                raise TypeError(f"Expected `reader_func` to return a Dataset. Received: result={self._result!r}")
            saved = self._result.element_spec
        super().__init__(saved, shards if self._result is None else [self._result])
        self._shards = shards

    def _cardinality(self):
        return self._count if self._result is None else self._result._cardinality()

    def _generic_elements(self):
        if self._result is not None:
            yield from self._result._elements()
            return
        for shard in self._shards:
            yield from shard._generic_elements()
