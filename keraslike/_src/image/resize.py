"""`tf.image.resize`: TF 2's resampling, method for method, on NHWC tensors.

Mirrors `tensorflow/python/ops/image_ops_impl.py` (`resize_images_v2`) and the kernels it calls
(`resize_bilinear_op.cc`, `resize_nearest_neighbor_op.cc`, `resize_bicubic_op.cc`,
`resize_area_op.cc`, `scale_and_translate_op.cc` with `sampling_kernels.h`). All methods use
half-pixel centres, as TF 2 does. Resampling is separable, so each method is a pair of
`(out, in)` weight matrices applied to the height and width axes (differentiable, any device):

- bilinear: the triangle kernel (TF's `resize_bilinear`; with `antialias=True` the kernel widens
  by the downscale factor, TF's scale-and-translate);
- nearest: `floor((x + 0.5) * in / out)`, dtype kept (`antialias` has no effect, as TF);
- bicubic: Keys cubic, a = -0.5, weights from TF's 1024-entry table, zero weight outside the
  image and renormalised (TF's half-pixel `resize_bicubic`); `antialias=True`: scale-and-translate;
- area: exact overlap of each output pixel's box with the input pixels (TF's `resize_area`);
- lanczos3, lanczos5, gaussian, mitchellcubic: TF's scale-and-translate kernels.

Output dtype: float32 (images of other dtypes are cast first), except nearest, which keeps it.
"""

import math

import numpy as np
import torch

from keraslike._src.ops import unregistered_gradient
from keraslike._src.ops.conversion import convert_to_tensor


class ResizeMethod:
    """`tf.image.ResizeMethod`: the method names `resize` accepts."""

    BILINEAR = "bilinear"
    NEAREST_NEIGHBOR = "nearest"
    BICUBIC = "bicubic"
    AREA = "area"
    LANCZOS3 = "lanczos3"
    LANCZOS5 = "lanczos5"
    GAUSSIAN = "gaussian"
    MITCHELLCUBIC = "mitchellcubic"


_METHODS = {v for k, v in vars(ResizeMethod).items() if k.isupper()}


def _lanczos(radius):
    def kernel(x):
        x = np.abs(x)
        safe = np.where(x <= 1e-3, 1.0, x)
        value = radius * np.sin(np.pi * safe) * np.sin(np.pi * safe / radius) / (np.pi ** 2 * safe ** 2)
        return np.where(x > radius, 0.0, np.where(x <= 1e-3, 1.0, value))
    return kernel, float(radius)


def _gaussian(x):
    x = np.abs(x)
    sigma = 1.5 / 3.0
    return np.where(x >= 1.5, 0.0, np.exp(-x * x / (2.0 * sigma * sigma)))


def _box(x):
    x = np.abs(x)
    return np.where(x < 0.5, 1.0, np.where(x == 0.5, 0.5, 0.0))


def _triangle(x):
    x = np.abs(x)
    return np.where(x < 1.0, 1.0 - x, 0.0)


def _keys_cubic(x):
    x = np.abs(x)
    return np.where(x >= 2.0, 0.0, np.where(x >= 1.0, ((-0.5 * x + 2.5) * x - 4.0) * x + 2.0,
                                            ((1.5 * x - 2.5) * x) * x + 1.0))


def _mitchell_cubic(x):
    x = np.abs(x)
    return np.where(x >= 2.0, 0.0, np.where(x >= 1.0, (((-7.0 / 18.0) * x + 2.0) * x - 10.0 / 3.0) * x + 16.0 / 9.0,
                                            (((7.0 / 6.0) * x - 2.0) * x) * x + 8.0 / 9.0))


_KERNELS = {
    "lanczos3": _lanczos(3), "lanczos5": _lanczos(5), "gaussian": (_gaussian, 1.5), "box": (_box, 1.0),
    "triangle": (_triangle, 1.0), "keyscubic": (_keys_cubic, 2.0), "mitchellcubic": (_mitchell_cubic, 2.0),
}


def _scale_and_translate_weights(in_size, out_size, kernel_name, antialias):
    """TF's ComputeSpans: `(out, in)` weights for scale = out / in, translation 0."""
    kernel, radius = _KERNELS[kernel_name]
    inv_scale = in_size / out_size
    kernel_scale = max(inv_scale, 1.0) if antialias else 1.0
    weights = np.zeros((out_size, in_size))
    for x in range(out_size):
        sample = (x + 0.5) * inv_scale
        if sample < 0 or sample > in_size:
            continue
        start = min(max(math.ceil(sample - radius * kernel_scale - 0.5), 0), in_size - 1)
        end = min(max(math.floor(sample + radius * kernel_scale - 0.5), 0), in_size - 1) + 1
        sources = np.arange(start, end)
        w = kernel((sources + 0.5 - sample) / kernel_scale)
        total = w.sum()
        if abs(total) >= 1000.0 * np.finfo(np.float32).tiny:
            w = w / total
        weights[x, start:end] = w
    return weights


def _bicubic_table():
    a = -0.5
    x = np.arange(1025, dtype=np.float64) / 1024
    near = (((a + 2) * x - (a + 3)) * x * x + 1).astype(np.float32)
    x1 = x + 1.0
    far = ((((a * x1) - 5 * a) * x1 + 8 * a) * x1 - 4 * a).astype(np.float32)
    return near, far


def _bicubic_weights(in_size, out_size):
    """TF's half-pixel resize_bicubic taps (Keys a = -0.5 from a 1024-entry table, renormalised at borders)."""
    near, far = _bicubic_table()
    scale = np.float32(in_size / out_size)
    weights = np.zeros((out_size, in_size), dtype=np.float64)
    for x in range(out_size):
        loc_f = (np.float32(x) + np.float32(0.5)) * scale - np.float32(0.5)
        loc = int(math.floor(loc_f))
        offset = int(np.rint((loc_f - np.float32(loc)) * np.float32(1024)))
        taps = ((loc - 1, far[offset]), (loc, near[offset]), (loc + 1, near[1024 - offset]),
                (loc + 2, far[1024 - offset]))
        kept = [(i, float(w)) for i, w in taps if 0 <= i < in_size]
        total = sum(w for _, w in kept)
        for i, w in kept:
            weights[x, i] += w / total if abs(total) >= 1000.0 * np.finfo(np.float32).tiny else w
    return weights


def _area_weights(in_size, out_size):
    """TF's resize_area: each output pixel averages the input it covers, by exact overlap."""
    scale = in_size / out_size
    weights = np.zeros((out_size, in_size))
    for x in range(out_size):
        start, end = x * scale, (x + 1) * scale
        for i in range(int(math.floor(start)), min(int(math.ceil(end)), in_size)):
            overlap = min(end, i + 1) - max(start, i)
            if overlap > 0:
                weights[x, i] = overlap / scale
    return weights


def _nearest_index(in_size, out_size):
    scale = np.float32(in_size / out_size)
    out = (np.arange(out_size, dtype=np.float32) + np.float32(0.5)) * scale
    return np.minimum(np.floor(out).astype(np.int64), in_size - 1)


def _weights(method, antialias, in_size, out_size):
    if method == "bilinear":
        return _scale_and_translate_weights(in_size, out_size, "triangle", antialias)
    if method == "bicubic":
        return _scale_and_translate_weights(in_size, out_size, "keyscubic", True) if antialias else \
            _bicubic_weights(in_size, out_size)
    if method == "area":
        return _area_weights(in_size, out_size)
    return _scale_and_translate_weights(in_size, out_size, method, antialias)


def _target_size(size, height, width, preserve_aspect_ratio):
    if isinstance(size, torch.Tensor):
        size = size.tolist()
    size = [int(s) for s in size]
    if len(size) != 2 or min(size) <= 0:
        raise ValueError("'size' must be a 1-D list of 2 positive integers [new_height, new_width]. "
                         f"Received: size={size}")
    if preserve_aspect_ratio:
        factor = min(size[0] / height, size[1] / width)
        size = [int(round(factor * height)), int(round(factor * width))]
    return size


def resize(images, size, method=ResizeMethod.BILINEAR, preserve_aspect_ratio=False, antialias=False, name=None):
    """`tf.image.resize(images, size, method="bilinear", preserve_aspect_ratio=False, antialias=False)`.

    Args:
        images: `(batch, height, width, channels)` or `(height, width, channels)`.
        size: `[new_height, new_width]`.
        method: a `tf.image.ResizeMethod` name (see module docstring).
        preserve_aspect_ratio: scale both sides by the same factor to fit inside `size`.
        antialias: widen the kernel when downsampling (no effect for nearest and area, as TF).

    Returns:
        the resized images, float32 (nearest keeps the input dtype).

    Raises:
        ValueError: for another rank, a bad size or an unknown method.
    """
    x = images if isinstance(images, torch.Tensor) else convert_to_tensor(images)
    if x.dim() not in (3, 4):
        raise ValueError(f"'images' must have either 3 or 4 dimensions. Received: shape={tuple(x.shape)}")
    method = method.lower() if isinstance(method, str) else method
    if method not in _METHODS:
        raise ValueError(f"Resize method is not implemented: {method!r}. Expected one of {sorted(_METHODS)}")
    batched = x if x.dim() == 4 else x.unsqueeze(0)
    _, height, width, _ = batched.shape
    new_h, new_w = _target_size(size, height, width, preserve_aspect_ratio)
    if method == "nearest":
        rows = torch.as_tensor(_nearest_index(height, new_h), device=x.device)
        cols = torch.as_tensor(_nearest_index(width, new_w), device=x.device)
        out = batched.index_select(1, rows).index_select(2, cols)
    else:
        if not batched.is_floating_point():
            batched = batched.to(torch.float32)
        dtype = torch.float64 if batched.dtype == torch.float64 else torch.float32
        wh = torch.as_tensor(_weights(method, antialias, height, new_h), dtype=dtype, device=x.device)
        ww = torch.as_tensor(_weights(method, antialias, width, new_w), dtype=dtype, device=x.device)
        out = torch.einsum("oh,bhwc,pw->bopc", wh, batched.to(dtype), ww)
        out = out.to(torch.float32)  # TF returns float32 for every method but nearest
        if method == "area":
            out = unregistered_gradient.mark("ResizeArea", out)
    return out if x.dim() == 4 else out[0]
