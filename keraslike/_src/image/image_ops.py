"""`tf.image` flips, crops, pads, colour adjustments and conversions on NHWC tensors.

Mirrors `tensorflow/python/ops/image_ops_impl.py`. Images are `(height, width, channels)` or
`(batch, height, width, channels)`; colour ops take RGB in the last axis. Float images are in
`[0, 1]`; `convert_image_dtype` follows TF's scaling rules (float -> int multiplies by `max + 0.5`
and truncates; int -> int shifts; int -> float divides by the maximum).
"""

import numbers

import torch

from keraslike._src.image.resize import resize
from keraslike._src.ops import dtypes, unregistered_gradient
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ragged.ragged_dispatch import on_flat_values


def _image(image, name="image"):
    x = image if isinstance(image, torch.Tensor) else convert_to_tensor(image)
    if x.dim() not in (3, 4):
        raise ValueError(f"'{name}' must be either 3 or 4-dimensional. Received: shape={tuple(x.shape)}")
    return x


def _hw_axes(x):
    return (x.dim() - 3, x.dim() - 2)


def flip_left_right(image):
    """`tf.image.flip_left_right(image)`: reverse the width axis."""
    x = _image(image)
    return torch.flip(x, [x.dim() - 2])


def flip_up_down(image):
    """`tf.image.flip_up_down(image)`: reverse the height axis."""
    x = _image(image)
    return torch.flip(x, [x.dim() - 3])


def transpose(image, name=None):
    """`tf.image.transpose(image)`: swap height and width."""
    x = _image(image)
    return x.transpose(x.dim() - 3, x.dim() - 2)


def rot90(image, k=1, name=None):
    """`tf.image.rot90(image, k=1)`: rotate counter-clockwise by `k` quarter turns."""
    x = _image(image)
    k = int(k.item() if isinstance(k, torch.Tensor) else k)
    return torch.rot90(x, k % 4, dims=_hw_axes(x))


def crop_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    """`tf.image.crop_to_bounding_box`: the `target_height x target_width` box at the offsets.

    Raises:
        ValueError: for negative offsets, non-positive targets or a box outside the image.
    """
    x = _image(image)
    h, w = x.shape[-3], x.shape[-2]
    oh, ow, th, tw = (int(v) for v in (offset_height, offset_width, target_height, target_width))
    if oh < 0 or ow < 0:
        raise ValueError(f"offset_height and offset_width must be >= 0. Received: {oh}, {ow}")
    if th <= 0 or tw <= 0:
        raise ValueError(f"target_height and target_width must be > 0. Received: {th}, {tw}")
    if oh + th > h or ow + tw > w:
        raise ValueError(f"height must be >= target + offset and width must be >= target + offset. "
                         f"Received: image {h}x{w}, box {th}x{tw} at ({oh}, {ow})")
    return x[..., oh:oh + th, ow:ow + tw, :]


def pad_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    """`tf.image.pad_to_bounding_box`: zero-pad to `target_height x target_width`, image at the offsets.

    Raises:
        ValueError: for negative offsets or a target too small to hold the image.
    """
    x = _image(image)
    h, w = x.shape[-3], x.shape[-2]
    oh, ow, th, tw = (int(v) for v in (offset_height, offset_width, target_height, target_width))
    after_h, after_w = th - oh - h, tw - ow - w
    if oh < 0 or ow < 0:
        raise ValueError(f"offset_height and offset_width must be >= 0. Received: {oh}, {ow}")
    if after_h < 0 or after_w < 0:
        raise ValueError(f"height must be <= target - offset and width must be <= target - offset. "
                         f"Received: image {h}x{w}, target {th}x{tw}, offsets ({oh}, {ow})")
    return torch.nn.functional.pad(x, (0, 0, ow, after_w, oh, after_h))


def central_crop(image, central_fraction):
    """`tf.image.central_crop(image, central_fraction)`: keep the central fraction of height and width.

    Raises:
        ValueError: unless `0 < central_fraction <= 1`.
    """
    x = _image(image)
    fraction = float(central_fraction)
    if fraction <= 0.0 or fraction > 1.0:
        raise ValueError(f"central_fraction must be within (0, 1]. Received: central_fraction={central_fraction}")
    if fraction == 1.0:
        return x
    h, w = x.shape[-3], x.shape[-2]
    start_h = int((h - h * fraction) / 2)
    start_w = int((w - w * fraction) / 2)
    return x[..., start_h:h - start_h, start_w:w - start_w, :]


def resize_with_crop_or_pad(image, target_height, target_width):
    """`tf.image.resize_with_crop_or_pad`: centre-crop and/or zero-pad to the target size."""
    x = _image(image)
    h, w = x.shape[-3], x.shape[-2]
    th, tw = int(target_height), int(target_width)
    if th <= 0 or tw <= 0:
        raise ValueError(f"target_height and target_width must be > 0. Received: {th}, {tw}")
    crop_h, crop_w = max((h - th) // 2, 0), max((w - tw) // 2, 0)
    pad_h, pad_w = max((th - h) // 2, 0), max((tw - w) // 2, 0)
    cropped = crop_to_bounding_box(x, crop_h, crop_w, min(th, h), min(tw, w))
    return pad_to_bounding_box(cropped, pad_h, pad_w, th, tw)


def resize_with_pad(image, target_height, target_width, method="bilinear", antialias=False):
    """`tf.image.resize_with_pad`: resize keeping the aspect ratio, then zero-pad (centred) to the target."""
    x = _image(image)
    h, w = x.shape[-3], x.shape[-2]
    th, tw = int(target_height), int(target_width)
    ratio = max(w / tw, h / th)
    new_h, new_w = int(h / ratio), int(w / ratio)
    resized = resize(x, [new_h, new_w], method=method, antialias=antialias)
    return pad_to_bounding_box(resized, max((th - new_h) // 2, 0), max((tw - new_w) // 2, 0), th, tw)


# ---- dtype -----------------------------------------------------------------------------------

def convert_image_dtype(image, dtype, saturate=False, name=None):
    """`tf.image.convert_image_dtype(image, dtype, saturate=False)`: change dtype, rescaling values (TF's rules)."""
    x = image if isinstance(image, torch.Tensor) else convert_to_tensor(image)
    dtype = dtypes.as_dtype(dtype)
    if x.dtype == dtype:
        return x
    src_float, dst_float = x.is_floating_point(), dtype.is_floating_point
    if src_float and dst_float:
        return x.to(dtype)
    if not src_float and not dst_float:
        src_max, dst_max = torch.iinfo(x.dtype).max, torch.iinfo(dtype).max
        if src_max > dst_max:
            return (x // ((src_max + 1) // (dst_max + 1))).to(dtype)
        scale = (dst_max + 1) // (src_max + 1)
        return (x.to(torch.int64) * scale).to(dtype)
    if not src_float:  # int -> float
        return x.to(dtype) * (1.0 / torch.iinfo(x.dtype).max)
    info = torch.iinfo(dtype)  # float -> int
    scaled = x * (info.max + 0.5)
    if saturate:
        scaled = scaled.clamp(info.min, info.max)
    return scaled.to(dtype)


# ---- colour ----------------------------------------------------------------------------------

def _float_op(image, fn):
    """Run `fn` on a float version of `image` and convert back to its dtype (TF's pattern)."""
    x = _image(image) if not isinstance(image, torch.Tensor) or image.dim() >= 3 else image
    if x.is_floating_point():
        return fn(x)
    return convert_image_dtype(fn(convert_image_dtype(x, torch.float32)), x.dtype, saturate=True)


def adjust_brightness(image, delta):
    """`tf.image.adjust_brightness(image, delta)`: add `delta` (in float space)."""
    return _float_op(image, lambda x: x + float(delta))


def adjust_contrast(images, contrast_factor):
    """`tf.image.adjust_contrast(images, contrast_factor)`: `(x - mean) * factor + mean`, mean per image and channel."""
    def fn(x):
        mean = x.mean(dim=(x.dim() - 3, x.dim() - 2), keepdim=True)
        return (x - mean) * float(contrast_factor) + mean
    return unregistered_gradient.mark("AdjustContrastv2", _float_op(images, fn))


def adjust_gamma(image, gamma=1, gain=1):
    """`tf.image.adjust_gamma(image, gamma=1, gain=1)`: `gain * x ** gamma` (integer images through float, as TF).

    Raises:
        ValueError: for a negative gamma.
    """
    if float(gamma) < 0:
        raise ValueError(f"Gamma should be a non-negative real number. Received: gamma={gamma}")
    return _float_op(image, lambda x: gain * x ** float(gamma))


_GRAY_WEIGHTS = (0.2989, 0.5870, 0.1140)


def rgb_to_grayscale(images, name=None):
    """`tf.image.rgb_to_grayscale(images)`: ITU-R 601 luma, last axis becomes size 1."""
    x = images if isinstance(images, torch.Tensor) else convert_to_tensor(images)
    flt = convert_image_dtype(x, torch.float32)
    weights = torch.tensor(_GRAY_WEIGHTS, dtype=torch.float32, device=x.device)
    gray = torch.tensordot(flt, weights, dims=([-1], [0])).unsqueeze(-1)
    return convert_image_dtype(gray, x.dtype)


def grayscale_to_rgb(images, name=None):
    """`tf.image.grayscale_to_rgb(images)`: repeat the single channel three times.

    Raises:
        ValueError: unless the last axis has size 1.
    """
    x = images if isinstance(images, torch.Tensor) else convert_to_tensor(images)
    if x.shape[-1] != 1:
        raise ValueError(f"Last dimension of a grayscale image should be size 1. Received: shape={tuple(x.shape)}")
    return x.expand(*x.shape[:-1], 3).contiguous()


def rgb_to_hsv(images, name=None):
    """`tf.image.rgb_to_hsv(images)`: float RGB in `[0, 1]` to HSV, each in `[0, 1]`."""
    x = images if isinstance(images, torch.Tensor) else convert_to_tensor(images)
    r, g, b = x.unbind(-1)
    value = torch.maximum(torch.maximum(r, g), b)
    minimum = torch.minimum(torch.minimum(r, g), b)
    chroma = value - minimum
    saturation = torch.where(value > 0, chroma / torch.where(value > 0, value, torch.ones_like(value)),
                             torch.zeros_like(value))
    safe = torch.where(chroma > 0, chroma, torch.ones_like(chroma))
    hue = torch.where(value == r, (g - b) / safe,
                      torch.where(value == g, 2.0 + (b - r) / safe, 4.0 + (r - g) / safe))
    hue = torch.where(chroma > 0, hue, torch.zeros_like(hue)) / 6.0
    hue = torch.where(hue < 0, hue + 1.0, hue)
    return torch.stack([hue, saturation, value], dim=-1)


def hsv_to_rgb(images, name=None):
    """`tf.image.hsv_to_rgb(images)`: HSV in `[0, 1]` to RGB."""
    x = images if isinstance(images, torch.Tensor) else convert_to_tensor(images)
    h, s, v = x.unbind(-1)
    dh = h * 6.0
    dr = torch.clamp(torch.abs(dh - 3.0) - 1.0, 0.0, 1.0)
    dg = torch.clamp(2.0 - torch.abs(dh - 2.0), 0.0, 1.0)
    db = torch.clamp(2.0 - torch.abs(dh - 4.0), 0.0, 1.0)
    one_minus_s = 1.0 - s
    return torch.stack([(one_minus_s + s * dr) * v, (one_minus_s + s * dg) * v, (one_minus_s + s * db) * v], dim=-1)


def _kernel_rgb_to_hsv(x, sixths):
    """RGB to `(hue, saturation, value)` the way TF's AdjustHue (`sixths=True`) and AdjustSaturation kernels
    compute it, not `rgb_to_hsv`'s arithmetic: integer images come back through truncation, so the last bits
    decide n or n - 1.

    AdjustHue keeps the hue in sixths of a turn, in [0, 6) (`(g - b) / range`, plus 2 or 4 by sector);
    AdjustSaturation in turns, in [0, 1) (`(g - b) * (1 / (6 * range))`, plus 2/6 or 4/6 added in double).
    """
    r, g, b = x.unbind(-1)
    value = torch.maximum(torch.maximum(r, g), b)
    span = value - torch.minimum(torch.minimum(r, g), b)
    saturation = torch.where(value > 0, span / torch.where(value > 0, value, torch.ones_like(value)),
                             torch.zeros_like(value))
    safe = torch.where(span > 0, span, torch.ones_like(span))
    if sixths:
        hue = torch.where(value == r, (g - b) / safe,
                          torch.where(value == g, (b - r) / safe + 2.0, (r - g) / safe + 4.0))
    else:
        norm = 1.0 / (6.0 * safe)
        wide = torch.float64
        hue = torch.where(value == r, (norm * (g - b)).to(wide),
                          torch.where(value == g, (norm * (b - r)).to(wide) + 2.0 / 6.0,
                                      (norm * (r - g)).to(wide) + 4.0 / 6.0)).to(x.dtype)
    hue = torch.where(span > 0, hue, torch.zeros_like(hue))
    hue = torch.where(hue < 0, hue + (6.0 if sixths else 1.0), hue)
    return hue, saturation, value


def _kernel_hsv_to_rgb(hue, saturation, value):
    """`(hue in sixths, saturation, value)` to RGB as the kernels do: chroma `c = s * v`, floor `m = v - c`, by
    sector (AdjustSaturation passes `hue * 6` of its hue in turns)."""
    chroma = saturation * value
    floor_ = value - chroma
    sector = torch.floor(hue)
    within = hue - 2.0 * torch.floor(hue / 2.0)  # in [0, 2): exact for hue in [0, 6]
    second = chroma * (1.0 - torch.abs(within - 1.0))
    zero = torch.zeros_like(chroma)
    #          sector:  0       1       2       3       4       5
    table_r = [chroma, second, zero, zero, second, chroma]
    table_g = [second, chroma, chroma, second, zero, zero]
    table_b = [zero, zero, second, chroma, chroma, second]
    channels = []
    for table in (table_r, table_g, table_b):
        out = zero
        for k, part in enumerate(table):
            out = torch.where(sector == k, part, out)
        channels.append(out + floor_)
    return torch.stack(channels, dim=-1)


def adjust_saturation(image, saturation_factor, name=None):
    """`tf.image.adjust_saturation(image, saturation_factor)`: scale saturation in HSV, clipped to [0, 1]."""
    def fn(x):
        h, s, v = _kernel_rgb_to_hsv(x, sixths=False)
        return _kernel_hsv_to_rgb(h * 6.0, torch.clamp(s * float(saturation_factor), 0.0, 1.0), v)
    return unregistered_gradient.mark("AdjustSaturation", _float_op(image, fn))


def adjust_hue(image, delta, name=None):
    """`tf.image.adjust_hue(image, delta)`: rotate hue by `delta` (in [-1, 1]) in HSV.

    Raises:
        ValueError: for `delta` outside [-1, 1].
    """
    if not -1.0 <= float(delta) <= 1.0:
        raise ValueError(f"delta must be in the interval [-1, 1]. Received: delta={delta}")

    def fn(x):
        h, s, v = _kernel_rgb_to_hsv(x, sixths=True)
        turn = torch.tensor(float(delta), dtype=x.dtype) * 6.0  # delta in sixths, rounded to the image's float
        h = torch.fmod(h + turn, 6.0)
        h = torch.where(h < 0, h + 6.0, h)
        return _kernel_hsv_to_rgb(h, s, v)
    return unregistered_gradient.mark("AdjustHue", _float_op(image, fn))


def per_image_standardization(image):
    """`tf.image.per_image_standardization(image)`: `(x - mean) / max(std, 1/sqrt(N))` per image (float32)."""
    x = _image(image)
    flt = x.to(torch.float32) if not x.is_floating_point() else x
    axes = (flt.dim() - 3, flt.dim() - 2, flt.dim() - 1)
    n = flt.shape[-3] * flt.shape[-2] * flt.shape[-1]
    mean = flt.mean(dim=axes, keepdim=True)
    std = flt.std(dim=axes, keepdim=True, unbiased=False)
    return (flt - mean) / torch.clamp(std, min=1.0 / n ** 0.5)


def _check_number(value, arg_name):
    if not isinstance(value, (numbers.Number, torch.Tensor)):
        raise TypeError(f"{arg_name} must be a number. Received: {arg_name}={value!r}")


def psnr(a, b, max_val, name=None):
    """`tf.image.psnr(a, b, max_val)`: peak signal-to-noise ratio per image, in dB."""
    _check_number(max_val, "max_val")
    x = a if isinstance(a, torch.Tensor) else convert_to_tensor(a)
    y = b if isinstance(b, torch.Tensor) else convert_to_tensor(b)
    x, y = convert_image_dtype(x, torch.float32), convert_image_dtype(y, torch.float32)
    mse = ((x - y) ** 2).mean(dim=(-3, -2, -1))
    max_val = float(max_val)
    return 20.0 * torch.log10(torch.tensor(max_val)) - 10.0 * torch.log10(mse)


def image_gradients(image):
    """`tf.image.image_gradients(image)`: `(dy, dx)` forward differences of a 4-D batch, zero in the last row/column."""
    x = image if isinstance(image, torch.Tensor) else convert_to_tensor(image)
    if x.dim() != 4:
        raise ValueError(f"image_gradients expects a 4D tensor [batch_size, h, w, d]. Received: shape={tuple(x.shape)}")
    dy = torch.nn.functional.pad(x[:, 1:] - x[:, :-1], (0, 0, 0, 0, 0, 1))
    dx = torch.nn.functional.pad(x[:, :, 1:] - x[:, :, :-1], (0, 0, 0, 1))
    return dy, dx


def total_variation(images, name=None):
    """`tf.image.total_variation(images)`: sum of absolute neighbour differences (per image for a batch)."""
    x = _image(images, "images")
    dh = (x[..., 1:, :, :] - x[..., :-1, :, :]).abs()
    dw = (x[..., :, 1:, :] - x[..., :, :-1, :]).abs()
    axes = (-3, -2, -1)
    return dh.sum(dim=axes) + dw.sum(dim=axes)


# TF's ragged dispatch: these ops run on a RaggedTensor's flat values (ragged/ragged_dispatch.py)
convert_image_dtype = on_flat_values(convert_image_dtype)
adjust_brightness = on_flat_values(adjust_brightness)
adjust_gamma = on_flat_values(adjust_gamma)
