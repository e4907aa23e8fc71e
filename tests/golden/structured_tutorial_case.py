"""keras.io "Structured data classification from scratch" (the StringLookup/IntegerLookup version), on a small
synthetic heart-disease-like table, written once and run with `tf` = real TensorFlow (golden) or keraslike."""
import numpy as np


def make_table(n=96, seed=0):
    rng = np.random.RandomState(seed)
    thal = rng.choice(["fixed", "normal", "reversible", "1"], size=n)
    sex = rng.randint(0, 2, size=n).astype("int64")
    cp = rng.randint(0, 5, size=n).astype("int64")
    age = rng.normal(55, 9, size=n).round().astype("int64")
    chol = rng.normal(240, 40, size=n).astype("float32")
    logit = 1.5 * (thal == "reversible") - 1.0 * (thal == "normal") + 0.8 * sex + 0.4 * (cp - 2) + (age - 55) / 10
    target = (2 * logit + rng.normal(0, 0.3, size=n) > 0).astype("int64")
    return {"thal": thal, "sex": sex, "cp": cp, "age": age, "chol": chol}, target


def program(tf, epochs=40):
    keras, layers = tf.keras, tf.keras.layers
    table, target = make_table()
    n_val = 24
    train = {k: v[n_val:] for k, v in table.items()}
    val = {k: v[:n_val] for k, v in table.items()}
    train_ds = tf.data.Dataset.from_tensor_slices((train, target[n_val:])).shuffle(len(target), seed=1).batch(16)
    val_ds = tf.data.Dataset.from_tensor_slices((val, target[:n_val])).batch(16)

    def encode_numerical_feature(feature, name, dataset):
        normalizer = layers.Normalization()
        feature_ds = dataset.map(lambda x, y: x[name])
        feature_ds = feature_ds.map(lambda x: tf.expand_dims(x, -1))
        normalizer.adapt(feature_ds)
        return normalizer(feature), normalizer

    def encode_categorical_feature(feature, name, dataset, is_string):
        lookup_class = layers.StringLookup if is_string else layers.IntegerLookup
        lookup = lookup_class(output_mode="binary")
        feature_ds = dataset.map(lambda x, y: x[name])
        feature_ds = feature_ds.map(lambda x: tf.expand_dims(x, -1))
        lookup.adapt(feature_ds)
        return lookup(feature), lookup

    inputs = {"sex": keras.Input(shape=(1,), name="sex", dtype="int64"),
              "cp": keras.Input(shape=(1,), name="cp", dtype="int64"),
              "thal": keras.Input(shape=(1,), name="thal", dtype="string"),
              "age": keras.Input(shape=(1,), name="age"),
              "chol": keras.Input(shape=(1,), name="chol")}
    sex, sex_lookup = encode_categorical_feature(inputs["sex"], "sex", train_ds, False)
    cp, cp_lookup = encode_categorical_feature(inputs["cp"], "cp", train_ds, False)
    thal, thal_lookup = encode_categorical_feature(inputs["thal"], "thal", train_ds, True)
    age, _ = encode_numerical_feature(inputs["age"], "age", train_ds)
    chol, _ = encode_numerical_feature(inputs["chol"], "chol", train_ds)
    all_features = layers.concatenate([sex, cp, thal, age, chol])
    x = layers.Dense(16, activation="relu")(all_features)
    x = layers.Dropout(0.2)(x)
    output = layers.Dense(1, activation="sigmoid")(x)
    model = keras.Model(list(inputs.values()), output)
    model.compile("adam", "binary_crossentropy", metrics=["accuracy"])
    history = model.fit(train_ds, epochs=epochs, validation_data=val_ds, verbose=0)
    sample = {"sex": np.array([[1]]), "cp": np.array([[3]]), "thal": tf.constant([["reversible"]]),
              "age": np.array([[60.0]], "float32"), "chol": np.array([[240.0]], "float32")}
    features = keras.Model(list(inputs.values()), all_features)
    return {
        "vocabularies": {"sex": [int(v) for v in sex_lookup.get_vocabulary()],
                         "cp": [int(v) for v in cp_lookup.get_vocabulary()],
                         "thal": thal_lookup.get_vocabulary()},
        "encoded_sample": np.asarray(features.predict(sample, verbose=0)).round(5).tolist(),
        "history_keys": sorted(history.history),
        "val_accuracy": float(history.history["val_accuracy"][-1]),
        "train_accuracy": float(history.history["accuracy"][-1]),
        "sample_probability": float(np.asarray(model.predict(sample, verbose=0)).reshape(())),
    }
