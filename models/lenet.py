"""LeNet-5."""

import keraslike as tf
from models._common import check_args, classifier

layers = tf.keras.layers


def build_lenet5(input_shape=(32, 32, 1), num_classes=10, activation="tanh", classifier_activation="softmax"):
    """LeNet-5: two convolution/subsampling stages and three fully connected layers.

    Reference: LeCun, Bottou, Bengio, Haffner, "Gradient-based learning applied to document
    recognition", Proc. IEEE 86(11) (1998). As usually reimplemented: C3 fully connected to S2
    (the paper's sparse C3 table is not used), average pooling for the trainable subsampling
    layers, a softmax output instead of RBF units. On 32x32x1 inputs with 10 classes:
    61,706 parameters. 28x28 inputs (MNIST) are padded to 32x32 by the first convolution.

    Args:
        input_shape: `(height, width, channels)`, channels_last; (28, 28, 1) or (32, 32, 1).
        num_classes: number of output classes.
        activation: hidden activation ("tanh" as in the paper; "relu" trains faster).
        classifier_activation: "softmax" (default) or None for logits.

    Returns:
        A `keras.Model`: `(batch, h, w, c)` -> `(batch, num_classes)`.
    """
    input_shape = check_args("build_lenet5", input_shape, num_classes, min_rank=3)
    inputs = tf.keras.Input(shape=input_shape)
    pad = "same" if input_shape[0] < 32 else "valid"
    x = layers.Conv2D(6, 5, padding=pad, activation=activation, name="c1")(inputs)        # (28, 28, 6)
    x = layers.AveragePooling2D(2, name="s2")(x)                                          # (14, 14, 6)
    x = layers.Conv2D(16, 5, activation=activation, name="c3")(x)                         # (10, 10, 16)
    x = layers.AveragePooling2D(2, name="s4")(x)                                          # (5, 5, 16)
    x = layers.Flatten()(x)                                                               # (400,)
    x = layers.Dense(120, activation=activation, name="c5")(x)
    x = layers.Dense(84, activation=activation, name="f6")(x)
    return tf.keras.Model(inputs, classifier(x, num_classes, classifier_activation), name="lenet5")
