"""Writes tests/golden/legacy_h5/ under real TF 2.21: legacy HDF5 whole-model files that keraslike must load.

    /work/tfvenv/bin/python tests/golden/make_legacy_h5_golden.py

For each Keras (`k3`: TF 2.21's Keras 3, `model.save("m.h5")`; `k2`: tf_keras 2.21, the Keras 2 that
`TF_USE_LEGACY_KERAS=1` selects) it writes
- `<k>_seq.h5`: a Sequential MLP (uncompiled);
- `<k>_func.h5`: a functional model with two named inputs (Dense, Concatenate, Dense);
- `<k>_conv.h5`: Conv2D -> BatchNormalization -> Reshape -> LSTM -> Dense, every weight (moving statistics
  included) set to non-default values;
- `<k>_mix.h5`: LayerNormalization, BatchNormalization(axis=[2] / 2), Bidirectional(GRU), TimeDistributed(Dense),
  GlobalAveragePooling1D, Dense with an L2 regularizer (wrapper and nested configs);
- `<k>_trained.h5`: a Sequential compiled with Adam/mse/mae and trained 3 steps (optimizer state saved);
- `<k>_multi.h5`: two outputs compiled with a loss dict (a string and a loss object), loss weights and metrics
  per output, trained one step; `expected.npz` holds its `evaluate` dict (`<k>_multi_eval_<key>`);
- `k2_legacy_adam.h5`: a model trained with `tf.keras.optimizers.legacy.Adam` (TF <= 2.10's optimizer, whose
  weights are listed slot by slot: `Adam/iter:0`, every `m`, then every `v`);
- `k2_seq_weights.h5`: tf_keras's `save_weights("w.h5")` of the Sequential, the legacy weights layout
  (`layer_names` + `weight_names` at the root);
and `expected.npz`: the inputs, each model's predictions, and for the trained models their weights after one
more `train_on_batch` on fixed data (which depends on the restored Adam moments and step count).
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import numpy as np  # noqa: E402
import tf_keras  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "legacy_h5")
os.makedirs(HERE, exist_ok=True)
rng = np.random.default_rng(23)
X_SEQ = rng.normal(size=(4, 5)).astype("float32")
X_A = rng.normal(size=(4, 4)).astype("float32")
X_B = rng.normal(size=(4, 3)).astype("float32")
X_IMG = rng.normal(size=(2, 6, 6, 2)).astype("float32")
X_MIX = np.random.default_rng(24).normal(size=(2, 4, 6)).astype("float32")
X_TRAIN = rng.normal(size=(8, 5)).astype("float32")
Y_TRAIN = rng.normal(size=(8, 2)).astype("float32")
X_NEXT = rng.normal(size=(8, 5)).astype("float32")
Y_NEXT = rng.normal(size=(8, 2)).astype("float32")


def randomize(model, seed):
    r = np.random.default_rng(seed)
    for layer in model.layers:
        values = []
        for w in layer.get_weights():
            v = r.normal(scale=0.5, size=w.shape).astype(w.dtype)
            values.append(v)
        if "batch_normalization" in layer.name:
            values[3] = np.abs(values[3]) + 0.5  # moving variance > 0
        layer.set_weights(values)


def build(k, tag):
    expected = {}
    seq = k.Sequential([k.Input((5,)), k.layers.Dense(8, activation="relu"),
                        k.layers.Dense(3, activation="softmax")], name="seq")
    randomize(seq, 1)
    seq.save(os.path.join(HERE, f"{tag}_seq.h5"))
    if k is tf_keras:  # Keras 3 writes only `.weights.h5` (its own layout); Keras 2 writes the legacy one
        seq.save_weights(os.path.join(HERE, f"{tag}_seq_weights.h5"))
    expected[f"{tag}_seq"] = seq.predict(X_SEQ, verbose=0)

    a, b = k.Input((4,), name="a"), k.Input((3,), name="b")
    h = k.layers.Dense(6, activation="tanh", name="da")(a)
    g = k.layers.Dense(2, name="db")(b)
    out = k.layers.Dense(2, name="out")(k.layers.Concatenate()([h, g]))
    func = k.Model([a, b], out, name="func")
    randomize(func, 2)
    func.save(os.path.join(HERE, f"{tag}_func.h5"))
    expected[f"{tag}_func"] = func.predict([X_A, X_B], verbose=0)

    conv = k.Sequential([k.Input((6, 6, 2)), k.layers.Conv2D(3, 3, padding="valid"),
                         k.layers.BatchNormalization(), k.layers.Activation("relu"), k.layers.Reshape((4, 12)),
                         k.layers.LSTM(4), k.layers.Dense(2)], name="conv")
    randomize(conv, 3)
    conv.save(os.path.join(HERE, f"{tag}_conv.h5"))
    expected[f"{tag}_conv"] = conv.predict(X_IMG, verbose=0)

    bn_axis = [2] if k is tf_keras else 2  # Keras 2 takes a list; Keras 3 an int
    mix = k.Sequential([k.Input((4, 6)), k.layers.LayerNormalization(), k.layers.BatchNormalization(axis=bn_axis),
                        k.layers.Bidirectional(k.layers.GRU(3, return_sequences=True)),
                        k.layers.TimeDistributed(k.layers.Dense(2)), k.layers.GlobalAveragePooling1D(),
                        k.layers.Dense(1, kernel_regularizer=k.regularizers.l2(0.01))], name="mix")
    randomize(mix, 6)
    mix.save(os.path.join(HERE, f"{tag}_mix.h5"))
    expected[f"{tag}_mix"] = mix.predict(X_MIX, verbose=0)

    trained = k.Sequential([k.Input((5,)), k.layers.Dense(4, activation="relu"), k.layers.Dense(2)],
                           name="trained")
    randomize(trained, 4)
    trained.compile(optimizer=k.optimizers.Adam(0.01), loss="mse", metrics=["mae"])
    trained.fit(X_TRAIN, Y_TRAIN, batch_size=4, epochs=1, shuffle=False, verbose=0)
    trained.train_on_batch(X_TRAIN, Y_TRAIN)
    trained.save(os.path.join(HERE, f"{tag}_trained.h5"))
    expected[f"{tag}_trained"] = trained.predict(X_SEQ, verbose=0)
    trained.train_on_batch(X_NEXT, Y_NEXT)
    for i, w in enumerate(trained.get_weights()):
        expected[f"{tag}_trained_next_{i}"] = w
    a = k.Input((4,), name="a")  # two outputs: loss dict with an object, loss weights, metrics per output
    h = k.layers.Dense(5, activation="relu")(a)
    multi = k.Model(a, [k.layers.Dense(1, name="reg")(h), k.layers.Dense(3, name="cls")(h)], name="multi")
    randomize(multi, 7)
    multi.compile("adam", loss={"reg": "mse", "cls": k.losses.SparseCategoricalCrossentropy(from_logits=True)},
                  loss_weights={"reg": 0.5, "cls": 1.0}, metrics={"reg": ["mae"], "cls": ["accuracy"]})
    multi_y = {"reg": np.ones((4, 1), "float32"), "cls": np.arange(4) % 3}
    multi.fit(X_A, multi_y, verbose=0)
    multi.save(os.path.join(HERE, f"{tag}_multi.h5"))
    for key, value in multi.evaluate(X_A, multi_y, verbose=0, return_dict=True).items():
        expected[f"{tag}_multi_eval_{key}"] = np.float32(value)

    if k is tf_keras:  # TF <= 2.10's optimizer (tf.keras.optimizers.legacy): slot-major weights, "Adam/iter:0"
        old = k.Sequential([k.Input((5,)), k.layers.Dense(4, activation="relu"), k.layers.Dense(2)], name="old")
        randomize(old, 5)
        old.compile(optimizer=k.optimizers.legacy.Adam(0.01), loss="mse")
        old.fit(X_TRAIN, Y_TRAIN, batch_size=4, epochs=1, shuffle=False, verbose=0)
        old.save(os.path.join(HERE, f"{tag}_legacy_adam.h5"))
        expected[f"{tag}_legacy_adam"] = old.predict(X_SEQ, verbose=0)
        old.train_on_batch(X_NEXT, Y_NEXT)
        for i, w in enumerate(old.get_weights()):
            expected[f"{tag}_legacy_adam_next_{i}"] = w
    return expected


def main():
    keras.utils.set_random_seed(23)
    expected = build(keras, "k3")
    tf_keras.utils.set_random_seed(23)
    expected.update(build(tf_keras, "k2"))
    np.savez(os.path.join(HERE, "expected.npz"), x_seq=X_SEQ, x_a=X_A, x_b=X_B, x_img=X_IMG, x_mix=X_MIX, x_next=X_NEXT,
             y_next=Y_NEXT, **expected)
    for name in sorted(os.listdir(HERE)):
        print(name, os.path.getsize(os.path.join(HERE, name)))


if __name__ == "__main__":
    main()
