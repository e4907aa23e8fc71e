"""`tf.config.threading`: intra-op and inter-op thread pools over torch's.

Mirrors `tensorflow/python/framework/config.py` (threading functions).
`intra_op` = threads one op may use (`torch.set_num_threads`); `inter_op` =
threads running independent ops (`torch.set_num_interop_threads`). 0 means
"let the system pick" (TF's default), which keeps torch's default.
"""

import torch

from keraslike._src.config import devices

_threads = {"intra": 0, "inter": 0}


def _check(num_threads, name):
    if not isinstance(num_threads, int) or isinstance(num_threads, bool) or num_threads < 0:
        raise ValueError(f"Expected {name} to be a non-negative int. Received: {name}={num_threads!r}")


def get_intra_op_parallelism_threads():
    """Threads per op as set (0 = system default), `tf.config.threading.get_intra_op_parallelism_threads`."""
    return _threads["intra"]


def set_intra_op_parallelism_threads(num_threads):
    """`tf.config.threading.set_intra_op_parallelism_threads(n)` -> `torch.set_num_threads(n)`.

    Raises:
        ValueError: for a negative or non-int value.
        RuntimeError: after devices were initialised, with TF's wording.
    """
    _check(num_threads, "num_threads")
    if devices.is_initialized():
        raise RuntimeError("Intra op parallelism cannot be modified after initialization.")
    _threads["intra"] = num_threads
    if num_threads:
        torch.set_num_threads(num_threads)


def get_inter_op_parallelism_threads():
    """Threads for independent ops as set (0 = system default)."""
    return _threads["inter"]


def set_inter_op_parallelism_threads(num_threads):
    """`tf.config.threading.set_inter_op_parallelism_threads(n)` -> `torch.set_num_interop_threads(n)`.

    torch accepts this once, before any inter-op parallel work; later calls
    (and calls after device initialisation) raise TF's RuntimeError.

    Raises:
        ValueError: for a negative or non-int value.
        RuntimeError: "Inter op parallelism cannot be modified after initialization."
    """
    _check(num_threads, "num_threads")
    if devices.is_initialized():
        raise RuntimeError("Inter op parallelism cannot be modified after initialization.")
    if num_threads:
        try:
            torch.set_num_interop_threads(num_threads)
        except RuntimeError:
            if torch.get_num_interop_threads() != num_threads:
                raise RuntimeError("Inter op parallelism cannot be modified after initialization.") from None
    _threads["inter"] = num_threads
