"""The keraslike side of `tests/golden/make_arguments_golden.py`: same data, models and goldens loader."""

import json
import os

import numpy as np

import keraslike as tf

keras = tf.keras

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden", "arguments.json")
X = np.array([[0.5, -1.0], [1.0, 2.0], [-0.3, 0.8], [2.0, 0.1], [0.0, -0.7], [1.5, 1.5]], "float32")
Y = np.array([0, 1, 2, 1, 0, 2])
CLASS_WEIGHT = {0: 1.0, 1: 5.0, 2: 0.5}
Y_OPT = np.array([0, 1, 1, 2, 1])  # optimizer cases: uneven classes and an uneven kernel, so that no gradient
KERNEL_OPT = [[0.3, -0.2, 0.1], [0.05, 0.2, -0.4]]  # is exactly zero (Adam would amplify its rounding noise)


def golden(name):
    with open(GOLDEN) as f:
        return json.load(f)[name]


def classifier(optimizer=None, kernel=None, **dense_kwargs):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(
        3, kernel_initializer=keras.initializers.Constant(0.1), bias_initializer="zeros", **dense_kwargs)])
    model.compile(optimizer=optimizer or keras.optimizers.SGD(0.1),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    if kernel is not None:
        model.layers[0].set_weights([np.asarray(kernel, "float32"), np.zeros(3, "float32")])
    return model


def fit_record(model, **kwargs):
    history = model.fit(epochs=2, verbose=0, shuffle=False, **kwargs)
    return {"loss": history.history["loss"], "weights": [w.tolist() for w in model.get_weights()]}


def assert_matches(record, name, rtol=1e-5, atol=1e-6):
    expected = golden(name)
    np.testing.assert_allclose(record["loss"], expected["loss"], rtol=rtol, atol=atol, err_msg=f"{name}: loss")
    for i, (got, want) in enumerate(zip(record["weights"], expected["weights"])):
        np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, err_msg=f"{name}: weight {i}")


def activity_layers():
    """Same layers and inputs as `activity_layers` in tests/golden/make_arguments_golden.py."""
    L, c = keras.layers, keras.initializers.Constant
    reg = keras.regularizers.L2(0.1)
    rng = np.random.RandomState(0)
    img = rng.uniform(-1, 1, (3, 5, 5, 2)).astype("float32")
    seq = rng.uniform(-1, 1, (3, 4, 2)).astype("float32")
    return {
        "dense": (L.Dense(3, kernel_initializer=c(0.1), activity_regularizer=reg), X),
        "conv1d": (L.Conv1D(2, 2, kernel_initializer=c(0.2), activity_regularizer=reg), seq),
        "conv2d": (L.Conv2D(2, 3, kernel_initializer=c(0.2), activity_regularizer=reg), img),
        "depthwise_conv2d": (L.DepthwiseConv2D(3, depthwise_initializer=c(0.3), activity_regularizer=reg), img),
        "separable_conv2d": (L.SeparableConv2D(2, 3, depthwise_initializer=c(0.3), pointwise_initializer=c(0.4),
                                               activity_regularizer=reg), img),
        "layer": (L.Activation("relu", activity_regularizer=keras.regularizers.L1(0.5)), X),
    }
