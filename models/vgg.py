"""VGG-11 and VGG-16."""

import keraslike as tf
from models._common import check_args, classifier, scaled

layers = tf.keras.layers

# filters per block, each entry one 3x3 conv; every block ends in a 2x2 max pool
_CONFIGS = {
    "vgg11": [[64], [128], [256, 256], [512, 512], [512, 512]],
    "vgg16": [[64, 64], [128, 128], [256, 256, 256], [512, 512, 512], [512, 512, 512]],
}


def _build_vgg(name, input_shape, num_classes, width, dropout, classifier_activation):
    input_shape = check_args(f"build_{name}", input_shape, num_classes, min_rank=3)
    if min(input_shape[:2]) < 32:
        raise ValueError(f"Expected {name} inputs of at least 32x32 (five 2x2 poolings). "
                         f"Received: input_shape={input_shape}")
    inputs = tf.keras.Input(shape=input_shape)
    x = inputs
    for b, block in enumerate(_CONFIGS[name], start=1):
        for c, filters in enumerate(block, start=1):
            x = layers.Conv2D(scaled(filters, width), 3, padding="same", activation="relu",
                              name=f"block{b}_conv{c}")(x)
        x = layers.MaxPooling2D(2, strides=2, name=f"block{b}_pool")(x)           # 224 -> 7 after 5 blocks
    x = layers.Flatten(name="flatten")(x)
    x = layers.Dense(scaled(4096, width), activation="relu", name="fc1")(x)
    if dropout:
        x = layers.Dropout(dropout)(x)
    x = layers.Dense(scaled(4096, width), activation="relu", name="fc2")(x)
    if dropout:
        x = layers.Dropout(dropout)(x)
    return tf.keras.Model(inputs, classifier(x, num_classes, classifier_activation), name=name)


def build_vgg11(input_shape=(224, 224, 3), num_classes=1000, width=1.0, dropout=0.5,
                classifier_activation="softmax"):
    """VGG-11 (configuration "A"): 8 conv layers of 3x3 filters and 3 fully connected layers.

    Reference: Simonyan, Zisserman, "Very deep convolutional networks for large-scale image
    recognition", ICLR 2015. 132,863,336 parameters on 224x224x3 with 1000 classes.

    Args:
        input_shape: `(height, width, channels)`, channels_last; at least 32x32.
        num_classes: number of output classes.
        width: multiplier on every conv/dense width (1.0 is the paper).
        dropout: dropout after the two hidden fully connected layers (0.5 in the paper).
        classifier_activation: "softmax" (default) or None for logits.

    Returns:
        A `keras.Model`: `(batch, h, w, c)` -> `(batch, num_classes)`.
    """
    return _build_vgg("vgg11", input_shape, num_classes, width, dropout, classifier_activation)


def build_vgg16(input_shape=(224, 224, 3), num_classes=1000, width=1.0, dropout=0.5,
                classifier_activation="softmax"):
    """VGG-16 (configuration "D"): 13 conv layers of 3x3 filters and 3 fully connected layers.

    Reference: Simonyan, Zisserman, "Very deep convolutional networks for large-scale image
    recognition", ICLR 2015. Layer names and the count follow Keras's `VGG16`: 138,357,544
    parameters on 224x224x3 with 1000 classes.

    Args:
        input_shape: `(height, width, channels)`, channels_last; at least 32x32.
        num_classes: number of output classes.
        width: multiplier on every conv/dense width (1.0 is the paper).
        dropout: dropout after the two hidden fully connected layers (0.5 in the paper; Keras's
            application omits it, which does not change the count).
        classifier_activation: "softmax" (default) or None for logits.

    Returns:
        A `keras.Model`: `(batch, h, w, c)` -> `(batch, num_classes)`.
    """
    return _build_vgg("vgg16", input_shape, num_classes, width, dropout, classifier_activation)
