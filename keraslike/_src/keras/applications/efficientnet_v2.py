"""`keras.applications.EfficientNetV2B0`..`B3`, `S`, `M`, `L` (Tan & Le 2021), mirroring
`keras/src/applications/efficientnet_v2.py` of Keras 3.15: layer names `stem_conv`,
`block{i}{a,b,..}_expand_conv/dwconv2/se_reduce/se_expand/project_conv` (+ `_bn`), `top_conv`, `predictions`,
the same initializers and weights.

With `include_preprocessing=True` (default) the models take float pixels in [0, 255];
`efficientnet_v2.preprocess_input` is the identity.
"""

import copy
import math

from keraslike._src.keras import initializers
from keraslike._src.keras.applications import app_layers as layers
from keraslike._src.keras.applications import imagenet_utils, pretrained
from keraslike._src.keras.applications.efficientnet import conv_init, dense_init

_URL = pretrained.BASE_WEIGHTS_URL + "efficientnet_v2/"
_HASHES = {  # md5 of Keras's files (top, no top)
    "b0": ("21ecbf6da12460d5c40bb2f29ceb2188", "893217f2bb855e2983157299931e43ff"),
    "b1": ("069f0534ff22adf035c89e2d9547a9dc", "0e80663031ca32d657f9caa404b6ec37"),
    "b2": ("424e49f28180edbde1e94797771950a7", "1dfe2e7a5d45b6632553a8961ea609eb"),
    "b3": ("1f1fc43bd98a6e4fd8fdfd551e02c7a0", "f6abf7b5849ac99a89b50dd3fd532856"),
    "-s": ("e1d88a8495beba45748fedd0cecbe016", "af0682fb74e8c54910f2d4393339c070"),
    "-m": ("a3bf6aa3276309f4fc6a34aa114c95cd", "1b8dc055df72dde80d614482840fe342"),
    "-l": ("27e6d408b53c7ebc868fefa357689935", "b0b66b5c863aef5b46e8608fe1711615"),
}
_KEYS = ("kernel_size", "num_repeat", "input_filters", "output_filters", "expand_ratio", "se_ratio", "strides",
         "conv_type")  # conv_type 1: fused MBConv, 0: MBConv
_B = ((3, 1, 32, 16, 1, 0, 1, 1), (3, 2, 16, 32, 4, 0, 2, 1), (3, 2, 32, 48, 4, 0, 2, 1),
      (3, 3, 48, 96, 4, 0.25, 2, 0), (3, 5, 96, 112, 6, 0.25, 1, 0), (3, 8, 112, 192, 6, 0.25, 2, 0))
_BLOCKS = {
    "b0": _B, "b1": _B, "b2": _B, "b3": _B,
    "-s": ((3, 2, 24, 24, 1, 0, 1, 1), (3, 4, 24, 48, 4, 0, 2, 1), (3, 4, 48, 64, 4, 0, 2, 1),
           (3, 6, 64, 128, 4, 0.25, 2, 0), (3, 9, 128, 160, 6, 0.25, 1, 0), (3, 15, 160, 256, 6, 0.25, 2, 0)),
    "-m": ((3, 3, 24, 24, 1, 0, 1, 1), (3, 5, 24, 48, 4, 0, 2, 1), (3, 5, 48, 80, 4, 0, 2, 1),
           (3, 7, 80, 160, 4, 0.25, 2, 0), (3, 14, 160, 176, 6, 0.25, 1, 0), (3, 18, 176, 304, 6, 0.25, 2, 0),
           (3, 5, 304, 512, 6, 0.25, 1, 0)),
    "-l": ((3, 4, 32, 32, 1, 0, 1, 1), (3, 7, 32, 64, 4, 0, 2, 1), (3, 7, 64, 96, 4, 0, 2, 1),
           (3, 10, 96, 192, 4, 0.25, 2, 0), (3, 19, 192, 224, 6, 0.25, 1, 0), (3, 25, 224, 384, 6, 0.25, 2, 0),
           (3, 7, 384, 640, 6, 0.25, 1, 0)),
}
_VARIANTS = {"b0": (1.0, 1.0, 224), "b1": (1.0, 1.1, 240), "b2": (1.1, 1.2, 260), "b3": (1.2, 1.4, 300),
             "-s": (1.0, 1.0, 384), "-m": (1.0, 1.0, 480), "-l": (1.0, 1.0, 480)}


def round_filters(filters, width_coefficient, min_depth, depth_divisor):
    """`filters * width_coefficient` rounded to a multiple of `depth_divisor` (at least `min_depth`)."""
    filters *= width_coefficient
    minimum = min_depth or depth_divisor
    return int(max(minimum, int(filters + depth_divisor / 2) // depth_divisor * depth_divisor))


def _squeeze_excite(x, input_filters, filters, se_ratio, activation, name):
    se = layers.GlobalAveragePooling2D(name=f"{name}se_squeeze")(x)
    se = layers.Reshape((1, 1, filters), name=f"{name}se_reshape")(se)
    se = layers.Conv2D(max(1, int(input_filters * se_ratio)), 1, padding="same", activation=activation,
                       kernel_initializer=conv_init(), name=f"{name}se_reduce")(se)
    se = layers.Conv2D(filters, 1, padding="same", activation="sigmoid", kernel_initializer=conv_init(),
                       name=f"{name}se_expand")(se)
    return layers.Multiply(name=f"{name}se_excite")([x, se])


def _bn(momentum, name):
    return layers.BatchNormalization(axis=3, momentum=momentum, name=name)


def _residual(x, inputs, input_filters, output_filters, strides, survival_probability, name):
    if strides == 1 and input_filters == output_filters:
        if survival_probability:  # Keras uses this value as the Dropout rate
            x = layers.Dropout(survival_probability, noise_shape=(None, 1, 1, 1), name=f"{name}drop")(x)
        x = layers.Add(name=f"{name}add")([x, inputs])
    return x


def _mbconv(inputs, input_filters, output_filters, expand_ratio, kernel_size, strides, se_ratio, bn_momentum,
            activation, survival_probability, name):
    filters = input_filters * expand_ratio
    x = inputs
    if expand_ratio != 1:
        x = layers.Conv2D(filters=filters, kernel_size=1, strides=1, kernel_initializer=conv_init(), padding="same",
                          use_bias=False, name=f"{name}expand_conv")(x)
        x = layers.Activation(activation, name=f"{name}expand_activation")(_bn(bn_momentum, f"{name}expand_bn")(x))
    x = layers.DepthwiseConv2D(kernel_size=kernel_size, strides=strides, depthwise_initializer=conv_init(),
                               padding="same", use_bias=False, name=f"{name}dwconv2")(x)
    x = layers.Activation(activation, name=f"{name}activation")(_bn(bn_momentum, f"{name}bn")(x))
    if 0 < se_ratio <= 1:
        x = _squeeze_excite(x, input_filters, filters, se_ratio, activation, name)
    x = layers.Conv2D(filters=output_filters, kernel_size=1, strides=1, kernel_initializer=conv_init(),
                      padding="same", use_bias=False, name=f"{name}project_conv")(x)
    x = _bn(bn_momentum, f"{name}project_bn")(x)
    return _residual(x, inputs, input_filters, output_filters, strides, survival_probability, name)


def _fused_mbconv(inputs, input_filters, output_filters, expand_ratio, kernel_size, strides, se_ratio, bn_momentum,
                  activation, survival_probability, name):
    filters = input_filters * expand_ratio
    x = inputs
    if expand_ratio != 1:
        x = layers.Conv2D(filters, kernel_size=kernel_size, strides=strides, kernel_initializer=conv_init(),
                          padding="same", use_bias=False, name=f"{name}expand_conv")(x)
        x = layers.Activation(activation, name=f"{name}expand_activation")(_bn(bn_momentum, f"{name}expand_bn")(x))
    if 0 < se_ratio <= 1:
        x = _squeeze_excite(x, input_filters, filters, se_ratio, activation, name)
    x = layers.Conv2D(output_filters, kernel_size=1 if expand_ratio != 1 else kernel_size,
                      strides=1 if expand_ratio != 1 else strides, kernel_initializer=conv_init(), padding="same",
                      use_bias=False, name=f"{name}project_conv")(x)
    x = _bn(bn_momentum, f"{name}project_bn")(x)
    if expand_ratio == 1:
        x = layers.Activation(activation, name=f"{name}project_activation")(x)
    return _residual(x, inputs, input_filters, output_filters, strides, survival_probability, name)


def build_efficientnet_v2(variant, name, include_top, weights, input_tensor, input_shape, pooling, classes,
                          classifier_activation, include_preprocessing, dropout_rate=0.2, drop_connect_rate=0.2,
                          depth_divisor=8, min_depth=8, bn_momentum=0.9, activation="swish"):
    """The EfficientNetV2 body for one variant (Keras's `EfficientNetV2`)."""
    width, depth, default_size = _VARIANTS[variant]
    blocks_args = [dict(zip(_KEYS, row)) for row in copy.deepcopy(_BLOCKS[variant])]
    pretrained.check_weights(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=None, require_flatten=include_top, weights=weights)
    img_input = pretrained.image_input(input_tensor, input_shape)
    x = img_input
    if include_preprocessing:  # Keras picks the scaling by the model name: "-b*" names normalise per channel
        if name.split("-")[-1].startswith("b") and input_shape[-1] == 3:
            x = layers.Rescaling(scale=1.0 / 255)(x)
            x = layers.Normalization(mean=[0.485, 0.456, 0.406], variance=[0.229 ** 2, 0.224 ** 2, 0.225 ** 2],
                                     axis=3)(x)
        else:
            x = layers.Rescaling(scale=1.0 / 128.0, offset=-1)(x)

    def rf(filters):
        return round_filters(filters, width, min_depth, depth_divisor)

    x = layers.Conv2D(filters=rf(blocks_args[0]["input_filters"]), kernel_size=3, strides=2,
                      kernel_initializer=conv_init(), padding="same", use_bias=False, name="stem_conv")(x)
    x = layers.Activation(activation, name="stem_activation")(_bn(bn_momentum, "stem_bn")(x))
    b = 0
    total = float(sum(args["num_repeat"] for args in blocks_args))
    for i, args in enumerate(blocks_args):
        args["input_filters"], args["output_filters"] = rf(args["input_filters"]), rf(args["output_filters"])
        block = _fused_mbconv if args.pop("conv_type") == 1 else _mbconv
        for j in range(int(math.ceil(depth * args.pop("num_repeat")))):
            if j > 0:
                args["strides"] = 1
                args["input_filters"] = args["output_filters"]
            x = block(x, activation=activation, bn_momentum=bn_momentum,
                      survival_probability=drop_connect_rate * b / total, name=f"block{i + 1}{chr(j + 97)}_", **args)
            b += 1
    x = layers.Conv2D(filters=rf(1280), kernel_size=1, strides=1, kernel_initializer=conv_init(), padding="same",
                      use_bias=False, name="top_conv")(x)
    x = layers.Activation(activation=activation, name="top_activation")(_bn(bn_momentum, "top_bn")(x))
    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        if dropout_rate > 0:
            x = layers.Dropout(dropout_rate, name="top_dropout")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Dense(classes, activation=classifier_activation, kernel_initializer=dense_init(),
                         bias_initializer=initializers.Constant(0.0), name="predictions")(x)
    else:
        x = pretrained.pool(x, pooling, "avg_pool", "max_pool")
    model = pretrained.functional(pretrained.model_inputs(input_tensor, img_input), x, name)
    fname = f"efficientnetv2{variant if variant.startswith('-') else '-' + variant}"
    fname += ".h5" if include_top else "_notop.h5"
    return pretrained.load(model, weights, fname, _URL + fname, _HASHES[variant][0 if include_top else 1])


_DOC = """EfficientNetV2{v}: width x{w}, depth x{d}, default input {s}x{s}.

    The model includes its input scaling (`include_preprocessing=True`): feed float pixels in [0, 255].

    Args:
        include_top: whether to include the classifier (then the input is {s}x{s}x3 with ImageNet weights).
        weights: `None` (random), `"imagenet"` (from `~/.keras/models/`, downloaded when networked) or a path.
        input_tensor: optional KerasTensor (or tensor) to use as the image input.
        input_shape: `(h, w, 3)`, h, w >= 32.
        pooling: without the top: `None` (4D output), `"avg"` or `"max"`.
        classes: number of classes with the top (1000 with ImageNet weights).
        classifier_activation: activation of `predictions` (`None`/`"softmax"` with weights).
        include_preprocessing: add the input scaling layers.
        name: the model's name.

    Returns:
        A Functional `Model`.

    Raises:
        ValueError: invalid `weights`, `classes`, `input_shape`, `pooling` or `classifier_activation`.
        OSError: ImageNet weights not cached and not downloadable (the message names the file).
    """


def EfficientNetV2B0(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                     classes=1000, classifier_activation="softmax", include_preprocessing=True,
                     name="efficientnetv2-b0"):
    return build_efficientnet_v2("b0", name, include_top, weights, input_tensor, input_shape, pooling, classes,
                                 classifier_activation, include_preprocessing)


def EfficientNetV2B1(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                     classes=1000, classifier_activation="softmax", include_preprocessing=True,
                     name="efficientnetv2-b1"):
    return build_efficientnet_v2("b1", name, include_top, weights, input_tensor, input_shape, pooling, classes,
                                 classifier_activation, include_preprocessing)


def EfficientNetV2B2(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                     classes=1000, classifier_activation="softmax", include_preprocessing=True,
                     name="efficientnetv2-b2"):
    return build_efficientnet_v2("b2", name, include_top, weights, input_tensor, input_shape, pooling, classes,
                                 classifier_activation, include_preprocessing)


def EfficientNetV2B3(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                     classes=1000, classifier_activation="softmax", include_preprocessing=True,
                     name="efficientnetv2-b3"):
    return build_efficientnet_v2("b3", name, include_top, weights, input_tensor, input_shape, pooling, classes,
                                 classifier_activation, include_preprocessing)


def EfficientNetV2S(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                    classes=1000, classifier_activation="softmax", include_preprocessing=True,
                    name="efficientnetv2-s"):
    return build_efficientnet_v2("-s", name, include_top, weights, input_tensor, input_shape, pooling, classes,
                                 classifier_activation, include_preprocessing)


def EfficientNetV2M(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                    classes=1000, classifier_activation="softmax", include_preprocessing=True,
                    name="efficientnetv2-m"):
    return build_efficientnet_v2("-m", name, include_top, weights, input_tensor, input_shape, pooling, classes,
                                 classifier_activation, include_preprocessing)


def EfficientNetV2L(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                    classes=1000, classifier_activation="softmax", include_preprocessing=True,
                    name="efficientnetv2-l"):
    return build_efficientnet_v2("-l", name, include_top, weights, input_tensor, input_shape, pooling, classes,
                                 classifier_activation, include_preprocessing)


for _key, _v, _fn in (("b0", "B0", EfficientNetV2B0), ("b1", "B1", EfficientNetV2B1), ("b2", "B2", EfficientNetV2B2),
                      ("b3", "B3", EfficientNetV2B3), ("-s", "S", EfficientNetV2S), ("-m", "M", EfficientNetV2M),
                      ("-l", "L", EfficientNetV2L)):
    _w, _d, _s = _VARIANTS[_key]
    _fn.__doc__ = _DOC.format(v=_v, w=_w, d=_d, s=_s)


def preprocess_input(x, data_format=None):
    """The identity: EfficientNetV2 models scale their inputs themselves."""
    imagenet_utils.check_data_format(data_format)
    return x


def decode_predictions(preds, top=5):
    """`imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
