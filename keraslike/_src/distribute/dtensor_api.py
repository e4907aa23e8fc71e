"""torch's DTensor API (`torch.distributed.tensor`), imported on first use.

Importing `torch.distributed.tensor` costs more than a second of CPU (about a third of `import keraslike`),
and only `keras.distribution.ModelParallel`, `distribute_tensor` and `fully_shard` need it; every process of
every other program (each replica a launcher starts included) would pay it at import. So the modules that
shard variables reach it through `api()`, and checks that run for everyone (`is_dtensor`) never import it:
no DTensor can exist before the module is loaded.
"""

import functools
import importlib
import sys

_MODULE = "torch.distributed.tensor"


@functools.cache
def api():
    """The `torch.distributed.tensor` module (`DTensor`, `Shard`, `Replicate`, `Partial`, `distribute_tensor`)."""
    return importlib.import_module(_MODULE)


def is_dtensor(value):
    """Whether `value` is a torch DTensor, without importing the DTensor API when nothing loaded it."""
    module = sys.modules.get(_MODULE)
    return module is not None and isinstance(value, module.DTensor)


def is_shard(placement):
    """Whether a DTensor placement splits its tensor (`Shard(dim)`)."""
    return placement.is_shard()
