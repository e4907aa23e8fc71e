"""Goldens for TF ops on functional-API tensors under Keras 2 (tf_keras's TFOpLambda, AddLoss, AddMetric nodes).

The programs: keras.io's training-with-built-in-methods guide (`model.add_loss(tf.reduce_sum(x1) * 0.1)`,
`model.add_metric(keras.backend.std(x1), name="std_of_activation", aggregation="mean")` after
`Model(inputs, outputs)`) and TF's migrate/metrics_optimizers guide (`tf.math.argmax(logits, axis=1)` as a model
output). Run under real TensorFlow 2.21 with tf_keras, from the repository root:

    TF_USE_LEGACY_KERAS=1 /work/tfvenv/bin/python tests/golden/make_symbolic_tf_ops_golden.py

It writes `tests/golden/symbolic_tf_ops.npz` (inputs, weights, and what tf_keras returned);
`tests/keras/test_symbolic_tf_ops.py` reads it.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_USE_LEGACY_KERAS"] = "1"

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow import keras  # noqa: E402
from tensorflow.keras import layers  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "symbolic_tf_ops.npz")


def guide_model():
    inputs = keras.Input(shape=(12,), name="digits")
    x1 = layers.Dense(8, activation="relu", name="dense_1")(inputs)
    x2 = layers.Dense(8, activation="relu", name="dense_2")(x1)
    outputs = layers.Dense(3, name="predictions")(x2)
    model = keras.Model(inputs=inputs, outputs=outputs)
    model.add_loss(tf.reduce_sum(x1) * 0.1)
    model.add_metric(keras.backend.std(x1), name="std_of_activation", aggregation="mean")
    return model


def argmax_model():
    inputs = keras.Input((2,))
    logits = keras.layers.Dense(2)(inputs)
    predictions = tf.math.argmax(input=logits, axis=1)
    return keras.models.Model(inputs, predictions)


def main():
    rng = np.random.RandomState(0)
    out = {}
    model = guide_model()
    weights = [rng.normal(0, 0.3, w.shape).astype("float32") for w in model.get_weights()]
    model.set_weights(weights)
    x = rng.uniform(0, 1, (20, 12)).astype("float32")
    y = rng.randint(0, 3, 20)
    for i, w in enumerate(weights):
        out[f"guide_w{i}"] = w
    out["guide_x"], out["guide_y"] = x, y
    model(x[:5])
    out["guide_call_losses"] = np.array([float(v) for v in model.losses], "float32")
    model.compile(optimizer=keras.optimizers.SGD(0.01),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    ev = model.evaluate(x, y, batch_size=10, return_dict=True, verbose=0)
    out["guide_eval_loss"], out["guide_eval_std"] = ev["loss"], ev["std_of_activation"]
    hist = model.fit(x, y, batch_size=10, epochs=1, shuffle=False, verbose=0).history
    out["guide_fit_loss"], out["guide_fit_std"] = hist["loss"][0], hist["std_of_activation"][0]
    out["guide_metric_names"] = np.array(sorted(hist))

    model = argmax_model()
    weights = [rng.normal(0, 1, w.shape).astype("float32") for w in model.get_weights()]
    model.set_weights(weights)
    fx = rng.uniform(-1, 1, (10, 2)).astype("float32")
    fy = rng.randint(0, 2, 10)
    out["argmax_w0"], out["argmax_w1"], out["argmax_x"], out["argmax_y"] = weights[0], weights[1], fx, fy
    out["argmax_pred"] = model.predict(fx, verbose=0)
    model.compile(keras.optimizers.Adagrad(learning_rate=0.05), loss="mse", metrics=[keras.metrics.Accuracy()])
    ev = model.evaluate(tf.data.Dataset.from_tensor_slices((fx, fy)).batch(1), return_dict=True, verbose=0)
    out["argmax_eval_loss"], out["argmax_eval_accuracy"] = ev["loss"], ev["accuracy"]
    np.savez_compressed(OUT, **out)
    print(f"wrote {OUT}: {sorted(out)}")


if __name__ == "__main__":
    main()
