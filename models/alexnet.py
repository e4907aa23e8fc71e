"""AlexNet."""

import keraslike as tf
from models._common import check_args, classifier, scaled

layers = tf.keras.layers


def build_alexnet(input_shape=(227, 227, 3), num_classes=1000, width=1.0, dropout=0.5,
                  classifier_activation="softmax"):
    """AlexNet: five convolutional and three fully connected layers.

    Reference: Krizhevsky, Sutskever, Hinton, "ImageNet classification with deep convolutional neural
    networks", NeurIPS 2012. The single-tower form (no split across two GPUs, no local response
    normalization, which has no weights): 62,378,344 parameters on 227x227x3 with 1000 classes.

    Args:
        input_shape: `(height, width, channels)`, channels_last; at least 67x67.
        num_classes: number of output classes.
        width: multiplier on every conv/dense width (1.0 is the paper; small values make test models).
        dropout: dropout rate before the first two fully connected layers.
        classifier_activation: "softmax" (default) or None for logits.

    Returns:
        A `keras.Model`: `(batch, h, w, c)` -> `(batch, num_classes)`.

    Raises:
        ValueError: if the input is smaller than 67x67.
    """
    input_shape = check_args("build_alexnet", input_shape, num_classes, min_rank=3)
    if min(input_shape[:2]) < 67:
        raise ValueError(f"Expected AlexNet inputs of at least 67x67. Received: input_shape={input_shape}")
    w = lambda c: scaled(c, width)
    inputs = tf.keras.Input(shape=input_shape)
    x = layers.Conv2D(w(96), 11, strides=4, activation="relu", name="conv1")(inputs)   # (55, 55, 96)
    x = layers.MaxPooling2D(3, strides=2)(x)                                          # (27, 27, 96)
    x = layers.Conv2D(w(256), 5, padding="same", activation="relu", name="conv2")(x)
    x = layers.MaxPooling2D(3, strides=2)(x)                                          # (13, 13, 256)
    x = layers.Conv2D(w(384), 3, padding="same", activation="relu", name="conv3")(x)
    x = layers.Conv2D(w(384), 3, padding="same", activation="relu", name="conv4")(x)
    x = layers.Conv2D(w(256), 3, padding="same", activation="relu", name="conv5")(x)
    x = layers.MaxPooling2D(3, strides=2)(x)                                          # (6, 6, 256)
    x = layers.Flatten()(x)
    x = layers.Dropout(dropout)(x)
    x = layers.Dense(w(4096), activation="relu", name="fc6")(x)
    x = layers.Dropout(dropout)(x)
    x = layers.Dense(w(4096), activation="relu", name="fc7")(x)
    return tf.keras.Model(inputs, classifier(x, num_classes, classifier_activation), name="alexnet")
