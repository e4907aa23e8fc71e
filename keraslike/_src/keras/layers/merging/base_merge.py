"""`Merge`: base of the elementwise merge layers (keras/src/layers/merging/base_merge.py).

Called on a list of tensors: `Add()([a, b])`. Inputs of lower rank get
size-1 axes inserted after the batch axis (as Keras does) and then broadcast.
"""

import functools

import torch

from keraslike._src.keras.layers.layer import Layer


def _is_shape(value):
    return isinstance(value, (tuple, list)) and all(d is None or isinstance(d, int) for d in value)


class Merge(Layer):
    """Merge a list of tensors with `_merge_function(list) -> tensor`.

    Raises:
        ValueError: if called on something other than a list, or on fewer than `min_inputs` tensors.
    """

    min_inputs = 1
    max_inputs = None

    def _check_count(self, n, received):
        if n < self.min_inputs or (self.max_inputs is not None and n > self.max_inputs):
            want = f"exactly {self.max_inputs}" if self.max_inputs == self.min_inputs else f"at least {self.min_inputs}"
            raise ValueError(
                f"A `{type(self).__name__}` layer should be called on {want} inputs. "
                f"Received: {n} inputs (input_shape={received})"
            )

    def build(self, input_shape):
        if not isinstance(input_shape, (list, tuple)) or _is_shape(input_shape):
            raise ValueError(
                f"A merge layer should be called on a list of inputs. Received: input_shape={input_shape} "
                "(not a list of shapes)"
            )
        self._check_count(len(input_shape), input_shape)
        self.built = True

    def call(self, inputs):
        if not isinstance(inputs, (list, tuple)):
            raise ValueError(
                f"A merge layer should be called on a list of inputs. Received: inputs={inputs!r} (not a list)"
            )
        self._check_count(len(inputs), [tuple(x.shape) for x in inputs])
        rank = max(x.dim() for x in inputs)
        aligned = [x if x.dim() == rank else x.reshape(x.shape[0], *([1] * (rank - x.dim())), *x.shape[1:])
                   for x in inputs]
        return self._merge_function(aligned)

    def _merge_function(self, inputs):
        raise NotImplementedError

    def compute_mask(self, inputs, mask=None):
        """Keras's rule for the elementwise merges: the OR of the inputs' masks, None if any input has none."""
        if mask is None:
            return None
        check_masks(inputs, mask)
        if any(m is None for m in mask):
            return None
        out = mask[0].to(torch.bool)
        for m in mask[1:]:
            out = out | m.to(torch.bool)
        return out


def check_masks(inputs, mask):
    """Raise unless `inputs` and `mask` are lists of the same length (Keras's messages)."""
    if not isinstance(mask, (tuple, list)):
        raise ValueError(f"`mask` should be a list. Received: mask={mask}")
    if not isinstance(inputs, (tuple, list)):
        raise ValueError(f"`inputs` should be a list. Received: inputs={inputs}")
    if len(mask) != len(inputs):
        raise ValueError("The lists `inputs` and `mask` should have the same length. Received: inputs of length "
                         f"{len(inputs)}, and mask={mask} of length {len(mask)}")


class Add(Merge):
    """Elementwise sum of a list of tensors of the same (broadcastable) shape."""

    def _merge_function(self, inputs):
        return functools.reduce(lambda a, b: a + b, inputs)


class Subtract(Merge):
    """`inputs[0] - inputs[1]`; takes exactly two tensors."""

    min_inputs = max_inputs = 2

    def _merge_function(self, inputs):
        return inputs[0] - inputs[1]


class Multiply(Merge):
    """Elementwise product of a list of tensors."""

    def _merge_function(self, inputs):
        return functools.reduce(lambda a, b: a * b, inputs)


class Average(Merge):
    """Elementwise mean of a list of tensors."""

    def _merge_function(self, inputs):
        return functools.reduce(lambda a, b: a + b, inputs) / len(inputs)


class Maximum(Merge):
    """Elementwise maximum of a list of tensors."""

    def _merge_function(self, inputs):
        return functools.reduce(lambda a, b: a.maximum(b), inputs)


class Minimum(Merge):
    """Elementwise minimum of a list of tensors."""

    def _merge_function(self, inputs):
        return functools.reduce(lambda a, b: a.minimum(b), inputs)
