"""`StringTensor`: TF's string tensors (`dtype=tf.string`) for keraslike, where torch has no strings.

Mirrors the string side of TF's eager tensor (`tensorflow/python/framework/ops.py`, `_EagerTensorBase`
and `tensor_math_operator_overrides.py`). A `StringTensor` holds a read-only numpy object ndarray of
`bytes` of any rank (0-d included); `str` input is UTF-8 encoded, as in TF. It is immutable and, like
every TF tensor, unhashable (use `t.ref()` as a dict key).

What it does as TF's eager string tensor does:
    t.dtype            tf.string               t.shape        a tf.TensorShape
    t.numpy()          object ndarray of bytes (a plain `bytes` for a 0-d tensor)
    t[1], t[::-1]      numpy basic indexing (ints, slices, `...`, `tf.newaxis`, scalar int tensors)
    len(t), iter(t)    along the first axis (TypeError for a scalar)
    t == "a", t != u   elementwise, broadcasting -> torch.bool tensor (False/True on incompatible shapes)
    t + "x", "x" + t   elementwise concatenation (TF's Add on strings)
    bool(t)            only for one element
    repr / str         `<tf.Tensor: shape=(2,), dtype=string, numpy=array([b'a', b'b'], dtype=object)>` /
                       `tf.Tensor([b'a' b'b'], shape=(2,), dtype=string)`

Helpers for the op families: `is_string_tensor`, `as_string_array`, `string_tensor`, `has_strings`.
This module imports only keraslike's `_src` (never its public face).

Example:
    >>> t = StringTensor(["héllo", b"world"])
    >>> t.numpy()                       # array([b'h\\xc3\\xa9llo', b'world'], dtype=object)
    >>> (t == "world").tolist()         # [False, True]
"""

import numbers
import operator

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops.dtypes import string
from keraslike._src.ops import tensor_reference, trace_state
from keraslike._src.ops.shape_methods import dims_of, is_compatible
from keraslike._src.ops.tensor_shape import TensorShape

_CPU = "/job:localhost/replica:0/task:0/device:CPU:0"
_STRING_SCALARS = (str, bytes, np.str_, np.bytes_)
_concat = np.frompyfunc(operator.add, 2, 1)


def _short(value, limit=80):
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _encode(item, value):
    if isinstance(item, bytes):
        return bytes(item)
    if isinstance(item, str):
        return item.encode("utf-8")
    raise TypeError(
        f"Expected strings (str or bytes) to make a string tensor; found {type(item).__name__} {item!r:.40}. "
        f"Received: value={_short(value)}"
    )


def _encode_array(array, value):
    """Object ndarray of `bytes` (read-only) from a numpy array of str/bytes/objects."""
    if array.dtype.kind not in "USO":
        raise TypeError(
            f"Expected a value of strings (str/bytes) to make a string tensor; got an array of dtype "
            f"{array.dtype}. Received: value={_short(value)}"
        )
    out = np.fromiter((_encode(item, value) for item in array.flat), dtype=object, count=array.size)
    out = out.reshape(array.shape)
    out.flags.writeable = False
    return out


def _from_sequence(value):
    if any(isinstance(v, StringTensor) for v in value):  # TF auto-packs lists of tensors
        parts = [as_string_array(v) for v in value]
        if any(p.shape != parts[0].shape for p in parts):
            raise ValueError(
                "Can't convert non-rectangular Python sequence to Tensor (string tensors of different "
                f"shapes). Received: value={_short(value)}"
            )
        out = np.empty((len(parts),) + parts[0].shape, dtype=object)
        for i, part in enumerate(parts):
            out[i, ...] = part  # `out[i] = part` would store a 0-d part as an array object
        out.flags.writeable = False
        return out
    array = np.empty(0, dtype=object) if len(value) == 0 else np.array(value, dtype=object)
    if any(isinstance(item, (list, tuple, np.ndarray)) for item in array.flat):
        raise ValueError(
            "Can't convert non-rectangular Python sequence to Tensor (rows of different lengths; use "
            f"tf.ragged.constant). Received: value={_short(value)}"
        )
    return _encode_array(array, value)


def as_string_array(value):
    """The read-only numpy object ndarray of `bytes` for a string value.

    Args:
        value: a `StringTensor`, `str`, `bytes`, numpy string scalar, numpy array of str/bytes
            (dtype `U`, `S` or object), or a (nested, rectangular) list/tuple of those.

    Returns:
        `np.ndarray` of dtype object holding `bytes` (0-d for a scalar), not writeable. A
        `StringTensor`'s own array is returned without a copy.

    Raises:
        TypeError: if `value` (or one of its items) is not a string.
        ValueError: for a non-rectangular nested list.
    """
    if isinstance(value, StringTensor):
        return value._array
    if isinstance(value, _STRING_SCALARS):
        out = np.empty((), dtype=object)
        out[()] = _encode(value.item() if isinstance(value, np.generic) else value, value)
        out.flags.writeable = False
        return out
    if isinstance(value, np.ndarray):
        return _encode_array(value, value)
    if isinstance(value, (list, tuple)):
        return _from_sequence(value)
    if _object_array_like(value):
        return _encode_array(np.asarray(value, dtype=object), value)
    raise TypeError(
        f"Expected a string value (str, bytes, a list or array of them, or a string tensor). "
        f"Received: value={_short(value)} of type {type(value).__name__}"
    )


def _leaf(value):
    while isinstance(value, (list, tuple)) and value:
        value = value[0]
    return value


def looks_like_strings(value):
    """True when `value` is string data: a `StringTensor`, str/bytes, a string ndarray, or a list of them.

    Lists are judged by their first leaf (a mixed list then fails in `as_string_array`, as in TF).
    """
    if isinstance(value, (StringTensor,) + _STRING_SCALARS):
        return True
    if isinstance(value, np.ndarray):
        return value.dtype.kind in "US" or (value.dtype.kind == "O" and value.size > 0
                                            and isinstance(value.flat[0], _STRING_SCALARS))
    if isinstance(value, (list, tuple)) and value:
        return isinstance(_leaf(value), (StringTensor,) + _STRING_SCALARS)
    if _object_array_like(value):
        return looks_like_strings(np.asarray(value, dtype=object))
    return False


def _object_array_like(value):
    """Whether `value` is an array-like other than an ndarray whose dtype holds objects or text (a pandas
    `StringArray` from `df[column].values`, a string `Series`): numpy converts it, as TF does."""
    return (not isinstance(value, (np.ndarray, torch.Tensor)) and hasattr(value, "__array__")
            and getattr(getattr(value, "dtype", None), "kind", None) in ("O", "U", "S"))


def has_strings(*values):
    """True when any of `values` is string data (see `looks_like_strings`); ops use it to dispatch."""
    for v in values:
        if not isinstance(v, torch.Tensor) and looks_like_strings(v):
            return True
    return False


def is_string_tensor(x):
    """True for a `StringTensor`."""
    return isinstance(x, StringTensor)


def string_tensor(value):
    """`value` as a `StringTensor` (returned as is when it already is one).

    Raises:
        TypeError / ValueError: as `as_string_array`.
    """
    return value if isinstance(value, StringTensor) else StringTensor(value)


def _boolean_mask_key(key):
    """A whole-key boolean mask (numpy bool array or bool tensor, at least 1-D) as a numpy array, else None."""
    if isinstance(key, torch.Tensor) and key.dtype == torch.bool and key.dim() > 0:
        return key.detach().cpu().numpy()
    if isinstance(key, np.ndarray) and key.dtype == np.bool_ and key.ndim > 0:
        return key
    return None


def _index_part(part, key):
    if part is None or part is Ellipsis or isinstance(part, slice):
        if isinstance(part, slice):
            return slice(*(_index_part(p, key) if p is not None else None for p in (part.start, part.stop, part.step)))
        return part
    if isinstance(part, (bool, np.bool_)):
        raise TypeError(_BAD_INDEX.format(key=key))
    if isinstance(part, numbers.Integral):
        return int(part)
    if isinstance(part, torch.Tensor) and part.dim() == 0 and part.dtype in (torch.int32, torch.int64):
        return int(part)
    raise TypeError(_BAD_INDEX.format(key=key))


_BAD_INDEX = (
    "Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar tf.int32/tf.int64 "
    "tensors are valid indices of a string tensor (use tf.gather or tf.boolean_mask to select by a "
    "list or mask). Received: key={key!r}"
)


class StringTensor:
    """An eager tensor of dtype `tf.string`: an immutable numpy object array of `bytes`.

    Args:
        value: str/bytes, a (nested, rectangular) list/tuple of them, a numpy array of strings or
            another `StringTensor`. `str` items are UTF-8 encoded.

    Raises:
        TypeError: if `value` holds anything but strings (TF: "Can't convert ... mixed types").
        ValueError: for a non-rectangular nested list (use `tf.ragged.constant`).
    """

    __slots__ = ("_array",)
    __array_ufunc__ = None  # numpy defers to our operators: `array == t` calls `t.__eq__`

    def __init__(self, value):
        self._array = as_string_array(value)

    @classmethod
    def from_bytes_array(cls, array):
        """Wraps an object ndarray that already holds only `bytes` (no check; for op implementations).

        The array is marked read-only; callers must not keep writing to it.
        """
        out = cls.__new__(cls)
        if not isinstance(array, np.ndarray):
            array = np.asarray(array, dtype=object)
        array.flags.writeable = False
        out._array = array
        return out

    # ---- tensor attributes -------------------------------------------------------------------
    @property
    def dtype(self):
        """`tf.string`."""
        return string

    @property
    def shape(self):
        """The (fully known) `tf.TensorShape`."""
        return TensorShape(self._array.shape)

    def get_shape(self):
        """The static shape, as `t.shape`."""
        return self.shape

    def set_shape(self, shape):
        """Eager tensors only check that `shape` is compatible (as TF).

        Raises:
            ValueError: if `shape` is not compatible with the tensor's shape.
        """
        if not is_compatible(self._array.shape, dims_of(TensorShape(shape))):
            raise ValueError(f"Tensor's shape {self._array.shape} is not compatible with supplied shape "
                             f"{TensorShape(shape)}. Received: shape={shape!r}")
        trace_state.stated_shape(self, TensorShape(shape))

    @property
    def ndim(self):
        """The rank (number of dimensions)."""
        return self._array.ndim

    @property
    def device(self):
        """TF keeps strings on the host: always the CPU device name."""
        return _CPU

    def numpy(self):
        """A copy of the values: an object ndarray of `bytes`, or `bytes` for a 0-d tensor."""
        if self._array.ndim == 0:
            return self._array[()]
        return self._array.copy()

    def __array__(self, dtype=None, copy=None):
        out = self._array.copy()
        return out if dtype is None else out.astype(dtype)

    ref = tensor_reference.ref
    experimental_ref = tensor_reference.ref

    # ---- sequence protocol -------------------------------------------------------------------
    def __len__(self):
        if self._array.ndim == 0:
            raise TypeError("Scalar tensor has no `len()`")
        return self._array.shape[0]

    def __iter__(self):
        if self._array.ndim == 0:
            raise TypeError("Cannot iterate over a scalar tensor.")
        rows = self._array.shape[0]
        return (StringTensor.from_bytes_array(self._array[i : i + 1].reshape(self._array.shape[1:]))
                for i in range(rows))

    def __getitem__(self, key):
        mask = _boolean_mask_key(key)
        if mask is not None:  # TF: a boolean key (numpy array or tensor) selects as tf.boolean_mask
            if mask.shape != self._array.shape[: mask.ndim]:
                raise errors.InvalidArgumentError(
                    f"The boolean mask's shape {list(mask.shape)} must match the leading dimensions of the string "
                    f"tensor's shape {list(self._array.shape)}. Received: key={key!r}")
            return StringTensor.from_bytes_array(self._array[mask])
        parts = key if isinstance(key, tuple) else (key,)
        index = tuple(_index_part(p, key) for p in parts)
        try:
            out = self._array[index]
        except IndexError as err:
            raise errors.InvalidArgumentError(
                f"Index out of range for a string tensor of shape {self._array.shape} ({err}). Received: key={key!r}"
            ) from None
        if not isinstance(out, np.ndarray):
            scalar = np.empty((), dtype=object)
            scalar[()] = out
            out = scalar
        return StringTensor.from_bytes_array(out)

    # ---- operators ---------------------------------------------------------------------------
    def _other(self, other, op):
        if isinstance(other, torch.Tensor):
            raise errors.InvalidArgumentError(
                f"cannot compute {op} as input #1(zero-based) was expected to be a string tensor but is a "
                f"{str(other.dtype).replace('torch.', '')} tensor. Received: other with dtype={other.dtype}"
            )
        try:
            return as_string_array(other)
        except (TypeError, ValueError):
            raise TypeError(f"Cannot convert {_short(other)} to EagerTensor of dtype string") from None

    def _compare(self, other, equal):
        if other is None:
            return not equal
        b = self._other(other, "Equal" if equal else "NotEqual")
        try:
            np.broadcast_shapes(self._array.shape, b.shape)
        except ValueError:
            return torch.tensor(not equal)  # TF's `==` on incompatible shapes
        result = (self._array == b) if equal else (self._array != b)
        return torch.from_numpy(np.asarray(result, dtype=bool).copy())

    def __eq__(self, other):
        return self._compare(other, True)

    def __ne__(self, other):
        return self._compare(other, False)

    def __hash__(self):
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    def __add__(self, other):
        return concat_elementwise(self._array, self._other(other, "Add"))

    def __radd__(self, other):
        return concat_elementwise(self._other(other, "Add"), self._array)

    def __bool__(self):
        if self._array.size != 1:
            raise ValueError(
                "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")
        return bool(self._array.reshape(-1)[0])

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (StringTensor, (self._array.copy(),))

    # ---- printing ----------------------------------------------------------------------------
    def _shape_text(self):
        dims = self._array.shape
        return f"({dims[0]},)" if len(dims) == 1 else "(" + ", ".join(str(d) for d in dims) + ")"

    def __repr__(self):
        body = repr(self.numpy())
        sep = "\n" if "\n" in body else ""
        return f"<tf.Tensor: shape={self._shape_text()}, dtype=string, numpy={sep}{body}>"

    def __str__(self):
        return f"tf.Tensor({self._array[()] if self.ndim == 0 else self._array}, shape={self._shape_text()}, " \
               "dtype=string)"


def concat_elementwise(a, b):
    """Elementwise `a + b` of two object arrays of bytes (broadcasting) as a `StringTensor`.

    Raises:
        errors.InvalidArgumentError: if the shapes do not broadcast.
    """
    try:
        shape = np.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        raise errors.InvalidArgumentError(
            f"Incompatible shapes: {list(a.shape)} vs. {list(b.shape)} [Op:Add]. "
            f"Received: x.shape={list(a.shape)}, y.shape={list(b.shape)}"
        ) from None
    out = np.empty(shape, dtype=object)
    out[...] = _concat(a, b)
    return StringTensor.from_bytes_array(out)
