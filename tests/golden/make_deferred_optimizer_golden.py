"""Write tests/golden/deferred_optimizer/: TF checkpoints holding a trained model and its Adam state, and
deferred_optimizer.json: what real TF 2.21 does when a user restores them *before* the optimizer exists
(TF's deferred restoration: the optimizer's slots and `iterations` are restored when they are created).

    /work/tfvenv/bin/python tests/golden/make_deferred_optimizer_golden.py

Cases (each a folder of deferred_optimizer/ holding a `w` prefix):
  * tfkeras: tf_keras `model.save_weights("w")` after compile + fit; then a fresh model,
             `status = model.load_weights(prefix)`, `compile(Adam)`, one epoch of `fit`;
  * keras3:  Keras 3 `tf.train.Checkpoint(model=m, optimizer=opt).write("w")` after fit; then a fresh model and
             a fresh Adam, `status = Checkpoint(model=, optimizer=).restore(prefix)`, `compile(opt)`, `fit`.
  * keras3's `m.keras` (Keras 3's `model.save`): `load_weights("m.keras")` before `compile` (Keras 3 does not
             defer: its optimizer state is not restored).
Recorded: the epoch's loss, `optimizer.iterations` after it, the predictions, what `status.assert_consumed()`
says right after the restore and after the fit, and the loss without any restore of the optimizer (a model
restored by `load_weights` and compiled with a fresh Adam whose state TF never sees: `expect_partial` baseline).
"""

import json
import os
import shutil

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
import tf_keras  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "deferred_optimizer")
OUT = os.path.join(HERE, "deferred_optimizer.json")
RNG = np.random.RandomState(3)
X = RNG.randn(64, 4).astype("float32")
Y = ((X[:, 0] - X[:, 1] + 0.5 * X[:, 2]) > 0).astype("float32")[:, None]


def build(k, seed):
    inp = k.Input(shape=(4,), name="inp")
    x = k.layers.Dense(8, activation="relu", name="d1",
                       kernel_initializer=k.initializers.GlorotUniform(seed=seed))(inp)
    out = k.layers.Dense(1, activation="sigmoid", name="d2",
                         kernel_initializer=k.initializers.GlorotUniform(seed=seed + 1))(x)
    return k.Model(inp, out)


def raises(status):
    """What `status.assert_consumed()` reports: None when it passes, else the start of its message (Keras 3's
    `Checkpoint.write` saves no save_counter, so TF names the restoring Checkpoint's own one as unmatched)."""
    try:
        status.assert_consumed()
    except AssertionError as err:
        return " ".join(str(err).split())[:300]
    return None


def fit_one(model, opt):
    model.compile(optimizer=opt, loss="binary_crossentropy")
    h = model.fit(X, Y, batch_size=16, epochs=1, shuffle=False, verbose=0)
    return float(h.history["loss"][0]), int(opt.iterations.numpy())


def train(k, folder):
    model = build(k, 1)
    opt = k.optimizers.Adam(1e-2)
    model.compile(optimizer=opt, loss="binary_crossentropy")
    model.fit(X, Y, batch_size=16, epochs=2, shuffle=False, verbose=0)
    path = os.path.join(ROOT, folder)
    os.makedirs(path)
    return model, opt, os.path.join(path, "w")


def main():
    shutil.rmtree(ROOT, ignore_errors=True)
    os.makedirs(ROOT)
    out = {"x": X.tolist(), "y": Y.tolist()}

    model, _, prefix = train(tf_keras, "tfkeras")
    model.save_weights(prefix)
    fresh = build(tf_keras, 7)
    status = fresh.load_weights(prefix)
    before = raises(status)
    opt = tf_keras.optimizers.Adam(1e-2)
    loss, iterations = fit_one(fresh, opt)
    case = {"loss": loss, "iterations": iterations, "assert_consumed_before": before,
            "assert_consumed_after": raises(status), "predictions": fresh.predict(X, verbose=0).tolist()}
    # baseline: the weights only (a checkpoint holding no optimizer state)
    plain = build(tf_keras, 7)
    plain.set_weights(model.get_weights())
    case["loss_fresh_optimizer"], case["iterations_fresh_optimizer"] = fit_one(plain, tf_keras.optimizers.Adam(1e-2))
    out["tfkeras"] = case

    model, opt, prefix = train(keras, "keras3")
    tf.train.Checkpoint(model=model, optimizer=opt).write(prefix)
    model.save(os.path.join(ROOT, "keras3", "m.keras"))  # Keras 3's own file: load_weights before compile
    fresh = build(keras, 7)
    fresh.load_weights(os.path.join(ROOT, "keras3", "m.keras"))
    keras_file = fit_one(fresh, keras.optimizers.Adam(1e-2))
    fresh = build(keras, 7)
    opt = keras.optimizers.Adam(1e-2)
    status = tf.train.Checkpoint(model=fresh, optimizer=opt).restore(prefix)
    before = raises(status)
    loss, iterations = fit_one(fresh, opt)
    case = {"loss": loss, "iterations": iterations, "assert_consumed_before": before,
            "assert_consumed_after": raises(status), "predictions": fresh.predict(X, verbose=0).tolist()}
    plain = build(keras, 7)
    plain.set_weights(model.get_weights())
    case["loss_fresh_optimizer"], case["iterations_fresh_optimizer"] = fit_one(plain, keras.optimizers.Adam(1e-2))
    case["keras_file_loss"], case["keras_file_iterations"] = keras_file
    out["keras3"] = case

    with open(OUT, "w") as f:
        json.dump(out, f, indent=1)
    print({k: {kk: vv for kk, vv in v.items() if kk != "predictions"} for k, v in out.items() if k in
           ("tfkeras", "keras3")})


if __name__ == "__main__":
    main()
