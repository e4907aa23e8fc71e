"""`keras.layers.add`, `concatenate`, `dot`, ...: the functional interfaces of the merge layers.

Each builds the layer with `**kwargs` and calls it on `inputs`, as keras/src/layers/merging/*.py's functions do:
`keras.layers.add([a, b])` is `keras.layers.Add()([a, b])`.
"""

from keraslike._src.keras.layers.merging.base_merge import Add, Average, Maximum, Minimum, Multiply, Subtract
from keraslike._src.keras.layers.merging.concatenate import Concatenate
from keraslike._src.keras.layers.merging.dot import Dot


def _functional_merge(cls):
    def merge(inputs, **kwargs):
        return cls(**kwargs)(inputs)

    merge.__name__ = merge.__qualname__ = cls.__name__.lower()
    merge.__doc__ = f"Functional interface to `{cls.__name__}`: `{merge.__name__}([a, b])`."
    return merge


add = _functional_merge(Add)
subtract = _functional_merge(Subtract)
multiply = _functional_merge(Multiply)
average = _functional_merge(Average)
maximum = _functional_merge(Maximum)
minimum = _functional_merge(Minimum)
concatenate = _functional_merge(Concatenate)


def dot(inputs, axes=-1, **kwargs):
    """Functional interface to `Dot`: `dot([a, b], axes=1)`."""
    return Dot(axes=axes, **kwargs)(inputs)
