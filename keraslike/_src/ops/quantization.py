"""`tf.quantization.fake_quant_with_min_max_*`: quantize-dequantize as TF's FakeQuant kernels do.

TF nudges the range so that 0 is exactly representable: with `quant_min = 1 if narrow_range else 0`,
`quant_max = 2**num_bits - 1`, `scale = (max - min) / (quant_max - quant_min)`, the zero point
`quant_min - min / scale` is rounded (clamped to the quantized range), and the nudged range is
`[(quant_min - zp) * scale, (quant_max - zp) * scale]`. Inputs are clamped to it and rounded to the grid
(`floor((x - nudged_min) * (1 / scale) + 0.5) * scale + nudged_min`), all in float32. Gradients: straight through
inside the nudged range; below (above) it they go to `min` (`max`) for the `_vars` forms.

Example:
    >>> tf.quantization.fake_quant_with_min_max_args([0.5, 2.0], min=-1.0, max=1.0)
"""

import torch

from keraslike._src import errors
from keraslike._src.ops.conversion import to_tensor


def _nudge(lo, hi, num_bits, narrow_range):
    """Nudged (min, max, scale) as float32 tensors of `lo`'s shape."""
    quant_min = 1.0 if narrow_range else 0.0
    quant_max = float((1 << num_bits) - 1)
    lo, hi = lo.to(torch.float32), hi.to(torch.float32)
    scale = (hi - lo) / (quant_max - quant_min)
    zero_from_min = quant_min - lo / scale
    # inside [quant_min, quant_max] the zero point is >= 0: std::round (halves away from zero) is floor(z + 0.5)
    zero = torch.clamp(torch.floor(zero_from_min + 0.5), quant_min, quant_max)
    return (quant_min - zero) * scale, (quant_max - zero) * scale, scale


class _FakeQuant(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, lo, hi, num_bits, narrow_range):
        n_min, n_max, scale = _nudge(lo, hi, num_bits, narrow_range)
        xf = x.to(torch.float32)
        clamped = torch.minimum(torch.maximum(xf, n_min), n_max)
        out = torch.floor((clamped - n_min) * (1.0 / scale) + 0.5) * scale + n_min
        ctx.save_for_backward(xf, n_min, n_max)
        return out.to(x.dtype)

    @staticmethod
    def backward(ctx, grad):
        xf, n_min, n_max = ctx.saved_tensors
        inside = (xf >= n_min) & (xf <= n_max)
        zero = torch.zeros_like(grad)
        below = torch.where(xf < n_min, grad, zero)
        above = torch.where(xf > n_max, grad, zero)
        return torch.where(inside, grad, zero), below.sum(), above.sum(), None, None


def _check_bits(num_bits, narrow_range):
    if not 2 <= int(num_bits) <= 16:
        raise errors.InvalidArgumentError(f"num_bits is out of range, expected between 2 and 16. "
                                          f"Received: num_bits={num_bits}")
    return int(num_bits), bool(narrow_range)


def _float_input(inputs):
    x = to_tensor(inputs, torch.float32, "inputs")
    if x.dtype != torch.float32:
        raise TypeError(f"`inputs` must be float32. Received: inputs.dtype={x.dtype}")
    return x


def fake_quant_with_min_max_args(inputs, min=-6, max=6, num_bits=8, narrow_range=False, name=None):
    """`tf.quantization.fake_quant_with_min_max_args`: fake-quantize float32 `inputs` into `[min, max]` (Python
    floats, `min < max`) on `num_bits` bits (2..16; `narrow_range` leaves out the lowest level).

    Raises:
        tf.errors.InvalidArgumentError: `min >= max` or `num_bits` outside 2..16.
    """
    num_bits, narrow_range = _check_bits(num_bits, narrow_range)
    if not float(min) < float(max):
        raise errors.InvalidArgumentError(f"min has to be smaller than max, was: {float(min)} >= {float(max)}")
    x = _float_input(inputs)
    lo, hi = torch.tensor(float(min), device=x.device), torch.tensor(float(max), device=x.device)
    return _FakeQuant.apply(x, lo, hi, num_bits, narrow_range)


def fake_quant_with_min_max_vars(inputs, min, max, num_bits=8, narrow_range=False, name=None):
    """`tf.quantization.fake_quant_with_min_max_vars`: as `fake_quant_with_min_max_args` with scalar tensor (or
    variable) bounds, which receive gradients."""
    num_bits, narrow_range = _check_bits(num_bits, narrow_range)
    x = _float_input(inputs)
    lo, hi = (to_tensor(v, torch.float32, n).to(x.device) for v, n in ((min, "min"), (max, "max")))
    if lo.dim() != 0 or hi.dim() != 0:
        raise ValueError(f"`min` and `max` must be scalars. Received: min shape={list(lo.shape)}, "
                         f"max shape={list(hi.shape)}")
    return _FakeQuant.apply(x, lo, hi, num_bits, narrow_range)
