"""Partial last global batches under replicas: the cases of tests/golden/make_partial_batch_golden.py (run under
real TensorFlow 2.21) and of the keraslike worker tests/scripts/mirrored_fit.py (its `--partial` phase), shared so
both run the same code on the same data.

Each case is `(samples, global batch)`; on 2 replicas TF splits a global batch of `b` rows as `ceil(b / 2)` and
the rest, so:

- "empty": 9 samples, batch 4: batches of 4, 4, 1; the last is split [1 row] / [no rows];
- "uneven": 15 samples, batch 6: batches of 6, 6, 3; the last is split [2 rows] / [1 row].

(An uneven FIRST batch makes TF 2.21's Keras 3 `fit` fail while it builds the metrics, so only the last is.)

`run_case(tf, strategy, name)` builds `Dense(1)` with fixed initial weights under `strategy.scope()` and returns
a JSON-able dict: `fit` (SGD 0.1, MSE, `metrics=["mae"]`, 2 epochs, no shuffle) with the weights after every
step and the History; `evaluate` and `predict` at the initial weights; and two custom loops over
`strategy.experimental_distribute_dataset` with `strategy.run` (`tf.nn.compute_average_loss` with the default
global batch size and with `global_batch_size=b`) recording, every step, the weights and
`strategy.reduce("SUM", loss)` / `reduce("SUM" | "MEAN", per_example_loss, axis=0)`; and `fit_renorm`: the same
`fit` through `BatchNormalization(renorm=True, synchronized=True)` (weights and moving statistics every step).
"""

import numpy as np

CASES = {"empty": (9, 4), "uneven": (15, 6)}
LEARNING_RATE = 0.1
EPOCHS = 2


def case_data(name):
    """(x, y, [kernel, bias]) of a case: float32 numpy arrays."""
    samples, _ = CASES[name]
    rng = np.random.default_rng(samples)
    x = rng.normal(size=(samples, 3)).astype("float32")
    y = rng.normal(size=(samples, 1)).astype("float32")
    return x, y, [rng.normal(size=(3, 1)).astype("float32"), np.array([0.1], "float32")]


def _weights(model):
    return [w.tolist() for w in model.get_weights()]


def _model(tf, strategy, weights, metrics=None):
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
        model.set_weights(weights)
        model.compile(optimizer=tf.keras.optimizers.SGD(LEARNING_RATE), loss="mse", metrics=metrics)
    return model


def _fit(tf, strategy, x, y, weights, batch):
    model = _model(tf, strategy, weights, ["mae"])
    steps = []

    class Record(tf.keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            steps.append(_weights(self.model))

    history = model.fit(x, y, batch_size=batch, epochs=EPOCHS, shuffle=False, verbose=0, callbacks=[Record()])
    return {"steps": steps, "history": {k: [float(v) for v in vs] for k, vs in history.history.items()}}


def _custom_loop(tf, strategy, x, y, weights, batch, global_batch_size):
    model = _model(tf, strategy, weights)
    with strategy.scope():
        optimizer = tf.keras.optimizers.SGD(LEARNING_RATE)
    dataset = strategy.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices((x, y)).batch(batch))

    def step(xb, yb):
        with tf.GradientTape() as tape:
            per_example = tf.reduce_mean(tf.square(yb - model(xb, training=True)), axis=-1)
            loss = tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss, per_example

    out = {"steps": [], "loss_sum": [], "example_sum": [], "example_mean": []}
    for _ in range(EPOCHS):
        for xb, yb in dataset:
            loss, per_example = strategy.run(step, args=(xb, yb))
            out["loss_sum"].append(float(strategy.reduce("SUM", loss, axis=None)))
            out["example_sum"].append(float(strategy.reduce("SUM", per_example, axis=0)))
            out["example_mean"].append(float(strategy.reduce("MEAN", per_example, axis=0)))
            out["steps"].append(_weights(model))
    return out


def _fit_renorm(tf, strategy, x, y, weights, batch):
    """`fit` of Dense(2) -> BatchNormalization(renorm=True, synchronized=True) -> Dense(1): per step, the trainable
    weights then the moving mean and variance (the replicas' moments must be the global batch's)."""
    with strategy.scope():
        norm = tf.keras.layers.BatchNormalization(renorm=True, synchronized=True, momentum=0.9)
        model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2), norm, tf.keras.layers.Dense(1)])
        kernel = np.concatenate([weights[0], -weights[0][::-1]], axis=1)
        model.layers[0].set_weights([kernel, np.array([0.1, -0.2], "float32")])
        model.layers[2].set_weights([np.array([[0.5], [-1.0]], "float32"), weights[1]])
        model.compile(optimizer=tf.keras.optimizers.SGD(LEARNING_RATE), loss="mse")
    steps = []

    class Record(tf.keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            steps.append([np.asarray(v.numpy()).tolist() for v in self.model.trainable_weights]
                         + [np.asarray(norm.moving_mean.numpy()).tolist(),
                            np.asarray(norm.moving_variance.numpy()).tolist()])

    model.fit(x, y, batch_size=batch, epochs=EPOCHS, shuffle=False, verbose=0, callbacks=[Record()])
    return {"steps": steps}


def run_case(tf, strategy, name):
    """Every record of case `name` under `strategy` (module docstring)."""
    x, y, weights = case_data(name)
    _, batch = CASES[name]
    fresh = _model(tf, strategy, weights, ["mae"])
    evaluate = fresh.evaluate(x, y, batch_size=batch, verbose=0, return_dict=True)
    predict = fresh.predict(x, batch_size=batch, verbose=0)
    return {
        "fit": _fit(tf, strategy, x, y, weights, batch),
        "fit_renorm": _fit_renorm(tf, strategy, x, y, weights, batch),
        "evaluate": {k: float(v) for k, v in evaluate.items()},
        "predict": np.asarray(predict).tolist(),
        "loop_default": _custom_loop(tf, strategy, x, y, weights, batch, None),
        "loop_global": _custom_loop(tf, strategy, x, y, weights, batch, batch),
    }


def run_all(tf, strategy):
    return {name: run_case(tf, strategy, name) for name in CASES}
