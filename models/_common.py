"""Helpers shared by the model builders (public keraslike API only)."""

import keraslike as tf

layers = tf.keras.layers


def scaled(channels, width):
    """`channels * width`, at least 1 (builders take `width` to make tiny test/demo variants)."""
    return max(1, int(round(channels * width)))


def classifier(x, num_classes, activation):
    """Final Dense layer named "predictions" (Keras applications' name)."""
    return layers.Dense(num_classes, activation=activation, name="predictions")(x)


def check_args(name, input_shape, num_classes, min_rank=1):
    if not isinstance(num_classes, int) or isinstance(num_classes, bool) or num_classes < 1:
        raise ValueError(f"Expected num_classes to be a positive integer for {name}. "
                         f"Received: num_classes={num_classes!r}")
    if len(tuple(input_shape)) < min_rank:
        raise ValueError(f"Expected input_shape without the batch dimension, of rank >= {min_rank}, for {name}. "
                         f"Received: input_shape={input_shape!r}")
    return tuple(input_shape)
