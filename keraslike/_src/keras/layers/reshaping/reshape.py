"""`Reshape`, `Permute`, `RepeatVector` (keras/src/layers/reshaping/{reshape,permute,repeat_vector}.py).

All act on the non-batch dimensions; the batch dimension is kept.
"""

import math

from keraslike._src.keras.layers.layer import Layer


class Reshape(Layer):
    """Reshape the non-batch dimensions to `target_shape` (one entry may be -1).

    Args:
        target_shape: tuple of ints, without the batch dimension.

    Input shape: `(batch, ...)`. Output shape: `(batch, *target_shape)`.

    Raises:
        ValueError: if `target_shape` has more than one -1 or the sizes do not match.
    """

    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        self.target_shape = tuple(int(d) for d in target_shape)
        if sum(d == -1 for d in self.target_shape) > 1:
            raise ValueError(
                f"There must be at most one unknown dimension (-1) in the target shape. "
                f"Received: target_shape={self.target_shape}"
            )

    def _check_size(self, input_shape):
        """The per-example size must equal the target's (or be a multiple of its known part with a -1)."""
        rest = tuple(input_shape[1:])
        if None in rest:
            return
        have, need = math.prod(rest), math.prod(d for d in self.target_shape if d != -1)
        if (have != need) if -1 not in self.target_shape else (need == 0 or have % need):
            raise ValueError(
                f"The total size of the tensor must be unchanged: {have} per example cannot be reshaped to "
                f"target_shape={self.target_shape}. Received: input_shape={rest}, target_shape={self.target_shape}"
            )

    def call(self, inputs):
        self._check_size(tuple(inputs.shape))
        return inputs.reshape(inputs.shape[0], *self.target_shape)

    def compute_output_shape(self, input_shape):
        self._check_size(input_shape)  # the functional API's shape inference: Input((6,)) -> Reshape((4, 2))
        shape = list(self.target_shape)
        if -1 in shape:
            known = math.prod(d for d in shape if d != -1)
            rest = input_shape[1:]
            shape[shape.index(-1)] = None if None in rest else math.prod(rest) // known
        return (input_shape[0], *shape)

    def get_config(self):
        return {**super().get_config(), "target_shape": self.target_shape}


class Permute(Layer):
    """Permute the non-batch dimensions: `Permute((2, 1))` swaps axes 1 and 2.

    Args:
        dims: tuple, a permutation of `1..rank` (indexing starts at 1, as Keras).

    Input shape: `(batch, d1, ..., dn)`. Output shape: the dims reordered by `dims`.

    Raises:
        ValueError: if `dims` is not a permutation of `1..len(dims)`.
    """

    def __init__(self, dims, **kwargs):
        super().__init__(**kwargs)
        self.dims = tuple(int(d) for d in dims)
        if sorted(self.dims) != list(range(1, len(self.dims) + 1)):
            raise ValueError(
                "Invalid permutation argument `dims` for Permute Layer. The set of indices in `dims` must be "
                f"consecutive and start from 1. Received: dims={dims}"
            )

    def call(self, inputs):
        return inputs.permute(0, *self.dims)

    def compute_output_shape(self, input_shape):
        return (input_shape[0], *(input_shape[d] for d in self.dims))

    def get_config(self):
        return {**super().get_config(), "dims": self.dims}


class RepeatVector(Layer):
    """Repeat a `(batch, features)` input `n` times: output `(batch, n, features)`.

    Args:
        n: int, number of repetitions.

    Raises:
        TypeError: if `n` is not an int.
    """

    def __init__(self, n, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(f"Expected an integer value for `n`. Received: n={n!r}")
        self.n = n

    def call(self, inputs):
        if inputs.dim() != 2:
            raise ValueError(f"RepeatVector expects a 2D input. Received: input_shape={tuple(inputs.shape)}")
        return inputs.unsqueeze(1).expand(-1, self.n, -1)  # a view, no copy

    def compute_output_shape(self, input_shape):
        return (input_shape[0], self.n, input_shape[1])

    def get_config(self):
        return {**super().get_config(), "n": self.n}
