"""`keras.applications.MobileNet` (Howard et al. 2017), mirroring `keras/src/applications/mobilenet.py` of
Keras 3.15: layer names `conv1`, `conv_dw_{i}`, `conv_pw_{i}` (+ `_bn`, `_relu`), `conv_preds`, and weights.

Input `(batch, h, w, 3)` scaled to [-1, 1] (`mobilenet.preprocess_input`, mode "tf").
"""

import warnings

from keraslike._src.keras.applications import app_layers as layers
from keraslike._src.keras.applications import imagenet_utils, pretrained

_URL = pretrained.BASE_WEIGHTS_URL + "mobilenet/"
_SIZES = (128, 160, 192, 224)
# (pointwise filters, stride) of the 13 depthwise-separable blocks
_BLOCKS = ((64, 1), (128, 2), (128, 1), (256, 2), (256, 1), (512, 2), (512, 1), (512, 1), (512, 1), (512, 1),
           (512, 1), (1024, 2), (1024, 1))


def _conv_block(x, filters, alpha, strides):
    x = layers.Conv2D(int(filters * alpha), (3, 3), padding="same", use_bias=False, strides=strides,
                      name="conv1")(x)
    x = layers.BatchNormalization(axis=-1, name="conv1_bn")(x)
    return layers.ReLU(6.0, name="conv1_relu")(x)


def _depthwise_block(x, filters, alpha, depth_multiplier, stride, block_id):
    if stride != 1:
        x = layers.ZeroPadding2D(((0, 1), (0, 1)), name=f"conv_pad_{block_id}")(x)
    x = layers.DepthwiseConv2D((3, 3), padding="same" if stride == 1 else "valid", depth_multiplier=depth_multiplier,
                               strides=stride, use_bias=False, name=f"conv_dw_{block_id}")(x)
    x = layers.BatchNormalization(axis=-1, name=f"conv_dw_{block_id}_bn")(x)
    x = layers.ReLU(6.0, name=f"conv_dw_{block_id}_relu")(x)
    x = layers.Conv2D(int(filters * alpha), (1, 1), padding="same", use_bias=False, strides=(1, 1),
                      name=f"conv_pw_{block_id}")(x)
    x = layers.BatchNormalization(axis=-1, name=f"conv_pw_{block_id}_bn")(x)
    return layers.ReLU(6.0, name=f"conv_pw_{block_id}_relu")(x)


def MobileNet(input_shape=None, alpha=1.0, depth_multiplier=1, dropout=0.001, include_top=True, weights="imagenet",
              input_tensor=None, pooling=None, classes=1000, classifier_activation="softmax", name=None):
    """MobileNet v1: a 3x3 conv then 13 depthwise-separable blocks, ReLU6, BatchNormalization (eps 1e-3).

    Args:
        input_shape: `(h, w, 3)`, h, w >= 32; with the top and no shape, 224x224 (or a square size in
            128/160/192/224 given by `input_shape`).
        alpha: width multiplier of every layer's filters (ImageNet weights: 0.25, 0.5, 0.75, 1.0).
        depth_multiplier: depthwise multiplier (1 with ImageNet weights).
        dropout: dropout rate before the 1x1 classifier conv.
        include_top, weights, input_tensor, pooling, classes, classifier_activation: as every application.
        name: model name; default `mobilenet_{alpha:0.2f}_{rows}`.

    Returns:
        A Functional `Model`.

    Raises:
        ValueError: invalid `weights`, `classes`, `alpha`/`depth_multiplier` with ImageNet weights,
            `input_shape`, `pooling` or `classifier_activation`.
        OSError: ImageNet weights not cached and not downloadable (the message names the file).
    """
    pretrained.check_weights(weights, include_top, classes)
    default_size = 224
    if input_shape is not None and input_shape[0] == input_shape[1] and input_shape[0] in _SIZES:
        default_size = input_shape[0]
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=None, require_flatten=include_top, weights=weights)
    rows, cols = input_shape[0], input_shape[1]
    if weights == "imagenet":
        if depth_multiplier != 1:
            raise ValueError("If imagenet weights are being loaded, depth multiplier must be 1.  "
                             f"Received depth_multiplier={depth_multiplier}")
        if alpha not in (0.25, 0.5, 0.75, 1.0):
            raise ValueError("If imagenet weights are being loaded, alpha can be one of`0.25`, `0.50`, `0.75` or "
                             f"`1.0` only.  Received alpha={alpha}")
        if rows != cols or rows not in _SIZES:
            rows = 224
            warnings.warn("`input_shape` is undefined or non-square, or `rows` is not in [128, 160, 192, 224]. "
                          "Weights for input shape (224, 224) will be loaded as the default.", stacklevel=2)
    img_input = pretrained.image_input(input_tensor, input_shape)
    x = _conv_block(img_input, 32, alpha, strides=(2, 2))
    for block_id, (filters, stride) in enumerate(_BLOCKS, start=1):
        x = _depthwise_block(x, filters, alpha, depth_multiplier, stride, block_id)
    if include_top:
        x = layers.GlobalAveragePooling2D(keepdims=True)(x)
        x = layers.Dropout(dropout, name="dropout")(x)
        x = layers.Conv2D(classes, (1, 1), padding="same", name="conv_preds")(x)
        x = layers.Reshape((classes,), name="reshape_2")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Activation(activation=classifier_activation, name="predictions")(x)
    else:
        x = pretrained.pool(x, pooling)
    model = pretrained.functional(pretrained.model_inputs(input_tensor, img_input), x,
                                  name or f"mobilenet_{alpha:0.2f}_{rows}")
    alpha_text = {1.0: "1_0", 0.75: "7_5", 0.5: "5_0"}.get(alpha, "2_5")
    fname = f"mobilenet_{alpha_text}_{rows}_tf{'' if include_top else '_no_top'}.h5"
    return pretrained.load(model, weights, fname, _URL + fname)


def preprocess_input(x, data_format=None):
    """MobileNet preprocessing: `"tf"` mode, pixels scaled to [-1, 1]."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top=5):
    """`imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
