"""`tf.compat`."""

import sys as _sys

from keraslike._src.compat.strings import as_bytes, as_str, as_str_any, as_text, path_to_str  # noqa: F401
from keraslike.compat import v1  # noqa: F401

_ROOT = __name__.rpartition(".")[0]  # "keraslike"


def __getattr__(name):
    if name == "v2":
        return _sys.modules[_ROOT]  # tf.compat.v2 is tf; the parent package is loaded before its subpackages
    raise AttributeError(f"module 'keraslike.compat' has no attribute '{name}'. Received: name={name!r}")
