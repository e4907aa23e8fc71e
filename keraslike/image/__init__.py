"""`tf.image`: resizing, flips, crops, colour adjustments, augmentation, metrics and codecs on NHWC tensors."""

# ruff: noqa: F401, I001
from keraslike._src.image.boxes import (
    crop_and_resize, draw_bounding_boxes, extract_patches, non_max_suppression, non_max_suppression_overlaps,
    non_max_suppression_with_scores,
)
from keraslike._src.image.codecs import (
    decode_and_crop_jpeg, decode_bmp, decode_gif, decode_image, decode_jpeg, decode_png, decode_webp, encode_jpeg,
    encode_png, extract_jpeg_shape, is_jpeg,
)
from keraslike._src.image.image_metrics import (
    rgb_to_yiq, rgb_to_yuv, sobel_edges, ssim, yiq_to_rgb, yuv_to_rgb,
)
from keraslike._src.image.image_ops import (
    adjust_brightness, adjust_contrast, adjust_gamma, adjust_hue, adjust_saturation, central_crop,
    convert_image_dtype, crop_to_bounding_box, flip_left_right, flip_up_down, grayscale_to_rgb, hsv_to_rgb,
    image_gradients, pad_to_bounding_box, per_image_standardization, psnr, resize_with_crop_or_pad,
    resize_with_pad, rgb_to_grayscale, rgb_to_hsv, rot90, total_variation, transpose,
)
from keraslike._src.image.random_image_ops import (
    adjust_jpeg_quality, random_brightness, random_contrast, random_crop, random_flip_left_right,
    random_flip_up_down, random_hue, random_jpeg_quality, random_saturation, stateless_random_brightness,
    stateless_random_contrast, stateless_random_crop, stateless_random_flip_left_right,
    stateless_random_flip_up_down, stateless_random_hue, stateless_random_jpeg_quality, stateless_random_saturation,
)
from keraslike._src.image.resize import ResizeMethod, resize
from keraslike._src.image.distorted_bounding_box import stateless_sample_distorted_bounding_box
from keraslike._src.image.glimpse import extract_glimpse
