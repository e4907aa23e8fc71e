"""Keras 2 idioms of old tutorials, run by real TF 2.21 under TF_USE_LEGACY_KERAS=1 (tf_keras) in
`make_keras2_idioms_golden.py` and by keraslike in tests/keras/legacy/test_keras2_program.py: the same code, so
the results compare key by key. Weights start from constants and data comes in a fixed order, so the numbers
are deterministic.
"""

import io
import json
import warnings


def _rounded(values, digits=5):
    return [round(float(v), digits) for v in values]


def _error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the exception's type is the result
        return type(e).__name__
    return None


def run(tf, np):
    """A dict of results, JSON-serialisable."""
    keras = tf.keras
    K = keras.backend
    K.clear_session()
    out = {}
    rng = np.random.RandomState(0)
    x = rng.rand(64, 4).astype("float32")
    y = (x.sum(1) > 2).astype("float32")
    inp = keras.layers.Input(shape=(4,))
    hidden = keras.layers.Dense(8, activation="relu", kernel_initializer=keras.initializers.Constant(0.1))(inp)
    prob = keras.layers.Dense(1, activation="sigmoid", kernel_initializer="ones")(hidden)
    model = keras.models.Model(inp, prob)
    out["names"] = [model.name] + [layer.name for layer in model.layers]
    other = keras.Input((2,))
    out["more_names"] = [other.name, keras.Model(other, keras.layers.Dense(1)(other)).name]
    out["inputs_as_list"] = [i.shape.as_list() for i in model.inputs]
    out["learning_phase"] = K.learning_phase()
    get_hidden = K.function([model.input], [model.layers[1].output])
    hidden_values = get_hidden([x[:3]])
    out["k_function"] = [type(hidden_values).__name__, len(hidden_values),
                         np.asarray(hidden_values[0]).round(5).tolist()]

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out["adam_lr_kwarg"] = round(float(keras.optimizers.Adam(lr=0.01).learning_rate), 6)
        out["sgd_lr_kwarg"] = round(float(keras.optimizers.SGD(lr=0.5).learning_rate), 6)
        out["legacy_adam_lr_kwarg"] = round(float(keras.optimizers.legacy.Adam(lr=0.01).learning_rate), 6)
    out["adam_decay_error"] = _error(lambda: keras.optimizers.Adam(decay=0.1))
    out["adam_unknown_error"] = _error(lambda: keras.optimizers.Adam(foo=1))
    sgd_config = keras.optimizers.SGD(0.1, momentum=0.9).get_config()
    out["sgd_config"] = {k: (round(float(v), 6) if k == "learning_rate" else v) for k, v in sgd_config.items()}
    out["sgd_from_config"] = sorted(keras.optimizers.SGD.from_config(sgd_config).get_config())

    legacy = keras.optimizers.legacy
    made = [legacy.Adam(), legacy.SGD(0.1, momentum=0.9, clipnorm=1.0), legacy.RMSprop(), legacy.Nadam(),
            legacy.Adagrad(), legacy.Adadelta(), legacy.Adamax(), legacy.Ftrl()]
    out["legacy_optimizer_configs"] = [sorted(o.get_config()) for o in made]
    out["legacy_sgd_config"] = {k: (round(float(v), 6) if isinstance(v, float) or hasattr(v, "dtype") else v)
                                for k, v in made[1].get_config().items()}
    model.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01), loss="binary_crossentropy",
                  metrics=["accuracy"])
    out["metrics_names_compiled"] = list(model.metrics_names)
    out["adam_config_keys"] = sorted(model.optimizer.get_config())

    def batches():
        while True:
            for i in range(0, 64, 16):
                yield x[i:i + 16], y[i:i + 16]

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        history = model.fit_generator(batches(), steps_per_epoch=4, epochs=2, verbose=0)
        out["fit_generator"] = {k: _rounded(v) for k, v in history.history.items()}
        out["metrics_names_trained"] = list(model.metrics_names)
        out["evaluate_generator"] = _rounded(model.evaluate_generator(batches(), steps=4, verbose=0))
        predicted = model.predict_generator(batches(), steps=2)
        out["predict_generator"] = [list(predicted.shape), _rounded(predicted[:3, 0])]
    out["generator_warnings"] = sorted({str(w.message) for w in caught if "_generator" in str(w.message)})
    out["evaluate"] = _rounded(model.evaluate(x, y, batch_size=16, verbose=0))

    scores = np.array([[2.0, 1.0], [0.2, 0.3]], "float32")  # not summing to 1: Keras 2 clips, then normalises
    out["sparse_crossentropy_unnormalised"] = _rounded(
        keras.losses.sparse_categorical_crossentropy(np.array([0, 1]), scores))
    flat = keras.Sequential([keras.layers.Flatten(input_shape=(2, 2)),
                             keras.layers.Dense(2, kernel_initializer="ones")])
    out["sequential_input_name"] = [flat.input.name, flat.layers[0].name]
    flat.compile("sgd", "sparse_categorical_crossentropy")
    out["sparse_crossentropy_fit"] = _rounded(flat.fit(np.ones((4, 2, 2), "float32") * 3, np.array([0, 1, 0, 1]),
                                                       batch_size=2, epochs=2, verbose=0, shuffle=False)
                                              .history["loss"])
    listed = keras.Model([inp], [prob])
    out["one_output_list"] = [type(listed.predict(x[:2], verbose=0)).__name__,
                              isinstance(listed(x[:2]), (list, tuple))]
    config = json.loads(model.to_json())
    out["to_json_keys"] = sorted(config)
    out["to_json_version"] = [config["keras_version"], config["backend"], config["config"]["name"],
                              config["config"]["layers"][0]["config"]["batch_input_shape"]]
    lines = []
    model.summary(print_fn=lines.append)
    out["summary"] = lines
    buffer = io.StringIO()
    keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d")], name="seq").summary(
        print_fn=lambda line, **kwargs: buffer.write(line + "\n"))
    out["sequential_summary"] = buffer.getvalue().splitlines()
    a, b = keras.Input((3,), name="a"), keras.Input((2,), name="b")
    joined = keras.layers.Concatenate(name="join")([keras.layers.Dense(4, name="da")(a), b])
    branched = keras.Model([a, b], [keras.layers.Dense(1, name="o1")(joined), keras.layers.Dense(2, name="o2")(joined)],
                           name="two")
    lines = []
    branched.summary(print_fn=lines.append)
    out["graph_summary"] = lines
    return out
