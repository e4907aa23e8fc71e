"""`tf.keras.preprocessing.image` transforms: `apply_affine_transform`, `apply_brightness_shift`,
`apply_channel_shift`, the `random_*` variants and `smart_resize`.

Semantics of keras/src/legacy/preprocessing/image.py (Keras 3.15, exported by TF 2.21). Keras resamples with
`scipy.ndimage.affine_transform`; here the same sampling (output pixel `p` reads input `A @ p + offset`, spline
order 0 or 1, scipy's "constant"/"nearest"/"reflect"/"wrap" edge modes) is done with torch gathers, checked against
TF goldens (tests/golden/make_preprocessing_image_golden.py). The `random_*` functions draw from numpy's global
generator as Keras does, so `np.random.seed(s)` gives TF's parameters.
"""

import numpy as np
import torch

from keraslike._src.keras.ops import image as ops_image
from keraslike._src.keras.utils import image_utils

FILL_MODES = ("constant", "nearest", "reflect", "wrap")


def _edge_coordinates(coords, n, mode):
    """(mapped coordinates, inside mask) along one axis of length n, as scipy's order <= 1 boundary handling."""
    if mode == "nearest":
        return coords.clamp(0, n - 1), None
    if mode == "constant":
        return coords.clamp(0, n - 1), (coords >= 0) & (coords <= n - 1)
    if mode == "reflect":  # half-sample symmetric: d c b a | a b c d | d c b a
        period = 2 * n
        coords = torch.remainder(coords + 0.5, period) - 0.5
        return torch.where(coords > n - 0.5, period - 1 - coords, coords), None
    period = max(n - 1, 1)  # scipy's "wrap": the first and last samples coincide
    return torch.remainder(coords, period), None


def _edge_indices(index, n, mode):
    if mode == "reflect":
        index = torch.where(index < 0, -index - 1, index)
        index = torch.where(index >= n, 2 * n - index - 1, index)
    return index.clamp(0, n - 1)


def _resample(channels, matrix, offset, order, mode, cval):
    """channels: float64 tensor (C, H, W); output[c, i, j] = channels[c] at `matrix @ (i, j) + offset`."""
    _, h, w = channels.shape
    ii, jj = torch.meshgrid(torch.arange(h, dtype=torch.float64), torch.arange(w, dtype=torch.float64),
                            indexing="ij")
    ci = matrix[0, 0] * ii + matrix[0, 1] * jj + offset[0]
    cj = matrix[1, 0] * ii + matrix[1, 1] * jj + offset[1]
    ci, inside_i = _edge_coordinates(ci, h, mode)
    cj, inside_j = _edge_coordinates(cj, w, mode)
    if order == 0:
        out = channels[:, _edge_indices(torch.floor(ci + 0.5).long(), h, mode),
                       _edge_indices(torch.floor(cj + 0.5).long(), w, mode)]
    else:
        i0, j0 = torch.floor(ci), torch.floor(cj)
        di, dj = ci - i0, cj - j0
        i0, j0 = i0.long(), j0.long()
        i1, j1 = _edge_indices(i0 + 1, h, mode), _edge_indices(j0 + 1, w, mode)
        i0, j0 = _edge_indices(i0, h, mode), _edge_indices(j0, w, mode)
        out = (channels[:, i0, j0] * ((1 - di) * (1 - dj)) + channels[:, i1, j0] * (di * (1 - dj))
               + channels[:, i0, j1] * ((1 - di) * dj) + channels[:, i1, j1] * (di * dj))
    if inside_i is not None:
        out = torch.where(inside_i & inside_j, out, torch.tensor(float(cval), dtype=out.dtype))
    return out


def _numpy(x, name="x"):
    if isinstance(x, torch.Tensor):
        x = x.detach().cpu().numpy()
    x = np.asarray(x)
    if x.ndim != 3:
        raise ValueError(f"`{name}` must be a single 3-D image. Received: {name}.shape={x.shape}")
    return x


def transform_matrix_offset_center(matrix, x, y):
    """`matrix` (3x3) conjugated to act about the image centre `((x - 1) / 2, (y - 1) / 2)`."""
    o_x, o_y = float(x) / 2 - 0.5, float(y) / 2 - 0.5
    offset = np.array([[1, 0, o_x], [0, 1, o_y], [0, 0, 1]])
    reset = np.array([[1, 0, -o_x], [0, 1, -o_y], [0, 0, 1]])
    return offset @ matrix @ reset


def apply_affine_transform(x, theta=0, tx=0, ty=0, shear=0, zx=1, zy=1, row_axis=1, col_axis=2, channel_axis=0,
                           fill_mode="nearest", cval=0.0, order=1):
    """Rotate, shift, shear and zoom one image about its centre (as Keras, which uses scipy.ndimage).

    The sampling matrix is `rotation(theta) @ shift(tx, ty) @ shear(shear) @ zoom(zx, zy)` in (row, col)
    coordinates (`tx` moves along rows, `ty` along columns, in pixels; angles in degrees), each output pixel
    reading the input at that matrix applied to its position.

    Args:
        x: 3-D numpy array (or torch tensor), one image.
        theta, tx, ty, shear, zx, zy: floats, the transform (defaults: identity).
        row_axis, col_axis, channel_axis: distinct axes 0..2 of `x` (defaults 1, 2, 0: channels first);
            `channel_axis` must be 0 or 2.
        fill_mode: "nearest" (default), "constant" (with `cval`), "reflect" or "wrap" (scipy's modes).
        cval: float, the fill value for "constant".
        order: 0 (nearest neighbour) or 1 (bilinear, default).

    Returns:
        numpy array of `x`'s shape and dtype (integers rounded); `x` itself when the transform is the identity.

    Raises:
        ValueError: for bad axes, a non-3-D `x`, an unknown `fill_mode`, or `order` other than 0 or 1 (higher
            spline orders: use `scipy.ndimage.affine_transform`).
    """
    if len({row_axis, col_axis, channel_axis}) != 3:
        raise ValueError("'row_axis', 'col_axis', and 'channel_axis' must be distinct. Received: "
                         f"row_axis={row_axis}, col_axis={col_axis}, channel_axis={channel_axis}")
    if {row_axis, col_axis, channel_axis} != {0, 1, 2}:
        raise ValueError(f"Invalid axis' indices: {({row_axis, col_axis, channel_axis}) - {0, 1, 2}}. Received: "
                         f"row_axis={row_axis}, col_axis={col_axis}, channel_axis={channel_axis}")
    x = _numpy(x)
    if channel_axis not in (0, 2):
        raise ValueError("Channels are allowed and the first and last dimensions. "
                         f"Received: channel_axis={channel_axis}")
    if fill_mode not in FILL_MODES:
        raise ValueError(f"`fill_mode` must be one of {FILL_MODES}. Received: fill_mode={fill_mode!r}")
    if order not in (0, 1):
        raise ValueError(f"`order` must be 0 or 1 here (use scipy.ndimage.affine_transform for higher spline "
                         f"orders). Received: order={order!r}")
    matrices = []
    if theta != 0:
        t = np.deg2rad(theta)
        matrices.append(np.array([[np.cos(t), -np.sin(t), 0], [np.sin(t), np.cos(t), 0], [0, 0, 1]]))
    if tx != 0 or ty != 0:
        matrices.append(np.array([[1, 0, tx], [0, 1, ty], [0, 0, 1]], dtype=np.float64))
    if shear != 0:
        s = np.deg2rad(shear)
        matrices.append(np.array([[1, -np.sin(s), 0], [0, np.cos(s), 0], [0, 0, 1]]))
    if zx != 1 or zy != 1:
        matrices.append(np.array([[zx, 0, 0], [0, zy, 0], [0, 0, 1]], dtype=np.float64))
    if not matrices:
        return x
    matrix = matrices[0]
    for m in matrices[1:]:
        matrix = matrix @ m
    matrix = transform_matrix_offset_center(matrix, x.shape[row_axis], x.shape[col_axis])
    channels = np.moveaxis(x, channel_axis, 0)
    if col_axis > row_axis:  # the matrix is built in (x, y) = (col, row) order (as Keras): swap to (row, col)
        matrix = matrix[[1, 0, 2]][:, [1, 0, 2]]
    out = _resample(torch.from_numpy(np.ascontiguousarray(channels, dtype=np.float64)), matrix[:2, :2],
                    matrix[:2, 2], order, fill_mode, cval).numpy()
    if np.issubdtype(x.dtype, np.integer):
        out = np.round(out)
    return np.moveaxis(out.astype(x.dtype), 0, channel_axis)


def random_rotation(x, rg, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                    interpolation_order=1):
    """`apply_affine_transform` with `theta ~ U(-rg, rg)` degrees (numpy's global generator)."""
    theta = np.random.uniform(-rg, rg)
    return apply_affine_transform(x, theta=theta, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)


def random_shift(x, wrg, hrg, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                 interpolation_order=1):
    """`apply_affine_transform` with `tx ~ U(-hrg, hrg) * height`, `ty ~ U(-wrg, wrg) * width` (fractions)."""
    h, w = np.shape(x)[row_axis], np.shape(x)[col_axis]
    tx = np.random.uniform(-hrg, hrg) * h
    ty = np.random.uniform(-wrg, wrg) * w
    return apply_affine_transform(x, tx=tx, ty=ty, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)


def random_shear(x, intensity, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                 interpolation_order=1):
    """`apply_affine_transform` with `shear ~ U(-intensity, intensity)` degrees."""
    shear = np.random.uniform(-intensity, intensity)
    return apply_affine_transform(x, shear=shear, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)


def random_zoom(x, zoom_range, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                interpolation_order=1):
    """`apply_affine_transform` with `zx, zy ~ U(*zoom_range)` (independently; none drawn for `(1, 1)`).

    Raises:
        ValueError: when `zoom_range` is not two floats.
    """
    if len(zoom_range) != 2:
        raise ValueError(f"`zoom_range` should be a tuple or list of two floats. Received: zoom_range={zoom_range}")
    if zoom_range[0] == 1 and zoom_range[1] == 1:
        zx, zy = 1, 1
    else:
        zx, zy = np.random.uniform(zoom_range[0], zoom_range[1], 2)
    return apply_affine_transform(x, zx=zx, zy=zy, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)


def apply_channel_shift(x, intensity, channel_axis=0):
    """Add `intensity` to every channel, clipped to the image's own [min, max].

    Args:
        x: 3-D array. intensity: float. channel_axis: int (default 0).

    Returns:
        numpy array of `x`'s shape.
    """
    x = _numpy(x)
    return np.clip(x + intensity, np.min(x), np.max(x))


def random_channel_shift(x, intensity_range, channel_axis=0):
    """`apply_channel_shift` with `intensity ~ U(-intensity_range, intensity_range)`."""
    intensity = np.random.uniform(-intensity_range, intensity_range)
    return apply_channel_shift(x, intensity, channel_axis=channel_axis)


def apply_brightness_shift(x, brightness, scale=True):
    """Scale brightness by `brightness` through Pillow's `ImageEnhance.Brightness`, as Keras.

    The image (channels last, 1/3/4 channels) becomes 8-bit first: scaled to [0, 255] when `scale` is True or its
    values leave [0, 255]; with `scale=False` such values are mapped back to the original range afterwards.

    Args:
        x: 3-D channels-last array. brightness: float (1.0 keeps the image). scale: bool (default True).

    Returns:
        float32 numpy array of `x`'s shape.

    Raises:
        ImportError: without Pillow.
    """
    x = _numpy(x)
    image_enhance = _image_enhance()
    x_min, x_max = np.min(x), np.max(x)
    local_scale = (x_min < 0) or (x_max > 255)
    img = image_utils.array_to_img(x, scale=local_scale or scale)
    out = image_utils.img_to_array(image_enhance.Brightness(img).enhance(brightness))
    if not scale and local_scale:
        out = out / 255 * (x_max - x_min) + x_min
    return out


def _image_enhance():
    try:
        from PIL import ImageEnhance  # noqa: PLC0415 - optional dependency (Pillow), imported where used
    except ImportError as err:
        raise ImportError("`apply_brightness_shift` requires Pillow (`pip install pillow`).") from err
    return ImageEnhance


def random_brightness(x, brightness_range, scale=True):
    """`apply_brightness_shift` with `brightness ~ U(*brightness_range)`.

    Raises:
        ValueError: when `brightness_range` is not two floats.
    """
    if len(brightness_range) != 2:
        raise ValueError("`brightness_range should be tuple or list of two floats. "
                         f"Received: brightness_range={brightness_range}")
    return apply_brightness_shift(x, np.random.uniform(brightness_range[0], brightness_range[1]), scale)


def smart_resize(x, size, interpolation="bilinear", data_format="channels_last", **kwargs):
    """Resize to `size` keeping the aspect ratio: take the largest centred crop of `size`'s aspect ratio, resize it.

    Args:
        x: image `(h, w, c)` or batch `(n, h, w, c)` (channels first with `data_format="channels_first"`),
            numpy or tensor.
        size: `(height, width)`.
        interpolation: as `keras.ops.image.resize` (default "bilinear").
        data_format: "channels_last" (default) or "channels_first".

    Returns:
        numpy array for numpy input, else a tensor.

    Raises:
        ValueError: for `size` not of length 2 or an input of rank other than 3 or 4.
        TypeError: for any keyword argument (Keras's `backend_module` has no meaning here).
    """
    if kwargs:
        raise TypeError(f"smart_resize() got unexpected keyword arguments: {list(kwargs)}. Received: {kwargs}")
    if len(size) != 2:
        raise ValueError(f"Expected `size` to be a tuple of 2 integers, but got: {size}. Received: size={size}")
    is_numpy = not isinstance(x, torch.Tensor)
    img = torch.as_tensor(np.asarray(x)) if is_numpy else x
    if img.ndim not in (3, 4):
        raise ValueError("Expected an image array with shape `(height, width, channels)`, or `(batch_size, height, "
                         f"width, channels)`, but got input with incorrect rank, of shape {tuple(img.shape)}.")
    h_axis = img.ndim - 3 if data_format == "channels_last" else img.ndim - 2
    height, width = img.shape[h_axis], img.shape[h_axis + 1]
    target_height, target_width = size
    crop_height = max(min(height, int(float(width * target_height) / target_width)), 1)
    crop_width = max(min(width, int(float(height * target_width) / target_height)), 1)
    top, left = int(float(height - crop_height) / 2), int(float(width - crop_width) / 2)
    img = img.narrow(h_axis, top, crop_height).narrow(h_axis + 1, left, crop_width)
    out = ops_image.resize(img, size=size, interpolation=interpolation, data_format=data_format)
    if not is_numpy:
        return out
    return out.detach().cpu().numpy() if isinstance(out, torch.Tensor) else np.asarray(out)
