"""GoogLeNet (Inception v1)."""

import keraslike as tf
from models._common import check_args, classifier, scaled

layers = tf.keras.layers

# (#1x1, #3x3 reduce, #3x3, #5x5 reduce, #5x5, pool proj): Table 1 of the paper
_INCEPTION = {
    "3a": (64, 96, 128, 16, 32, 32), "3b": (128, 128, 192, 32, 96, 64),
    "4a": (192, 96, 208, 16, 48, 64), "4b": (160, 112, 224, 24, 64, 64), "4c": (128, 128, 256, 24, 64, 64),
    "4d": (112, 144, 288, 32, 64, 64), "4e": (256, 160, 320, 32, 128, 128),
    "5a": (256, 160, 320, 32, 128, 128), "5b": (384, 192, 384, 48, 128, 128),
}


def _conv(x, filters, kernel, name, strides=1):
    return layers.Conv2D(filters, kernel, strides=strides, padding="same", activation="relu", name=name)(x)


def inception_module(x, spec, name, width=1.0):
    """One Inception module: 1x1 | 1x1 -> 3x3 | 1x1 -> 5x5 | 3x3 max pool -> 1x1, concatenated on channels."""
    f1, r3, f3, r5, f5, pp = (scaled(f, width) for f in spec)
    b1 = _conv(x, f1, 1, f"{name}_1x1")
    b2 = _conv(_conv(x, r3, 1, f"{name}_3x3_reduce"), f3, 3, f"{name}_3x3")
    b3 = _conv(_conv(x, r5, 1, f"{name}_5x5_reduce"), f5, 5, f"{name}_5x5")
    b4 = layers.MaxPooling2D(3, strides=1, padding="same", name=f"{name}_pool")(x)
    b4 = _conv(b4, pp, 1, f"{name}_pool_proj")
    return layers.Concatenate(axis=-1, name=f"{name}_output")([b1, b2, b3, b4])


def build_googlenet(input_shape=(224, 224, 3), num_classes=1000, width=1.0, dropout=0.4,
                    classifier_activation="softmax"):
    """GoogLeNet (Inception v1): a 22-layer network of nine Inception modules.

    Reference: Szegedy et al., "Going deeper with convolutions", CVPR 2015. Built from Table 1 of the
    paper (biases, ReLU, no batch normalization); the auxiliary classifiers, which are used only as
    training-time regularizers, and local response normalization (no weights) are omitted, and the
    final 7x7 average pool is a global average pool (the same on 224x224). 6,998,552 parameters with
    1000 classes (Table 1 rounds its per-layer figures and sums to about 6.8M).

    Args:
        input_shape: `(height, width, channels)`, channels_last; at least 32x32.
        num_classes: number of output classes.
        width: multiplier on every conv width (1.0 is the paper).
        dropout: dropout before the classifier (0.4 in the paper).
        classifier_activation: "softmax" (default) or None for logits.

    Returns:
        A `keras.Model`: `(batch, h, w, c)` -> `(batch, num_classes)`.
    """
    input_shape = check_args("build_googlenet", input_shape, num_classes, min_rank=3)
    w = lambda c: scaled(c, width)
    inputs = tf.keras.Input(shape=input_shape)
    x = _conv(inputs, w(64), 7, "conv1_7x7_s2", strides=2)                                # (112, 112, 64)
    x = layers.MaxPooling2D(3, strides=2, padding="same", name="pool1")(x)               # (56, 56, 64)
    x = _conv(x, w(64), 1, "conv2_3x3_reduce")
    x = _conv(x, w(192), 3, "conv2_3x3")
    x = layers.MaxPooling2D(3, strides=2, padding="same", name="pool2")(x)               # (28, 28, 192)
    for stage, pool_after in (("3", True), ("4", True), ("5", False)):
        for key in [k for k in _INCEPTION if k[0] == stage]:
            x = inception_module(x, _INCEPTION[key], f"inception_{key}", width)
        if pool_after:
            x = layers.MaxPooling2D(3, strides=2, padding="same", name=f"pool{int(stage)}")(x)  # 14, then 7
    x = layers.GlobalAveragePooling2D(name="avg_pool")(x)                                # (1024,)
    if dropout:
        x = layers.Dropout(dropout)(x)
    return tf.keras.Model(inputs, classifier(x, num_classes, classifier_activation), name="googlenet")
