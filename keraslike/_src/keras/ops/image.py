"""`keras.ops.image`: resizing, colour conversions, geometric transforms, patches, blur, SSIM.

Mirrors `keras/src/ops/image.py` as the TensorFlow backend computes it: images are
`(batch, height, width, channels)` (or one `(height, width, channels)` image) unless
`data_format="channels_first"`. Resizing uses half-pixel centres (TF2's `tf.image.resize`);
"bicubic" (Keys' cubic, `a = -0.5`), "lanczos3"/"lanczos5"/"gaussian"/"mitchellcubic" and any
antialiased resize use TF's scale-and-translate: taps outside the image are dropped and the rest
renormalised; `antialias=True` widens the kernel by the down-scaling factor. `affine_transform` samples at
integer pixel coordinates with TF's fill modes ("constant", "nearest", "wrap", "mirror", "reflect").
"""

import itertools
import math

import torch
import torch.nn.functional as F

from keraslike._src.keras.ops import nn as knn
from keraslike._src.keras.ops.tensors import convert, to_float
from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.random import random as krandom

_INTERPOLATIONS = ("bilinear", "nearest", "bicubic", "area", "lanczos3", "lanczos5", "gaussian", "mitchellcubic")
_FILL_MODES = ("constant", "nearest", "wrap", "mirror", "reflect")


def _data_format(data_format):
    data_format = data_format or keras_config.image_data_format()
    if data_format not in ("channels_last", "channels_first"):
        raise ValueError(f"The `data_format` argument must be one of {{'channels_first', 'channels_last'}}. "
                         f"Received: data_format={data_format}")
    return data_format


def _batched_nhwc(images, data_format, name="images"):
    """-> `(N, H, W, C)` tensor, whether a batch axis was added."""
    x = convert(images)
    if x.dim() not in (3, 4):
        raise ValueError(f"Invalid images rank: expected rank 3 (single image) or rank 4 (batch of images). "
                         f"Received input with shape: {name}.shape={tuple(x.shape)}")
    added = x.dim() == 3
    if added:
        x = x.unsqueeze(0)
    if _data_format(data_format) == "channels_first":
        x = x.permute(0, 2, 3, 1)
    return x, added


def _restore(y, added, data_format):
    if _data_format(data_format) == "channels_first":
        y = y.permute(0, 3, 1, 2)
    return y[0] if added else y


# ---- colour -------------------------------------------------------------------------------------------------


def rgb_to_grayscale(images, data_format=None):
    """`keras.ops.image.rgb_to_grayscale(images, data_format=None)`: luma `0.2989 R + 0.5870 G + 0.1140 B`,
    keeping a channel axis of length 1; integer images are computed in float and cast back."""
    x, added = _batched_nhwc(images, data_format)
    xf = to_float(x)
    w = torch.tensor([0.2989, 0.5870, 0.1140], dtype=xf.dtype, device=x.device)
    y = torch.sum(xf * w, dim=-1, keepdim=True)
    if not x.is_floating_point():
        y = torch.round(y).to(x.dtype)
    return _restore(y, added, data_format)


def rgb_to_hsv(images, data_format=None):
    """`keras.ops.image.rgb_to_hsv(images, data_format=None)`: float RGB in [0, 1] -> HSV in [0, 1].

    Raises:
        ValueError: for integer images (as Keras).
    """
    x, added = _batched_nhwc(images, data_format)
    if not x.is_floating_point():
        raise ValueError(f"Invalid images dtype: expected float dtype. Received: images.dtype={x.dtype}")
    r, g, b = x.unbind(-1)
    v, _ = torch.max(x, dim=-1)
    mn, _ = torch.min(x, dim=-1)
    delta = v - mn
    s = torch.where(v > 0, delta / torch.where(v > 0, v, torch.ones_like(v)), torch.zeros_like(v))
    safe = torch.where(delta > 0, delta, torch.ones_like(delta))
    h = torch.where(v == r, (g - b) / safe, torch.where(v == g, 2.0 + (b - r) / safe, 4.0 + (r - g) / safe))
    h = torch.where(delta > 0, h / 6.0, torch.zeros_like(h))
    h = torch.where(h < 0, h + 1.0, h)
    return _restore(torch.stack([h, s, v], dim=-1), added, data_format)


def hsv_to_rgb(images, data_format=None):
    """`keras.ops.image.hsv_to_rgb(images, data_format=None)`: float HSV in [0, 1] -> RGB.

    Raises:
        ValueError: for integer images.
    """
    x, added = _batched_nhwc(images, data_format)
    if not x.is_floating_point():
        raise ValueError(f"Invalid images dtype: expected float dtype. Received: images.dtype={x.dtype}")
    h, s, v = x.unbind(-1)
    dh = h * 6.0
    r = torch.clamp(torch.abs(dh - 3.0) - 1.0, 0.0, 1.0)
    g = torch.clamp(2.0 - torch.abs(dh - 2.0), 0.0, 1.0)
    b = torch.clamp(2.0 - torch.abs(dh - 4.0), 0.0, 1.0)
    rgb = torch.stack([r, g, b], dim=-1)
    out = ((rgb - 1.0) * s.unsqueeze(-1) + 1.0) * v.unsqueeze(-1)
    return _restore(out, added, data_format)


# ---- resampling kernels -------------------------------------------------------------------------------------


def _cubic(x, a):
    x = x.abs()
    return torch.where(x <= 1, ((a + 2) * x - (a + 3)) * x * x + 1,
                       torch.where(x < 2, ((a * x - 5 * a) * x + 8 * a) * x - 4 * a, torch.zeros_like(x)))


def _lanczos(x, radius):
    y = radius * torch.sin(math.pi * x) * torch.sin(math.pi * x / radius)
    out = torch.where(x.abs() > 1e-3, y / (math.pi ** 2 * x * x), torch.ones_like(x))
    return torch.where(x.abs() > radius, torch.zeros_like(x), out)


def _mitchell(x):
    x = x.abs()
    return torch.where(x >= 2, torch.zeros_like(x),
                       torch.where(x >= 1, (((-7 / 18) * x + 2) * x - 10 / 3) * x + 16 / 9,
                                   ((7 / 6) * x - 2) * x * x + 8 / 9))


_KERNELS = {
    "bilinear": lambda x: torch.clamp(1 - x.abs(), min=0),
    "nearest": lambda x: ((x >= -0.5) & (x < 0.5)).to(x.dtype),
    "area": lambda x: ((x >= -0.5) & (x < 0.5)).to(x.dtype),
    "bicubic": lambda x: _cubic(x, -0.5),
    "lanczos3": lambda x: _lanczos(x, 3.0),
    "lanczos5": lambda x: _lanczos(x, 5.0),
    "gaussian": lambda x: torch.where(x.abs() < 1.5, torch.exp(-x * x / (2 * 0.5 ** 2)), torch.zeros_like(x)),
    "mitchellcubic": _mitchell,
}


def _scale_translate_matrix(in_size, out_size, scale, translation, method, antialias, device):
    """`(out, in)` weights of JAX/TF scale-and-translate along one axis (renormalised kernel rows)."""
    kernel = _KERNELS[method]
    out_pos = (torch.arange(out_size, dtype=torch.float64, device=device) + 0.5 - translation) / scale
    in_pos = torch.arange(in_size, dtype=torch.float64, device=device) + 0.5
    kscale = min(scale, 1.0) if antialias and scale < 1 else 1.0
    w = kernel((out_pos[:, None] - in_pos[None, :]) * kscale)
    total = w.sum(dim=1, keepdim=True)
    w = torch.where(total.abs() > 1e-3 * max(kscale, 1e-12), w / torch.where(total == 0, torch.ones_like(total),
                                                                              total), torch.zeros_like(w))
    inside = (out_pos >= 0) & (out_pos <= in_size)
    return w * inside[:, None].to(w.dtype)


def _tf_bicubic_matrix(in_size, out_size, device):
    """TF's non-antialiased bicubic (`resize_bicubic`, half-pixel centres): Keys' cubic (a = -0.5)
    looked up in a 1024-step table, taps outside the image dropped and the rest renormalised."""
    table = 1024
    a = -0.5
    scale = in_size / out_size
    loc = (torch.arange(out_size, dtype=torch.float64, device=device) + 0.5) * scale - 0.5
    base = torch.floor(loc)
    offset = torch.round((loc - base) * table)  # lrintf: half to even
    t0 = offset / table
    t1 = (table - offset) / table

    def near(t):
        return ((a + 2) * t - (a + 3)) * t * t + 1

    def far(t):
        t = t + 1
        return ((a * t - 5 * a) * t + 8 * a) * t - 4 * a

    taps = ((-1, far(t0)), (0, near(t0)), (1, near(t1)), (2, far(t1)))
    w = torch.zeros((out_size, in_size), dtype=torch.float64, device=device)
    for shift, weight in taps:
        idx = base + shift
        inside = (idx >= 0) & (idx <= in_size - 1)
        w.scatter_add_(1, idx.clamp(0, in_size - 1).long()[:, None], (weight * inside)[:, None])
    total = w.sum(dim=1, keepdim=True)
    return w / torch.where(total.abs() > 0, total, torch.ones_like(total))


def _apply_matrices(x, wh, ww):
    """`x` `(N, H, W, C)` resampled with row weights `wh` `(H', H)` and column weights `ww` `(W', W)`."""
    dtype = x.dtype
    xf = x.to(torch.float64 if dtype == torch.float64 else torch.float32)
    y = torch.einsum("ph,nhwc->npwc", wh.to(xf.dtype), xf)
    y = torch.einsum("qw,npwc->npqc", ww.to(xf.dtype), y)
    return y


def _resize_nhwc(x, height, width, interpolation, antialias):
    in_h, in_w = x.shape[1], x.shape[2]
    if interpolation in ("bilinear", "nearest", "area") and not (antialias and (height < in_h or width < in_w)):
        mode = {"bilinear": "bilinear", "nearest": "nearest-exact", "area": "area"}[interpolation]
        xf = x if x.is_floating_point() else x.float()
        nchw = xf.permute(0, 3, 1, 2)
        kwargs = {"align_corners": False} if mode == "bilinear" else {}
        y = F.interpolate(nchw, size=(height, width), mode=mode, **kwargs).permute(0, 2, 3, 1)
        return y
    if interpolation == "bicubic" and not antialias:
        return _apply_matrices(x, _tf_bicubic_matrix(in_h, height, x.device), _tf_bicubic_matrix(in_w, width, x.device))
    wh = _scale_translate_matrix(in_h, height, height / in_h, 0.0, interpolation, antialias, x.device)
    ww = _scale_translate_matrix(in_w, width, width / in_w, 0.0, interpolation, antialias, x.device)
    return _apply_matrices(x, wh, ww)


def resize(images, size, interpolation="bilinear", antialias=False, crop_to_aspect_ratio=False,
           pad_to_aspect_ratio=False, fill_mode="constant", fill_value=0.0, data_format=None):
    """`keras.ops.image.resize(images, size, interpolation="bilinear", antialias=False,
    crop_to_aspect_ratio=False, pad_to_aspect_ratio=False, fill_mode="constant", fill_value=0.0,
    data_format=None)`: resize to `size = (height, width)`.

    `crop_to_aspect_ratio` first takes the largest centred crop with the target aspect ratio;
    `pad_to_aspect_ratio` instead pads (with `fill_value`) to it. Integer images are rounded and
    cast back.

    Raises:
        ValueError: for a bad `size`, interpolation or fill mode, or both aspect-ratio options.
    """
    if interpolation not in _INTERPOLATIONS:
        raise ValueError(f"Invalid value for argument `interpolation`. Expected of one {_INTERPOLATIONS}. "
                         f"Received: interpolation={interpolation}")
    if fill_mode != "constant":
        raise ValueError(f"Invalid value for argument `fill_mode`. Only `'constant'` is supported. "
                         f"Received: fill_mode={fill_mode}")
    if pad_to_aspect_ratio and crop_to_aspect_ratio:
        raise ValueError("Only one of `pad_to_aspect_ratio` & `crop_to_aspect_ratio` can be `True`.")
    if len(size) != 2:
        raise ValueError(f"Expected `size` to be a tuple of 2 integers. Received: size={size}")
    height, width = int(size[0]), int(size[1])
    x, added = _batched_nhwc(images, data_format)
    in_h, in_w = x.shape[1], x.shape[2]
    if crop_to_aspect_ratio:
        crop_h = min(in_h, int(in_w * height / width))
        crop_w = min(in_w, int(in_h * width / height))
        top, left = (in_h - crop_h) // 2, (in_w - crop_w) // 2
        x = x[:, top:top + crop_h, left:left + crop_w]
    elif pad_to_aspect_ratio:
        pad_h = max(in_h, int(in_w * height / width))
        pad_w = max(in_w, int(in_h * width / height))
        top, left = (pad_h - in_h) // 2, (pad_w - in_w) // 2  # the same amount on both sides, as Keras
        x = F.pad(x, (0, 0, left, left, top, top), value=float(fill_value))
    y = _resize_nhwc(x, height, width, interpolation, antialias)
    if not x.is_floating_point():
        info = torch.iinfo(x.dtype)
        y = torch.clamp(torch.round(y), info.min, info.max).to(x.dtype)
    else:
        y = y.to(x.dtype)
    return _restore(y, added, data_format)


def scale_and_translate(images, output_shape, scale, translation, spatial_dims, method, antialias=True):
    """`keras.ops.image.scale_and_translate(images, output_shape, scale, translation, spatial_dims, method,
    antialias=True)`: JAX's `scale_and_translate`: output sample `i` reads input position
    `(i + 0.5 - translation) / scale - 0.5` along each of `spatial_dims`, with `method` in
    "linear"/"bilinear", "cubic"/"bicubic", "lanczos3", "lanczos5", "nearest"... renormalised."""
    x = to_float(images)
    aliases = {"linear": "bilinear", "cubic": "bicubic", "trilinear": "bilinear", "tricubic": "bicubic"}
    method = aliases.get(method, method)
    if method not in _KERNELS:
        raise ValueError(f"Unknown resize method: {method}")
    scale = convert(scale).tolist()
    translation = convert(translation).tolist()
    out = x
    for i, dim in enumerate(spatial_dims):
        w = _scale_translate_matrix(out.shape[dim], int(output_shape[dim]), float(scale[i]), float(translation[i]),
                                    method, antialias, x.device).to(x.dtype)
        out = torch.movedim(torch.tensordot(out, w, dims=([dim], [1])), -1, dim)
    return out


# ---- geometric transforms ------------------------------------------------------------------------------------


def _tf_map_coordinate(coord, size, mode):
    """TF's projective-transform coordinate mapping (`image_ops.h` MapCoordinate), on float coordinates."""
    if mode == "constant":
        return coord
    if mode == "nearest" or size <= 1:
        return torch.clamp(coord, 0, size - 1) if size > 1 else torch.zeros_like(coord)
    if mode == "wrap":
        sz = size - 1
        low = coord + size * (torch.trunc(-coord / sz) + 1)
        high = coord - size * torch.trunc(coord / sz)
        out = torch.where(coord < 0, low, torch.where(coord > size - 1, high, coord))
        return torch.clamp(out, 0, size - 1)
    sz2 = 2 * size  # reflect: (d c b a | a b c d | d c b a), with TF's own arithmetic
    neg = torch.where(coord < sz2, sz2 * torch.trunc(-coord / sz2) + coord, coord)
    neg = torch.where(neg < -size, neg + sz2, -neg - 1)
    pos = coord - sz2 * torch.trunc(coord / sz2)
    pos = torch.where(pos >= size, sz2 - pos - 1, pos)
    out = torch.where(coord < 0, neg, torch.where(coord > size - 1, pos, coord))
    return torch.clamp(out, 0, size - 1)


def _read_with_fill(img, rows, cols, fill_value):
    """img `(N, H, W, C)`; integer-valued rows/cols `(N, H', W')`; out-of-image reads give `fill_value`."""
    n, h, w, c = img.shape
    valid = (rows >= 0) & (rows <= h - 1) & (cols >= 0) & (cols <= w - 1)
    r = rows.clamp(0, h - 1).long()
    q = cols.clamp(0, w - 1).long()
    idx = (r * w + q).reshape(n, -1, 1).expand(-1, -1, c)
    out = torch.gather(img.reshape(n, h * w, c), 1, idx).reshape(n, *rows.shape[1:], c)
    return torch.where(valid.unsqueeze(-1), out, torch.full_like(out, fill_value))


def _sample(img, rows, cols, interpolation, fill_mode, fill_value):
    h, w = img.shape[1], img.shape[2]
    rows = _tf_map_coordinate(rows, h, fill_mode)
    cols = _tf_map_coordinate(cols, w, fill_mode)
    if interpolation == "nearest":  # std::round: half away from zero
        return _read_with_fill(img, torch.sign(rows) * torch.floor(rows.abs() + 0.5),
                               torch.sign(cols) * torch.floor(cols.abs() + 0.5), fill_value)
    r0, c0 = torch.floor(rows), torch.floor(cols)
    fr, fc = (rows - r0).unsqueeze(-1), (cols - c0).unsqueeze(-1)
    top = (1 - fc) * _read_with_fill(img, r0, c0, fill_value) + fc * _read_with_fill(img, r0, c0 + 1, fill_value)
    bottom = (1 - fc) * _read_with_fill(img, r0 + 1, c0, fill_value) + fc * _read_with_fill(img, r0 + 1, c0 + 1,
                                                                                            fill_value)
    return (1 - fr) * top + fr * bottom


def affine_transform(images, transform, interpolation="bilinear", fill_mode="constant", fill_value=0,
                     data_format=None):
    """`keras.ops.image.affine_transform(images, transform, interpolation="bilinear", fill_mode="constant",
    fill_value=0, data_format=None)`: TF's projective image transform.

    `transform` is `[a0, a1, a2, b0, b1, b2, c0, c1]` (or a batch `(N, 8)`): output pixel `(x, y)`
    reads input `((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k)`, `k = c0 x + c1 y + 1`.

    Raises:
        ValueError: for an unknown interpolation or fill mode, or a transform that is not `(8,)`/`(N, 8)`.
    """
    if interpolation not in ("nearest", "bilinear"):
        raise ValueError(f"Invalid value for argument `interpolation`. Expected of one {{'nearest', 'bilinear'}}. "
                         f"Received: interpolation={interpolation}")
    if fill_mode not in _FILL_MODES:
        raise ValueError(f"Invalid value for argument `fill_mode`. Expected of one {_FILL_MODES}. "
                         f"Received: fill_mode={fill_mode}")
    x, added = _batched_nhwc(images, data_format)
    xf = to_float(x)
    t = convert(transform, xf.dtype, x.device)
    if t.dim() == 1:
        t = t.unsqueeze(0)
    if t.dim() != 2 or t.shape[-1] != 8:
        raise ValueError(f"Invalid transform rank: expected rank 1 (single transform) or rank 2 (batch of "
                         f"transforms). Received input with shape: transform.shape={tuple(t.shape)}")
    n, h, w, _ = xf.shape
    t = t.expand(n, 8)
    ys, xs = torch.meshgrid(torch.arange(h, dtype=xf.dtype, device=x.device),
                            torch.arange(w, dtype=xf.dtype, device=x.device), indexing="ij")
    a = [t[:, i].reshape(n, 1, 1) for i in range(8)]
    k = a[6] * xs + a[7] * ys + 1
    src_x = (a[0] * xs + a[1] * ys + a[2]) / k
    src_y = (a[3] * xs + a[4] * ys + a[5]) / k
    y = _sample(xf, src_y, src_x, interpolation, fill_mode, float(fill_value))
    if not x.is_floating_point():
        y = torch.round(y).to(x.dtype)
    return _restore(y.to(x.dtype) if x.is_floating_point() else y, added, data_format)


def _homography(start, end):
    """The 8 transform parameters mapping each `end` point to its `start` point (output -> input)."""
    rows, rhs = [], []
    for (xs, ys), (xe, ye) in zip(start.tolist(), end.tolist()):
        rows.append([xe, ye, 1, 0, 0, 0, -xs * xe, -xs * ye])
        rows.append([0, 0, 0, xe, ye, 1, -ys * xe, -ys * ye])
        rhs += [xs, ys]
    a = torch.tensor(rows, dtype=torch.float64)
    return torch.linalg.solve(a, torch.tensor(rhs, dtype=torch.float64))


def perspective_transform(images, start_points, end_points, interpolation="bilinear", fill_value=0,
                          data_format=None):
    """`keras.ops.image.perspective_transform(images, start_points, end_points, interpolation="bilinear",
    fill_value=0, data_format=None)`: warp so that the 4 `start_points` `(x, y)` land on `end_points`.

    Points are `(4, 2)` or `(N, 4, 2)`.
    """
    s = convert(start_points).double()
    e = convert(end_points).double()
    if s.dim() == 2:
        s, e = s.unsqueeze(0), e.unsqueeze(0)
    if s.shape[-2:] != (4, 2) or e.shape[-2:] != (4, 2):
        raise ValueError(f"start_points and end_points must have shape (N, 4, 2) or (4, 2). Received: "
                         f"start_points.shape={tuple(s.shape)}, end_points.shape={tuple(e.shape)}")
    transforms = torch.stack([_homography(a, b) for a, b in zip(s, e)])
    x, _ = _batched_nhwc(images, data_format)
    return affine_transform(images, transforms.to(x.device), interpolation, "constant", fill_value, data_format)


def map_coordinates(inputs, coordinates, order, fill_mode="constant", fill_value=0):
    """`keras.ops.image.map_coordinates(inputs, coordinates, order, fill_mode="constant", fill_value=0)`.

    SciPy's `map_coordinates`: `coordinates` is `(inputs.ndim, ...)`; `order` 0 (nearest) or 1
    (linear); out-of-range neighbours follow `fill_mode` ("constant" uses `fill_value`).

    Raises:
        ValueError: for another order or fill mode, or a coordinate count that differs from the rank.
    """
    if order not in (0, 1):
        raise ValueError(f"Invalid value for argument `order`. Expected one of {{0, 1}}. Received: order={order}")
    if fill_mode not in _FILL_MODES:
        raise ValueError(f"Invalid value for argument `fill_mode`. Expected one of {_FILL_MODES}. "
                         f"Received: fill_mode={fill_mode}")
    x = convert(inputs)
    coords = convert(coordinates, device=x.device)
    if coords.shape[0] != x.dim():
        raise ValueError(f"First dim of `coordinates` must be the same as the rank of `inputs`. Received "
                         f"inputs with shape: {tuple(x.shape)} and coordinate leading dim of {coords.shape[0]}")
    xf = to_float(x)
    coords = coords.to(xf.dtype)
    flat = xf.reshape(-1)
    strides = [math.prod(x.shape[d + 1:]) for d in range(x.dim())]
    per_dim = []
    for d in range(x.dim()):
        c = coords[d]
        if order == 0:
            nodes = [(torch.round(c), torch.ones_like(c))]  # half to even, as Keras's TF backend
        else:
            lo = torch.floor(c)
            nodes = [(lo, 1 - (c - lo)), (lo + 1, c - lo)]
        per_dim.append([(*_keras_fill_index(i, x.shape[d], fill_mode), wgt) for i, wgt in nodes])
    out = torch.zeros_like(coords[0])
    for combo in itertools.product(*per_dim):
        index = torch.zeros_like(coords[0], dtype=torch.int64)
        weight = torch.ones_like(coords[0])
        valid = torch.ones_like(coords[0], dtype=torch.bool)
        for d, (idx, ok, wgt) in enumerate(combo):
            index = index + idx.long() * strides[d]
            weight = weight * wgt
            valid = valid & ok
        value = flat[index.reshape(-1)].reshape(index.shape)
        if fill_mode == "constant":
            value = torch.where(valid, value, torch.full_like(value, float(fill_value)))
        out = out + weight * value
    if not x.is_floating_point():
        return torch.round(out).to(x.dtype)
    return out.to(x.dtype)


def _keras_fill_index(index, size, mode):
    """Keras's `map_coordinates` index handling per fill mode -> (safe index, valid)."""
    if mode == "constant":
        return index.clamp(0, size - 1), (index >= 0) & (index < size)
    if mode == "nearest":
        return index.clamp(0, size - 1), torch.ones_like(index, dtype=torch.bool)
    if mode == "wrap":
        return torch.remainder(index, size), torch.ones_like(index, dtype=torch.bool)
    c = index.abs()
    mod = torch.remainder(c, 2 * size)
    under = mod < size
    c = torch.where(under, mod, 2 * size - mod)
    if mode == "reflect":
        c = torch.where(under, c, c - 1)
    # "mirror" can step one past the end here; Keras's TF backend then fails, we clamp to the edge
    return c.clamp(0, size - 1), torch.ones_like(index, dtype=torch.bool)


def _gaussian_kernel1d(size, sigma, dtype, device):
    x = torch.arange(size, dtype=dtype, device=device) - (size - 1) / 2
    k = torch.exp(-0.5 * (x / sigma) ** 2)
    return k / k.sum()


def _depthwise_same(x, kernel2d):
    """`x` `(N, H, W, C)` convolved per channel with `kernel2d` `(kh, kw)`, TF "same" zero padding."""
    n, h, w, c = x.shape
    kh, kw = kernel2d.shape
    nchw = x.permute(0, 3, 1, 2).contiguous()
    top, left = (kh - 1) // 2, (kw - 1) // 2
    nchw = F.pad(nchw, (left, kw - 1 - left, top, kh - 1 - top))
    weight = kernel2d.reshape(1, 1, kh, kw).expand(c, 1, kh, kw).to(x.dtype)
    return F.conv2d(nchw, weight, groups=c).permute(0, 2, 3, 1)


def gaussian_blur(images, kernel_size=(3, 3), sigma=(1.0, 1.0), data_format=None):
    """`keras.ops.image.gaussian_blur(images, kernel_size=(3, 3), sigma=(1.0, 1.0), data_format=None)`:
    a separable Gaussian filter with zero "same" padding."""
    x, added = _batched_nhwc(images, data_format)
    xf = to_float(x)
    ks = [int(k) for k in kernel_size]
    sg = [float(s) for s in sigma]
    kx = _gaussian_kernel1d(ks[0], sg[0], xf.dtype, x.device)
    ky = _gaussian_kernel1d(ks[1], sg[1], xf.dtype, x.device)
    kernel = torch.outer(ky, kx).reshape(ks[0], ks[1])
    return _restore(_depthwise_same(xf, kernel).to(xf.dtype), added, data_format)


def elastic_transform(images, alpha=20.0, sigma=5.0, interpolation="bilinear", fill_mode="reflect", fill_value=0.0,
                      seed=None, data_format=None):
    """`keras.ops.image.elastic_transform(images, alpha=20.0, sigma=5.0, interpolation="bilinear",
    fill_mode="reflect", fill_value=0.0, seed=None, data_format=None)`: random elastic distortion.

    Normal displacement fields (std `sigma`) are blurred with a Gaussian of std `sigma` and size
    `6 * int(sigma) | 1`, scaled by `alpha` and applied with `map_coordinates` (order 1 for
    "bilinear", 0 for "nearest"). `seed` is an int or a `keras.random.SeedGenerator` (the random
    draws are torch's, so they differ from TF's for the same seed).
    """
    if interpolation not in ("nearest", "bilinear"):
        raise ValueError(f"Invalid value for argument `interpolation`. Expected of one {{'nearest', 'bilinear'}}. "
                         f"Received: interpolation={interpolation}")
    x, added = _batched_nhwc(images, data_format)
    xf = to_float(x)
    n, h, w, c = xf.shape
    size = (6 * int(sigma)) | 1
    kernel1 = _gaussian_kernel1d(size, float(sigma), xf.dtype, x.device)
    kernel = torch.outer(kernel1, kernel1)
    noise = krandom.normal((2, n, h, w), dtype=xf.dtype, seed=seed).to(x.device) * sigma
    dx = _depthwise_same(noise[0].unsqueeze(-1), kernel)[..., 0] * alpha
    dy = _depthwise_same(noise[1].unsqueeze(-1), kernel)[..., 0] * alpha
    ys, xs = torch.meshgrid(torch.arange(h, dtype=xf.dtype, device=x.device),
                            torch.arange(w, dtype=xf.dtype, device=x.device), indexing="ij")
    rows, cols = ys + dy, xs + dx
    order = 1 if interpolation == "bilinear" else 0
    outs = []
    for b in range(n):
        chans = []
        for ch in range(c):
            chans.append(map_coordinates(xf[b, :, :, ch], torch.stack([rows[b], cols[b]]), order, fill_mode,
                                         fill_value))
        outs.append(torch.stack(chans, dim=-1))
    y = torch.stack(outs)
    return _restore(y.to(x.dtype) if x.is_floating_point() else torch.round(y).to(x.dtype), added, data_format)


# ---- patches, padding, cropping ----------------------------------------------------------------------------------


def _patches(x, size, strides, dilation, padding):
    """x `(N, *spatial, C)` -> `(N, *out, prod(size) * C)`, patch entries ordered `(*size, C)` (TF's)."""
    n = x.dim() - 2
    channels = x.shape[-1]
    k = math.prod(size)
    eye = torch.eye(k * channels, dtype=x.dtype, device=x.device).reshape(*size, channels, k * channels)
    return knn.conv(x, eye, strides, padding, "channels_last", dilation) if n else x


def extract_patches(images, size, strides=None, dilation_rate=1, padding="valid", data_format=None):
    """`keras.ops.image.extract_patches(images, size, strides=None, dilation_rate=1, padding="valid",
    data_format=None)`: `(N, H', W', size_h * size_w * C)` patches (`strides` default to `size`); a `size` of
    length 3 takes volumes `(N, D, H, W, C)` as `extract_patches_3d`.

    Raises:
        TypeError: `size` is neither an int nor a tuple/list. ValueError: `size` has a length other than 2 or 3.
    """
    if not isinstance(size, int):
        if not isinstance(size, (tuple, list)):
            raise TypeError("Invalid `size` argument. Expected an int or a tuple. "
                            f"Received: size={size} of type {type(size).__name__}")
        if len(size) not in (2, 3):
            raise ValueError("Invalid `size` argument. Expected a tuple of length 2 or 3. "
                             f"Received: size={size} with length {len(size)}")
        if len(size) == 3:
            return extract_patches_3d(images, size, strides, dilation_rate, padding, data_format)
    size = (size, size) if isinstance(size, int) else tuple(size)
    strides = size if strides is None else ((strides, strides) if isinstance(strides, int) else tuple(strides))
    x, added = _batched_nhwc(images, data_format)
    y = _patches(to_float(x) if not x.is_floating_point() else x, size, strides, dilation_rate, padding)
    if not x.is_floating_point():
        y = torch.round(y).to(x.dtype)
    return _restore(y, added, data_format)


def extract_patches_3d(volumes, size, strides=None, dilation_rate=1, padding="valid", data_format=None):
    """`keras.ops.image.extract_patches_3d(volumes, size, strides=None, dilation_rate=1, padding="valid",
    data_format=None)`: `(N, D', H', W', sd * sh * sw * C)` patches of `(N, D, H, W, C)` volumes."""
    size = (size,) * 3 if isinstance(size, int) else tuple(size)
    strides = size if strides is None else ((strides,) * 3 if isinstance(strides, int) else tuple(strides))
    x = convert(volumes)
    added = x.dim() == 4
    if added:
        x = x.unsqueeze(0)
    if _data_format(data_format) == "channels_first":
        x = x.permute(0, 2, 3, 4, 1)
    y = _patches(to_float(x), size, strides, dilation_rate, padding)
    if _data_format(data_format) == "channels_first":
        y = y.permute(0, 4, 1, 2, 3)
    return y[0] if added else y


def _four(top, bottom, target, current, name_a, name_b, target_name):
    if target is not None:
        if top is not None and bottom is not None:
            raise ValueError(f"Must specify exactly two of {name_a}, {name_b}, {target_name}.")
        if top is None and bottom is None:
            raise ValueError(f"Must specify exactly two of {name_a}, {name_b}, {target_name}.")
    if top is None and bottom is None:
        return 0, 0
    return top, bottom


def pad_images(images, top_padding=None, left_padding=None, bottom_padding=None, right_padding=None,
               target_height=None, target_width=None, data_format=None):
    """`keras.ops.image.pad_images(images, top_padding=None, left_padding=None, bottom_padding=None,
    right_padding=None, target_height=None, target_width=None, data_format=None)`: zero-pad images.

    Per axis give two of (top, bottom, target_height) and (left, right, target_width); a missing
    one follows from the others.

    Raises:
        ValueError: if the arguments over- or under-determine the padding or a padding is negative.
    """
    x, added = _batched_nhwc(images, data_format)
    h, w = x.shape[1], x.shape[2]
    top, bottom = _resolve(top_padding, bottom_padding, target_height, h, "top_padding", "bottom_padding",
                           "target_height", pad=True)
    left, right = _resolve(left_padding, right_padding, target_width, w, "left_padding", "right_padding",
                           "target_width", pad=True)
    y = F.pad(x, (0, 0, left, right, top, bottom))
    return _restore(y, added, data_format)


def crop_images(images, top_cropping=None, left_cropping=None, bottom_cropping=None, right_cropping=None,
                target_height=None, target_width=None, data_format=None):
    """`keras.ops.image.crop_images(images, top_cropping=None, left_cropping=None, bottom_cropping=None,
    right_cropping=None, target_height=None, target_width=None, data_format=None)`: crop images.

    Per axis give two of (top, bottom, target_height) and (left, right, target_width).

    Raises:
        ValueError: if the arguments over- or under-determine the crop or a value is negative.
    """
    x, added = _batched_nhwc(images, data_format)
    h, w = x.shape[1], x.shape[2]
    top, bottom = _resolve(top_cropping, bottom_cropping, target_height, h, "top_cropping", "bottom_cropping",
                           "target_height", pad=False)
    left, right = _resolve(left_cropping, right_cropping, target_width, w, "left_cropping", "right_cropping",
                           "target_width", pad=False)
    y = x[:, top:h - bottom, left:w - right]
    return _restore(y, added, data_format)


def _resolve(a, b, target, size, name_a, name_b, target_name, pad):
    given = [v is not None for v in (a, b, target)]
    if sum(given) == 1 and a is not None and target is None:
        b = 0
    elif sum(given) == 1 and b is not None and target is None:
        a = 0
    elif sum(given) != 2:
        raise ValueError(f"Must specify exactly two of {name_a}, {name_b}, {target_name}. Received: "
                         f"{name_a}={a}, {name_b}={b}, {target_name}={target}")
    if target is not None:
        diff = (target - size) if pad else (size - target)
        if a is None:
            a = diff - b
        elif b is None:
            b = diff - a
    for name, v in ((name_a, a), (name_b, b)):
        if v < 0:
            raise ValueError(f"{name} must be >= 0. Received: {name}={v}")
    if not pad and a + b >= size:
        raise ValueError(f"The cropping leaves no pixels: {name_a}={a}, {name_b}={b} for a size of {size}.")
    return int(a), int(b)


# ---- edges and similarity ----------------------------------------------------------------------------------------


def sobel_edges(images, data_format=None):
    """`keras.ops.image.sobel_edges(images, data_format=None)`: `(N, H, W, C, 2)` `[dy, dx]` Sobel responses
    with reflect padding (TF's `tf.image.sobel_edges`)."""
    x = convert(images)
    if _data_format(data_format) == "channels_first":
        x = x.permute(0, 2, 3, 1)
    xf = to_float(x)
    n, h, w, c = xf.shape
    ky = torch.tensor([[-1, -2, -1], [0, 0, 0], [1, 2, 1]], dtype=xf.dtype, device=x.device)
    kernels = torch.stack([ky, ky.t()])  # (2, 3, 3): dy, dx
    nchw = F.pad(xf.permute(0, 3, 1, 2), (1, 1, 1, 1), mode="reflect")
    weight = kernels.unsqueeze(1).repeat(c, 1, 1, 1)  # (2C, 1, 3, 3)
    y = F.conv2d(nchw, weight, groups=c)  # (N, 2C, H, W): channel c*2 + k
    y = y.reshape(n, c, 2, h, w).permute(0, 3, 4, 1, 2)
    if _data_format(data_format) == "channels_first":
        y = y.permute(0, 3, 1, 2, 4)
    return y


def ssim(image1, image2, max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03, data_format=None):
    """`keras.ops.image.ssim(image1, image2, max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03,
    data_format=None)`: structural similarity with a Gaussian window ("valid" filtering), averaged over
    pixels and channels: one value per image pair (a scalar for unbatched inputs)."""
    a, added = _batched_nhwc(image1, data_format, "image1")
    b, _ = _batched_nhwc(image2, data_format, "image2")
    dtype = a.dtype
    a, b = to_float(a), to_float(b).to(to_float(a).dtype)
    n, h, w, c = a.shape
    k1d = _gaussian_kernel1d(filter_size, filter_sigma, a.dtype, a.device)
    weight = torch.outer(k1d, k1d).reshape(1, 1, filter_size, filter_size)

    def filt(t):
        return F.conv2d(t.permute(0, 3, 1, 2).reshape(n * c, 1, h, w), weight)

    mu1, mu2 = filt(a), filt(b)
    s11 = filt(a * a) - mu1 * mu1
    s22 = filt(b * b) - mu2 * mu2
    s12 = filt(a * b) - mu1 * mu2
    c1, c2 = (k1 * max_val) ** 2, (k2 * max_val) ** 2
    smap = ((2 * mu1 * mu2 + c1) * (2 * s12 + c2)) / ((mu1 * mu1 + mu2 * mu2 + c1) * (s11 + s22 + c2))
    out = smap.mean(dim=(1, 2, 3)).reshape(n, c).mean(dim=-1)
    out = out[0] if added else out
    return out.to(dtype) if dtype.is_floating_point else out
