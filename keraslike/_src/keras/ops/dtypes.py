"""Keras 3's dtype names and type promotion (`keras.backend.result_type`), for torch tensors.

Mirrors `keras/src/backend/common/dtypes.py` as it behaves under the TensorFlow backend (the one
`tf.keras` uses): a JAX-style promotion lattice in which Python `int`/`float` are *weak* types
that adopt the other operand's precision, and a weak result resolves to `floatx()`'s precision.

    int32 + float32   -> float32        int64 + float32 -> float32
    int8  + python 1  -> int8           int32 + python 1.0 -> float32
    float16 + int32   -> float16        bool + bool -> bool
    uint8 + int8      -> int16          uint64 -> uint32, complex128 -> complex64 (TF backend)

Torch has no arithmetic for uint16/uint32/uint64; those names take part in promotion but a tensor
of them cannot be made (`to_torch_dtype` raises, naming the type to use instead).
"""

import functools

import numpy as np
import torch

from keraslike._src.keras import backend

BOOL_TYPES = ("bool",)
INT_TYPES = ("uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64")
FLOAT_TYPES = ("bfloat16", "float16", "float32", "float64")
COMPLEX_TYPES = ("complex64", "complex128")
WEAK_TYPES = ("int", "float")
ALLOWED_DTYPES = BOOL_TYPES + INT_TYPES + FLOAT_TYPES + COMPLEX_TYPES

_TORCH = {
    "bool": torch.bool, "uint8": torch.uint8, "int8": torch.int8, "int16": torch.int16, "int32": torch.int32,
    "int64": torch.int64, "bfloat16": torch.bfloat16, "float16": torch.float16, "float32": torch.float32,
    "float64": torch.float64, "complex64": torch.complex64, "complex128": torch.complex128,
}
_NAMES = {v: k for k, v in _TORCH.items()}
_ALIASES = {"float": "float32", "double": "float64", "half": "float16", "int": "int32"}

# Each type's immediate successors on the lattice (JAX's lattice, as Keras adapts it).
_LATTICE = {
    "bool": ["int"], "uint8": ["int16", "uint16"], "uint16": ["int32", "uint32"], "uint32": ["int64", "uint64"],
    "uint64": ["float"], "int": ["uint8", "int8", "complex64"], "int8": ["int16"], "int16": ["int32"],
    "int32": ["int64"], "int64": ["float"], "float": ["bfloat16", "float16"], "bfloat16": ["float32"],
    "float16": ["float32"], "float32": ["float64", "complex64"], "float64": ["complex128"],
    "complex64": ["complex128"], "complex128": [],
}


def _upper_bounds():
    bounds = {}
    for node in _LATTICE:
        seen, todo = {node}, [node]
        while todo:
            for nxt in _LATTICE[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        bounds[node] = seen
    return bounds


_UPPER = _upper_bounds()
_64_TO_32 = {"uint64": "uint32", "complex128": "complex64"}  # the TF backend keeps int64/float64


def standardize_dtype(dtype):
    """A dtype given as torch dtype, numpy dtype, Python type or name -> Keras's name (`"float32"`).

    Mirrors `keras.backend.standardize_dtype`. `None` gives `floatx()`. The public `keras.backend.standardize_dtype`
    and `keras.ops.dtype` hand the name out as a `DTypeName`; this returns the plain string for internal tables.

    Raises:
        ValueError: if `dtype` names no Keras dtype.
    """
    if dtype is None:
        return backend.floatx()
    if isinstance(dtype, torch.dtype):
        if dtype in _NAMES:
            return _NAMES[dtype]
        name = str(dtype).replace("torch.", "")
    elif dtype is int:
        return "int64"  # the TF backend's Python int (a weak int in promotion)
    elif dtype is float:
        return "float32"
    elif dtype is bool:
        return "bool"
    elif dtype is complex:
        return "complex128"
    elif isinstance(dtype, str):
        name = _ALIASES.get(str(dtype), str(dtype))  # a Keras 3 dtype (DTypeName) hashes as its torch dtype
    elif hasattr(dtype, "name") and not isinstance(dtype, type):
        name = dtype.name
    else:
        try:
            name = np.dtype(dtype).name
        except TypeError:
            name = str(dtype)
    if name not in ALLOWED_DTYPES:
        raise ValueError(f"Invalid dtype: {dtype}. Expected one of {ALLOWED_DTYPES}. Received: dtype={dtype!r}")
    return name


def to_torch_dtype(dtype):
    """Keras dtype (any spelling) -> `torch.dtype`; None gives `floatx()`.

    Raises:
        TypeError: for uint16/uint32/uint64, which torch cannot compute with.
    """
    name = standardize_dtype(dtype)
    if name not in _TORCH:
        raise TypeError(
            f"Torch tensors of dtype {name} support no arithmetic; use int32 (for uint16) or int64 (for "
            f"uint32/uint64) instead. Received: dtype={dtype!r}"
        )
    return _TORCH[name]


def _lub(nodes):
    common = set.intersection(*(_UPPER[n] for n in nodes))
    least = (common & set(nodes)) or {c for c in common if common <= _UPPER[c]}
    if len(least) != 1:
        raise ValueError(
            f"Input dtypes {tuple(nodes)} have no available implicit dtype promotion path. Try explicitly casting "
            "inputs to the desired output type."
        )
    return least.pop()


def _weak(name):
    if name == "bool":
        return name
    if "float" in name:
        return "float"
    if "int" in name:
        return "int"
    return "complex64"


def _resolve_weak(name):
    precision = backend.floatx()[-2:]
    if name == "bool":
        return name
    if name == "int":
        return f"int{precision}"
    if name == "float":
        return f"float{precision}"
    return name


@functools.lru_cache(1024)
def _result(items, floatx):
    names = tuple(n for n, _ in items)
    weak = tuple(w for _, w in items)
    if len(names) == 1:
        out, out_weak = names[0], weak[0]
    elif len(set(names)) == 1 and not all(weak):
        out, out_weak = names[0], False
    elif all(weak):
        out, out_weak = _lub(tuple(set(names))), True
    else:
        out = _lub(tuple({_weak(n) if w else n for n, w in zip(names, weak)}))
        out_weak = out in WEAK_TYPES
    if out_weak and out != "bool":
        out = _resolve_weak(_weak(out) if out not in WEAK_TYPES else out)
    return _64_TO_32.get(out, out)


def result_type(*dtypes):
    """Keras's promoted dtype name for the given dtypes (`keras.backend.result_type`).

    Args:
        *dtypes: dtypes in any spelling; the Python types `int` and `float` are weak (they take the
            other operand's precision), `None` means `floatx()`.

    Returns:
        str, e.g. `result_type("int32", "float32") == "float32"`, `result_type("int8", int) == "int8"`.

    Raises:
        ValueError: if the types have no common type (never for the Keras dtypes).
    """
    if not dtypes:
        return backend.floatx()
    items = []
    for d in dtypes:
        weak = d is int or d is float
        if d is int:
            name = "int32"
        else:
            name = standardize_dtype(d)
        items.append((name, weak))
    return _result(tuple(items), backend.floatx())


def is_float(dtype):
    return "float" in standardize_dtype(dtype)


def is_int(dtype):
    return "int" in standardize_dtype(dtype)
