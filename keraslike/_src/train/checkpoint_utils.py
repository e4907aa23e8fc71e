"""Reading checkpoints without building the objects: `tf.train.load_checkpoint`, `list_variables`,
`load_variable`, `get_checkpoint_state`, `checkpoints_iterator`, and `CheckpointOptions`.

Mirrors `tensorflow/python/training/checkpoint_utils.py` and `checkpoint_management.py`. Two formats are read,
told apart by sniffing `<prefix>.index`:
  * TF's tensor bundle (`train/tensor_bundle.py`), what TF writes and what keraslike writes now: the names are
    TF's object-graph keys (`"model/layer_with_weights-0/kernel/.ATTRIBUTES/VARIABLE_VALUE"`,
    `"_CHECKPOINTABLE_OBJECT_GRAPH"`);
  * keraslike's earlier format (a JSON index, values in safetensors or HDF5), whose names are keraslike's
    keys (`"model/weights/0"`, `"optimizer/vars/1"`, `"save_counter"`).
Values are read one key at a time, never the whole file.
"""

import os
import time

import numpy as np

from keraslike._src.keras.saving import bounded_read
from keraslike._src.ops import dtypes
from keraslike._src.train import checkpoint, checkpoint_state, tensor_bundle


def _resolve(ckpt_dir_or_file):
    path = os.fspath(ckpt_dir_or_file)
    if os.path.isdir(path):
        latest = checkpoint_state.latest_checkpoint(path)
        if latest is None:
            raise ValueError(f"Couldn't find 'checkpoint' file or checkpoints in given directory {path}. "
                             f"Received: ckpt_dir_or_file={ckpt_dir_or_file!r}")
        return latest
    return path


class CheckpointReader:
    """What `tf.train.load_checkpoint` returns: `get_tensor`, `has_tensor`, `get_variable_to_shape_map`,
    `get_variable_to_dtype_map` (TF's `py_checkpoint_reader.CheckpointReader`).

    Raises:
        ValueError: if the checkpoint is missing or is neither a TF checkpoint nor a keraslike one.
    """

    def __new__(cls, save_path):
        if cls is CheckpointReader and tensor_bundle.is_bundle(save_path):
            return object.__new__(BundleCheckpointReader)
        return object.__new__(cls)

    def __init__(self, save_path):
        self._prefix = save_path
        self._index = checkpoint.read_index(save_path)

    def _key(self, name):
        key = name[:-2] if name.endswith(":0") else name
        if key not in self._index["keys"]:
            raise ValueError(f"Key {key} not found in checkpoint {self._prefix}. Received: name={name!r}")
        return key

    def has_tensor(self, name):
        """Whether the checkpoint holds `name`."""
        key = name[:-2] if name.endswith(":0") else name
        return key in self._index["keys"]

    def get_tensor(self, name):
        """The value of `name` as a numpy array.

        Raises:
            ValueError: if the checkpoint has no such key.
        """
        key = self._key(name)
        meta = self._index["keys"][key]
        path = checkpoint.data_path(self._prefix)
        if self._index["format"] == "safetensors":
            from safetensors import safe_open  # optional (the `saving` extra); only safetensors files need it

            with safe_open(path, framework="numpy") as f:
                value = f.get_tensor(key)
        else:
            with bounded_read.open_h5(path, path) as h5:
                ds = bounded_read.get_dataset(h5, key, path)
                bounded_read.check_numeric(ds, path)
                bounded_read.check_stored(ds, path)
                value = np.asarray(ds[()])
        return value.reshape(meta["shape"])

    def get_variable_to_shape_map(self):
        """`{name: shape list}` for every key."""
        return {k: list(v["shape"]) for k, v in self._index["keys"].items()}

    def get_variable_to_dtype_map(self):
        """`{name: dtype}` for every key (torch dtypes, which keraslike's `tf.float32` etc. are)."""
        return {k: dtypes.as_dtype(v["dtype"]) for k, v in self._index["keys"].items()}


class BundleCheckpointReader(CheckpointReader):
    """A `CheckpointReader` over a TF tensor-bundle checkpoint (written by TF or by keraslike)."""

    def __init__(self, save_path):
        self._prefix = save_path
        self._bundle = tensor_bundle.BundleReader(save_path)

    def _key(self, name):
        key = name[:-2] if name.endswith(":0") else name
        if not self._bundle.has_tensor(key):
            raise ValueError(f"Key {key} not found in checkpoint {self._prefix}. Received: name={name!r}")
        return key

    def has_tensor(self, name):
        return self._bundle.has_tensor(name[:-2] if name.endswith(":0") else name)

    def get_tensor(self, name):
        """The value of `name`: a numpy array (bytes for a scalar string, as TF).

        Raises:
            ValueError: if the checkpoint has no such key, or its bytes are corrupt.
        """
        return self._bundle.get_tensor(self._key(name))

    def get_variable_to_shape_map(self):
        return {k: self._bundle.shape(k) for k in self._bundle.keys()}

    def get_variable_to_dtype_map(self):
        """`{name: dtype}` (torch dtypes, `tf.string` for strings)."""
        return {k: _dtype_of_enum(self._bundle.dtype_enum(k)) for k in self._bundle.keys()}


_ENUM_NAMES = {1: "float32", 2: "float64", 3: "int32", 4: "uint8", 5: "int16", 6: "int8", 7: "string",
               8: "complex64", 9: "int64", 10: "bool", 14: "bfloat16", 17: "uint16", 18: "complex128",
               19: "float16", 22: "uint32", 23: "uint64"}


def _dtype_of_enum(enum):
    if enum not in _ENUM_NAMES:
        raise ValueError(f"keraslike has no dtype for TF DataType enum {enum}. Received: dtype={enum}")
    return dtypes.as_dtype(_ENUM_NAMES[enum])


def load_checkpoint(ckpt_dir_or_file):
    """`tf.train.load_checkpoint(ckpt_dir_or_file)`: a `CheckpointReader` for a checkpoint prefix, or for the
    latest checkpoint of a directory.

    Raises:
        ValueError: if no checkpoint is found or it is not a keraslike checkpoint.
    """
    return CheckpointReader(_resolve(ckpt_dir_or_file))


def list_variables(ckpt_dir_or_file):
    """`tf.train.list_variables`: sorted `(name, shape)` pairs of the checkpoint."""
    return sorted((k, v) for k, v in load_checkpoint(ckpt_dir_or_file).get_variable_to_shape_map().items())


def load_variable(ckpt_dir_or_file, name):
    """`tf.train.load_variable`: the numpy value of `name` (a trailing ':0' is dropped, as TF)."""
    return load_checkpoint(ckpt_dir_or_file).get_tensor(name)


class CheckpointState:
    """The parsed `checkpoint` state file (TF's CheckpointState proto's fields)."""

    def __init__(self, model_checkpoint_path, all_model_checkpoint_paths):
        self.model_checkpoint_path = model_checkpoint_path
        self.all_model_checkpoint_paths = list(all_model_checkpoint_paths)

    def __repr__(self):
        return (f'model_checkpoint_path: "{self.model_checkpoint_path}"\n'
                + "".join(f'all_model_checkpoint_paths: "{p}"\n' for p in self.all_model_checkpoint_paths))


def get_checkpoint_state(checkpoint_dir, latest_filename=None):
    """`tf.train.get_checkpoint_state(dir)`: the directory's `CheckpointState`, or None without a state file.

    Raises:
        ValueError: for a `latest_filename` other than TF's default "checkpoint" (keraslike writes only that).
    """
    if latest_filename not in (None, checkpoint_state.STATE_FILE):
        raise ValueError("keraslike keeps checkpoint state only in the file named 'checkpoint'. "
                         f"Received: latest_filename={latest_filename!r}")
    latest, paths = checkpoint_state.read_state(checkpoint_dir)
    if latest is None:
        return None
    return CheckpointState(latest, paths)


def checkpoints_iterator(checkpoint_dir, min_interval_secs=0, timeout=None, timeout_fn=None):
    """`tf.train.checkpoints_iterator`: yield each new latest checkpoint of `checkpoint_dir` as it appears,
    polling once a second, at most one per `min_interval_secs`. When the next one-second sleep would end past
    `timeout` seconds of waiting for a new one (as TF: a timeout under a second never sleeps) it stops, or - with
    `timeout_fn` - calls it and stops only if it returns True (else keeps waiting)."""
    last = None
    while True:
        stop = None if timeout is None else time.time() + timeout
        path = None
        while path is None:
            latest = checkpoint_state.latest_checkpoint(checkpoint_dir)
            if latest is not None and latest != last:
                path = latest
            elif stop is not None and time.time() + 1 > stop:
                break
            else:
                time.sleep(1)
        if path is None:
            if timeout_fn is None or timeout_fn():
                return
            continue
        last = path
        began = time.time()
        yield path
        wait = min_interval_secs - (time.time() - began)
        if wait > 0:
            time.sleep(wait)


class CheckpointOptions:
    """`tf.train.CheckpointOptions(experimental_io_device=None, experimental_enable_async_checkpoint=False,
    experimental_write_callbacks=None, enable_async=False, experimental_sharding_callback=None,
    experimental_skip_slot_variables=False)`.

    keraslike writes and reads checkpoints synchronously on the host; `experimental_io_device` must be None
    or a CPU device. Every option that would change what happens raises NotImplementedError naming it.
    """

    def __init__(self, experimental_io_device=None, experimental_enable_async_checkpoint=False,
                 experimental_write_callbacks=None, enable_async=False, experimental_sharding_callback=None,
                 experimental_skip_slot_variables=False):
        if experimental_io_device is not None and "cpu" not in str(experimental_io_device).lower():
            raise NotImplementedError("keraslike reads and writes checkpoints on the host CPU. Received: "
                                      f"experimental_io_device={experimental_io_device!r}")
        unsupported = {"experimental_enable_async_checkpoint": experimental_enable_async_checkpoint,
                       "enable_async": enable_async, "experimental_write_callbacks": experimental_write_callbacks,
                       "experimental_sharding_callback": experimental_sharding_callback,
                       "experimental_skip_slot_variables": experimental_skip_slot_variables}
        for key, value in unsupported.items():
            if value:
                raise NotImplementedError(f"tf.train.CheckpointOptions({key}=...) is not implemented by keraslike "
                                          f"(checkpoints are written synchronously, whole). Received: {key}={value!r}")
        self.experimental_io_device = experimental_io_device
        self.experimental_enable_async_checkpoint = False
        self.enable_async = False
        self.experimental_write_callbacks = None
        self.experimental_sharding_callback = None
        self.experimental_skip_slot_variables = False
