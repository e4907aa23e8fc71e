"""keras.io "Structured data classification with FeatureSpace" (integer/string categorical, discretized and
normalized floats, crosses; a training model on encoded batches and an inference model on raw dicts) on a
synthetic table, written once and run with `tf` = real TensorFlow (golden) or keraslike (test)."""
import numpy as np


def make_table(n=80, seed=0):
    rng = np.random.RandomState(seed)
    table = {
        "sex": rng.randint(0, 2, n).astype("int64"), "cp": rng.randint(0, 4, n).astype("int64"),
        "fbs": rng.randint(0, 2, n).astype("int64"), "restecg": rng.randint(0, 3, n).astype("int64"),
        "exang": rng.randint(0, 2, n).astype("int64"), "ca": rng.randint(0, 4, n).astype("int64"),
        "thal": rng.choice(["fixed", "normal", "reversible"], n),
        "age": rng.normal(55, 9, n).round().astype("float32"), "trestbps": rng.normal(130, 15, n).astype("float32"),
        "chol": rng.normal(240, 40, n).astype("float32"), "thalach": rng.normal(150, 20, n).astype("float32"),
        "oldpeak": np.abs(rng.normal(1, 1, n)).astype("float32"), "slope": rng.normal(1.5, 0.6, n).astype("float32"),
    }
    target = ((table["thal"] == "reversible") | (table["ca"] >= 3)).astype("int64")
    return table, target


def program(tf, epochs=20):
    keras = tf.keras
    FeatureSpace = keras.utils.FeatureSpace
    table, target = make_table()
    ds = tf.data.Dataset.from_tensor_slices((table, target)).batch(16)
    feature_space = FeatureSpace(
        features={
            "sex": FeatureSpace.integer_categorical(num_oov_indices=0),
            "cp": FeatureSpace.integer_categorical(num_oov_indices=0),
            "fbs": FeatureSpace.integer_categorical(num_oov_indices=0),
            "restecg": FeatureSpace.integer_categorical(num_oov_indices=0),
            "exang": FeatureSpace.integer_categorical(num_oov_indices=0),
            "ca": FeatureSpace.integer_categorical(num_oov_indices=0),
            "thal": FeatureSpace.string_categorical(num_oov_indices=0),
            "age": FeatureSpace.float_discretized(num_bins=5),
            "trestbps": FeatureSpace.float_normalized(),
            "chol": FeatureSpace.float_normalized(),
            "thalach": FeatureSpace.float_normalized(),
            "oldpeak": FeatureSpace.float_normalized(),
            "slope": FeatureSpace.float_normalized(),
        },
        crosses=[FeatureSpace.cross(feature_names=("sex", "age"), crossing_dim=64),
                 FeatureSpace.cross(feature_names=("thal", "ca"), crossing_dim=16)],
        output_mode="concat",
    )
    train_ds_with_no_labels = ds.map(lambda x, _: x)
    feature_space.adapt(train_ds_with_no_labels)
    for x, _ in ds.take(1):
        preprocessed_x = feature_space(x)
    preprocessed_ds = ds.map(lambda x, y: (feature_space(x), y), num_parallel_calls=tf.data.AUTOTUNE)
    dict_inputs = feature_space.get_inputs()
    encoded_features = feature_space.get_encoded_features()
    x = keras.layers.Dense(32, activation="relu")(encoded_features)
    x = keras.layers.Dropout(0.5)(x)
    predictions = keras.layers.Dense(1, activation="sigmoid")(x)
    training_model = keras.Model(inputs=encoded_features, outputs=predictions)
    training_model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
    inference_model = keras.Model(inputs=dict_inputs, outputs=predictions)
    history = training_model.fit(preprocessed_ds, epochs=epochs, verbose=0)
    sample = {"sex": 1, "cp": 3, "fbs": 0, "restecg": 1, "exang": 0, "ca": 0, "thal": "fixed", "age": 60.0,
              "trestbps": 145.0, "chol": 233.0, "thalach": 150.0, "oldpeak": 2.3, "slope": 3.0}
    input_dict = {name: tf.convert_to_tensor([value]) for name, value in sample.items()}
    prob = inference_model.predict(input_dict, verbose=0)
    single = feature_space({k: v for k, v in sample.items()})
    dict_space = FeatureSpace(features={"thal": "string_categorical", "age": "float", "ca": "integer_hashed"},
                              output_mode="dict")
    dict_space.adapt(ds.map(lambda x, _: x))
    dict_out = dict_space({k: table[k][:3] for k in ("thal", "age", "ca")})
    return {
        "preprocessed_first": np.asarray(preprocessed_x).round(5).tolist(),
        "single": np.asarray(single).round(5).tolist(),
        "encoded_shape": list(encoded_features.shape),
        "train_accuracy": float(history.history["accuracy"][-1]),
        "probability_in_range": bool(0 <= float(np.asarray(prob).reshape(())) <= 1),
        "dict": {k: np.asarray(v).round(5).tolist() for k, v in sorted(dict_out.items())},
    }
