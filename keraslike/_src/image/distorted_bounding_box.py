"""`tf.image.stateless_sample_distorted_bounding_box`: a random crop that covers part of the given boxes.

TF's kernel draws from the Philox stream of the seed pair (one 32-bit word per draw): for each of
`max_attempts` attempts an aspect ratio in `aspect_ratio_range`, then a height between the smallest and the
largest that fit `area_range`, then the crop's offsets; the first crop that covers at least
`min_object_covered` of one box wins, else the whole image. The same words in the same order give TF's crop
for every seed (`tests/golden/make_distorted_bounding_box_golden.py`).

    begin, size, bboxes = stateless_sample_distorted_bounding_box([h, w, c], boxes, seed=(1, 2))
    # begin [y, x, 0], size [crop_h, crop_w, -1] (image_size's dtype); bboxes [1, 1, 4] float32
"""

import numpy as np
import torch

from keraslike._src.errors import InvalidArgumentError
from keraslike._src.ops import philox
from keraslike._src.ops.conversion import convert_to_tensor

_F = np.float32
_WORDS_PER_ATTEMPT = 4  # one aspect ratio, at most one height and two offsets


class _Words:
    """The seed's Philox words handed out one at a time, as TF's `SimplePhilox` does."""

    def __init__(self, seed, count):
        self._words = [int(w) for w in philox.words(seed, count)]
        self._next = 0

    def word(self):
        value = self._words[self._next]
        self._next += 1
        return value

    def unit_float(self):
        """A float32 in [0, 1) from the word's low 23 bits (the mantissa of a number in [1, 2), minus 1)."""
        return _F(np.uint32((self.word() & 0x7FFFFF) | 0x3F800000).view(np.float32) - _F(1.0))

    def below(self, n):
        return self.word() % n


def _round(value):
    """C's `lrintf`: to the nearest integer, halves to even, in float32."""
    return int(np.rint(_F(value)))


def _random_crop(width, height, min_area_fraction, max_area_fraction, aspect_ratio, words):
    """A crop `(x0, y0, x1, y1)` of that aspect ratio and an area in the range, or None when none fits."""
    if max_area_fraction <= 0 or aspect_ratio <= 0 or min_area_fraction > max_area_fraction:
        return None
    min_area = _F(_F(min_area_fraction) * _F(width)) * _F(height)
    max_area = _F(_F(max_area_fraction) * _F(width)) * _F(height)
    crop_h = _round(np.sqrt(_F(min_area / aspect_ratio)))
    max_h = _round(np.sqrt(_F(max_area / aspect_ratio)))
    if _round(_F(max_h) * aspect_ratio) > width:  # the tallest crop is too wide: the tallest that is not
        max_h = int((width + 0.5 - _F(1e-7)) / aspect_ratio)
        if _round(_F(max_h) * aspect_ratio) > width:
            max_h -= 1
    max_h = min(max_h, height)
    crop_h = min(crop_h, max_h)
    if crop_h < max_h:
        crop_h += words.below(max_h - crop_h + 1)
    crop_w = _round(_F(crop_h) * aspect_ratio)
    area = _F(crop_w * crop_h)
    if area < min_area:
        crop_h += 1
        crop_w = _round(_F(crop_h) * aspect_ratio)
        area = _F(crop_w * crop_h)
    if area > max_area:
        crop_h -= 1
        crop_w = _round(_F(crop_h) * aspect_ratio)
        area = _F(crop_w * crop_h)
    if area < min_area or area > max_area or not 0 < crop_w <= width or not 0 < crop_h <= height:
        return None
    y = words.below(height - crop_h) if crop_h < height else 0
    x = words.below(width - crop_w) if crop_w < width else 0
    return x, y, x + crop_w, y + crop_h


def _covers(crop, boxes, min_object_covered):
    """True when the crop covers at least `min_object_covered` of one box's area."""
    x0, y0, x1, y1 = crop
    for bx0, by0, bx1, by1 in boxes:
        area = (bx1 - bx0) * (by1 - by0)
        if area <= 0:
            continue
        inter = max(0, min(x1, bx1) - max(x0, bx0)) * max(0, min(y1, by1) - max(y0, by0))
        if _F(inter) / _F(area) >= min_object_covered:
            return True
    return False


def _pair(values, arg_name):
    pair = [float(v) for v in (values.tolist() if isinstance(values, torch.Tensor) else values)]
    if len(pair) != 2:
        raise InvalidArgumentError(f"{arg_name} must have 2 elements. Received: {arg_name}={values!r}")
    return pair


def _checked(value, ok, what, arg_name):
    if not ok:
        raise InvalidArgumentError(f"{what}. Received: {arg_name}={value!r}")
    return value


def stateless_sample_distorted_bounding_box(image_size, bounding_boxes, seed, min_object_covered=0.1,
                                            aspect_ratio_range=None, area_range=None, max_attempts=None,
                                            use_image_if_no_bounding_boxes=None, name=None):
    """`tf.image.stateless_sample_distorted_bounding_box(image_size, bounding_boxes, seed, ...)`.

    Args:
        image_size: `[height, width, channels]` (an integer tensor; the outputs take its dtype).
        bounding_boxes: float `[batch, N, 4]` boxes `[y_min, x_min, y_max, x_max]` in [0, 1], all considered.
        seed: shape `[2]` integers; the same seed gives the same crop (TF's).
        min_object_covered: fraction of some box's area the crop must cover (>= 0).
        aspect_ratio_range: `[min, max]` width / height (default `[0.75, 1.33]`, > 0).
        area_range: `[min, max]` fraction of the image's area (default `[0.05, 1.0]`, in (0, 1]).
        max_attempts: crops tried before falling back to the whole image (default 100, > 0).
        use_image_if_no_bounding_boxes: with no boxes, use the whole image as the box (else raise).

    Returns:
        `(begin, size, bboxes)`: `begin = [y, x, 0]` and `size = [h, w, -1]` for `tf.slice`, and the crop as a
        `[1, 1, 4]` float32 box for `draw_bounding_boxes`.

    Raises:
        InvalidArgumentError: for a bad seed, `image_size`, box shape or range, or no boxes without
            `use_image_if_no_bounding_boxes`.
    """
    size = image_size if isinstance(image_size, torch.Tensor) else convert_to_tensor(image_size)
    if size.is_floating_point() or size.numel() != 3:
        raise InvalidArgumentError(f"image_size must be 3 integers [height, width, channels]. "
                                   f"Received: image_size={image_size!r}")
    seed_values = (seed.tolist() if isinstance(seed, torch.Tensor) else list(np.asarray(seed).reshape(-1))
                   if seed is not None else [])
    if len(seed_values) != 2:
        raise InvalidArgumentError(f"seed must have shape [2]. Received: seed={seed!r}")
    boxes = bounding_boxes if isinstance(bounding_boxes, torch.Tensor) else convert_to_tensor(bounding_boxes)
    if boxes.dim() != 3 or boxes.shape[-1] != 4:
        raise InvalidArgumentError(f"bounding_boxes must be 3-dimensional [batch, num_boxes, 4]. "
                                   f"Received: bounding_boxes.shape={tuple(boxes.shape)}")
    ratio = _pair([0.75, 1.33] if aspect_ratio_range is None else aspect_ratio_range, "aspect_ratio_range")
    _checked(ratio, min(ratio) > 0, "aspect_ratio_range must be positive", "aspect_ratio_range")
    area = _pair([0.05, 1.0] if area_range is None else area_range, "area_range")
    _checked(area, min(area) > 0 and max(area) <= 1, "area_range must be in (0, 1]", "area_range")
    covered = float(min_object_covered.item() if isinstance(min_object_covered, torch.Tensor) else min_object_covered)
    _checked(covered, covered >= 0, "min_object_covered must be non-negative", "min_object_covered")
    attempts = 100 if max_attempts is None else int(max_attempts)
    _checked(max_attempts, attempts > 0, "max_attempts must be positive", "max_attempts")
    height, width = int(size[0]), int(size[1])
    pixel_boxes = [(int(_F(b[1]) * width), int(_F(b[0]) * height), int(_F(b[3]) * width), int(_F(b[2]) * height))
                   for b in boxes.reshape(-1, 4).to(torch.float32).tolist()]
    if not pixel_boxes:
        if not use_image_if_no_bounding_boxes:
            raise InvalidArgumentError("No bounding boxes provided as input. One must enable "
                                       "use_image_if_no_bounding_boxes if you wish to not provide any bounding "
                                       f"boxes. Received: bounding_boxes.shape={tuple(boxes.shape)}")
        pixel_boxes = [(0, 0, width, height)]
    words = _Words((int(seed_values[0]), int(seed_values[1])), _WORDS_PER_ATTEMPT * attempts)
    crop = None
    if width > 0 and height > 0:
        for _ in range(attempts):
            aspect = _F(words.unit_float() * _F(_F(ratio[1]) - _F(ratio[0])) + _F(ratio[0]))
            found = _random_crop(width, height, area[0], area[1], aspect, words)
            if found is not None and _covers(found, pixel_boxes, covered):
                crop = found
                break
    x0, y0, x1, y1 = crop if crop is not None else (0, 0, width, height)
    begin = torch.tensor([y0, x0, 0], dtype=torch.int64).to(size.dtype)
    extent = torch.tensor([y1 - y0, x1 - x0, -1], dtype=torch.int64).to(size.dtype)
    box = torch.tensor([[[y0 / height, x0 / width, y1 / height, x1 / width]]], dtype=torch.float32)
    return begin, extent, box
