"""Multilayer perceptron."""

import keraslike as tf
from models._common import check_args, classifier

layers = tf.keras.layers


def build_mlp(input_shape, num_classes, hidden_units=(512, 512), dropout=0.2, activation="relu",
              classifier_activation="softmax"):
    """A multilayer perceptron (fully connected network) trained by backpropagation.

    Reference: Rumelhart, Hinton, Williams, "Learning representations by back-propagating errors",
    Nature 323 (1986). The defaults are the Keras `mnist_mlp` example (784-512-512-10 with dropout 0.2:
    669,706 parameters).

    Args:
        input_shape: shape of one example, e.g. `(784,)` or `(28, 28)` (flattened first).
        num_classes: number of output classes.
        hidden_units: sizes of the hidden Dense layers.
        dropout: dropout rate after each hidden layer (0 disables).
        activation: hidden activation.
        classifier_activation: "softmax" (default) or None for logits.

    Returns:
        A `keras.Model`: `(batch, *input_shape)` -> `(batch, num_classes)`.
    """
    input_shape = check_args("build_mlp", input_shape, num_classes)
    inputs = tf.keras.Input(shape=input_shape)
    x = layers.Flatten()(inputs) if len(input_shape) > 1 else inputs
    for units in hidden_units:
        x = layers.Dense(units, activation=activation)(x)
        if dropout:
            x = layers.Dropout(dropout)(x)
    return tf.keras.Model(inputs, classifier(x, num_classes, classifier_activation), name="mlp")
