"""`keras.applications.ResNet50/101/152` (He et al. 2015) and `ResNet50V2/101V2/152V2` (He et al. 2016),
mirroring `keras/src/applications/resnet.py` and `resnet_v2.py` of Keras 3.15: same layer names
(`conv1_conv`, `conv{stage}_block{i}_{j}_conv`/`_bn`, `post_bn`, `predictions`) and weight order.

Input `(batch, 224, 224, 3)`; v1 wants caffe preprocessing, v2 `"tf"` ([-1, 1]).
"""

from keraslike._src.keras.applications import app_layers as layers
from keraslike._src.keras.applications import imagenet_utils, pretrained

_URL = pretrained.BASE_WEIGHTS_URL + "resnet/"
_EPS = 1.001e-5


def _bn(name):
    return layers.BatchNormalization(axis=3, epsilon=_EPS, name=name)


def _block_v1(x, filters, kernel_size=3, stride=1, conv_shortcut=True, name=None):
    if conv_shortcut:
        shortcut = layers.Conv2D(4 * filters, 1, strides=stride, name=f"{name}_0_conv")(x)
        shortcut = _bn(f"{name}_0_bn")(shortcut)
    else:
        shortcut = x
    x = layers.Conv2D(filters, 1, strides=stride, name=f"{name}_1_conv")(x)
    x = layers.Activation("relu", name=f"{name}_1_relu")(_bn(f"{name}_1_bn")(x))
    x = layers.Conv2D(filters, kernel_size, padding="same", name=f"{name}_2_conv")(x)
    x = layers.Activation("relu", name=f"{name}_2_relu")(_bn(f"{name}_2_bn")(x))
    x = layers.Conv2D(4 * filters, 1, name=f"{name}_3_conv")(x)
    x = _bn(f"{name}_3_bn")(x)
    x = layers.Add(name=f"{name}_add")([shortcut, x])
    return layers.Activation("relu", name=f"{name}_out")(x)


def _stack_v1(x, filters, blocks, stride1=2, name=None):
    x = _block_v1(x, filters, stride=stride1, name=f"{name}_block1")
    for i in range(2, blocks + 1):
        x = _block_v1(x, filters, conv_shortcut=False, name=f"{name}_block{i}")
    return x


def _block_v2(x, filters, kernel_size=3, stride=1, conv_shortcut=False, name=None):
    preact = layers.Activation("relu", name=f"{name}_preact_relu")(_bn(f"{name}_preact_bn")(x))
    if conv_shortcut:
        shortcut = layers.Conv2D(4 * filters, 1, strides=stride, name=f"{name}_0_conv")(preact)
    else:
        shortcut = layers.MaxPooling2D(1, strides=stride)(x) if stride > 1 else x
    x = layers.Conv2D(filters, 1, strides=1, use_bias=False, name=f"{name}_1_conv")(preact)
    x = layers.Activation("relu", name=f"{name}_1_relu")(_bn(f"{name}_1_bn")(x))
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name=f"{name}_2_pad")(x)
    x = layers.Conv2D(filters, kernel_size, strides=stride, use_bias=False, name=f"{name}_2_conv")(x)
    x = layers.Activation("relu", name=f"{name}_2_relu")(_bn(f"{name}_2_bn")(x))
    x = layers.Conv2D(4 * filters, 1, name=f"{name}_3_conv")(x)
    return layers.Add(name=f"{name}_out")([shortcut, x])


def _stack_v2(x, filters, blocks, stride1=2, name=None):
    x = _block_v2(x, filters, conv_shortcut=True, name=f"{name}_block1")
    for i in range(2, blocks):
        x = _block_v2(x, filters, name=f"{name}_block{i}")
    return _block_v2(x, filters, stride=stride1, name=f"{name}_block{blocks}")


def build_resnet(blocks, preact, weights_name, include_top, weights, input_tensor, input_shape, pooling, classes,
                 classifier_activation, name):
    """The ResNet body: stem, four stages of `blocks` residual blocks (v1, or pre-activation v2), head."""
    pretrained.check_weights(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=224, min_size=32, data_format=None,
                                                    require_flatten=include_top, weights=weights)
    img_input = pretrained.image_input(input_tensor, input_shape)
    x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)), name="conv1_pad")(img_input)
    x = layers.Conv2D(64, 7, strides=2, use_bias=True, name="conv1_conv")(x)
    if not preact:
        x = layers.Activation("relu", name="conv1_relu")(_bn("conv1_bn")(x))
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name="pool1_pad")(x)
    x = layers.MaxPooling2D(3, strides=2, name="pool1_pool")(x)
    for stage, (filters, count) in enumerate(zip((64, 128, 256, 512), blocks), start=2):
        if preact:
            x = _stack_v2(x, filters, count, stride1=1 if stage == 5 else 2, name=f"conv{stage}")
        else:
            x = _stack_v1(x, filters, count, stride1=1 if stage == 2 else 2, name=f"conv{stage}")
    if preact:
        x = layers.Activation("relu", name="post_relu")(_bn("post_bn")(x))
    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        x = pretrained.classifier(x, classes, classifier_activation, weights)
    else:
        x = pretrained.pool(x, pooling, "avg_pool", "max_pool")
    model = pretrained.functional(pretrained.model_inputs(input_tensor, img_input), x, name)
    fname = f"{weights_name}_weights_tf_dim_ordering_tf_kernels{'' if include_top else '_notop'}.h5"
    return pretrained.load(model, weights, fname, _URL + fname)


_DOC_ARGS = """

    Args:
        include_top: whether to include the classifier (global average pooling + `predictions` Dense);
            then the input is 224x224x3 with ImageNet weights.
        weights: `None` (random), `"imagenet"` (from `~/.keras/models/`, downloaded when networked) or a path.
        input_tensor: optional KerasTensor (or tensor) to use as the image input.
        input_shape: `(h, w, 3)`, h, w >= 32; default `(224, 224, 3)` with the top, `(None, None, 3)` without.
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


def ResNet50(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None, classes=1000,
             classifier_activation="softmax", name="resnet50"):
    return build_resnet((3, 4, 6, 3), False, "resnet50", include_top, weights, input_tensor, input_shape, pooling,
                        classes, classifier_activation, name)


def ResNet101(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None, classes=1000,
              classifier_activation="softmax", name="resnet101"):
    return build_resnet((3, 4, 23, 3), False, "resnet101", include_top, weights, input_tensor, input_shape,
                        pooling, classes, classifier_activation, name)


def ResNet152(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None, classes=1000,
              classifier_activation="softmax", name="resnet152"):
    return build_resnet((3, 8, 36, 3), False, "resnet152", include_top, weights, input_tensor, input_shape,
                        pooling, classes, classifier_activation, name)


def ResNet50V2(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
               classes=1000, classifier_activation="softmax", name="resnet50v2"):
    return build_resnet((3, 4, 6, 3), True, "resnet50v2", include_top, weights, input_tensor, input_shape,
                        pooling, classes, classifier_activation, name)


def ResNet101V2(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                classes=1000, classifier_activation="softmax", name="resnet101v2"):
    return build_resnet((3, 4, 23, 3), True, "resnet101v2", include_top, weights, input_tensor, input_shape,
                        pooling, classes, classifier_activation, name)


def ResNet152V2(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                classes=1000, classifier_activation="softmax", name="resnet152v2"):
    return build_resnet((3, 8, 36, 3), True, "resnet152v2", include_top, weights, input_tensor, input_shape,
                        pooling, classes, classifier_activation, name)


for _fn, _what in ((ResNet50, "ResNet50: bottleneck blocks (3, 4, 6, 3)"),
                   (ResNet101, "ResNet101: bottleneck blocks (3, 4, 23, 3)"),
                   (ResNet152, "ResNet152: bottleneck blocks (3, 8, 36, 3)"),
                   (ResNet50V2, "ResNet50V2: pre-activation bottleneck blocks (3, 4, 6, 3)"),
                   (ResNet101V2, "ResNet101V2: pre-activation bottleneck blocks (3, 4, 23, 3)"),
                   (ResNet152V2, "ResNet152V2: pre-activation bottleneck blocks (3, 8, 36, 3)")):
    _fn.__doc__ = _what + "." + _DOC_ARGS


def preprocess_input(x, data_format=None):
    """ResNet (v1) preprocessing: caffe mode (RGB -> BGR, ImageNet means subtracted)."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="caffe")


def preprocess_input_v2(x, data_format=None):
    """ResNetV2 preprocessing: `"tf"` mode, pixels scaled to [-1, 1]."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top=5):
    """`imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
