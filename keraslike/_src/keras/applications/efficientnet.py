"""`keras.applications.EfficientNetB0`..`B7` (Tan & Le 2019), mirroring `keras/src/applications/efficientnet.py`
of Keras 3.15: layer names `stem_conv`, `block{i}{a,b,..}_expand_conv/dwconv/se_reduce/se_expand/project_conv`
(+ `_bn`), `top_conv`, `predictions`, the same initializers and weights.

The models take float pixels in [0, 255]: a `Rescaling(1/255)` and a `Normalization` layer (whose mean and
variance come with the weights) are part of the model; `efficientnet.preprocess_input` is the identity.
"""

import copy
import math

from keraslike._src.keras import initializers
from keraslike._src.keras.applications import app_layers as layers
from keraslike._src.keras.applications import imagenet_utils, pretrained

_URL = "https://storage.googleapis.com/keras-applications/"
_HASHES = {  # md5 of Keras's files (top, no top)
    "b0": ("902e53a9f72be733fc0bcb005b3ebbac", "50bc09e76180e00e4465e1a485ddc09d"),
    "b1": ("1d254153d4ab51201f1646940f018540", "74c4e6b3e1f6a1eea24c589628592432"),
    "b2": ("b15cce36ff4dcbd00b6dd88e7857a6ad", "111f8e2ac8aa800a7a99e3239f7bfb39"),
    "b3": ("ffd1fdc53d0ce67064dc6a9c7960ede0", "af6d107764bb5b1abb91932881670226"),
    "b4": ("18c95ad55216b8f92d7e70b3a046e2fc", "ebc24e6d6c33eaebbd558eafbeedf1ba"),
    "b5": ("ace28f2a6363774853a83a0b21b9421a", "38879255a25d3c92d5e44e04ae6cec6f"),
    "b6": ("165f6e37dce68623721b423839de8be5", "9ecce42647a20130c1f39a5d4cb75743"),
    "b7": ("8c03f828fec3ef71311cd463b6759d99", "cbcfe4450ddf6f3ad90b1b398090fe4a"),
}
# kernel, repeats, filters in/out, expansion, stride (squeeze-excite 0.25, identity skip everywhere)
_BLOCKS = ((3, 1, 32, 16, 1, 1), (3, 2, 16, 24, 6, 2), (5, 2, 24, 40, 6, 2), (3, 3, 40, 80, 6, 2),
           (5, 3, 80, 112, 6, 1), (5, 4, 112, 192, 6, 2), (3, 1, 192, 320, 6, 1))
DEFAULT_BLOCKS_ARGS = [dict(kernel_size=k, repeats=r, filters_in=i, filters_out=o, expand_ratio=e, id_skip=True,
                            strides=s, se_ratio=0.25) for k, r, i, o, e, s in _BLOCKS]
IMAGENET_STDDEV_RGB = (0.229, 0.224, 0.225)


def conv_init():
    return initializers.VarianceScaling(scale=2.0, mode="fan_out", distribution="truncated_normal")


def dense_init():
    return initializers.VarianceScaling(scale=1.0 / 3.0, mode="fan_out", distribution="uniform")


def _block(inputs, activation, drop_rate, name, filters_in, filters_out, kernel_size, strides, expand_ratio,
           se_ratio, id_skip):
    filters = filters_in * expand_ratio
    x = inputs
    if expand_ratio != 1:
        x = layers.Conv2D(filters, 1, padding="same", use_bias=False, kernel_initializer=conv_init(),
                          name=f"{name}expand_conv")(x)
        x = layers.BatchNormalization(axis=3, name=f"{name}expand_bn")(x)
        x = layers.Activation(activation, name=f"{name}expand_activation")(x)
    if strides == 2:
        x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, kernel_size), name=f"{name}dwconv_pad")(x)
    x = layers.DepthwiseConv2D(kernel_size, strides=strides, padding="valid" if strides == 2 else "same",
                               use_bias=False, depthwise_initializer=conv_init(), name=f"{name}dwconv")(x)
    x = layers.BatchNormalization(axis=3, name=f"{name}bn")(x)
    x = layers.Activation(activation, name=f"{name}activation")(x)
    if 0 < se_ratio <= 1:
        se = layers.GlobalAveragePooling2D(name=f"{name}se_squeeze")(x)
        se = layers.Reshape((1, 1, filters), name=f"{name}se_reshape")(se)
        se = layers.Conv2D(max(1, int(filters_in * se_ratio)), 1, padding="same", activation=activation,
                           kernel_initializer=conv_init(), name=f"{name}se_reduce")(se)
        se = layers.Conv2D(filters, 1, padding="same", activation="sigmoid", kernel_initializer=conv_init(),
                           name=f"{name}se_expand")(se)
        x = layers.Multiply(name=f"{name}se_excite")([x, se])
    x = layers.Conv2D(filters_out, 1, padding="same", use_bias=False, kernel_initializer=conv_init(),
                      name=f"{name}project_conv")(x)
    x = layers.BatchNormalization(axis=3, name=f"{name}project_bn")(x)
    if id_skip and strides == 1 and filters_in == filters_out:
        if drop_rate > 0:
            x = layers.Dropout(drop_rate, noise_shape=(None, 1, 1, 1), name=f"{name}drop")(x)
        x = layers.Add(name=f"{name}add")([x, inputs])
    return x


def build_efficientnet(width_coefficient, depth_coefficient, default_size, dropout_rate, weights_name, name,
                       include_top, weights, input_tensor, input_shape, pooling, classes, classifier_activation,
                       drop_connect_rate=0.2, depth_divisor=8, activation="swish", blocks_args="default"):
    """The EfficientNet body for a width/depth coefficient pair (Keras's `EfficientNet`)."""
    blocks_args = copy.deepcopy(DEFAULT_BLOCKS_ARGS if blocks_args == "default" else blocks_args)
    pretrained.check_weights(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=None, require_flatten=include_top, weights=weights)
    img_input = pretrained.image_input(input_tensor, input_shape)

    def round_filters(filters, divisor=depth_divisor):
        filters *= width_coefficient
        new_filters = max(divisor, int(filters + divisor / 2) // divisor * divisor)
        return int(new_filters + divisor if new_filters < 0.9 * filters else new_filters)

    def round_repeats(repeats):
        return int(math.ceil(depth_coefficient * repeats))

    x = layers.Rescaling(1.0 / 255.0)(img_input)
    x = layers.Normalization(axis=3)(x)
    if weights == "imagenet":  # the published weights' Normalization holds variances of 1/255-scaled pixels
        x = layers.Rescaling([1.0 / math.sqrt(stddev) for stddev in IMAGENET_STDDEV_RGB])(x)
    x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, 3), name="stem_conv_pad")(x)
    x = layers.Conv2D(round_filters(32), 3, strides=2, padding="valid", use_bias=False,
                      kernel_initializer=conv_init(), name="stem_conv")(x)
    x = layers.BatchNormalization(axis=3, name="stem_bn")(x)
    x = layers.Activation(activation, name="stem_activation")(x)
    b = 0
    total = float(sum(round_repeats(args["repeats"]) for args in blocks_args))
    for i, args in enumerate(blocks_args):
        if args["repeats"] <= 0:
            raise ValueError(f"Each block's `repeats` must be positive. Received: blocks_args[{i}]={args}")
        args["filters_in"] = round_filters(args["filters_in"])
        args["filters_out"] = round_filters(args["filters_out"])
        for j in range(round_repeats(args.pop("repeats"))):
            if j > 0:
                args["strides"] = 1
                args["filters_in"] = args["filters_out"]
            x = _block(x, activation, drop_connect_rate * b / total, name=f"block{i + 1}{chr(j + 97)}_", **args)
            b += 1
    x = layers.Conv2D(round_filters(1280), 1, padding="same", use_bias=False, kernel_initializer=conv_init(),
                      name="top_conv")(x)
    x = layers.BatchNormalization(axis=3, name="top_bn")(x)
    x = layers.Activation(activation, name="top_activation")(x)
    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        if dropout_rate > 0:
            x = layers.Dropout(dropout_rate, name="top_dropout")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Dense(classes, activation=classifier_activation, kernel_initializer=dense_init(),
                         name="predictions")(x)
    else:
        x = pretrained.pool(x, pooling, "avg_pool", "max_pool")
    model = pretrained.functional(pretrained.model_inputs(input_tensor, img_input), x, name)
    fname = f"efficientnet{weights_name}{'.h5' if include_top else '_notop.h5'}"
    return pretrained.load(model, weights, fname, _URL + fname, _HASHES[weights_name][0 if include_top else 1])


_DOC = """EfficientNet{v}: width x{w}, depth x{d}, default input {s}x{s}, top dropout {p}.

    The model includes its input scaling: feed float pixels in [0, 255].

    Args:
        include_top: whether to include the classifier (then the input is {s}x{s}x3 with ImageNet weights).
        weights: `None` (random), `"imagenet"` (from `~/.keras/models/`, downloaded when networked) or a path.
        input_tensor: optional KerasTensor (or tensor) to use as the image input.
        input_shape: `(h, w, 3)`, h, w >= 32.
        pooling: without the top: `None` (4D output), `"avg"` or `"max"`.
        classes: number of classes with the top (1000 with ImageNet weights).
        classifier_activation: activation of `predictions` (`None`/`"softmax"` with weights).
        name: the model's name.

    Returns:
        A Functional `Model`.

    Raises:
        ValueError: invalid `weights`, `classes`, `input_shape`, `pooling` or `classifier_activation`.
        OSError: ImageNet weights not cached and not downloadable (the message names the file).
    """

_VARIANTS = {"B0": (1.0, 1.0, 224, 0.2), "B1": (1.0, 1.1, 240, 0.2), "B2": (1.1, 1.2, 260, 0.3),
             "B3": (1.2, 1.4, 300, 0.3), "B4": (1.4, 1.8, 380, 0.4), "B5": (1.6, 2.2, 456, 0.4),
             "B6": (1.8, 2.6, 528, 0.5), "B7": (2.0, 3.1, 600, 0.5)}


def _variant(key, name, **kwargs):
    w, d, size, dropout = _VARIANTS[key]
    return build_efficientnet(w, d, size, dropout, key.lower(), name, **kwargs)


def EfficientNetB0(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                   classes=1000, classifier_activation="softmax", name="efficientnetb0"):
    return _variant("B0", name, include_top=include_top, weights=weights, input_tensor=input_tensor,
                    input_shape=input_shape, pooling=pooling, classes=classes,
                    classifier_activation=classifier_activation)


def EfficientNetB1(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                   classes=1000, classifier_activation="softmax", name="efficientnetb1"):
    return _variant("B1", name, include_top=include_top, weights=weights, input_tensor=input_tensor,
                    input_shape=input_shape, pooling=pooling, classes=classes,
                    classifier_activation=classifier_activation)


def EfficientNetB2(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                   classes=1000, classifier_activation="softmax", name="efficientnetb2"):
    return _variant("B2", name, include_top=include_top, weights=weights, input_tensor=input_tensor,
                    input_shape=input_shape, pooling=pooling, classes=classes,
                    classifier_activation=classifier_activation)


def EfficientNetB3(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                   classes=1000, classifier_activation="softmax", name="efficientnetb3"):
    return _variant("B3", name, include_top=include_top, weights=weights, input_tensor=input_tensor,
                    input_shape=input_shape, pooling=pooling, classes=classes,
                    classifier_activation=classifier_activation)


def EfficientNetB4(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                   classes=1000, classifier_activation="softmax", name="efficientnetb4"):
    return _variant("B4", name, include_top=include_top, weights=weights, input_tensor=input_tensor,
                    input_shape=input_shape, pooling=pooling, classes=classes,
                    classifier_activation=classifier_activation)


def EfficientNetB5(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                   classes=1000, classifier_activation="softmax", name="efficientnetb5"):
    return _variant("B5", name, include_top=include_top, weights=weights, input_tensor=input_tensor,
                    input_shape=input_shape, pooling=pooling, classes=classes,
                    classifier_activation=classifier_activation)


def EfficientNetB6(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                   classes=1000, classifier_activation="softmax", name="efficientnetb6"):
    return _variant("B6", name, include_top=include_top, weights=weights, input_tensor=input_tensor,
                    input_shape=input_shape, pooling=pooling, classes=classes,
                    classifier_activation=classifier_activation)


def EfficientNetB7(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                   classes=1000, classifier_activation="softmax", name="efficientnetb7"):
    return _variant("B7", name, include_top=include_top, weights=weights, input_tensor=input_tensor,
                    input_shape=input_shape, pooling=pooling, classes=classes,
                    classifier_activation=classifier_activation)


for _key, _fn in (("B0", EfficientNetB0), ("B1", EfficientNetB1), ("B2", EfficientNetB2), ("B3", EfficientNetB3),
                  ("B4", EfficientNetB4), ("B5", EfficientNetB5), ("B6", EfficientNetB6), ("B7", EfficientNetB7)):
    _w, _d, _s, _p = _VARIANTS[_key]
    _fn.__doc__ = _DOC.format(v=_key, w=_w, d=_d, s=_s, p=_p)


def preprocess_input(x, data_format=None):
    """The identity: EfficientNet models scale their inputs themselves."""
    imagenet_utils.check_data_format(data_format)
    return x


def decode_predictions(preds, top=5):
    """`imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
