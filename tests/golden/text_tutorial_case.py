"""The TensorFlow "Basic text classification" tutorial (tensorflow/docs site/en/tutorials/keras/
text_classification.ipynb: text_dataset_from_directory + TextVectorization + Embedding + fit, then an export
model on raw strings) on a small synthetic movie-review folder, written once and run with `tf` = real TensorFlow
(golden) or keraslike (test). The tutorial's custom standardization (tf.strings) is replaced by the default one;
sizes are scaled down."""
import os
import numpy as np

POS = ["great", "wonderful", "loved", "brilliant", "superb", "fun"]
NEG = ["awful", "boring", "hated", "terrible", "dull", "waste"]
NOISE = ["the", "movie", "film", "plot", "actor", "was", "and", "a", "it", "<br />", "really", "Story!", "(again)"]


def make_reviews(root, per_class=40, seed=0):
    rng = np.random.RandomState(seed)
    for split in ("train", "test"):
        for label, words in (("neg", NEG), ("pos", POS)):
            folder = os.path.join(root, split, label)
            os.makedirs(folder, exist_ok=True)
            for i in range(per_class if split == "train" else per_class // 2):
                n = rng.randint(6, 30)
                tokens = [rng.choice(words) if rng.rand() < 0.3 else rng.choice(NOISE) for _ in range(n)]
                tokens[rng.randint(n)] = rng.choice(words).upper()
                with open(os.path.join(folder, f"{i}_{rng.randint(10)}.txt"), "w") as f:
                    f.write(" ".join(tokens) + ".")
    os.makedirs(os.path.join(root, "train", "unsup"), exist_ok=True)  # the tutorial deletes this folder


def program(tf, root, epochs=8):
    layers = tf.keras.layers
    raw_train_ds = tf.keras.utils.text_dataset_from_directory(
        os.path.join(root, "train"), batch_size=8, validation_split=0.2, subset="training", seed=42,
        class_names=["neg", "pos"])
    raw_val_ds = tf.keras.utils.text_dataset_from_directory(
        os.path.join(root, "train"), batch_size=8, validation_split=0.2, subset="validation", seed=42,
        class_names=["neg", "pos"])
    raw_test_ds = tf.keras.utils.text_dataset_from_directory(os.path.join(root, "test"), batch_size=8)
    max_features, sequence_length = 40, 16
    vectorize_layer = layers.TextVectorization(max_tokens=max_features, output_mode="int",
                                               output_sequence_length=sequence_length)
    train_text = raw_train_ds.map(lambda x, y: x)
    vectorize_layer.adapt(train_text)

    def vectorize_text(text, label):
        text = tf.expand_dims(text, -1)
        return vectorize_layer(text), label

    train_ds = raw_train_ds.map(vectorize_text).cache().prefetch(buffer_size=tf.data.AUTOTUNE)
    val_ds = raw_val_ds.map(vectorize_text).cache().prefetch(buffer_size=tf.data.AUTOTUNE)
    tf.keras.utils.set_random_seed(1)
    model = tf.keras.Sequential([
        layers.Embedding(max_features, 16),
        layers.Dropout(0.2),
        layers.GlobalAveragePooling1D(),
        layers.Dropout(0.2),
        layers.Dense(1)])
    model.compile(loss=tf.keras.losses.BinaryCrossentropy(from_logits=True), optimizer=tf.keras.optimizers.Adam(0.05),
                  metrics=[tf.keras.metrics.BinaryAccuracy(threshold=0.0)])
    history = model.fit(train_ds, validation_data=val_ds, epochs=epochs, verbose=0)
    export_model = tf.keras.Sequential([vectorize_layer, model, layers.Activation("sigmoid")])
    export_model.compile(loss=tf.keras.losses.BinaryCrossentropy(from_logits=False), optimizer="adam",
                         metrics=["accuracy"])
    metrics = export_model.evaluate(raw_test_ds, return_dict=True, verbose=0)
    examples = tf.constant(["The movie was great! Brilliant.", "The movie was okay.", "The movie was terrible..."])
    predictions = export_model.predict(examples, verbose=0)
    return {
        "vocabulary": vectorize_layer.get_vocabulary(),
        "vectorized_examples": np.asarray(vectorize_layer(examples)).tolist(),
        "train_texts": sorted(t.decode() for t in train_text.unbatch().as_numpy_iterator()),
        "class_names": raw_train_ds.class_names,
        "history_keys": sorted(history.history),
        "final_accuracy": float(history.history["binary_accuracy"][-1]),
        "test_accuracy": float(metrics["accuracy"]),
        "predictions": np.asarray(predictions).reshape(-1).tolist(),
    }
