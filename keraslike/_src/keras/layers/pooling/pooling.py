"""Max and average pooling layers (keras/src/layers/pooling/{max,average}_pooling{1,2,3}d.py).

Thin siblings of `BasePooling`; see it for TF's "same" rules. Example:

    >>> MaxPooling2D(2, padding="same")(np.zeros((1, 5, 5, 3), "float32")).shape
    torch.Size([1, 3, 3, 3])
"""

from keraslike._src.keras.layers.pooling.base_pooling import BasePooling


class MaxPooling1D(BasePooling):
    """Max over windows of `(batch, steps, features)`; default `pool_size=2`, `strides=pool_size`.

    Output shape: `(batch, pooled_steps, features)`.
    """

    def __init__(self, pool_size=2, strides=None, padding="valid", data_format=None, **kwargs):
        super().__init__(1, "max", pool_size, strides, padding, data_format, **kwargs)


class MaxPooling2D(BasePooling):
    """Max over windows of `(batch, rows, cols, channels)`; default `pool_size=(2, 2)`.

    Output shape: `(batch, pooled_rows, pooled_cols, channels)`.
    """

    def __init__(self, pool_size=(2, 2), strides=None, padding="valid", data_format=None, **kwargs):
        super().__init__(2, "max", pool_size, strides, padding, data_format, **kwargs)


class MaxPooling3D(BasePooling):
    """Max over windows of `(batch, d1, d2, d3, channels)`; default `pool_size=(2, 2, 2)`."""

    def __init__(self, pool_size=(2, 2, 2), strides=None, padding="valid", data_format=None, **kwargs):
        super().__init__(3, "max", pool_size, strides, padding, data_format, **kwargs)


class AveragePooling1D(BasePooling):
    """Mean over windows of `(batch, steps, features)`; "same" averages valid elements only."""

    def __init__(self, pool_size=2, strides=None, padding="valid", data_format=None, **kwargs):
        super().__init__(1, "average", pool_size, strides, padding, data_format, **kwargs)


class AveragePooling2D(BasePooling):
    """Mean over windows of `(batch, rows, cols, channels)`; "same" averages valid elements only."""

    def __init__(self, pool_size=(2, 2), strides=None, padding="valid", data_format=None, **kwargs):
        super().__init__(2, "average", pool_size, strides, padding, data_format, **kwargs)


class AveragePooling3D(BasePooling):
    """Mean over windows of `(batch, d1, d2, d3, channels)`."""

    def __init__(self, pool_size=(2, 2, 2), strides=None, padding="valid", data_format=None, **kwargs):
        super().__init__(3, "average", pool_size, strides, padding, data_format, **kwargs)
