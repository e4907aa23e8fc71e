"""Under TF_USE_LEGACY_KERAS=1: what `keras.metrics.get(name)` returns (tf_keras: the metric function, one value per
sample) and the values of Keras 2's binary crossentropy at saturated predictions (tf_keras adds epsilon inside
the logs). Shared by `make_keras2_get_golden.py` (tf_keras under TF 2.21) and
`tests/keras/legacy/test_keras2_get.py`."""

import numpy as np

Y_TRUE = np.array([[0.0, 1.0], [1.0, 1.0]], "float32")
Y_PRED = np.array([[0.5, 0.5], [1.0, 0.0]], "float32")
NAMES = ("mae", "mse", "MSE", "binary_crossentropy", "categorical_crossentropy", "binary_accuracy",
         "categorical_accuracy", "logcosh", "kullback_leibler_divergence", "hinge", "AUC", "Accuracy")


def run(tf):
    keras = tf.keras
    out = {}
    for name in NAMES:
        metric = keras.metrics.get(name)
        is_function = not isinstance(metric, keras.metrics.Metric)
        value = metric(tf.constant(Y_TRUE), tf.constant(Y_PRED))
        out[f"get {name}"] = ["function" if is_function else type(metric).__name__,
                              np.round(np.asarray(value), 4).tolist()]
    out["losses.binary_crossentropy"] = np.round(
        np.asarray(keras.losses.binary_crossentropy(Y_TRUE, Y_PRED)), 4).tolist()
    out["BinaryCrossentropy"] = round(float(keras.losses.BinaryCrossentropy()(Y_TRUE, Y_PRED)), 4)
    bce = keras.metrics.BinaryCrossentropy()
    bce.update_state(Y_TRUE, Y_PRED)
    out["metrics.BinaryCrossentropy"] = round(float(bce.result()), 4)
    return out
