"""`keras.applications.MobileNetV2` (Sandler et al. 2018), mirroring `keras/src/applications/mobilenet_v2.py`
of Keras 3.15: layer names `Conv1`, `expanded_conv_*`, `block_{i}_expand/depthwise/project` (+ `_BN`),
`Conv_1`, `predictions`, and weights. Input scaled to [-1, 1] (`mobilenet_v2.preprocess_input`).
"""

import warnings

from keraslike._src.keras.applications import app_layers as layers
from keraslike._src.keras.applications import imagenet_utils, pretrained

_URL = pretrained.BASE_WEIGHTS_URL + "mobilenet_v2/"
_SIZES = (96, 128, 160, 192, 224)
# (filters, stride, expansion) of the 17 inverted residual blocks
_BLOCKS = ((16, 1, 1), (24, 2, 6), (24, 1, 6), (32, 2, 6), (32, 1, 6), (32, 1, 6), (64, 2, 6), (64, 1, 6),
           (64, 1, 6), (64, 1, 6), (96, 1, 6), (96, 1, 6), (96, 1, 6), (160, 2, 6), (160, 1, 6), (160, 1, 6),
           (320, 1, 6))


def make_divisible(v, divisor=8, min_value=None):
    """`v` rounded to a multiple of `divisor`, never below `min_value` (default `divisor`) nor 90% of `v`."""
    min_value = divisor if min_value is None else min_value
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    return new_v + divisor if new_v < 0.9 * v else new_v


def _bn(name):
    return layers.BatchNormalization(axis=-1, epsilon=1e-3, momentum=0.999, name=name)


def _inverted_res_block(inputs, expansion, stride, alpha, filters, block_id):
    in_channels = inputs.shape[-1]
    pointwise_filters = make_divisible(int(filters * alpha), 8)
    x = inputs
    prefix = f"block_{block_id}_"
    if block_id:
        x = layers.Conv2D(expansion * in_channels, kernel_size=1, padding="same", use_bias=False,
                          name=f"{prefix}expand")(x)
        x = layers.ReLU(6.0, name=f"{prefix}expand_relu")(_bn(f"{prefix}expand_BN")(x))
    else:
        prefix = "expanded_conv_"
    if stride == 2:
        x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, 3), name=f"{prefix}pad")(x)
    x = layers.DepthwiseConv2D(kernel_size=3, strides=stride, use_bias=False,
                               padding="same" if stride == 1 else "valid", name=f"{prefix}depthwise")(x)
    x = layers.ReLU(6.0, name=f"{prefix}depthwise_relu")(_bn(f"{prefix}depthwise_BN")(x))
    x = layers.Conv2D(pointwise_filters, kernel_size=1, padding="same", use_bias=False, name=f"{prefix}project")(x)
    x = _bn(f"{prefix}project_BN")(x)
    if in_channels == pointwise_filters and stride == 1:
        return layers.Add(name=f"{prefix}add")([inputs, x])
    return x


def _default_size(input_shape, input_tensor):
    shape = input_shape
    if shape is None and input_tensor is not None:
        shape = tuple(input_tensor.shape[1:])
    if shape is not None and shape[0] == shape[1] and shape[0] in _SIZES:
        return shape[0]
    return 224


def MobileNetV2(input_shape=None, alpha=1.0, include_top=True, weights="imagenet", input_tensor=None, pooling=None,
                classes=1000, classifier_activation="softmax", name=None):
    """MobileNetV2: inverted residual blocks with linear bottlenecks, ReLU6, BatchNormalization (eps 1e-3).

    Args:
        input_shape: `(h, w, 3)`, h, w >= 32; default from `input_tensor`, else 224x224 with the top.
        alpha: width multiplier (ImageNet weights: 0.35, 0.5, 0.75, 1.0, 1.3, 1.4).
        include_top, weights, input_tensor, pooling, classes, classifier_activation: as every application.
        name: model name; default `mobilenetv2_{alpha:0.2f}_{rows}`.

    Returns:
        A Functional `Model`.

    Raises:
        ValueError: invalid `weights`, `classes`, `alpha` with ImageNet weights, `input_shape` (also one
            disagreeing with `input_tensor`), `pooling` or `classifier_activation`.
        OSError: ImageNet weights not cached and not downloadable (the message names the file).
    """
    pretrained.check_weights(weights, include_top, classes)
    if input_shape is not None and input_tensor is not None and tuple(input_tensor.shape[1:3]) != \
            tuple(input_shape[:2]):
        raise ValueError(f"input_tensor.shape[1:3] must equal input_shape[:2]; Received "
                         f"`input_tensor.shape={tuple(input_tensor.shape)}`, `input_shape={input_shape}`")
    if input_shape is None and input_tensor is not None:
        input_shape = tuple(input_tensor.shape[1:])
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=_default_size(input_shape, None),
                                                    min_size=32, data_format=None, require_flatten=include_top,
                                                    weights=weights)
    rows, cols = input_shape[0], input_shape[1]
    if weights == "imagenet":
        if alpha not in (0.35, 0.5, 0.75, 1.0, 1.3, 1.4):
            raise ValueError("If imagenet weights are being loaded, alpha must be one of `0.35`, `0.50`, `0.75`, "
                             f"`1.0`, `1.3` or `1.4` only; Received `alpha={alpha}`")
        if rows != cols or rows not in _SIZES:
            rows = 224
            warnings.warn("`input_shape` is undefined or non-square, or `rows` is not in [96, 128, 160, 192, "
                          "224]. Weights for input shape (224, 224) will be loaded as the default.", stacklevel=2)
    img_input = pretrained.image_input(input_tensor, input_shape)
    x = layers.Conv2D(make_divisible(32 * alpha, 8), kernel_size=3, strides=(2, 2), padding="same", use_bias=False,
                      name="Conv1")(img_input)
    x = layers.ReLU(6.0, name="Conv1_relu")(_bn("bn_Conv1")(x))
    for block_id, (filters, stride, expansion) in enumerate(_BLOCKS):
        x = _inverted_res_block(x, filters=filters, alpha=alpha, stride=stride, expansion=expansion,
                                block_id=block_id)
    last = make_divisible(1280 * alpha, 8) if alpha > 1.0 else 1280
    x = layers.Conv2D(last, kernel_size=1, use_bias=False, name="Conv_1")(x)
    x = layers.ReLU(6.0, name="out_relu")(_bn("Conv_1_bn")(x))
    if include_top:
        x = layers.GlobalAveragePooling2D()(x)
        x = pretrained.classifier(x, classes, classifier_activation, weights)
    else:
        x = pretrained.pool(x, pooling)
    model = pretrained.functional(pretrained.model_inputs(input_tensor, img_input), x,
                                  name or f"mobilenetv2_{alpha:0.2f}_{rows}")
    suffix = "" if include_top else "_no_top"
    fname = f"mobilenet_v2_weights_tf_dim_ordering_tf_kernels_{float(alpha)}_{rows}{suffix}.h5"
    return pretrained.load(model, weights, fname, _URL + fname)


def preprocess_input(x, data_format=None):
    """MobileNetV2 preprocessing: `"tf"` mode, pixels scaled to [-1, 1]."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top=5):
    """`imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
