"""ResNet-18, -34 and -50."""

import keraslike as tf
from models._common import check_args, classifier, scaled

layers = tf.keras.layers

_BN_EPS = 1.001e-5  # Keras applications' ResNet epsilon
_DEPTHS = {"resnet18": (2, 2, 2, 2), "resnet34": (3, 4, 6, 3), "resnet50": (3, 4, 6, 3)}


def _conv_bn(x, filters, kernel, strides, name, use_bias, relu=True):
    x = layers.Conv2D(filters, kernel, strides=strides, padding="same", use_bias=use_bias, name=f"{name}_conv")(x)
    x = layers.BatchNormalization(axis=-1, epsilon=_BN_EPS, name=f"{name}_bn")(x)
    return layers.Activation("relu", name=f"{name}_relu")(x) if relu else x


def basic_block(x, filters, strides, name, use_bias):
    """Two 3x3 convolutions plus the identity (or a 1x1 projection when the shape changes). Fig. 2."""
    shortcut = x
    if strides != 1 or x.shape[-1] != filters:
        shortcut = _conv_bn(x, filters, 1, strides, f"{name}_0", use_bias, relu=False)
    x = _conv_bn(x, filters, 3, strides, f"{name}_1", use_bias)
    x = _conv_bn(x, filters, 3, 1, f"{name}_2", use_bias, relu=False)
    x = layers.Add(name=f"{name}_add")([shortcut, x])
    return layers.Activation("relu", name=f"{name}_out")(x)


def bottleneck_block(x, filters, strides, name, use_bias):
    """1x1 reduce, 3x3, 1x1 expand (4x) plus the identity or a projection. Fig. 5 (right)."""
    shortcut = x
    if strides != 1 or x.shape[-1] != 4 * filters:
        shortcut = _conv_bn(x, 4 * filters, 1, strides, f"{name}_0", use_bias, relu=False)
    x = _conv_bn(x, filters, 1, strides, f"{name}_1", use_bias)
    x = _conv_bn(x, filters, 3, 1, f"{name}_2", use_bias)
    x = _conv_bn(x, 4 * filters, 1, 1, f"{name}_3", use_bias, relu=False)
    x = layers.Add(name=f"{name}_add")([shortcut, x])
    return layers.Activation("relu", name=f"{name}_out")(x)


def _stem(x, stem, filters, use_bias):
    if stem == "imagenet":   # 7x7/2 conv and 3x3/2 max pool: 224 -> 56
        x = layers.ZeroPadding2D(3, name="conv1_pad")(x)
        x = layers.Conv2D(filters, 7, strides=2, use_bias=use_bias, name="conv1_conv")(x)
        x = layers.BatchNormalization(axis=-1, epsilon=_BN_EPS, name="conv1_bn")(x)
        x = layers.Activation("relu", name="conv1_relu")(x)
        x = layers.ZeroPadding2D(1, name="pool1_pad")(x)
        return layers.MaxPooling2D(3, strides=2, name="pool1_pool")(x)
    if stem == "cifar":      # one 3x3/1 conv, no pooling: 32 -> 32 (common CIFAR variant of the ImageNet nets)
        return _conv_bn(x, filters, 3, 1, "conv1", use_bias)
    raise ValueError(f"Expected stem to be 'imagenet' or 'cifar'. Received: stem={stem!r}")


def _build_resnet(name, input_shape, num_classes, stem, width, use_bias, classifier_activation):
    input_shape = check_args(f"build_{name}", input_shape, num_classes, min_rank=3)
    block = bottleneck_block if name == "resnet50" else basic_block
    inputs = tf.keras.Input(shape=input_shape)
    x = _stem(inputs, stem, scaled(64, width), use_bias)
    for stage, depth in enumerate(_DEPTHS[name]):
        filters = scaled(64 * 2 ** stage, width)                     # 64, 128, 256, 512
        for i in range(depth):
            strides = 2 if i == 0 and stage > 0 else 1
            x = block(x, filters, strides, f"conv{stage + 2}_block{i + 1}", use_bias)
    x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
    return tf.keras.Model(inputs, classifier(x, num_classes, classifier_activation), name=name)


_DOC = """{title}: a residual network of {blocks} blocks ({depths} per stage).

    Reference: He, Zhang, Ren, Sun, "Deep residual learning for image recognition", CVPR 2016
    (Table 1). Layer names and conventions follow Keras's applications (conv biases, batch norm
    epsilon 1.001e-5, projection shortcuts where the shape changes, stride on the first conv of a
    block). {count}

    Args:
        input_shape: `(height, width, channels)`, channels_last.
        num_classes: number of output classes.
        stem: "imagenet" (7x7/2 conv + 3x3/2 max pool, for 224x224) or "cifar" (one 3x3/1 conv,
            no pooling, for 32x32 images).
        width: multiplier on every conv width (1.0 is the paper).
        use_bias: conv biases (True as Keras's ResNet50; False as the paper and torchvision, whose
            counts are the trainable weights then).
        classifier_activation: "softmax" (default) or None for logits.

    Returns:
        A `keras.Model`: `(batch, h, w, c)` -> `(batch, num_classes)`.
    """


def build_resnet18(input_shape=(224, 224, 3), num_classes=1000, stem="imagenet", width=1.0, use_bias=True,
                   classifier_activation="softmax"):
    return _build_resnet("resnet18", input_shape, num_classes, stem, width, use_bias, classifier_activation)


def build_resnet34(input_shape=(224, 224, 3), num_classes=1000, stem="imagenet", width=1.0, use_bias=True,
                   classifier_activation="softmax"):
    return _build_resnet("resnet34", input_shape, num_classes, stem, width, use_bias, classifier_activation)


def build_resnet50(input_shape=(224, 224, 3), num_classes=1000, stem="imagenet", width=1.0, use_bias=True,
                   classifier_activation="softmax"):
    return _build_resnet("resnet50", input_shape, num_classes, stem, width, use_bias, classifier_activation)


build_resnet18.__doc__ = _DOC.format(
    title="ResNet-18", blocks="basic (two 3x3 conv)", depths="2, 2, 2, 2",
    count="With use_bias=False, 1000 classes: 11,689,512 trainable weights (the paper's 11.7M, torchvision's).")
build_resnet34.__doc__ = _DOC.format(
    title="ResNet-34", blocks="basic (two 3x3 conv)", depths="3, 4, 6, 3",
    count="With use_bias=False, 1000 classes: 21,797,672 trainable weights (the paper's 21.8M, torchvision's).")
build_resnet50.__doc__ = _DOC.format(
    title="ResNet-50", blocks="bottleneck (1x1, 3x3, 1x1)", depths="3, 4, 6, 3",
    count="With 1000 classes: 25,636,712 weights, as Keras's ResNet50 (use_bias=False: 25,557,032 trainable).")
