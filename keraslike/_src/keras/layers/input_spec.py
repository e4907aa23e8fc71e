"""`InputSpec` (keras/src/layers/input_spec.py): what a layer accepts, checked on every call.

Set `self.input_spec = InputSpec(ndim=4, axes={-1: 3})` (or a list, one per input) in a layer;
calls with incompatible inputs raise a ValueError naming the layer and the mismatch.
"""

import torch

from keraslike._src.ops import dtypes


class InputSpec:
    """The rank, dtype, shape and fixed axis sizes a layer's input must have.

    Args:
        dtype: expected dtype name (e.g. "float32"), or None.
        shape: expected shape (None entries are free), or None.
        ndim, max_ndim, min_ndim: expected rank bounds, or None.
        axes: dict `{axis: size}` of fixed sizes.
        allow_last_axis_squeeze: accept a rank one lower (or higher) when the last axis is 1.
        name: input name (for the error message).
        optional: whether the input may be None.

    Raises:
        ValueError: if `axes` names an axis outside `ndim`/`max_ndim`.
    """

    def __init__(self, dtype=None, shape=None, ndim=None, max_ndim=None, min_ndim=None, axes=None,
                 allow_last_axis_squeeze=False, name=None, optional=False):
        self.dtype = None if dtype is None else dtypes.keras_dtype_or_given(dtype)  # Keras 3's "float32"
        self.shape = None if shape is None else tuple(shape)
        self.ndim = len(self.shape) if shape is not None else ndim
        self.max_ndim, self.min_ndim = max_ndim, min_ndim
        self.name = name
        self.optional = optional
        self.allow_last_axis_squeeze = allow_last_axis_squeeze
        self.axes = {int(k): v for k, v in (axes or {}).items()}
        bound = self.ndim if self.ndim is not None else self.max_ndim
        if self.axes and bound is not None and max(self.axes) >= bound:
            raise ValueError(f"Axis {max(self.axes)} is greater than the maximum allowed value: {bound - 1}")

    def __repr__(self):
        parts = [f"{k}={v}" for k, v in (("dtype", self.dtype), ("shape", self.shape), ("ndim", self.ndim),
                                         ("max_ndim", self.max_ndim), ("min_ndim", self.min_ndim),
                                         ("axes", self.axes or None)) if v is not None]
        return f"InputSpec({', '.join(parts)})"

    def get_config(self):
        return {"dtype": self.dtype, "shape": self.shape, "ndim": self.ndim, "max_ndim": self.max_ndim,
                "min_ndim": self.min_ndim, "axes": self.axes}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def assert_input_compatibility(input_spec, inputs, layer_name):
    """Raise a ValueError if `inputs` (a tensor or list) do not meet `input_spec` (one spec or a list)."""
    specs = input_spec if isinstance(input_spec, (list, tuple)) else [input_spec]
    values = inputs if isinstance(inputs, (list, tuple)) else [inputs]
    if len(specs) != len(values) and len(specs) > 1:
        raise ValueError(f'Layer "{layer_name}" expects {len(specs)} input(s), but it received {len(values)} input '
                         f"tensors.")
    for i, (spec, x) in enumerate(zip(specs, values)):
        if spec is None:
            continue
        if x is None:
            if not spec.optional:
                raise ValueError(f'Input {i} of layer "{layer_name}" is None but the layer requires it.')
            continue
        if not isinstance(x, torch.Tensor):
            continue
        shape = tuple(x.shape)
        rank = len(shape)
        prefix = f'Input {i} of layer "{layer_name}" is incompatible with the layer:'
        if spec.ndim is not None and not spec.allow_last_axis_squeeze and rank != spec.ndim:
            raise ValueError(f"{prefix} expected ndim={spec.ndim}, found ndim={rank}. Full shape received: {shape}. "
                             f"Received: inputs.shape={shape}")
        if spec.max_ndim is not None and rank > spec.max_ndim:
            raise ValueError(f"{prefix} expected max_ndim={spec.max_ndim}, found ndim={rank}. "
                             f"Received: inputs.shape={shape}")
        if spec.min_ndim is not None and rank < spec.min_ndim:
            raise ValueError(f"{prefix} expected min_ndim={spec.min_ndim}, found ndim={rank}. "
                             f"Full shape received: {shape}. Received: inputs.shape={shape}")
        if spec.dtype is not None and str(x.dtype).replace("torch.", "") != spec.dtype:
            raise ValueError(f"{prefix} expected dtype={spec.dtype}, found dtype={x.dtype}. "
                             f"Received: inputs.dtype={x.dtype}")
        for axis, size in spec.axes.items():
            if size is not None and -rank <= axis < rank and shape[axis] != size:
                raise ValueError(f"{prefix} expected axis {axis} of input shape to have value {size}, but "
                                 f"received input with shape {shape}. Received: inputs.shape={shape}")
        if spec.shape is not None and rank == len(spec.shape):
            for want, got in zip(spec.shape, shape):
                if want is not None and want != got:
                    raise ValueError(f"{prefix} expected shape={spec.shape}, found shape={shape}. "
                                     f"Received: inputs.shape={shape}")


def fixed_axis(input_shape, axis, ndim=None, min_ndim=None):
    """The `InputSpec` a layer sets in `build` once its weights fix the size of `axis` (Keras's Dense, Conv,
    normalization and recurrent layers): later calls with another size raise Keras's "expected axis -1 of input
    shape to have value 3" error instead of a torch error, or, where torch would broadcast, a silent result."""
    return InputSpec(ndim=ndim, min_ndim=min_ndim, axes={axis: int(input_shape[axis])})
