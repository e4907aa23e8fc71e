"""Legacy `.h5` files written by keraslike, loaded by real TF 2.21: the keraslike -> TF direction.

Two steps (the first under keraslike's venv, the second under real TF):

    python tests/golden/make_legacy_h5_roundtrip.py write                 # Keras 3 layout -> from_keraslike/k3
    TF_USE_LEGACY_KERAS=1 python tests/golden/make_legacy_h5_roundtrip.py write   # Keras 2 -> from_keraslike/k2
    /work/tfvenv/bin/python tests/golden/make_legacy_h5_roundtrip.py check

`write` saves five models (Sequential, two-input functional, Conv/BatchNorm/LSTM, Adam-trained, and the
save-and-load tutorial's `create_model()` with its loss and metric objects, trained) with
`model.save("<name>.h5")` and their predictions on the inputs of `legacy_h5/expected.npz`. `check` loads the
k3 files with Keras 3 (`keras.models.load_model`) and the k2 files with tf_keras, and writes
`from_keraslike/tf_results.json`: per file the largest difference between TF's predictions and keraslike's, the
restored optimizer step count, or the error TF raised. (TF 2.21's Keras 3 cannot compile any legacy `.h5` file
whose loss is a string, its own included: `Could not deserialize 'keras.metrics.mse'`; such files are checked
with `compile=False`, and the error is recorded. Its Keras 3 also cannot `fit` a model it loaded from a legacy
`.h5`, its own included: "Unknown variable ... This optimizer can only be called for the variables it was
originally built with"; recorded as `fit`.)
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "legacy_h5")
OUT = os.path.join(DATA, "from_keraslike")
NAMES = ("seq", "func", "conv", "trained", "tutorial")


def _inputs(np):
    e = np.load(os.path.join(DATA, "expected.npz"))
    return e, {"seq": e["x_seq"], "func": [e["x_a"], e["x_b"]], "conv": e["x_img"], "trained": e["x_seq"],
               "tutorial": e["x_seq"]}


def write():
    import numpy as np

    import keraslike as tf

    k = tf.keras
    k.backend.clear_session()  # layer names from dense, dense_1, ... whatever ran before
    tag = "k2" if os.environ.get("TF_USE_LEGACY_KERAS") == "1" else "k3"
    out = os.path.join(OUT, tag)
    os.makedirs(out, exist_ok=True)
    expected, inputs = _inputs(np)
    rng = np.random.default_rng(5)

    def fill(model):
        for layer in model.layers:
            layer.set_weights([(np.abs(rng.normal(size=w.shape)) * 0.5 + 0.1).astype("float32")
                               for w in layer.get_weights()])
        return model

    models = {
        "seq": k.Sequential([k.Input((5,)), k.layers.Dense(8, activation="relu"),
                             k.layers.Dense(3, activation="softmax")], name="seq"),
    }
    a, b = k.Input((4,), name="a"), k.Input((3,), name="b")
    h = k.layers.Dense(6, activation="tanh", name="da")(a)
    g = k.layers.Dense(2, name="db")(b)
    models["func"] = k.Model([a, b], k.layers.Dense(2, name="out")(k.layers.Concatenate()([h, g])), name="func")
    models["conv"] = k.Sequential([k.Input((6, 6, 2)), k.layers.Conv2D(3, 3), k.layers.BatchNormalization(),
                                   k.layers.Activation("relu"), k.layers.Reshape((4, 12)), k.layers.LSTM(4),
                                   k.layers.Dense(2)], name="conv")
    models["trained"] = k.Sequential([k.Input((5,)), k.layers.Dense(4, activation="relu"), k.layers.Dense(2)],
                                     name="trained")
    # the save-and-load tutorial's create_model(): Keras 2 style input_shape, loss and metric objects
    models["tutorial"] = k.Sequential([k.layers.Dense(8, activation="relu", input_shape=(5,)),
                                      k.layers.Dropout(0.2), k.layers.Dense(3)], name="tutorial")
    for model in models.values():
        fill(model)
    models["trained"].compile(optimizer=k.optimizers.Adam(0.01), loss="mse", metrics=["mae"])
    models["trained"].fit(expected["x_next"], expected["y_next"], batch_size=4, epochs=1, shuffle=False, verbose=0)
    models["tutorial"].compile(optimizer="adam", loss=k.losses.SparseCategoricalCrossentropy(from_logits=True),
                               metrics=[k.metrics.SparseCategoricalAccuracy()])
    models["tutorial"].fit(expected["x_next"], np.arange(8) % 3, batch_size=4, epochs=1, shuffle=False, verbose=0)
    preds = {}
    for name, model in models.items():
        model.save(os.path.join(out, f"{name}.h5"))
        preds[name] = model.predict(inputs[name], verbose=0)
    models["trained"].train_on_batch(expected["x_seq"], expected["y_next"][:4])
    for i, w in enumerate(models["trained"].get_weights()):
        preds[f"trained_next_{i}"] = w
    np.savez(os.path.join(out, "predictions.npz"), **preds)


def check():
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import keras
    import numpy as np
    import tf_keras

    expected, inputs = _inputs(np)
    results = {}
    for tag, k in (("k3", keras), ("k2", tf_keras)):
        preds = np.load(os.path.join(OUT, tag, "predictions.npz"))
        for name in NAMES:
            path = os.path.join(OUT, tag, f"{name}.h5")
            entry = {}
            try:
                model = k.models.load_model(path)
            except Exception as err:  # noqa: BLE001 - record what TF says
                entry["compile_error"] = f"{type(err).__name__}: {err}"
                model = k.models.load_model(path, compile=False)
            entry["max_abs_diff"] = float(np.abs(model.predict(inputs[name], verbose=0) - preds[name]).max())
            if name == "tutorial" and "compile_error" not in entry:
                entry["iterations"] = int(model.optimizer.iterations.numpy())
                entry["loss_config"] = model.loss.get_config() if hasattr(model.loss, "get_config") else model.loss
                try:
                    model.fit(expected["x_next"], np.arange(8) % 3, verbose=0)
                    entry["fit"] = "ok"
                except Exception as err:  # noqa: BLE001 - record what TF says
                    entry["fit"] = f"{type(err).__name__}: {str(err)[:160]}"
            elif getattr(model, "optimizer", None) is not None and "compile_error" not in entry:
                entry["iterations"] = int(model.optimizer.iterations.numpy())
                model.train_on_batch(expected["x_seq"], expected["y_next"][:4])
                entry["next_step_max_abs_diff"] = float(max(
                    np.abs(w - preds[f"trained_next_{i}"]).max() for i, w in enumerate(model.get_weights())))
            results[f"{tag}/{name}"] = entry
    with open(os.path.join(OUT, "tf_results.json"), "w") as f:
        json.dump({"tensorflow": "2.21.0", "keras": keras.__version__, "tf_keras": tf_keras.__version__,
                   "results": results}, f, indent=1, sort_keys=True)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    {"write": write, "check": check}[sys.argv[1]]()
