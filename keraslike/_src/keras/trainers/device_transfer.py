"""Input tensors on the host and their batches on the replica's device (what DataLoader's `pin_memory` does).

`fit`/`evaluate`/`predict` keep in-memory arrays where the user has them (numpy arrays wrapped without a
copy, torch tensors as they are) and move only each step's rows of this replica to its device, so a
replica never holds the whole dataset on its GPU and a new call uploads nothing up front. When the device
is CUDA and the rows are on the host, they are gathered into page-locked (pinned) memory and copied with
`non_blocking=True`, so the copy overlaps the previous step's kernels; torch's caching host allocator keeps
such a buffer alive until its copy has finished. On the CPU no copy is made at all.
"""

import numpy as np
import torch

from keraslike._src.keras import backend
from keraslike._src.keras.trainers import input_validation
from keraslike._src.ops import string_tensor


def host_tensor(value):
    """`value` (numpy array, list-free array-like or torch tensor) as a tensor where it already lives.

    numpy arrays are wrapped without a copy when they are contiguous; float64 becomes `floatx()` (a copy),
    as Keras converts float64 inputs. Tensors are detached (inputs never carry the caller's graph).

    `tf.string` tensors and object arrays of str/bytes become `StringTensor`s (host values, for a model whose
    first layer is TextVectorization/StringLookup, as Keras takes them).

    Raises:
        TypeError: for numpy str arrays or other objects (`input_validation.check_array_dtype`), as Keras.
    """
    if value is None:
        return None
    if string_tensor.is_string_tensor(value) or (isinstance(value, np.ndarray) and value.dtype == object
                                                 and string_tensor.looks_like_strings(value)):
        return string_tensor.string_tensor(value)
    if isinstance(value, torch.Tensor):
        tensor = value.detach()
    else:
        array = np.asarray(value)
        input_validation.check_array_dtype(array)
        tensor = torch.from_numpy(np.ascontiguousarray(array))
    if tensor.dtype == torch.float64:
        tensor = tensor.to(getattr(torch, backend.floatx()))
    return tensor


def pins_for(device):
    """Whether host rows bound for `device` go through pinned memory (CUDA devices only)."""
    return device.type == "cuda"


def to_device(tensor, device):
    """`tensor` on `device`: itself when it is already there, else a copy (pinned + non-blocking to CUDA)."""
    if tensor is None or string_tensor.is_string_tensor(tensor) or tensor.device == device:
        return tensor  # strings stay on the host
    if pins_for(device) and tensor.device.type == "cpu":
        if not tensor.is_pinned():
            tensor = tensor.pin_memory()
        return tensor.to(device, non_blocking=True)
    return tensor.to(device)


def take_rows(source, index, device):
    """Rows `index` of `source` (a slice, or a 1-D int64 tensor of row numbers) on `device`.

    A slice is a view until it is moved; an index gathers once, straight into pinned memory when the rows
    go from the host to a CUDA device.
    """
    if source is None:
        return None
    if string_tensor.is_string_tensor(source):
        rows = index if isinstance(index, slice) else index.cpu().numpy()
        return string_tensor.string_tensor(string_tensor.as_string_array(source)[rows])
    if isinstance(index, slice):
        return to_device(source[index], device)
    if index.device != source.device:
        index = index.to(source.device)
    if pins_for(device) and source.device.type == "cpu":
        out = torch.empty((index.shape[0], *source.shape[1:]), dtype=source.dtype, pin_memory=True)
        torch.index_select(source, 0, index, out=out)
        return out.to(device, non_blocking=True)
    return to_device(source.index_select(0, index), device)
