"""`keras.applications.MobileNetV3Small` / `MobileNetV3Large` (Howard et al. 2019), mirroring
`keras/src/applications/mobilenet_v3.py` of Keras 3.15: layer names `conv`, `expanded_conv_{i}_*`
(`expand`, `depthwise`, `squeeze_excite_conv`, `project` + `_bn`), `conv_1`, `conv_2`, `logits`, and weights.

With `include_preprocessing=True` (default) the model takes pixels in [0, 255] (a `Rescaling` layer maps them
to [-1, 1]); `mobilenet_v3.preprocess_input` is the identity.
"""

import warnings

from keraslike._src.keras import keras_version
from keraslike._src.keras.applications import app_layers as layers
from keraslike._src.keras.applications import imagenet_utils, pretrained
from keraslike._src.keras.applications.mobilenet_v2 import make_divisible as _depth

_URL = pretrained.BASE_WEIGHTS_URL + "mobilenet_v3/"
_HASHES = {  # (top, no top): md5 of Keras's published files
    "large_224_0.75_float": ("765b44a33ad4005b3ac83185abf1d0eb", "40af19a13ebea4e2ee0c676887f69a2e"),
    "large_224_1.0_float": ("59e551e166be033d707958cf9e29a6a7", "07fb09a5933dd0c8eaafa16978110389"),
    "large_minimalistic_224_1.0_float": ("675e7b876c45c57e9e63e6d90a36599c", "ec5221f64a2f6d1ef965a614bdae7973"),
    "small_224_0.75_float": ("cb65d4e5be93758266aa0a7f2c6708b7", "ebdb5cc8e0b497cd13a7c275d475c819"),
    "small_224_1.0_float": ("8768d4c2e7dee89b9d02b2d03d65d862", "d3e8ec802a04aa4fc771ee12a9a9b836"),
    "small_minimalistic_224_1.0_float": ("99cd97fb2fcdad2bf028eb838de69e37", "cde8136e733e811080d9fcd8a252f7e4"),
}

# (expansion, filters, kernel (None: the model's), stride, squeeze-excite?, activation (None: the model's))
_SMALL = ((1, 16, 3, 2, True, "relu"), (72 / 16, 24, 3, 2, False, "relu"), (88 / 24, 24, 3, 1, False, "relu"),
          (4, 40, None, 2, True, None), (6, 40, None, 1, True, None), (6, 40, None, 1, True, None),
          (3, 48, None, 1, True, None), (3, 48, None, 1, True, None), (6, 96, None, 2, True, None),
          (6, 96, None, 1, True, None), (6, 96, None, 1, True, None))
_LARGE = ((1, 16, 3, 1, False, "relu"), (4, 24, 3, 2, False, "relu"), (3, 24, 3, 1, False, "relu"),
          (3, 40, None, 2, True, "relu"), (3, 40, None, 1, True, "relu"), (3, 40, None, 1, True, "relu"),
          (6, 80, 3, 2, False, None), (2.5, 80, 3, 1, False, None), (2.3, 80, 3, 1, False, None),
          (2.3, 80, 3, 1, False, None), (6, 112, 3, 1, True, None), (6, 112, 3, 1, True, None),
          (6, 160, None, 2, True, None), (6, 160, None, 1, True, None), (6, 160, None, 1, True, None))


def _act(x, activation):
    return layers.ReLU()(x) if activation == "relu" else layers.Activation("hard_swish")(x)


def _bn(name):
    return layers.BatchNormalization(axis=-1, epsilon=1e-3, momentum=0.999, name=name)


def _se_block(inputs, filters, se_ratio, prefix):
    x = layers.GlobalAveragePooling2D(keepdims=True, name=f"{prefix}squeeze_excite_avg_pool")(inputs)
    x = layers.Conv2D(_depth(filters * se_ratio), kernel_size=1, padding="same",
                      name=f"{prefix}squeeze_excite_conv")(x)
    x = layers.ReLU(name=f"{prefix}squeeze_excite_relu")(x)
    x = layers.Conv2D(filters, kernel_size=1, padding="same", name=f"{prefix}squeeze_excite_conv_1")(x)
    if keras_version.legacy_keras():  # tf_keras spells relu6(x + 3) / 6 out (its hard_sigmoid is 0.2 x + 0.5)
        x = layers.ReLU(6.0)(x + 3.0) * (1.0 / 6.0)
    else:
        x = layers.Activation("hard_sigmoid")(x)  # relu6(x + 3) / 6
    return layers.Multiply(name=f"{prefix}squeeze_excite_mul")([inputs, x])


def _inverted_res_block(x, expansion, filters, kernel_size, stride, se_ratio, activation, block_id):
    shortcut = x
    prefix = "expanded_conv_"
    infilters = x.shape[-1]
    if block_id:
        prefix = f"expanded_conv_{block_id}_"
        x = layers.Conv2D(_depth(infilters * expansion), kernel_size=1, padding="same", use_bias=False,
                          name=f"{prefix}expand")(x)
        x = _act(_bn(f"{prefix}expand_bn")(x), activation)
    if stride == 2:
        x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, kernel_size), name=f"{prefix}depthwise_pad")(x)
    x = layers.DepthwiseConv2D(kernel_size, strides=stride, padding="same" if stride == 1 else "valid",
                               use_bias=False, name=f"{prefix}depthwise")(x)
    x = _act(_bn(f"{prefix}depthwise_bn")(x), activation)
    if se_ratio:
        x = _se_block(x, _depth(infilters * expansion), se_ratio, prefix)
    x = layers.Conv2D(filters, kernel_size=1, padding="same", use_bias=False, name=f"{prefix}project")(x)
    x = _bn(f"{prefix}project_bn")(x)
    if stride == 1 and infilters == filters:
        x = layers.Add(name=f"{prefix}add")([shortcut, x])
    return x


def _mobilenet_v3(blocks, last_point_ch, model_type, input_shape, alpha, minimalistic, include_top, weights,
                  input_tensor, classes, pooling, dropout_rate, classifier_activation, include_preprocessing, name):
    pretrained.check_weights(weights, include_top, classes)
    if input_shape is not None and input_tensor is not None and tuple(input_tensor.shape[1:3]) != \
            tuple(input_shape[:2]):
        raise ValueError(f"input_shape[:2] must equal input_tensor.shape[1:3].  Received input_shape={input_shape}, "
                         f"input_tensor.shape={tuple(input_tensor.shape)}")
    if input_shape is None and input_tensor is not None:
        input_shape = tuple(input_tensor.shape[1:])
    input_shape = tuple(input_shape) if input_shape is not None else (None, None, 3)
    rows, cols = input_shape[0], input_shape[1]
    if rows and cols and (rows < 32 or cols < 32):
        raise ValueError(f"Input size must be at least 32x32; Received `input_shape={input_shape}`")
    if weights == "imagenet":
        if (not minimalistic and alpha not in (0.75, 1.0)) or (minimalistic and alpha != 1.0):
            raise ValueError("If imagenet weights are being loaded, alpha can be one of `0.75`, `1.0` for non "
                             f"minimalistic or `1.0` for minimalistic only. Received: alpha={alpha}")
        if rows != cols or rows != 224:
            warnings.warn("`input_shape` is undefined or non-square, or `rows` is not 224. Weights for input shape "
                          "(224, 224) will be loaded as the default.", stacklevel=3)
    kernel, activation, se_ratio = (3, "relu", None) if minimalistic else (5, "hard_swish", 0.25)
    img_input = pretrained.image_input(input_tensor, input_shape)
    x = img_input
    if include_preprocessing:
        x = layers.Rescaling(scale=1.0 / 127.5, offset=-1.0)(x)
    x = layers.Conv2D(16, kernel_size=3, strides=(2, 2), padding="same", use_bias=False, name="conv")(x)
    x = _act(_bn("conv_bn")(x), activation)
    for block_id, (expansion, filters, block_kernel, stride, se, block_act) in enumerate(blocks):
        x = _inverted_res_block(x, expansion, _depth(filters * alpha), block_kernel or kernel, stride,
                                se_ratio if se else None, block_act or activation, block_id)
    last_conv_ch = _depth(x.shape[-1] * 6)
    if alpha > 1.0:
        last_point_ch = _depth(last_point_ch * alpha)
    x = layers.Conv2D(last_conv_ch, kernel_size=1, padding="same", use_bias=False, name="conv_1")(x)
    x = _act(_bn("conv_1_bn")(x), activation)
    if include_top:
        x = layers.GlobalAveragePooling2D(keepdims=True)(x)
        x = layers.Conv2D(last_point_ch, kernel_size=1, padding="same", use_bias=True, name="conv_2")(x)
        x = _act(x, activation)
        if dropout_rate > 0:
            x = layers.Dropout(dropout_rate)(x)
        x = layers.Conv2D(classes, kernel_size=1, padding="same", name="logits")(x)
        x = layers.Flatten()(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Activation(activation=classifier_activation, name="predictions")(x)
    else:
        x = pretrained.pool(x, pooling, "avg_pool", "max_pool")
    model = pretrained.functional(pretrained.model_inputs(input_tensor, img_input), x, name)
    key = f"{model_type}{'_minimalistic' if minimalistic else ''}_224_{alpha}_float"
    fname = f"weights_mobilenet_v3_{key}{'' if include_top else '_no_top_v2'}.h5"
    file_hash = _HASHES.get(key, (None, None))[0 if include_top else 1]
    return pretrained.load(model, weights, fname, _URL + fname, file_hash)


_DOC = """{what}

    Args:
        input_shape: `(h, w, 3)`, h, w >= 32; default `(None, None, 3)` (or `input_tensor`'s shape).
        alpha: width multiplier (ImageNet weights: 0.75 or 1.0; 1.0 when minimalistic).
        minimalistic: without squeeze-excite, hard-swish and 5x5 kernels (ReLU and 3x3 only).
        include_top, weights, input_tensor, pooling, classes, classifier_activation: as every application.
        dropout_rate: dropout before the `logits` conv (only with the top).
        include_preprocessing: add `Rescaling(1/127.5, offset=-1)` so inputs are pixels in [0, 255].
        name: the model's name.

    Returns:
        A Functional `Model`.

    Raises:
        ValueError: invalid `weights`, `classes`, `alpha`, `input_shape`, `pooling` or `classifier_activation`.
        OSError: ImageNet weights not cached and not downloadable (the message names the file).
    """


def MobileNetV3Small(input_shape=None, alpha=1.0, minimalistic=False, include_top=True, weights="imagenet",
                     input_tensor=None, classes=1000, pooling=None, dropout_rate=0.2,
                     classifier_activation="softmax", include_preprocessing=True, name="MobileNetV3Small"):
    return _mobilenet_v3(_SMALL, 1024, "small", input_shape, alpha, minimalistic, include_top, weights,
                         input_tensor, classes, pooling, dropout_rate, classifier_activation, include_preprocessing,
                         name)


def MobileNetV3Large(input_shape=None, alpha=1.0, minimalistic=False, include_top=True, weights="imagenet",
                     input_tensor=None, classes=1000, pooling=None, dropout_rate=0.2,
                     classifier_activation="softmax", include_preprocessing=True, name="MobileNetV3Large"):
    return _mobilenet_v3(_LARGE, 1280, "large", input_shape, alpha, minimalistic, include_top, weights,
                         input_tensor, classes, pooling, dropout_rate, classifier_activation, include_preprocessing,
                         name)


MobileNetV3Small.__doc__ = _DOC.format(what="MobileNetV3Small: 11 inverted residual blocks with squeeze-excite.")
MobileNetV3Large.__doc__ = _DOC.format(what="MobileNetV3Large: 15 inverted residual blocks with squeeze-excite.")


def preprocess_input(x, data_format=None):
    """The identity: MobileNetV3 models rescale their inputs themselves (`include_preprocessing=True`)."""
    imagenet_utils.check_data_format(data_format)
    return x


def decode_predictions(preds, top=5):
    """`imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
