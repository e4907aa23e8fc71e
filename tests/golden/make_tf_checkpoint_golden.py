"""Write tests/golden/tf_checkpoints/: small checkpoints real TF 2.21 writes, and tf_checkpoints.json: what TF
reads back from them (variable names, shapes, values, predictions).

    /work/tfvenv/bin/python tests/golden/make_tf_checkpoint_golden.py

Cases (each a folder of tf_checkpoints/ holding a `ckpt` prefix):
  * vars:    `tf.train.Checkpoint(v=..., step=..., flags=..., nested=tf.train.Checkpoint(w=...))`.write;
  * module:  a `tf.Module` with nested modules, a list and a dict of variables, in `Checkpoint(net=...)`;
  * keras3:  a Keras 3 Sequential model + Adam after one training step, `Checkpoint(model=, optimizer=)`;
  * tfkeras: the same with tf_keras (Keras 2) written by `model.save_weights("ckpt")` (TF format, the Keras 2
             default for a path without `.h5`);
  * saved:   `tf.train.Checkpoint(...).save` under a CheckpointManager (`ckpt-1`, `ckpt-2` and the state file);
  * keras3_functional / tfkeras_functional: a two-input functional model (Conv2D, BatchNormalization, Embedding,
             LSTM, Dense) in `Checkpoint(model=)` (Keras 3) and by tf_keras's `save_weights(prefix)`;
  * saved_model_variables: `variables/variables.*` of `tf.saved_model.save(keras3_model, dir)` (the rest of
             the SavedModel, TF graphs, is not kept: keraslike cannot run it).
The inputs and the models' predictions are recorded so tests can check a restore without TF.
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
ROOT = os.path.join(HERE, "tf_checkpoints")
OUT = os.path.join(HERE, "tf_checkpoints.json")
X = (np.arange(12, dtype="float32").reshape(4, 3) / 12.0)
Y = np.stack([X.sum(1), X[:, 0] - X[:, 2]], axis=1).astype("float32")


def _listing(prefix):
    reader = tf.train.load_checkpoint(prefix)
    out = {}
    for name, shape in tf.train.list_variables(prefix):
        value = reader.get_tensor(name)
        dtype = reader.get_variable_to_dtype_map()[name].name
        entry = {"shape": list(shape), "dtype": dtype}
        if dtype != "string":
            entry["value"] = np.asarray(value).tolist()
        out[name] = entry
    return out


class Dense(tf.Module):
    def __init__(self, n_in, n_out, name=None):
        super().__init__(name=name)
        rng = np.random.default_rng(n_in * 10 + n_out)
        self.w = tf.Variable(rng.standard_normal((n_in, n_out)).astype("float32"), name="w")
        self.b = tf.Variable(np.arange(n_out, dtype="float32"), name="b")

    def __call__(self, x):
        return tf.nn.relu(x @ self.w + self.b)


class Net(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.l1 = Dense(3, 4)
        self.l2 = Dense(4, 2)
        self.extra = [tf.Variable(1.5), tf.Variable([2.0, 3.0])]
        self.table = {"a": tf.Variable(5.0), "b": tf.Variable([[1, 2]], dtype=tf.int32)}

    def __call__(self, x):
        return self.l2(self.l1(x)) * self.extra[0]


def case_vars(prefix):
    nested = tf.train.Checkpoint(w=tf.Variable([[1.0, 2.0], [3.0, 4.0]], dtype=tf.float64))
    ckpt = tf.train.Checkpoint(v=tf.Variable([1.0, 2.0, 3.0]), step=tf.Variable(7, dtype=tf.int64),
                               flags=tf.Variable([True, False]), nested=nested)
    ckpt.write(prefix)
    return {}


def case_module(prefix):
    net = Net()
    tf.train.Checkpoint(net=net).write(prefix)
    return {"prediction": net(X).numpy().tolist()}


def _train_keras3():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"), keras.layers.Dense(2)])
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    model.train_on_batch(X, Y)
    return model


def case_keras3(prefix):
    model = _train_keras3()
    tf.train.Checkpoint(model=model, optimizer=model.optimizer).write(prefix)
    prediction = model.predict(X, verbose=0).tolist()
    model.train_on_batch(X, Y)  # what the restored model + optimizer must do next
    return {"prediction": prediction, "weights_after_second_step": [w.tolist() for w in model.get_weights()]}


def case_tfkeras(prefix):
    tf_keras.utils.set_random_seed(1)
    model = tf_keras.Sequential([tf_keras.Input((3,)), tf_keras.layers.Dense(4, activation="relu"),
                                 tf_keras.layers.Dense(2)])
    model.compile(optimizer=tf_keras.optimizers.Adam(0.01), loss="mse")
    model.train_on_batch(X, Y)
    model.save_weights(prefix)
    prediction = model.predict(X, verbose=0).tolist()
    model.train_on_batch(X, Y)
    return {"prediction": prediction, "weights_after_second_step": [w.tolist() for w in model.get_weights()]}


IMAGES = (np.arange(2 * 6 * 6 * 2, dtype="float32").reshape(2, 6, 6, 2) % 7) / 7.0
TOKENS = np.array([[1, 2, 3, 4], [4, 3, 2, 0]], dtype="int32")


def _functional(k):
    """Conv2D + BatchNormalization + Dense on images, Embedding + LSTM on tokens: weights of many kinds."""
    images = k.Input((6, 6, 2))
    x = k.layers.Conv2D(3, 3, activation="relu")(images)
    x = k.layers.BatchNormalization()(x)
    x = k.layers.GlobalAveragePooling2D()(x)
    tokens = k.Input((4,), dtype="int32")
    y = k.layers.LSTM(3)(k.layers.Embedding(5, 2)(tokens))
    model = k.Model([images, tokens], k.layers.Dense(2)(k.layers.Concatenate()([x, y])))
    rng = np.random.default_rng(5)
    model.set_weights([rng.standard_normal(w.shape).astype("float32") * 0.5 + (1.0 if "variance" in w.name else 0.0)
                       for w in model.weights])
    return model


def case_keras3_functional(prefix):
    model = _functional(keras)
    tf.train.Checkpoint(model=model).write(prefix)
    return {"prediction": model.predict([IMAGES, TOKENS], verbose=0).tolist(),
            "images": IMAGES.tolist(), "tokens": TOKENS.tolist()}


def case_tfkeras_functional(prefix):
    model = _functional(tf_keras)
    model.save_weights(prefix)
    return {"prediction": model.predict([IMAGES, TOKENS], verbose=0).tolist()}


def case_saved_model_variables(prefix):
    """The variables of `tf.saved_model.save(keras3_model, dir)`: a checkpoint whose root is the model (only
    `variables/` is kept, moved to `prefix`)."""
    model = _train_keras3()
    export = os.path.join(os.path.dirname(prefix), "export")
    tf.saved_model.save(model, export)
    for suffix in (".index", ".data-00000-of-00001"):
        os.replace(os.path.join(export, "variables", "variables" + suffix), prefix + suffix)
    shutil.rmtree(export)
    return {"prediction": model.predict(X, verbose=0).tolist()}


def case_saved(prefix):
    directory = os.path.dirname(prefix)
    ckpt = tf.train.Checkpoint(v=tf.Variable([1.0, 2.0]))
    manager = tf.train.CheckpointManager(ckpt, directory, max_to_keep=2)
    manager.save()
    ckpt.v.assign([3.0, 4.0])
    path = manager.save()
    return {"latest": os.path.basename(path)}


def main():
    shutil.rmtree(ROOT, ignore_errors=True)
    results = {"x": X.tolist(), "y": Y.tolist(), "tf_version": tf.__version__}
    for name, case in [("vars", case_vars), ("module", case_module), ("keras3", case_keras3),
                       ("tfkeras", case_tfkeras), ("saved", case_saved),
                       ("keras3_functional", case_keras3_functional),
                       ("tfkeras_functional", case_tfkeras_functional),
                       ("saved_model_variables", case_saved_model_variables)]:
        directory = os.path.join(ROOT, name)
        os.makedirs(directory)
        facts = case(os.path.join(directory, "ckpt"))
        prefix = tf.train.latest_checkpoint(directory) or os.path.join(directory, "ckpt")
        facts["variables"] = _listing(prefix)
        results[name] = facts
    with open(OUT + ".tmp", "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    os.replace(OUT + ".tmp", OUT)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
