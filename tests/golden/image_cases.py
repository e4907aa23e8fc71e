"""tf.image cases shared by `make_image_golden.py` (real TF) and `tests/image/test_image_golden.py` (keraslike).

Each `case_*(tf)` returns tensors built from the same deterministic images; `core_cases.run`
encodes the result (or the exception class) as JSON.
"""

import numpy as np

RNG = np.random.RandomState(0)
IMAGE = RNG.uniform(0, 1, size=(2, 7, 9, 3)).astype(np.float32)
IMAGE_U8 = (RNG.uniform(0, 255, size=(5, 6, 3))).astype(np.uint8)
RESIZE_METHODS = ["bilinear", "nearest", "bicubic", "area", "lanczos3", "lanczos5", "gaussian", "mitchellcubic"]
RESIZE_SIZES = ([3, 4], [12, 17], [7, 5], [1, 1])


def _resize_case(method, antialias):
    def case(tf):
        return [tf.image.resize(IMAGE * 255.0, size, method=method, antialias=antialias) for size in RESIZE_SIZES]
    return case


def case_resize_nearest_keeps_dtype(tf):
    return [tf.image.resize(IMAGE_U8, [3, 8], method="nearest"), tf.image.resize(IMAGE_U8, [3, 8])]


def case_resize_preserve_aspect_ratio(tf):
    return tf.image.resize(IMAGE, [20, 20], preserve_aspect_ratio=True)


def case_resize_bad_method(tf):
    return tf.image.resize(IMAGE, [2, 2], method="cubic-ish")


def case_geometry(tf):
    x = tf.constant(IMAGE)
    return [tf.image.flip_left_right(x), tf.image.flip_up_down(x[0]), tf.image.transpose(x), tf.image.rot90(x, 1),
            tf.image.rot90(x[0], 3), tf.image.crop_to_bounding_box(x, 1, 2, 4, 5),
            tf.image.pad_to_bounding_box(x[0], 1, 2, 10, 12), tf.image.central_crop(x, 0.5),
            tf.image.resize_with_crop_or_pad(x, 5, 12), tf.image.resize_with_crop_or_pad(x[0], 9, 4),
            tf.image.resize_with_pad(x, 10, 10)]


def case_crop_outside(tf):
    return tf.image.crop_to_bounding_box(tf.constant(IMAGE), 5, 0, 4, 4)


def case_central_crop_bad_fraction(tf):
    return tf.image.central_crop(tf.constant(IMAGE), 1.5)


def case_convert_image_dtype(tf):
    f = tf.constant(np.array([[[0.0, 0.5, 1.0], [0.25, 0.999, 0.001]]], dtype=np.float32))
    u8 = tf.constant(IMAGE_U8)
    return [tf.image.convert_image_dtype(f, tf.uint8), tf.image.convert_image_dtype(f * 2.0, tf.uint8, saturate=True),
            tf.image.convert_image_dtype(u8, tf.float32), tf.image.convert_image_dtype(u8, tf.int32),
            tf.image.convert_image_dtype(tf.image.convert_image_dtype(u8, tf.int32), tf.uint8),
            tf.image.convert_image_dtype(u8, tf.float64), tf.image.convert_image_dtype(f, tf.int16)]


def case_color(tf):
    x = tf.constant(IMAGE)
    u8 = tf.constant(IMAGE_U8)
    return [tf.image.adjust_brightness(x, 0.1), tf.image.adjust_brightness(u8, 0.1), tf.image.adjust_contrast(x, 1.7),
            tf.image.adjust_contrast(u8, 0.5), tf.image.adjust_gamma(x, 2.0, 0.5), tf.image.adjust_gamma(u8, 0.5),
            tf.image.adjust_saturation(x, 1.8), tf.image.adjust_saturation(u8, 0.3), tf.image.adjust_hue(x, 0.2),
            tf.image.adjust_hue(x, -0.7), tf.image.adjust_hue(u8, 0.4), tf.image.rgb_to_grayscale(x),
            tf.image.rgb_to_grayscale(u8), tf.image.grayscale_to_rgb(tf.image.rgb_to_grayscale(x)),
            tf.image.rgb_to_hsv(x), tf.image.hsv_to_rgb(tf.image.rgb_to_hsv(x)), tf.image.per_image_standardization(x),
            tf.image.per_image_standardization(u8), tf.image.per_image_standardization(tf.zeros([2, 2, 1]))]


def case_metrics(tf):
    x = tf.constant(IMAGE)
    noisy = tf.constant(np.clip(IMAGE + 0.05 * np.sin(np.arange(IMAGE.size)).reshape(IMAGE.shape), 0, 1)
                        .astype(np.float32))
    dy, dx = tf.image.image_gradients(x)
    return [tf.image.psnr(x, noisy, max_val=1.0), dy, dx, tf.image.total_variation(x),
            tf.image.total_variation(x[0])]


def case_adjust_integer_images(tf):
    # integer images go to float by 1/max and back by truncation (max + 0.5): TF's own HSV arithmetic decides
    # whether a channel lands on n or n - 1 (int32/int16 make the last float bits matter)
    ramp = [[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]], [[13, 14, 15], [16, 17, 18]]]
    wide = [[[1, 200, 3000], [40000, 5, 600]], [[7000000, 8, 90], [10, 1100, 12]]]
    out = []
    for dtype in (tf.int32, tf.int16, tf.uint8, tf.int8):
        x = tf.constant(ramp, dtype=dtype)
        out += [tf.image.adjust_hue(x, 0.2), tf.image.adjust_hue(x, -0.45), tf.image.adjust_hue(x, 0.7),
                tf.image.adjust_saturation(x, 0.5), tf.image.adjust_saturation(x, 1.7)]
    x = tf.constant(wide, dtype=tf.int32)
    out += [tf.image.adjust_hue(x, 0.2), tf.image.adjust_hue(x, -0.9), tf.image.adjust_hue(x, 1.0),
            tf.image.adjust_hue(x, -0.05), tf.image.adjust_saturation(x, 0.3), tf.image.adjust_saturation(x, 2.5)]
    f = tf.image.convert_image_dtype(x, tf.float32)  # the float path itself, to the last bit
    out += [tf.image.adjust_hue(f, 0.2), tf.image.adjust_hue(f, -0.7), tf.image.adjust_saturation(f, 1.3)]
    return out


def case_adjust_hue_bad_delta(tf):
    return tf.image.adjust_hue(tf.constant(IMAGE), 1.5)


def case_grayscale_to_rgb_bad(tf):
    return tf.image.grayscale_to_rgb(tf.constant(IMAGE))


def case_ssim_and_color_spaces(tf):
    big = np.linspace(0, 1, 2 * 16 * 14 * 3, dtype=np.float32).reshape(2, 16, 14, 3) ** 2
    other = np.clip(big + 0.1 * np.cos(np.arange(big.size)).reshape(big.shape), 0, 1).astype(np.float32)
    x = tf.constant(IMAGE)
    return [tf.image.ssim(tf.constant(big), tf.constant(other), max_val=1.0),
            tf.image.ssim(tf.constant(big), tf.constant(big), max_val=1.0),
            tf.image.ssim(tf.constant(big[0]), tf.constant(other[0]), 1.0, filter_size=5, filter_sigma=0.8),
            tf.image.ssim(tf.constant((big * 255).astype(np.uint8)), tf.constant((other * 255).astype(np.uint8)), 255),
            tf.image.rgb_to_yuv(x), tf.image.yuv_to_rgb(tf.image.rgb_to_yuv(x)), tf.image.rgb_to_yiq(x),
            tf.image.yiq_to_rgb(x), tf.image.sobel_edges(x)]


def case_ssim_too_small(tf):
    return tf.image.ssim(tf.constant(IMAGE), tf.constant(IMAGE), 1.0)


def case_random_ops_argument_errors(tf):
    x = tf.constant(IMAGE)
    out = []
    for fn in (lambda: tf.image.random_brightness(x, -0.1), lambda: tf.image.random_contrast(x, 0.5, 0.2),
               lambda: tf.image.random_contrast(x, -0.5, 0.2), lambda: tf.image.random_saturation(x, 2.0, 1.0),
               lambda: tf.image.random_hue(x, 0.7), lambda: tf.image.random_hue(x, -0.1),
               lambda: tf.image.random_jpeg_quality(x[0], 50, 20),
               lambda: tf.image.random_crop(x, [3, 8, 10, 3]), lambda: tf.image.random_crop(x, [2, 2])):
        try:
            fn()
            out.append(None)
        except Exception as err:  # noqa: BLE001 - the error class is the expected value
            out.append(type(err).__name__)
    return out


def case_random_ops_shapes(tf):
    x = tf.constant(IMAGE)
    seed = [1, 2]
    return [tf.image.random_flip_left_right(x).shape, tf.image.random_flip_up_down(x[0]).shape,
            tf.image.random_brightness(x, 0.2).shape, tf.image.random_contrast(x, 0.2, 0.5).shape,
            tf.image.random_saturation(x, 0.2, 0.5).shape, tf.image.random_hue(x, 0.2).shape,
            tf.image.random_crop(x, [2, 3, 4, 3]).shape, tf.image.stateless_random_flip_left_right(x, seed).shape,
            tf.image.stateless_random_crop(x, [1, 3, 4, 3], seed).shape,
            tf.image.stateless_random_brightness(x, 0.1, seed).dtype.name,
            tf.image.random_jpeg_quality(tf.constant(IMAGE_U8), 40, 60).dtype.name,
            tf.image.adjust_jpeg_quality(x[0], 80).dtype.name]


BOXES = np.array([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, -0.1, 1, 0.9], [0, 10, 1, 11], [0, 10.1, 1, 11.1],
                  [0, 100, 1, 101], [1, 1, 0, 0], [0.5, 0.5, 0.5, 0.5]], dtype=np.float32)
SCORES = np.array([0.9, 0.75, 0.6, 0.95, 0.5, 0.3, 0.85, 0.99], dtype=np.float32)


def case_non_max_suppression(tf):
    return [tf.image.non_max_suppression(BOXES, SCORES, 10), tf.image.non_max_suppression(BOXES, SCORES, 3),
            tf.image.non_max_suppression(BOXES, SCORES, 10, iou_threshold=0.9),
            tf.image.non_max_suppression(BOXES, SCORES, 10, score_threshold=0.6),
            tf.image.non_max_suppression_with_scores(BOXES, SCORES, 10, iou_threshold=0.5),
            tf.image.non_max_suppression_with_scores(BOXES, SCORES, 10, soft_nms_sigma=0.5, score_threshold=0.1),
            tf.image.non_max_suppression_overlaps(np.eye(4, dtype=np.float32) + 0.6 * (1 - np.eye(4, dtype=np.float32))
                                                  * (np.arange(4)[:, None] + np.arange(4)[None] == 3),
                                                  np.array([0.4, 0.3, 0.2, 0.1], np.float32), 4)]


def case_crop_and_resize(tf):
    boxes = np.array([[0.0, 0.0, 1.0, 1.0], [0.2, 0.1, 0.7, 0.9], [0.9, 0.8, 0.1, 0.2], [-0.2, -0.1, 0.5, 1.3],
                      [0.5, 0.5, 0.5, 0.5]], dtype=np.float32)
    idx = np.array([0, 1, 0, 1, 0], dtype=np.int32)
    return [tf.image.crop_and_resize(IMAGE, boxes, idx, [4, 5]),
            tf.image.crop_and_resize(IMAGE, boxes, idx, [3, 1], method="nearest", extrapolation_value=-1.0),
            tf.image.crop_and_resize(IMAGE_U8[None], boxes[:2], [0, 0], [2, 2])]


def case_extract_patches(tf):
    x = np.arange(2 * 7 * 8 * 2, dtype=np.float32).reshape(2, 7, 8, 2)
    return [tf.image.extract_patches(x, [1, 3, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], "VALID"),
            tf.image.extract_patches(x, [1, 2, 3, 1], [1, 3, 2, 1], [1, 2, 1, 1], "SAME"),
            tf.image.extract_patches(IMAGE_U8[None], [1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1], "SAME")]


def case_draw_bounding_boxes(tf):
    canvas = np.zeros((2, 7, 9, 3), dtype=np.float32)
    boxes = np.array([[[0.1, 0.2, 0.8, 0.9], [0.5, 0.5, 0.2, 0.9], [-0.3, -0.2, 0.5, 0.4]],
                      [[0.0, 0.0, 1.0, 1.0], [0.4, 0.6, 1.5, 1.2], [2.0, 2.0, 3.0, 3.0]]], dtype=np.float32)
    colors = np.array([[1.0, 0.0, 0.0], [0.0, 0.5, 1.0]], dtype=np.float32)
    return [tf.image.draw_bounding_boxes(canvas, boxes, colors),
            tf.image.draw_bounding_boxes(canvas[..., :1], boxes, np.zeros((0, 4), np.float32)),
            tf.image.draw_bounding_boxes(canvas, boxes[:, :1], np.zeros((0, 4), np.float32))]


CASES = {name[len("case_"):]: fn for name, fn in sorted(globals().items()) if name.startswith("case_")}
for _method in RESIZE_METHODS:
    for _antialias in (False, True):
        CASES[f"resize_{_method}_{'antialias' if _antialias else 'plain'}"] = _resize_case(_method, _antialias)
