"""`tf.keras.ops.image`."""

# ruff: noqa: F401
from keraslike._src.keras.ops.image import (
    affine_transform, crop_images, elastic_transform, extract_patches, extract_patches_3d, gaussian_blur,
    hsv_to_rgb, map_coordinates, pad_images, perspective_transform, resize, rgb_to_grayscale, rgb_to_hsv,
    scale_and_translate, sobel_edges, ssim,
)

from keraslike._src.keras.ops import symbolic as _symbolic  # noqa: E402

_symbolic.wrap_namespace(globals())
