"""Cases of tests/golden/make_premade_models_golden.py (real TF 2.21, Keras 2) and tests/keras/test_premade_models.py
(keraslike): Keras 2's `tf.keras.experimental.LinearModel` and `WideDeepModel` built on fixed data, their weights
set to fixed values, trained a few steps without shuffling; each case returns plain lists and numbers.

Each case takes the `tf` module (TF under TF_USE_LEGACY_KERAS=1, or keraslike) and numpy.
"""


def _data(np, n=12, *widths):
    rng = np.random.RandomState(0)
    xs = [rng.uniform(-1, 1, (n, w)).astype("float32") for w in widths]
    y = rng.uniform(0, 1, (n, 1)).astype("float32")
    return xs, y


def _values(np, shape, start=0.1):
    size = int(np.prod(shape))
    return (np.arange(size, dtype="float32").reshape(shape) * 0.05 - start).astype("float32")


def _linear_weights(np, model):
    kernels = [np.asarray(layer.kernel).tolist() for layer in model.dense_layers]
    bias = None if model.bias is None else np.asarray(model.bias).tolist()
    return {"kernels": kernels, "bias": bias}


def _set_linear(np, model, start=0.1):
    for i, layer in enumerate(model.dense_layers):
        layer.kernel.assign(_values(np, tuple(layer.kernel.shape), start + 0.03 * i))
    if model.bias is not None:
        model.bias.assign(_values(np, tuple(model.bias.shape), -0.2))


def _dnn(tf, np, x):
    dnn = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(1)])
    dnn(x[:1])
    dnn.set_weights([_values(np, w.shape, 0.3 - 0.1 * i) for i, w in enumerate(dnn.get_weights())])
    return dnn


def _dnn_weights(np, dnn):
    return [w.tolist() for w in dnn.get_weights()]


def linear_array(tf, np):
    (x,), y = _data(np, 12, 3)
    model = tf.keras.experimental.LinearModel()
    model(x[:1])
    _set_linear(np, model)
    model.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss="mse")
    history = model.fit(x, y, batch_size=4, epochs=3, shuffle=False, verbose=0)
    return {"loss": history.history["loss"], **_linear_weights(np, model),
            "predict": np.asarray(model.predict(x[:3], verbose=0)).tolist(),
            "weight_shapes": [list(w.shape) for w in model.weights]}


def linear_default_init(tf, np):
    (x,), y = _data(np, 8, 2)
    model = tf.keras.experimental.LinearModel(units=2)
    out = model(x)
    return {"output": np.asarray(out).tolist(), **_linear_weights(np, model)}


def linear_dict(tf, np):
    (a, b), y = _data(np, 12, 1, 2)
    model = tf.keras.experimental.LinearModel(units=2, activation="sigmoid",
                                              kernel_regularizer=tf.keras.regularizers.l2(0.01),
                                              bias_regularizer=tf.keras.regularizers.l1(0.02))
    model({"b": b[:1], "a": a[:1]})
    _set_linear(np, model)
    y2 = np.concatenate([y, 1 - y], axis=1)
    model.compile(optimizer=tf.keras.optimizers.Adam(0.1), loss="mse")
    history = model.fit({"a": a, "b": b, "extra": b}, y2, batch_size=6, epochs=2, shuffle=False, verbose=0)
    try:
        model({"a": a})
        missing = None
    except ValueError as err:
        missing = type(err).__name__
    return {"loss": history.history["loss"], **_linear_weights(np, model),
            "layer_names": [layer.name for layer in model.dense_layers], "missing_key_error": missing,
            "regularization": float(sum(np.asarray(v) for v in model.losses))}


def linear_list(tf, np):
    (a, b), y = _data(np, 6, 2, 3)
    model = tf.keras.experimental.LinearModel(use_bias=False, kernel_initializer="ones")
    out = model([a, b])
    return {"output": np.asarray(out).tolist(), "n_weights": len(model.weights), "bias": model.bias}


def linear_config(tf, np):
    model = tf.keras.experimental.LinearModel(units=3, activation="relu", use_bias=False,
                                              kernel_regularizer="l2", name="lin")
    config = model.get_config()
    again = tf.keras.experimental.LinearModel.from_config(config)
    (x,), _ = _data(np, 4, 2)
    return {"keys": sorted(config), "units": config["units"], "activation": config["activation"],
            "use_bias": config["use_bias"], "name": config["name"],
            "kernel_initializer": config["kernel_initializer"]["class_name"],
            "kernel_regularizer": config["kernel_regularizer"]["class_name"],
            "bias_regularizer": config["bias_regularizer"],
            "again": [again.units, again.use_bias, again.name, list(np.asarray(again(x)).shape)]}


def wide_deep_two_optimizers(tf, np):
    (xl, xd), y = _data(np, 12, 3, 2)
    linear = tf.keras.experimental.LinearModel()
    linear(xl[:1])
    _set_linear(np, linear)
    dnn = _dnn(tf, np, xd)
    model = tf.keras.experimental.WideDeepModel(linear, dnn)
    sgd, adam = tf.keras.optimizers.SGD(0.05), tf.keras.optimizers.Adam(0.01)
    model.compile(optimizer=[sgd, adam], loss="mse", metrics=["mae"])
    history = model.fit([xl, xd], y, batch_size=4, epochs=2, shuffle=False, verbose=0)
    return {"loss": history.history["loss"], "mae": history.history["mae"], **_linear_weights(np, linear),
            "dnn": _dnn_weights(np, dnn), "iterations": [int(sgd.iterations), int(adam.iterations)],
            "optimizer_is_pair": [model.optimizer[0] is sgd, model.optimizer[1] is adam],
            "evaluate": model.evaluate([xl, xd], y, verbose=0)}


def wide_deep_same_optimizer(tf, np):
    (x,), y = _data(np, 12, 3)
    linear = tf.keras.experimental.LinearModel()
    linear(x[:1])
    _set_linear(np, linear)
    dnn = _dnn(tf, np, x)
    optimizer = tf.keras.optimizers.legacy.Ftrl(
        l1_regularization_strength=0.001,
        learning_rate=tf.keras.optimizers.schedules.ExponentialDecay(initial_learning_rate=0.1, decay_steps=2,
                                                                     decay_rate=0.5))
    model = tf.keras.experimental.WideDeepModel(linear, dnn)
    model.compile(optimizer=[optimizer, optimizer], loss="mse", metrics=["accuracy"])
    history = model.fit([x, x], y, batch_size=4, epochs=2, shuffle=False, verbose=0)
    return {"loss": history.history["loss"], "accuracy": history.history["accuracy"],
            **_linear_weights(np, linear), "dnn": _dnn_weights(np, dnn), "iterations": int(optimizer.iterations),
            "evaluate": model.evaluate(x, y, verbose=0, return_dict=True)}


def wide_deep_one_optimizer(tf, np):
    (x,), y = _data(np, 12, 3)
    y = (y > 0.5).astype("float32")
    linear = tf.keras.experimental.LinearModel()
    linear(x[:1])
    _set_linear(np, linear)
    dnn = _dnn(tf, np, x)
    model = tf.keras.experimental.WideDeepModel(linear, dnn, activation="sigmoid")
    sgd = tf.keras.optimizers.SGD(0.1)
    model.compile(optimizer=sgd, loss="binary_crossentropy")
    history = model.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=0)
    config = model.get_config()
    return {"loss": history.history["loss"], **_linear_weights(np, linear), "dnn": _dnn_weights(np, dnn),
            "iterations": int(sgd.iterations), "predict": np.asarray(model.predict(x[:2], verbose=0)).tolist(),
            "config_keys": sorted(config), "config_activation": config["activation"],
            "config_linear": config["linear_model"]["class_name"],
            "config_dnn": config["dnn_model"]["class_name"]}


def wide_deep_from_config(tf, np):
    (x,), _ = _data(np, 4, 3)
    linear = tf.keras.experimental.LinearModel(units=1, use_bias=False)
    dnn = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    model = tf.keras.experimental.WideDeepModel(linear, dnn, activation="relu")
    model(x)
    again = tf.keras.experimental.WideDeepModel.from_config(model.get_config())
    out = again(x)
    return {"types": [type(again.linear_model).__name__, type(again.dnn_model).__name__],
            "activation": again.get_config()["activation"], "shape": list(np.asarray(out).shape),
            "use_bias": again.linear_model.use_bias}


CASES = {f.__name__: f for f in (linear_array, linear_default_init, linear_dict, linear_list, linear_config,
                                 wide_deep_two_optimizers, wide_deep_same_optimizer, wide_deep_one_optimizer,
                                 wide_deep_from_config)}
