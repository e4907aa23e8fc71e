"""`tf.image.random_*` and `tf.image.stateless_random_*`: augmentation with TF's argument rules.

Mirrors `tensorflow/python/ops/image_ops_impl.py`. Draws come from `tf.random.uniform` (op seed
`seed`, honouring `tf.random.set_seed`) or, for the stateless variants, from
`tf.random.stateless_uniform` with the `[2]` seed: the same seed gives the same result. The
stateless variants draw as TF does (same shapes, dtypes and use of each draw) from TF's own
stateless stream, so they give TF's results; the stateful ones draw from keraslike's stream
(TF's op-seeded stateful counters are not reproduced), with TF's distributions, per-image
independence in a batch and argument checks.
"""

import torch

from keraslike._src import errors
from keraslike._src.image import image_ops
from keraslike._src.image.codecs import check_dct_method, decode_jpeg, encode_jpeg
from keraslike._src.ops import random as random_ops
from keraslike._src.ops.conversion import convert_to_tensor


def _draw(shape, low, high, seed, stateless, dtype=torch.float32):
    if stateless:
        return random_ops.stateless_uniform(shape, seed=seed, minval=low, maxval=high, dtype=dtype)
    return random_ops.uniform(shape, minval=low, maxval=high, seed=seed, dtype=dtype)


def _check_stateless_seed(seed):
    values = seed.tolist() if isinstance(seed, torch.Tensor) else list(seed) if seed is not None else None
    if values is None or len(values) != 2:
        raise ValueError(f"seed must be a shape [2] tensor of two integers. Received: seed={seed!r}")
    return seed


def _random_flip(image, axis_from_end, seed, stateless):
    x = image_ops._image(image)
    axis = x.dim() - axis_from_end
    # As TF: one image flips when its draw is below 0.5, a batch's images where theirs rounds
    # (half to even) to 1, i.e. is above 0.5.
    if x.dim() == 3:
        flip = _draw([], 0.0, 1.0, seed, stateless) < 0.5
        return torch.flip(x, [axis]) if bool(flip) else x
    flips = (_draw([x.shape[0]], 0.0, 1.0, seed, stateless) > 0.5).to(x.device).reshape(-1, 1, 1, 1)
    return torch.where(flips, torch.flip(x, [axis]), x)


def random_flip_left_right(image, seed=None):
    """`tf.image.random_flip_left_right(image, seed=None)`: each image flipped horizontally with probability 1/2."""
    return _random_flip(image, 2, seed, False)


def random_flip_up_down(image, seed=None):
    """`tf.image.random_flip_up_down(image, seed=None)`: each image flipped vertically with probability 1/2."""
    return _random_flip(image, 3, seed, False)


def stateless_random_flip_left_right(image, seed):
    """`tf.image.stateless_random_flip_left_right(image, seed)`: as `random_flip_left_right`, fixed by `seed`."""
    return _random_flip(image, 2, _check_stateless_seed(seed), True)


def stateless_random_flip_up_down(image, seed):
    """`tf.image.stateless_random_flip_up_down(image, seed)`: as `random_flip_up_down`, fixed by `seed`."""
    return _random_flip(image, 3, _check_stateless_seed(seed), True)


def _check_range(lower, upper):
    if upper <= lower:
        raise ValueError(f"upper must be > lower. Received: lower={lower}, upper={upper}")
    if lower < 0:
        raise ValueError(f"lower must be non-negative. Received: lower={lower}")


def _check_delta(max_delta, limit=None):
    if max_delta < 0:
        raise ValueError(f"max_delta must be non-negative. Received: max_delta={max_delta}")
    if limit is not None and max_delta > limit:
        raise ValueError(f"max_delta must be <= {limit}. Received: max_delta={max_delta}")


def random_brightness(image, max_delta, seed=None):
    """`tf.image.random_brightness(image, max_delta)`: add a delta drawn from `[-max_delta, max_delta)`."""
    _check_delta(max_delta)
    return image_ops.adjust_brightness(image, float(_draw([], -max_delta, max_delta, seed, False)))


def stateless_random_brightness(image, max_delta, seed):
    """`tf.image.stateless_random_brightness(image, max_delta, seed)`."""
    _check_delta(max_delta)
    return image_ops.adjust_brightness(image, float(_draw([], -max_delta, max_delta, _check_stateless_seed(seed),
                                                          True)))


def random_contrast(image, lower, upper, seed=None):
    """`tf.image.random_contrast(image, lower, upper)`: contrast factor drawn from `[lower, upper)`."""
    _check_range(lower, upper)
    return image_ops.adjust_contrast(image, float(_draw([], lower, upper, seed, False)))


def stateless_random_contrast(image, lower, upper, seed):
    """`tf.image.stateless_random_contrast(image, lower, upper, seed)`."""
    _check_range(lower, upper)
    return image_ops.adjust_contrast(image, float(_draw([], lower, upper, _check_stateless_seed(seed), True)))


def random_saturation(image, lower, upper, seed=None):
    """`tf.image.random_saturation(image, lower, upper)`: saturation factor drawn from `[lower, upper)`."""
    _check_range(lower, upper)
    return image_ops.adjust_saturation(image, float(_draw([], lower, upper, seed, False)))


def stateless_random_saturation(image, lower, upper, seed):
    """`tf.image.stateless_random_saturation(image, lower, upper, seed)`."""
    _check_range(lower, upper)
    return image_ops.adjust_saturation(image, float(_draw([], lower, upper, _check_stateless_seed(seed), True)))


def random_hue(image, max_delta, seed=None):
    """`tf.image.random_hue(image, max_delta)`: hue delta drawn from `[-max_delta, max_delta)`, max_delta <= 0.5."""
    _check_delta(max_delta, 0.5)
    return image_ops.adjust_hue(image, float(_draw([], -max_delta, max_delta, seed, False)))


def stateless_random_hue(image, max_delta, seed):
    """`tf.image.stateless_random_hue(image, max_delta, seed)`."""
    _check_delta(max_delta, 0.5)
    return image_ops.adjust_hue(image, float(_draw([], -max_delta, max_delta, _check_stateless_seed(seed), True)))


def _random_crop(value, size, seed, stateless):
    x = value if isinstance(value, torch.Tensor) else convert_to_tensor(value)
    size = [int(s) for s in (size.tolist() if isinstance(size, torch.Tensor) else size)]
    if len(size) != x.dim():
        raise errors.InvalidArgumentError(f"size must have one entry per dimension of value ({x.dim()}). "
                                          f"Received: size={size}")
    if any(s > d or s < 0 for s, d in zip(size, x.shape)):
        raise errors.InvalidArgumentError(f"Need value.shape >= size, got {list(x.shape)} vs {size}")
    limits = [d - s + 1 for d, s in zip(x.shape, size)]
    # As TF: int32 draws in [0, 2**31 - 1), each taken modulo its dimension's limit.
    draws = _draw([len(size)], 0, 2**31 - 1, seed, stateless, dtype=torch.int32).tolist()
    offsets = [u % lim for u, lim in zip(draws, limits)]
    return x[tuple(slice(o, o + s) for o, s in zip(offsets, size))]


def random_crop(value, size, seed=None, name=None):
    """`tf.image.random_crop(value, size)`: a uniformly placed slice of shape `size`.

    Raises:
        tf.errors.InvalidArgumentError: if `size` does not have one entry per dimension of `value`
            or exceeds its shape (TF's checks).
    """
    return _random_crop(value, size, seed, False)


def stateless_random_crop(value, size, seed, name=None):
    """`tf.image.stateless_random_crop(value, size, seed)`."""
    return _random_crop(value, size, _check_stateless_seed(seed), True)


def adjust_jpeg_quality(image, jpeg_quality, dct_method="", name=None):
    """`tf.image.adjust_jpeg_quality(image, jpeg_quality)`: JPEG-encode at that quality and decode (3-D image).

    Float images are converted to uint8 and back, as TF does.

    Raises:
        ValueError: for a quality outside [0, 100] or `dct_method="INTEGER_FAST"` (`tf.io.decode_jpeg`'s: the
            default "" decodes with the accurate IDCT, "INTEGER_ACCURATE" gives TF's pixels exactly).
        tf.errors.InvalidArgumentError: an unknown `dct_method`.
    """
    quality = int(jpeg_quality)
    if not 0 <= quality <= 100:
        raise ValueError(f"jpeg_quality must be in [0, 100]. Received: jpeg_quality={jpeg_quality}")
    check_dct_method(dct_method)
    x = image_ops._image(image)
    u8 = image_ops.convert_image_dtype(x, torch.uint8, saturate=True)
    out = decode_jpeg(encode_jpeg(u8, quality=quality), dct_method=dct_method)
    return image_ops.convert_image_dtype(out, x.dtype)


def _check_jpeg_range(min_jpeg_quality, max_jpeg_quality):
    if min_jpeg_quality < 0 or max_jpeg_quality < 0 or min_jpeg_quality > 100 or max_jpeg_quality > 100:
        raise ValueError("jpeg encoding range must be between 0 and 100. Received: "
                         f"min_jpeg_quality={min_jpeg_quality}, max_jpeg_quality={max_jpeg_quality}")
    if min_jpeg_quality >= max_jpeg_quality:
        raise ValueError("`min_jpeg_quality` must be less than `max_jpeg_quality`. Received: "
                         f"{min_jpeg_quality}, {max_jpeg_quality}")


def random_jpeg_quality(image, min_jpeg_quality, max_jpeg_quality, seed=None):
    """`tf.image.random_jpeg_quality(image, min, max)`: quality drawn from `[min, max)`.

    Raises:
        ValueError: unless `0 <= min < max <= 100`.
    """
    _check_jpeg_range(min_jpeg_quality, max_jpeg_quality)
    quality = int(_draw([], int(min_jpeg_quality), int(max_jpeg_quality), seed, False, dtype=torch.int32))
    return adjust_jpeg_quality(image, quality)


def stateless_random_jpeg_quality(image, min_jpeg_quality, max_jpeg_quality, seed):
    """`tf.image.stateless_random_jpeg_quality(image, min, max, seed)`: as `random_jpeg_quality`, fixed by `seed`."""
    _check_jpeg_range(min_jpeg_quality, max_jpeg_quality)
    quality = int(_draw([], int(min_jpeg_quality), int(max_jpeg_quality), _check_stateless_seed(seed), True,
                        dtype=torch.int32))
    return adjust_jpeg_quality(image, quality)
