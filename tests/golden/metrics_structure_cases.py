"""Keras 3's metric object model on the idioms users write (issue 21 item 3), run with `tf` = real TensorFlow 2.21
(golden: `make_metrics_structure_golden.py`) or keraslike (test: tests/keras/trainers/test_metrics_structure.py).

Each `case_*` builds the same small model from fixed numpy weights, trains with SGD on fixed data (no shuffling)
and returns a JSON-able dict: `model.metrics` names and classes, the `compile_metrics` container's sub-metrics,
`get_metrics_result()` / `compute_metrics()` keys and values, what `reset_metrics()` leaves, `evaluate` lists and
the History of the keras.io "Customizing what happens in fit()" loops (with sample_weight and class_weight).
"""

import warnings

import numpy as np

RNG = np.random.default_rng(21)
X = RNG.normal(size=(40, 4)).astype("float32")
Y_CLASS = ((X[:, 0] > 0).astype("int64") + (X[:, 1] > 0.8).astype("int64"))
Y_REG = (X[:, :1] * 2 - X[:, 1:2]).astype("float32")
SW = RNG.uniform(0.0, 2.0, size=(40,)).astype("float32")
CLASS_WEIGHT = {0: 0.2, 1: 1.0, 2: 4.0}
KERNEL = RNG.normal(scale=0.5, size=(4, 3)).astype("float32")
BIAS = np.array([0.1, -0.2, 0.05], "float32")
KERNEL2 = RNG.normal(scale=0.5, size=(4, 1)).astype("float32")


def _floats(logs):
    return {k: float(np.asarray(v)) for k, v in sorted(logs.items())}


def _history(h):
    """History values, and its keys in the order the History has them (a custom step's dict order)."""
    out = {k: [float(v) for v in vs] for k, vs in sorted(h.history.items())}
    out["_keys"] = list(h.history)
    return out


def _classifier(tf, cls=None, **compile_kwargs):
    keras = tf.keras
    inputs = keras.Input((4,))
    outputs = keras.layers.Dense(3, activation="softmax", name="probs")(inputs)
    model = (cls or keras.Model)(inputs, outputs)
    model.layers[-1].set_weights([KERNEL, BIAS])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="sparse_categorical_crossentropy", **compile_kwargs)
    return model


def _regressor(tf, cls=None, **compile_kwargs):
    keras = tf.keras
    inputs = keras.Input((4,))
    outputs = keras.layers.Dense(1, name="out")(inputs)
    model = (cls or keras.Model)(inputs, outputs)
    model.layers[-1].set_weights([KERNEL2, np.zeros(1, "float32")])
    model.compile(optimizer=keras.optimizers.SGD(0.05), **compile_kwargs)
    return model


def case_structure(tf):
    """Built-in fit/evaluate with `metrics=["accuracy"]`: what `model.metrics` is before and after training."""
    model = _classifier(tf, metrics=["accuracy"])
    out = {"after_compile": model.metrics_names,
           "classes": [type(m).__name__ for m in model.metrics]}
    out["history"] = _history(model.fit(X, Y_CLASS, batch_size=8, epochs=2, shuffle=False, verbose=0))
    out["after_fit"] = model.metrics_names
    container = model.metrics[1]
    out["sub_metrics"] = [m.name for m in container.metrics]
    out["container_result"] = _floats(container.result())
    out["get_metrics_result"] = _floats(model.get_metrics_result())
    out["evaluate"] = [float(v) for v in model.evaluate(X, Y_CLASS, batch_size=8, verbose=0)]
    out["evaluate_dict"] = _floats(model.evaluate(X, Y_CLASS, batch_size=8, verbose=0, return_dict=True))
    out["metrics_variables"] = len(model.metrics_variables)
    model.reset_metrics()
    out["after_reset"] = _floats(model.get_metrics_result())
    out["no_metrics"] = _classifier(tf).metrics_names
    out["empty_metrics"] = _classifier(tf, metrics=[]).metrics_names
    return out


def case_weighted(tf):
    """`metrics` and `weighted_metrics` with the same name: one container, unweighted vs weighted results."""
    model = _classifier(tf, metrics=["accuracy", "accuracy"], weighted_metrics=["accuracy"])
    out = {"history": _history(model.fit(X, Y_CLASS, sample_weight=SW, batch_size=8, epochs=1, shuffle=False,
                                         verbose=0))}
    out["metrics_names"] = model.metrics_names
    out["sub_metrics"] = [m.name for m in model.metrics[1].metrics]
    y_pred = model(X)
    model.reset_metrics()
    out["compute_metrics"] = _floats(model.compute_metrics(X, Y_CLASS, y_pred, sample_weight=SW))
    out["evaluate"] = [float(v) for v in model.evaluate(X, Y_CLASS, sample_weight=SW, batch_size=8, verbose=0)]
    return out


def _guide_model(tf):
    """keras.io "Customizing what happens in fit()": the loop with sample_weight (the class_weight one too)."""
    keras = tf.keras

    class CustomModel(keras.Model):
        def train_step(self, data):
            if len(data) == 3:
                x, y, sample_weight = data
            else:
                sample_weight = None
                x, y = data
            with tf.GradientTape() as tape:
                y_pred = self(x, training=True)
                loss = self.compute_loss(y=y, y_pred=y_pred, sample_weight=sample_weight)
            trainable_vars = self.trainable_variables
            gradients = tape.gradient(loss, trainable_vars)
            self.optimizer.apply(gradients, trainable_vars)
            for metric in self.metrics:
                if metric.name == "loss":
                    metric.update_state(loss)
                else:
                    metric.update_state(y, y_pred, sample_weight=sample_weight)
            return {m.name: m.result() for m in self.metrics}

        def test_step(self, data):
            x, y = data
            y_pred = self(x, training=False)
            loss = self.compute_loss(y=y, y_pred=y_pred)
            for metric in self.metrics:
                if metric.name == "loss":
                    metric.update_state(loss)
                else:
                    metric.update_state(y, y_pred)
            return {m.name: m.result() for m in self.metrics}

    return CustomModel


def case_guide_sample_weight(tf):
    model = _classifier(tf, _guide_model(tf), metrics=["accuracy"])
    history = model.fit(X, Y_CLASS, sample_weight=SW, batch_size=8, epochs=2, shuffle=False, verbose=0)
    return {"history": _history(history), "metrics_names": model.metrics_names,
            "evaluate": [float(v) for v in model.evaluate(X, Y_CLASS, batch_size=8, verbose=0)]}


def case_guide_class_weight(tf):
    model = _classifier(tf, _guide_model(tf), metrics=["accuracy"])
    history = model.fit(X, Y_CLASS, class_weight=CLASS_WEIGHT, batch_size=8, epochs=2, shuffle=False, verbose=0)
    return {"history": _history(history)}


def case_guide_own_trackers(tf):
    """The guide's lower-level loop: trackers as attributes, a `metrics` property, `compile(optimizer)` only."""
    keras = tf.keras

    class CustomModel(keras.Model):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.loss_tracker = keras.metrics.Mean(name="loss")
            self.mae_metric = keras.metrics.MeanAbsoluteError(name="mae")

        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                y_pred = self(x, training=True)
                loss = keras.losses.MeanSquaredError()(y, y_pred)
            trainable_vars = self.trainable_variables
            gradients = tape.gradient(loss, trainable_vars)
            self.optimizer.apply(gradients, trainable_vars)
            self.loss_tracker.update_state(loss)
            self.mae_metric.update_state(y, y_pred)
            return {"loss": self.loss_tracker.result(), "mae": self.mae_metric.result()}

        @property
        def metrics(self):
            return [self.loss_tracker, self.mae_metric]

    model = _regressor(tf, CustomModel)
    history = model.fit(X, Y_REG, batch_size=8, epochs=2, shuffle=False, verbose=0)
    return {"history": _history(history), "metrics_names": model.metrics_names}


def case_guide_regression(tf):
    """The guide's first loop (`loss="mse", metrics=["mae"]`) and its `test_step`: History keys in TF's order."""
    model = _regressor(tf, _guide_model(tf), loss="mse", metrics=["mae"])
    history = model.fit(X, Y_REG, batch_size=8, epochs=2, shuffle=False, verbose=0, validation_data=(X, Y_REG))
    return {"history": _history(history),
            "evaluate": [float(v) for v in model.evaluate(X, Y_REG, batch_size=8, verbose=0)],
            "evaluate_dict": _floats(model.evaluate(X, Y_REG, batch_size=8, verbose=0, return_dict=True))}


def case_attribute_metric(tf):
    """A metric assigned as an attribute, with `compute_metrics` overridden: listed after the compiled ones."""
    keras = tf.keras

    class CustomModel(keras.Model):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.pred_mean = keras.metrics.Mean(name="pred_mean")

        def compute_metrics(self, x, y, y_pred, sample_weight=None):
            self.pred_mean.update_state(y_pred)
            return super().compute_metrics(x, y, y_pred, sample_weight)

    model = _regressor(tf, CustomModel, loss="mse", metrics=["mae"])
    out = {"metrics_names": model.metrics_names}
    out["history"] = _history(model.fit(X, Y_REG, batch_size=8, epochs=2, shuffle=False, verbose=0))
    out["evaluate"] = [float(v) for v in model.evaluate(X, Y_REG, batch_size=8, verbose=0)]
    return out


def case_compute_metrics_logs(tf):
    """An overridden `compute_metrics` whose dict has a key no metric has: the built-in steps log that dict."""
    keras = tf.keras

    class CustomModel(keras.Model):
        def compute_metrics(self, x, y, y_pred, sample_weight=None):
            results = super().compute_metrics(x, y, y_pred, sample_weight)
            results["twice_mae"] = results["mae"] * 2.0
            return results

    model = _regressor(tf, CustomModel, loss="mse", metrics=["mae"])
    history = model.fit(X, Y_REG, batch_size=8, epochs=2, shuffle=False, verbose=0, validation_data=(X, Y_REG))
    return {"history": _history(history),
            "evaluate": [float(v) for v in model.evaluate(X, Y_REG, batch_size=8, verbose=0)],
            "evaluate_dict": _floats(model.evaluate(X, Y_REG, batch_size=8, verbose=0, return_dict=True)),
            "train_on_batch": [float(v) for v in model.train_on_batch(X[:8], Y_REG[:8])]}


def case_multi_output(tf):
    """Two named outputs with per-output metrics: sub-metrics keep their own names, the logs are prefixed."""
    keras = tf.keras
    inputs = keras.Input((4,))
    a = keras.layers.Dense(3, activation="softmax", name="cls")(inputs)
    b = keras.layers.Dense(1, name="reg")(inputs)
    model = keras.Model(inputs, [a, b])
    model.get_layer("cls").set_weights([KERNEL, BIAS])
    model.get_layer("reg").set_weights([KERNEL2, np.zeros(1, "float32")])
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss=["sparse_categorical_crossentropy", "mse"],
                  metrics=[["accuracy"], ["mae", "mse"]])
    out = {"history": _history(model.fit(X, [Y_CLASS, Y_REG], batch_size=8, epochs=1, shuffle=False, verbose=0))}
    out["metrics_names"] = model.metrics_names
    out["sub_metrics"] = [m.name for m in model.metrics[1].metrics]
    out["evaluate"] = [float(v) for v in model.evaluate(X, [Y_CLASS, Y_REG], batch_size=8, verbose=0)]
    return out


def case_tf2_compiled_loop(tf):
    """The TF 2 idiom `self.compiled_loss(...)` / `self.compiled_metrics.update_state(...)` under Keras 3."""
    keras = tf.keras

    class CustomModel(keras.Model):
        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                y_pred = self(x, training=True)
                loss = self.compiled_loss(y, y_pred, regularization_losses=self.losses)
            gradients = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(gradients, self.trainable_variables))
            self.compiled_metrics.update_state(y, y_pred)
            return {m.name: m.result() for m in self.metrics}

    model = _classifier(tf, CustomModel, metrics=["accuracy"])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        history = model.fit(X, Y_CLASS, batch_size=8, epochs=2, shuffle=False, verbose=0)
    messages = sorted({str(w.message).split(" is deprecated")[0] for w in caught if "deprecated" in str(w.message)})
    return {"history": _history(history), "warnings": messages}


def case_validation_freq(tf):
    """`fit(validation_freq=[1, 4])` validates after epochs 1 and 4 only."""
    model = _classifier(tf, metrics=["accuracy"])
    history = model.fit(X, Y_CLASS, batch_size=8, epochs=5, shuffle=False, verbose=0,
                        validation_data=(X[:16], Y_CLASS[:16]), validation_freq=[1, 4])
    return {"history": _history(history)}


def case_layer_metric(tf):
    """A layer that owns a metric (updated in `call`, nested one level down): Keras 3 lists it in
    `model.metrics` (a layer nested in a layer once per enclosing layer), resets it per epoch and logs it."""
    keras = tf.keras

    class Probe(keras.layers.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.seen = keras.metrics.Mean(name="probe_mean")

        def call(self, inputs):
            self.seen.update_state(inputs)
            return inputs

    class Block(keras.layers.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.probe = Probe()
            self.dense = keras.layers.Dense(1, name="inner")

        def build(self, input_shape):
            self.dense.build(input_shape)

        def call(self, inputs):
            return self.dense(self.probe(inputs))

    inputs = keras.Input((4,))
    block = Block(name="block")
    model = keras.Model(inputs, block(inputs))
    block.dense.set_weights([KERNEL2, np.zeros(1, "float32")])
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse", metrics=["mae"])
    out = {"history": _history(model.fit(X, Y_REG, batch_size=8, epochs=2, shuffle=False, verbose=0))}
    out["metrics_names"] = model.metrics_names
    out["evaluate"] = [float(v) for v in model.evaluate(X, Y_REG, batch_size=8, verbose=0)]
    return out


def case_shape_errors(tf):
    """`metrics=["mae"]` with integer labels against 3 probabilities, and `loss="mse"` against the wrong width:
    TF raises (no value) for both; keraslike's error names the metric/loss and the shapes."""
    keras = tf.keras
    out = {}
    for what, loss, metrics, y in (("metric", "sparse_categorical_crossentropy", ["mae"], Y_CLASS),
                                   ("loss", "mse", None, np.zeros((40, 2), "float32"))):
        model = _classifier(tf)
        model.compile(optimizer=keras.optimizers.SGD(0.1), loss=loss, metrics=metrics)
        try:
            model.evaluate(X, y, batch_size=8, verbose=0)
            out[what] = "no error"
        except Exception as e:  # TF: InvalidArgumentError / ValueError; keraslike: ValueError
            out[what] = "raised"
            out[what + "_message"] = str(e)
    return out


CASES = {name[len("case_"):]: fn for name, fn in sorted(globals().items()) if name.startswith("case_")}
