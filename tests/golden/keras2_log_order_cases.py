"""Cases of tests/golden/make_keras2_log_order_golden.py (real TF 2.21, Keras 2 and Keras 3) and
tests/keras/trainers/test_keras2_log_order.py: the key order of History, `evaluate(return_dict=True)` and the logs
callbacks get, for compiled metrics, validation, a metric added in `call` and a custom `train_step`/`test_step`."""


def orders(tf, np, added_metric=True):
    """`added_metric`: a layer calls `add_metric` (Keras 2 only: Keras 3 removed it)."""
    x = np.random.RandomState(0).uniform(size=(8, 3)).astype("float32")
    y = x[:, :1]
    seen = {}

    class Record(tf.keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            seen.setdefault("train_batch", list(logs))

        def on_epoch_end(self, epoch, logs=None):
            seen.setdefault("epoch_end", list(logs))

        def on_test_batch_end(self, batch, logs=None):
            seen.setdefault("test_batch", list(logs))

    class WithAdded(tf.keras.layers.Layer):
        def call(self, inputs):
            if added_metric:
                self.add_metric(tf.reduce_mean(inputs), name="added_mean")
            return inputs

    inputs = tf.keras.Input((3,))
    outputs = tf.keras.layers.Dense(1)(WithAdded()(inputs))
    model = tf.keras.Model(inputs, outputs)
    model.compile("sgd", "mse", metrics=["mae", "accuracy"])
    history = model.fit(x, y, validation_data=(x, y), verbose=0, callbacks=[Record()])
    out = {"history": list(history.history), "evaluate": list(model.evaluate(x, y, verbose=0, return_dict=True)),
           **seen}

    class Custom(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = tf.keras.layers.Dense(1)

        def call(self, inputs):
            return self.dense(inputs)

        def train_step(self, data):
            return {"zeta": tf.constant(1.0), "alpha": tf.constant(2.0), "mid": tf.constant(3.0)}

        def test_step(self, data):
            return {"zeta": tf.constant(1.0), "alpha": tf.constant(2.0)}

    custom = Custom()
    custom.compile("sgd", "mse")
    history = custom.fit(x, y, validation_data=(x, y), verbose=0)
    out["custom_history"] = list(history.history)
    out["custom_evaluate"] = list(custom.evaluate(x, y, verbose=0, return_dict=True))
    return out


def learning_rate_logs(tf, np):
    """History of `fit` with LearningRateScheduler, then with ReduceLROnPlateau: Keras 2 logs the rate as `lr`,
    Keras 3 as `learning_rate`."""
    x = np.random.RandomState(0).uniform(size=(8, 3)).astype("float32")
    y = x[:, :1]
    out = {}
    callbacks = {"scheduler": tf.keras.callbacks.LearningRateScheduler(lambda epoch, lr: lr * 0.5),
                 "plateau": tf.keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=0,
                                                                 min_delta=10.0)}
    for name, callback in callbacks.items():
        model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
        model.compile(tf.keras.optimizers.SGD(0.1), "mse")
        history = model.fit(x, y, epochs=2, verbose=0, callbacks=[callback])
        out[name] = {key: [round(float(v), 6) for v in values] for key, values in history.history.items()
                     if key != "loss"}
        out[name + "_keys"] = list(history.history)
    return out
