"""`Dimension`: one dimension of a static shape, as `TensorShape.dims` lists them (TF 2 and TF 1 alike).

Mirrors `tensorflow/python/framework/tensor_shape.py`: `.value` is the int or None; arithmetic propagates
unknowns; comparing with an unknown gives None. `tf.compat.v1.Dimension` and `dimension_value` are these.
"""


class Dimension:
    """`tf.compat.v1.Dimension(value)`: one dimension of a TF1 shape (`value` is an int or None).

    Raises:
        ValueError: for a negative value.
    """

    __slots__ = ("_value",)

    def __init__(self, value):
        if isinstance(value, Dimension):
            value = value.value
        if value is not None:
            value = int(value.__index__())
            if value < 0:
                raise ValueError(f"Dimension {value} must be >= 0")
        self._value = value

    @property
    def value(self):
        return self._value

    def __index__(self):
        if self._value is None:
            raise TypeError("Cannot use an unknown Dimension (?) as an integer.")
        return self._value

    def __int__(self):
        return self.__index__()

    def __repr__(self):
        return f"Dimension({self._value})"

    def __str__(self):
        return "?" if self._value is None else str(self._value)

    def __hash__(self):
        return hash(self._value)

    def __eq__(self, other):
        other = _value_of(other)
        if self._value is None or other is None:
            return None
        return self._value == other

    def __ne__(self, other):
        other = _value_of(other)
        if self._value is None or other is None:
            return None
        return self._value != other

    def _binary(self, other, fn):
        other = _value_of(other)
        if self._value is None or other is None:
            return Dimension(None)
        return Dimension(fn(self._value, other))

    def __add__(self, other):
        return self._binary(other, lambda a, b: a + b)

    __radd__ = __add__

    def __sub__(self, other):
        return self._binary(other, lambda a, b: a - b)

    def __rsub__(self, other):
        return self._binary(other, lambda a, b: b - a)

    def __mul__(self, other):
        return self._binary(other, lambda a, b: a * b)

    __rmul__ = __mul__

    def __floordiv__(self, other):
        return self._binary(other, lambda a, b: a // b)

    def __rfloordiv__(self, other):
        return self._binary(other, lambda a, b: b // a)

    def __mod__(self, other):
        return self._binary(other, lambda a, b: a % b)

    def __lt__(self, other):
        other = _value_of(other)
        return None if self._value is None or other is None else self._value < other

    def __le__(self, other):
        other = _value_of(other)
        return None if self._value is None or other is None else self._value <= other

    def __gt__(self, other):
        other = _value_of(other)
        return None if self._value is None or other is None else self._value > other

    def __ge__(self, other):
        other = _value_of(other)
        return None if self._value is None or other is None else self._value >= other

    def is_compatible_with(self, other):
        other = _value_of(other)
        return self._value is None or other is None or self._value == other

    def merge_with(self, other):
        other = _value_of(other)
        if self._value is None:
            return Dimension(other)
        if other is not None and other != self._value:
            raise ValueError(f"Dimensions {self._value} and {other} are not compatible")
        return Dimension(self._value)


def _value_of(x):
    return x.value if isinstance(x, Dimension) else (None if x is None else int(x))


def dimension_value(dimension):
    """`tf.compat.v1.dimension_value`: the int (or None) of a `Dimension` or int."""
    return dimension.value if isinstance(dimension, Dimension) else dimension
